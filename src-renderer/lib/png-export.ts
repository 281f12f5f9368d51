// "Export PNG (GM)": the whole map as the GM sees it (terrain, heights, walls and doors, secret
// doors and hidden tokens, light sources, tokens and their HP bars); the player-safe export is
// lib/player-png.ts. Drawn
// into one picture at twice the on-screen square size (64 px), capped so huge maps stay
// within what a canvas can hold, then saved through the browser's download.
import type { CampaignMap } from '@core/campaign/schema'
import { footprintSide } from '@core/campaign/geometry'
import { paintBoard } from './board-paint'
import { buildRaster } from './board-raster'
import { CELL_PX, factionColour } from './grid-geometry'
import { hpBarColour, hpFraction } from './hp-bar'
import { systemFacts } from '@core/rules/facts'
import { labelInk, partyColours } from '@core/table/party-colours'
import { BOARD_FONT_FAMILY } from './text-measure'
import { tokenLabels } from './token-labels'
import { tokenParts, tokenSlots } from './token-layout'

const MAX_SIDE_PX = 8192

export function exportScale(map: { width: number; height: number }): number {
  return Math.max(
    2,
    Math.min(CELL_PX * 2, Math.floor(MAX_SIDE_PX / Math.max(map.width, map.height))),
  )
}

/** Token pictures by hash (from main's assets folder); none drawn without it. */
export type PictureSource = (hash: string) => Promise<string | undefined>

export async function renderMapPng(
  map: CampaignMap,
  pictureOf: PictureSource = async () => undefined,
): Promise<Blob> {
  const s = exportScale(map)
  const canvas = document.createElement('canvas')
  canvas.width = map.width * s
  canvas.height = map.height * s
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no 2D canvas')
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
  // Slots, discs, labels and bars as the board draws them (lib/token-layout.ts).
  const shared = systemFacts(map.system).chips
  const slots = tokenSlots(
    map.tokens.map((t) => ({ id: t.id, at: t.at, side: shared ? 1 : footprintSide(t.size) })),
    shared,
  )
  const labels = tokenLabels(map.tokens)
  const colours = partyColours(map)
  for (const [i, token] of map.tokens.entries()) {
    const parts = tokenParts(slots[i], { hpBar: token.hp !== undefined })
    const { cx, cy, r } = parts
    const fill = token.color ?? colours.get(token.id) ?? factionColour(token.faction)
    ctx.beginPath()
    ctx.arc(cx, cy, r, 0, Math.PI * 2)
    ctx.fillStyle = fill
    ctx.globalAlpha = token.hidden ? 0.5 : 1
    ctx.fill()
    const picture = token.picture ? await pictureOf(token.picture) : undefined
    if (picture) await drawImage(ctx, picture, cx, cy, r)
    ctx.lineWidth = 0.04 * slots[i].width
    ctx.strokeStyle = '#111'
    ctx.stroke()
    if (!picture) {
      const ink = labelInk(fill)
      ctx.font = `700 ${parts.labelSize}px ${BOARD_FONT_FAMILY}`
      ctx.textAlign = 'center'
      ctx.textBaseline = 'middle'
      ctx.lineJoin = 'round'
      ctx.lineWidth = parts.labelSize * 0.14
      ctx.strokeStyle = ink === '#fff' ? '#000' : '#fff'
      ctx.fillStyle = ink
      const label = labels.get(token.id) ?? '?'
      ctx.strokeText(label, cx, cy, parts.labelMaxWidth)
      ctx.fillText(label, cx, cy, parts.labelMaxWidth)
    }
    if (token.hp && parts.hpBar) {
      const bar = parts.hpBar
      ctx.fillStyle = '#222'
      ctx.fillRect(bar.x, bar.y, bar.width, bar.height)
      ctx.fillStyle = hpBarColour(hpFraction(token.hp))
      ctx.fillRect(bar.x, bar.y, bar.width * hpFraction(token.hp), bar.height)
    }
    ctx.globalAlpha = 1
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the map could not be encoded as PNG'))),
      'image/png',
    ),
  )
}

async function drawImage(
  ctx: CanvasRenderingContext2D,
  src: string,
  cx: number,
  cy: number,
  r: number,
): Promise<void> {
  const image = new Image()
  image.src = src
  try {
    await image.decode()
  } catch {
    return
  }
  ctx.save()
  ctx.beginPath()
  ctx.arc(cx, cy, r, 0, Math.PI * 2)
  ctx.clip()
  ctx.drawImage(image, cx - r, cy - r, 2 * r, 2 * r)
  ctx.restore()
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
