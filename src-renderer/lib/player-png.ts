// The player-safe PNG (issue 12.15): exactly what the player view shows of a map, drawn from the
// payload main computes for the players (toPlayerView, fog included; `player.viewOf`), never
// from the GM's campaign with things filtered out here. It has nothing else to draw from: no
// hidden tokens, secret doors, locked colours, notes, traps or unexplored layout ever reach it.
// The look follows the projector's board (player/PlayerBoard.svelte).
import type { PlayerMapView } from '@core/table/player-view-schema'
import { labelInk } from '@core/table/party-colours'
import type { GmApi } from './api'
import { hpBarColour } from './hp-bar'
import type { MessageKey, MessageParams } from './i18n'
import { placeNames } from './name-placement'
import { exportScale, pngFileName, saveBlob } from './png-export'
import { BOARD_FONT_FAMILY, textMeasurer } from './text-measure'
import { tokenParts, tokenSlots, type Box } from './token-layout'
import { edgeLine, tokenSide } from '../player/spans'
import { tableNames } from '../player/table-names'

type Translate = (key: MessageKey, params?: MessageParams) => string

const COLOURS = {
  unknown: '#000000',
  visible: '#d8d2c4',
  explored: '#5a5750',
  terrain: { solid: '#3a3a3a', pit: '#15110d', difficult: 'rgba(141, 122, 85, 0.55)' },
  template: 'rgba(245, 158, 11, 0.4)',
  party: '#2563eb',
  other: '#dc2626',
  light: '#fde047',
}

const EDGE_STYLES: Record<string, { colour: string; width: number; dash?: number[] }> = {
  wall: { colour: '#111111', width: 0.12 },
  door: { colour: '#8b5a2b', width: 0.2 },
  'low-wall': { colour: '#666666', width: 0.12, dash: [0.1, 0.08] },
  window: { colour: '#4f8fc0', width: 0.12, dash: [0.14, 0.06] },
}

export async function renderPlayerViewPng(view: PlayerMapView, t: Translate): Promise<Blob> {
  const s = exportScale(view)
  const canvas = document.createElement('canvas')
  canvas.width = view.width * s
  canvas.height = view.height * s
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no 2D canvas')
  ctx.fillStyle = COLOURS.unknown
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  ctx.setTransform(s, 0, 0, s, 0, 0)

  for (const [spans, colour] of [
    [view.explored, COLOURS.explored],
    [view.visible, COLOURS.visible],
  ] as const) {
    ctx.fillStyle = colour
    for (const [y, x0, x1] of spans) ctx.fillRect(x0, y, x1 - x0 + 1, 1)
  }
  for (const cell of view.terrain) {
    ctx.fillStyle = COLOURS.terrain[cell.terrain]
    ctx.fillRect(cell.at[0], cell.at[1], 1, 1)
  }
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.35)'
  ctx.lineWidth = 0.03
  for (const [y, x0, x1] of [...view.visible, ...view.explored]) {
    for (let x = x0; x <= x1; x++) ctx.strokeRect(x, y, 1, 1)
  }
  ctx.fillStyle = COLOURS.template
  for (const template of view.templates)
    for (const [x, y] of template.cells) ctx.fillRect(x, y, 1, 1)

  ctx.lineCap = 'round'
  for (const edge of view.edges) {
    const style = EDGE_STYLES[edge.kind]
    const line = edgeLine(edge.between)
    ctx.strokeStyle = style.colour
    ctx.lineWidth = style.width
    ctx.setLineDash(
      edge.kind === 'door' && edge.state === 'open' ? [0.25, 0.25] : (style.dash ?? []),
    )
    ctx.beginPath()
    ctx.moveTo(line.x1, line.y1)
    ctx.lineTo(line.x2, line.y2)
    ctx.stroke()
  }
  ctx.setLineDash([])

  for (const light of view.lights) {
    ctx.beginPath()
    ctx.arc(light.at[0] + 0.5, light.at[1] + 0.5, 0.14, 0, Math.PI * 2)
    ctx.fillStyle = COLOURS.light
    ctx.fill()
  }

  await drawTokens(ctx, view, t)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the map could not be encoded as PNG'))),
      'image/png',
    ),
  )
}

