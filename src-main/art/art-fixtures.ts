// Test pictures: PNGs made in memory where every map square has its own colour, so a test can
// tell from any pixel which square of the picture it came from.
import { encode } from 'fast-png'
import type { Rgba } from './rgba'
import { firstPixelOfSquare } from './player-art'

/** The colour of square (x, y) in cellColourPicture: never black, so never the fog colour. */
export function cellColour(x: number, y: number): [number, number, number] {
  return [40 + ((x * 37) % 200), 40 + ((y * 53) % 200), 40 + (((x + 3 * y) * 11) % 200)]
}

/**
 * A PNG of a map `cellsWide` × `cellsHigh` squares at `pixelsPerSquare`, starting `offset` pixels
 * before square [0, 0] on both axes (that margin is grey).
 */
export function cellColourPicture(
  cellsWide: number,
  cellsHigh: number,
  pixelsPerSquare: number,
  offset = 0,
): { png: Uint8Array; width: number; height: number } {
  const width = cellsWide * pixelsPerSquare + offset
  const height = cellsHigh * pixelsPerSquare + offset
  const data = new Uint8Array(width * height * 4)
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const gx = px - offset
      const gy = py - offset
      const colour: [number, number, number] =
        gx < 0 || gy < 0
          ? [128, 128, 128]
          : cellColour(Math.floor(gx / pixelsPerSquare), Math.floor(gy / pixelsPerSquare))
      data.set([...colour, 255], (py * width + px) * 4)
    }
  }
  return { png: encode({ width, height, data, channels: 4, depth: 8 }), width, height }
}

/**
 * A picture of a map `cellsWide` × `cellsHigh` squares at any `pixelsPerSquare` (fractional too)
 * whose square [0, 0] starts `offset` pixels in: each pixel has the colour of the square its
 * centre lies in (the rule player-art.ts resamples by), grey before square 0. Raw RGBA.
 */
export function cellColourRgba(
  cellsWide: number,
  cellsHigh: number,
  pixelsPerSquare: number,
  offset: number,
): Rgba {
  const width = Math.ceil(offset + cellsWide * pixelsPerSquare)
  const height = Math.ceil(offset + cellsHigh * pixelsPerSquare)
  const squareOf = (pixel: number, cells: number): number => {
    for (let c = cells - 1; c >= 0; c--)
      if (pixel >= firstPixelOfSquare(offset, pixelsPerSquare, c)) return c
    return -1
  }
  const columns = Array.from({ length: width }, (_, x) => squareOf(x, cellsWide))
  const data = new Uint8Array(width * height * 4)
  for (let py = 0; py < height; py++) {
    const cy = squareOf(py, cellsHigh)
    for (let px = 0; px < width; px++) {
      const cx = columns[px]
      const colour: [number, number, number] =
        cx < 0 || cy < 0 ? [128, 128, 128] : cellColour(cx, cy)
      data.set([...colour, 255], (py * width + px) * 4)
    }
  }
  return { width, height, data }
}
