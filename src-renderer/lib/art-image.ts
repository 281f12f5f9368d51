// Map art on the GM board. A battle-map picture can be 8,000 px or more a side; drawing it as one
// bitmap makes every pan frame scale the whole thing. It is decoded once and cut into 1,024 px
// ImageBitmap tiles, plus a small overview for zoomed-out views, and each paint draws only the
// tiles over the squares on screen.
import { readFileBase64 } from './read-file'
import type { MapArt } from '@core/campaign/schema'

const TILE_PX = 1024
const OVERVIEW_SIDE = 2048

export interface ArtImage {
  width: number
  height: number
  tiles: Array<{ x: number; y: number; w: number; h: number; bitmap: ImageBitmap }>
  overview: ImageBitmap
  /** Overview pixels per picture pixel. */
  overviewScale: number
}

export async function loadArtImage(source: Blob): Promise<ArtImage> {
  const full = await createImageBitmap(source)
  try {
    const tiles: ArtImage['tiles'] = []
    for (let y = 0; y < full.height; y += TILE_PX) {
      for (let x = 0; x < full.width; x += TILE_PX) {
        const w = Math.min(TILE_PX, full.width - x)
        const h = Math.min(TILE_PX, full.height - y)
        tiles.push({ x, y, w, h, bitmap: await createImageBitmap(full, x, y, w, h) })
      }
    }
    const overviewScale = Math.min(1, OVERVIEW_SIDE / Math.max(full.width, full.height))
    const overview = await createImageBitmap(full, {
      resizeWidth: Math.max(1, Math.round(full.width * overviewScale)),
      resizeHeight: Math.max(1, Math.round(full.height * overviewScale)),
      resizeQuality: 'medium',
    })
    return { width: full.width, height: full.height, tiles, overview, overviewScale }
  } finally {
    full.close()
  }
}

export function closeArtImage(image: ArtImage): void {
  for (const tile of image.tiles) tile.bitmap.close()
  image.overview.close()
}

/**
 * Draws the picture under the grid, on a context whose unit is one square. `cells` is the
 * rectangle of squares on screen [x0, y0, x1, y1]; `scale` is CSS pixels per square.
 */
export function paintArt(
  ctx: CanvasRenderingContext2D,
  image: ArtImage,
  art: Pick<MapArt, 'pixelsPerSquare' | 'offsetX' | 'offsetY'>,
  cells: readonly [number, number, number, number],
  scale: number,
): void {
  const pps = art.pixelsPerSquare
  // The picture's pixels on screen: x0 squares → image pixel offsetX + x0·pps.
  const left = art.offsetX + cells[0] * pps
  const top = art.offsetY + cells[1] * pps
  const right = art.offsetX + cells[2] * pps
  const bottom = art.offsetY + cells[3] * pps
  const toSquares = (px: number, offset: number) => (px - offset) / pps
  ctx.imageSmoothingEnabled = true
  ctx.imageSmoothingQuality = 'medium'
  // Fewer than half a screen pixel per picture pixel: the overview is sharp enough and far cheaper.
  if (scale / pps < image.overviewScale * 1.5) {
    const k = image.overviewScale
    const sx = Math.max(0, left * k)
    const sy = Math.max(0, top * k)
    const sw = Math.min(image.overview.width, right * k) - sx
    const sh = Math.min(image.overview.height, bottom * k) - sy
    if (sw <= 0 || sh <= 0) return
    ctx.drawImage(
      image.overview,
      sx,
      sy,
      sw,
      sh,
      toSquares(sx / k, art.offsetX),
      toSquares(sy / k, art.offsetY),
      sw / k / pps,
      sh / k / pps,
    )
    return
  }
  for (const tile of image.tiles) {
    if (tile.x + tile.w <= left || tile.x >= right || tile.y + tile.h <= top || tile.y >= bottom)
      continue
    ctx.drawImage(
      tile.bitmap,
      toSquares(tile.x, art.offsetX),
      toSquares(tile.y, art.offsetY),
      tile.w / pps,
      tile.h / pps,
    )
  }
}

/**
 * The picture re-cut to the grid for export: pixel (0, 0) at square [0, 0]'s corner, the map's
 * size at `pixelsPerSquare` (smaller if that would pass 8,192 px a side). Answers base64 PNG.
 */
export async function gridAlignedPng(
  source: Blob,
  art: MapArt,
  mapWidth: number,
  mapHeight: number,
): Promise<{ base64: string; pixelsPerGrid: number }> {
  const pixelsPerGrid = Math.max(
    1,
    Math.min(Math.round(art.pixelsPerSquare), Math.floor(8192 / Math.max(mapWidth, mapHeight))),
  )
  const bitmap = await createImageBitmap(source)
  try {
    const canvas = new OffscreenCanvas(mapWidth * pixelsPerGrid, mapHeight * pixelsPerGrid)
    const ctx = canvas.getContext('2d')!
    const k = pixelsPerGrid / art.pixelsPerSquare
    ctx.drawImage(bitmap, -art.offsetX * k, -art.offsetY * k, bitmap.width * k, bitmap.height * k)
    return {
      base64: await readFileBase64(await canvas.convertToBlob({ type: 'image/png' })),
      pixelsPerGrid,
    }
  } finally {
    bitmap.close()
  }
}

/**
 * The alignment that makes a square the GM marked on the picture (a drag from one corner to the
 * opposite one, in map squares as the picture is drawn now) exactly the grid square under it.
 */
export function alignFromMarkedSquare(
  art: Pick<MapArt, 'pixelsPerSquare' | 'offsetX' | 'offsetY'>,
  from: { fx: number; fy: number },
  to: { fx: number; fy: number },
): Pick<MapArt, 'pixelsPerSquare' | 'offsetX' | 'offsetY'> | null {
  const px = (f: number, offset: number) => offset + f * art.pixelsPerSquare
  const left = px(Math.min(from.fx, to.fx), art.offsetX)
  const right = px(Math.max(from.fx, to.fx), art.offsetX)
  const top = px(Math.min(from.fy, to.fy), art.offsetY)
  const bottom = px(Math.max(from.fy, to.fy), art.offsetY)
  const size = (right - left + (bottom - top)) / 2
  if (size < 2) return null
  // The grid square the mark is over: the one holding its middle.
  const column = Math.floor((from.fx + to.fx) / 2)
  const row = Math.floor((from.fy + to.fy) / 2)
  const round = (n: number) => Math.round(n * 100) / 100
  return {
    pixelsPerSquare: round(size),
    offsetX: round(left - column * size),
    offsetY: round(top - row * size),
  }
}