/** Tokens as the projector draws them (player/PlayerTokens.svelte): slots, labels, bars, names. */
async function drawTokens(
  ctx: CanvasRenderingContext2D,
  view: PlayerMapView,
  t: Translate,
): Promise<void> {
  const names = tableNames(view.tokens, t)
  const shared = view.sharedSquares === true
  const slots = tokenSlots(
    view.tokens.map((tk) => ({ id: tk.id, at: tk.at, side: shared ? 1 : tokenSide(tk.size) })),
    shared,
  )
  const bars: Box[] = []
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.lineJoin = 'round'
  for (const [i, token] of view.tokens.entries()) {
    const parts = tokenParts(slots[i], { hpBar: token.hpBar !== undefined })
    const { cx, cy, r } = parts
    const fill = token.color ?? (token.side === 'party' ? COLOURS.party : COLOURS.other)
    ctx.beginPath()
    ctx.arc(cx, cy, r, 0, Math.PI * 2)
    ctx.fillStyle = fill
    ctx.fill()
    ctx.strokeStyle = '#111111'
    ctx.lineWidth = 0.05 * slots[i].width
    ctx.stroke()
    if (token.image) await drawImage(ctx, token.image, cx, cy, r)
    if (view.turn === token.id) {
      ctx.beginPath()
      ctx.arc(cx, cy, parts.ringR, 0, Math.PI * 2)
      ctx.strokeStyle = '#facc15'
      ctx.lineWidth = parts.ringWidth
      ctx.stroke()
    }
    const ink = labelInk(fill)
    ctx.font = `700 ${parts.labelSize}px ${BOARD_FONT_FAMILY}`
    ctx.lineWidth = parts.labelSize * 0.16
    ctx.strokeStyle = ink === '#fff' ? '#000000' : '#ffffff'
    ctx.fillStyle = ink
    const label = names.get(token.id)?.label ?? '?'
    ctx.strokeText(label, cx, cy, parts.labelMaxWidth)
    ctx.fillText(label, cx, cy, parts.labelMaxWidth)
    if (parts.hpBar && token.hpBar !== undefined) {
      const bar = parts.hpBar
      bars.push(bar)
      ctx.fillStyle = '#111111'
      ctx.fillRect(bar.x, bar.y, bar.width, bar.height)
      ctx.fillStyle = hpBarColour(token.hpBar)
      ctx.fillRect(bar.x, bar.y, bar.width * token.hpBar, bar.height)
    }
  }
  const nameSize = 0.4
  ctx.font = `600 ${nameSize}px ${BOARD_FONT_FAMILY}`
  const placed = placeNames(
    view.tokens.map((token, i) => ({
      id: token.id,
      name: names.get(token.id)?.name ?? '',
      slot: slots[i],
    })),
    {
      fontSize: nameSize,
      measure: textMeasurer(600),
      obstacles: bars,
      bounds: { x: 0, y: 0, width: view.width, height: view.height },
    },
  )
  ctx.lineWidth = 0.07
  ctx.strokeStyle = '#000000'
  ctx.fillStyle = '#ffffff'
  for (const name of placed) {
    const x = name.box.x + name.box.width / 2
    const y = name.box.y + name.box.height / 2
    ctx.strokeText(name.text, x, y)
    ctx.fillText(name.text, x, y)
  }
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

export function playerPngFileName(map: { name: string; id: string }): string {
  return pngFileName(map).replace(/\.png$/, ' (players).png')
}

/** Asks main for the players' projection of the map and saves it as a PNG. */
export async function exportPlayerSafePng(
  api: GmApi,
  campaignId: string,
  map: { id: string; name: string },
  t: Translate,
): Promise<void> {
  const view = await api.call('player.viewOf', { campaignId, mapId: map.id })
  if (!view.map) throw new Error('the map has no player view')
  saveBlob(await renderPlayerViewPng(view.map, t), playerPngFileName(map))
}
