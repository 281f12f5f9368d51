// Test pictures: PNGs made in memory where every map square has its own colour, so a test can
// tell from any pixel which square of the picture it came from.
import { encode } from 'fast-png'

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
