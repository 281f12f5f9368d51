// "Export PNG (GM)": the whole map as the GM sees it (terrain, heights, walls and doors, secret
// doors and hidden tokens, light sources, tokens drawn as on the board with their HP bars and
// names); the player-safe export is lib/player-png.ts. Drawn
// into one picture at twice the on-screen square size (64 px), capped so huge maps stay
// within what a canvas can hold, then saved through the browser's download.
import type { CampaignMap } from '@core/campaign/schema'
import { paintBoard } from './board-paint'
import { buildRaster } from './board-raster'
import { CELL_PX } from './grid-geometry'
import { systemFacts } from '@core/rules/facts'
import { textMeasurer } from './text-measure'
import { paintShapes } from './token-canvas'
import { drawTokens, GM_LOOK } from './token-drawing'
import { gmTokensToDraw } from './tokens-to-draw'

const MAX_SIDE_PX = 8192

export function exportScale(map: { width: number; height: number }): number {
  return Math.max(
    2,
    Math.min(CELL_PX * 2, Math.floor(MAX_SIDE_PX / Math.max(map.width, map.height))),
  )
}

/** A canvas for a whole map at the export scale, its 2D context in squares. */
export function exportCanvas(map: { width: number; height: number }): {
  canvas: HTMLCanvasElement
  ctx: CanvasRenderingContext2D
  scale: number
} {
  const scale = exportScale(map)
  const canvas = document.createElement('canvas')
  canvas.width = map.width * scale
  canvas.height = map.height * scale
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no 2D canvas')
  return { canvas, ctx, scale }
}

/** The canvas as a PNG file. */
export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the map could not be encoded as PNG'))),
      'image/png',
    ),
  )
}

/** Token pictures by hash (from main's assets folder); none drawn without it. */
export type PictureSource = (hash: string) => Promise<string | undefined>

export async function renderMapPng(
  map: CampaignMap,
  pictureOf: PictureSource = async () => undefined,
): Promise<Blob> {
  const { canvas, ctx, scale: s } = exportCanvas(map)
  const view = { x: 0, y: 0, zoom: s / CELL_PX }
  paintBoard(ctx, buildRaster(map), {
    view,
    width: canvas.width,
    height: canvas.height,
    dpr: 1,
    elevationNumbers: true,
    lightLevels: null,
    lightTop: 6,
    showSecrets: true,
  })
  ctx.setTransform(s, 0, 0, s, 0, 0)
  for (const source of map.light.sources) {
    ctx.beginPath()
    ctx.arc(source.at[0] + 0.5, source.at[1] + 0.5, 0.22, 0, Math.PI * 2)
    ctx.fillStyle = '#ffb300'
    ctx.fill()
  }
  // The tokens as the board draws them (lib/token-drawing.ts), with nothing selected.
  const pictures = new Map<string, string | undefined>()
  for (const token of map.tokens)
    if (token.picture && !pictures.has(token.picture))
      pictures.set(token.picture, await pictureOf(token.picture))
  const drawing = drawTokens(
    gmTokensToDraw(map, {
      selectedId: null,
      pictureOf: (hash) => (hash ? pictures.get(hash) : undefined),
    }),
    {
      look: GM_LOOK,
      sharedSquares: systemFacts(map.system).chips,
      measureBold: textMeasurer(700),
      measureName: textMeasurer(600),
    },
  )
  await paintShapes(ctx, [...drawing.tokens, ...drawing.names])
  return canvasPng(canvas)
}

export function pngFileName(map: { name: string; id: string }): string {
  const base = (map.name || map.id).replace(/[\\/:*?"<>|]+/g, '_').trim() || 'map'
  return `${base}.png`
}

export async function exportMapPng(map: CampaignMap, pictureOf?: PictureSource): Promise<void> {
  saveBlob(await renderMapPng(map, pictureOf), pngFileName(map))
}

/** Hands a file to the browser's download (the Electron window saves it the same way). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
