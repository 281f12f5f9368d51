// The players' copy of map art. Main turns the map's picture into a grid-aligned "base" (one
// picture at `squarePx` pixels per square, exactly the map's size, image pixels outside the map
// dropped) once per picture and alignment, then cuts it into tiles of TILE_CELLS × TILE_CELLS
// squares. A tile goes to the players only with every square they have not seen or explored
// painted over in the fog colour, so no byte of the unexplored map ever leaves main.
import { encode as encodePng } from 'fast-png'
import type { Rgba } from './rgba'

export const TILE_CELLS = 8
/** The players' copy never has more than this many pixels per square (a projector's worth). */
export const MAX_PLAYER_SQUARE_PX = 40
/** Nor a side longer than this. */
export const MAX_PLAYER_SIDE_PX = 8192
/** Unexplored squares: the player board's background, opaque. */
export const FOG_RGBA = [0, 0, 0, 255] as const

export interface ArtAlignment {
  pixelsPerSquare: number
  offsetX: number
  offsetY: number
}

export interface ArtBase {
  squarePx: number
  mapWidth: number
  mapHeight: number
  /** mapWidth·squarePx × mapHeight·squarePx RGBA. */
  data: Uint8Array
}

/** Pixels per square of the players' copy for a picture of `pixelsPerSquare` on a map this big. */
export function playerSquarePx(
  pixelsPerSquare: number,
  mapWidth: number,
  mapHeight: number,
): number {
  const bySide = Math.floor(MAX_PLAYER_SIDE_PX / Math.max(mapWidth, mapHeight))
  return Math.max(1, Math.min(MAX_PLAYER_SQUARE_PX, Math.round(pixelsPerSquare), bySide))
}

/** The size in bytes of the grid-aligned copy of a picture on a map this big. */
export function artBaseBytes(pixelsPerSquare: number, mapWidth: number, mapHeight: number): number {
  const squarePx = playerSquarePx(pixelsPerSquare, mapWidth, mapHeight)
  return mapWidth * squarePx * mapHeight * squarePx * 4
}

/**
 * Resamples the picture onto the grid: each output pixel is the average of the picture's pixels
 * under it (a box filter), transparent where the picture does not reach. The average never
 * crosses a square's edge: a picture pixel belongs to the square its centre lies in, and an
 * output pixel averages only its own square's pixels, so a known square shown next to an
 * unexplored one carries none of the unexplored square's colour.
 */
export function buildArtBase(
  image: Rgba,
  align: ArtAlignment,
  mapWidth: number,
  mapHeight: number,
  /** Where to write it (artBaseBytes long, zeros), when the caller allocates it. */
  output?: Uint8Array,
): ArtBase {
  const squarePx = playerSquarePx(align.pixelsPerSquare, mapWidth, mapHeight)
  const outWidth = mapWidth * squarePx
  const outHeight = mapHeight * squarePx
  const size = artBaseBytes(align.pixelsPerSquare, mapWidth, mapHeight)
  if (output && output.length !== size) throw new Error('The base buffer has the wrong size.')
  const data = output ?? new Uint8Array(size)
  const columns = sourceSpans(align.offsetX, align.pixelsPerSquare, squarePx, mapWidth, image.width)
  const rows = sourceSpans(align.offsetY, align.pixelsPerSquare, squarePx, mapHeight, image.height)
  for (let y = 0; y < outHeight; y++) {
    const [y0, y1] = rows[y]
    if (y1 <= y0) continue
    for (let x = 0; x < outWidth; x++) {
      const [x0, x1] = columns[x]
      if (x1 <= x0) continue
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = y0; sy < y1; sy++) {
        let i = (sy * image.width + x0) * 4
        for (let sx = x0; sx < x1; sx++, i += 4) {
          const alpha = image.data[i + 3]
          r += image.data[i] * alpha
          g += image.data[i + 1] * alpha
          b += image.data[i + 2] * alpha
          a += alpha
        }
      }
      const o = (y * outWidth + x) * 4
      const count = (y1 - y0) * (x1 - x0)
      if (a > 0) {
        data[o] = Math.round(r / a)
        data[o + 1] = Math.round(g / a)
        data[o + 2] = Math.round(b / a)
      }
      data[o + 3] = Math.round(a / count)
    }
  }
  return { squarePx, mapWidth, mapHeight, data }
}

/** The first picture pixel (along one axis) whose centre lies in square `cell` or after it. */
export function firstPixelOfSquare(offset: number, pixelsPerSquare: number, cell: number): number {
  return Math.ceil(offset + cell * pixelsPerSquare - 0.5)
}

/**
 * For each output pixel along one axis, the picture pixels [from, to) it averages: those under
 * it that belong to its own square (at least one, the nearest, when the pixel lies on the
 * picture at all); [0, 0) beyond the picture.
 */
function sourceSpans(
  offset: number,
  pixelsPerSquare: number,
  squarePx: number,
  cells: number,
  limit: number,
): Array<[number, number]> {
  const step = pixelsPerSquare / squarePx
  const spans: Array<[number, number]> = []
  for (let cell = 0; cell < cells; cell++) {
    const low = Math.max(0, firstPixelOfSquare(offset, pixelsPerSquare, cell))
    const high = Math.min(limit, firstPixelOfSquare(offset, pixelsPerSquare, cell + 1))
    for (let k = 0; k < squarePx; k++) {
      if (high <= low) {
        spans.push([0, 0])
        continue
      }
      const start = offset + (cell * squarePx + k) * step
      const under = Math.max(0, Math.floor(start))
      const end = Math.min(limit, Math.max(Math.floor(start) + 1, Math.ceil(start + step)))
      if (end <= under) {
        // Beyond the picture's edge: transparent.
        spans.push([0, 0])
        continue
      }
      let from = Math.max(low, under)
      let to = Math.min(high, end)
      if (to <= from) {
        from = Math.min(high - 1, Math.max(low, Math.floor(start + step / 2)))
        to = from + 1
      }
      spans.push([from, to])
    }
  }
  return spans
}

export interface TileRef {
  /** Top-left square of the tile and its size in squares (edge tiles are smaller). */
  x: number
  y: number
  w: number
  h: number
}

/** Every tile of a map this big. */
export function tilesOf(mapWidth: number, mapHeight: number): TileRef[] {
  const tiles: TileRef[] = []
  for (let y = 0; y < mapHeight; y += TILE_CELLS) {
    for (let x = 0; x < mapWidth; x += TILE_CELLS) {
      tiles.push({
        x,
        y,
        w: Math.min(TILE_CELLS, mapWidth - x),
        h: Math.min(TILE_CELLS, mapHeight - y),
      })
    }
  }
  return tiles
}

/** One bit per square of the tile, row by row: '1' = the players know it. Null if none is known. */
export function tileMask(tile: TileRef, known: Uint8Array, mapWidth: number): string | null {
  let bits = ''
  let any = false
  for (let y = tile.y; y < tile.y + tile.h; y++) {
    for (let x = tile.x; x < tile.x + tile.w; x++) {
      const k = known[y * mapWidth + x] === 1
      any ||= k
      bits += k ? '1' : '0'
    }
  }
  return any ? bits : null
}

/** The tile's pixels with every square not in `mask` painted in the fog colour. */
export function maskedTile(base: ArtBase, tile: TileRef, mask: string): Rgba {
  const px = base.squarePx
  const width = tile.w * px
  const height = tile.h * px
  const rowBytes = base.mapWidth * px * 4
  const data = new Uint8Array(width * height * 4)
  for (let cy = 0; cy < tile.h; cy++) {
    for (let cx = 0; cx < tile.w; cx++) {
      const known = mask[cy * tile.w + cx] === '1'
      for (let py = 0; py < px; py++) {
        const out = ((cy * px + py) * width + cx * px) * 4
        if (!known) {
          for (let i = 0; i < px; i++) data.set(FOG_RGBA, out + i * 4)
          continue
        }
        const from = ((tile.y + cy) * px + py) * rowBytes + (tile.x + cx) * px * 4
        data.set(base.data.subarray(from, from + px * 4), out)
      }
    }
  }
  return { width, height, data }
}

export function encodeTilePng(tile: Rgba): Uint8Array {
  return encodePng(
    { width: tile.width, height: tile.height, data: tile.data, channels: 4, depth: 8 },
    { zlib: { level: 3 } },
  )
}
