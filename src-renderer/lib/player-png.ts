// The player-safe PNG (issue 12.15): exactly what the player view shows of a map, drawn from the
// payload main computes for the players (toPlayerView, fog included; `player.viewOf`), never
// from the GM's campaign with things filtered out here. It has nothing else to draw from: no
// hidden tokens, secret doors, locked colours, notes, traps or unexplored layout ever reach it.
// The look follows the projector's board (player/PlayerBoard.svelte).
import type { PlayerMapView } from '../../src-main/table/player-view-schema'
import type { GmApi } from './api'
import { hpBarBox, hpBarColour } from './hp-bar'
import { exportScale, pngFileName, saveBlob } from './png-export'
import { edgeLine, tokenSide } from '../player/spans'

const COLOURS = {
  unknown: '#000000',
  visible: '#d8d2c4',
  explored: '#5a5750',
  terrain: { solid: '#3a3a3a', pit: '#15110d', difficult: 'rgba(141, 122, 85, 0.55)' },
  template: 'rgba(245, 158, 11, 0.4)',
  party: '#3b82f6',
  other: '#dc2626',
  light: '#fde047',
}

const EDGE_STYLES: Record<string, { colour: string; width: number; dash?: number[] }> = {
  wall: { colour: '#111111', width: 0.12 },
  door: { colour: '#8b5a2b', width: 0.2 },
  'low-wall': { colour: '#666666', width: 0.12, dash: [0.1, 0.08] },
  window: { colour: '#4f8fc0', width: 0.12, dash: [0.14, 0.06] },
}

export async function renderPlayerViewPng(view: PlayerMapView): Promise<Blob> {
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

  for (const token of view.tokens) {
    const side = tokenSide(token.size)
    const cx = token.at[0] + side / 2
    const cy = token.at[1] + side / 2
    const r = side * 0.38
    if (view.turn === token.id) {
      ctx.beginPath()
      ctx.arc(cx, cy, side * 0.48, 0, Math.PI * 2)
      ctx.strokeStyle = '#facc15'
      ctx.lineWidth = 0.09
      ctx.stroke()
    }
    ctx.beginPath()
    ctx.arc(cx, cy, r, 0, Math.PI * 2)
    ctx.fillStyle = token.color ?? (token.side === 'party' ? COLOURS.party : COLOURS.other)
    ctx.fill()
    ctx.strokeStyle = '#ffffff'
    ctx.lineWidth = 0.05
    ctx.stroke()
    if (token.image) await drawImage(ctx, token.image, cx, cy, r)
    if (token.hpBar !== undefined) {
      const bar = hpBarBox(cx, cy, r)
      ctx.fillStyle = '#222222'
      ctx.fillRect(bar.x, bar.y, bar.width, bar.height)
      ctx.fillStyle = hpBarColour(token.hpBar)
      ctx.fillRect(bar.x, bar.y, bar.width * token.hpBar, bar.height)
    }
    if (token.name) {
      ctx.font = '600 0.28px system-ui, sans-serif'
      ctx.textAlign = 'center'
      ctx.textBaseline = 'top'
      ctx.lineWidth = 0.05
      ctx.strokeStyle = '#000000'
      ctx.strokeText(token.name, cx, token.at[1] + side + 0.02)
      ctx.fillStyle = '#ffffff'
      ctx.fillText(token.name, cx, token.at[1] + side + 0.02)
    }
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

export function playerPngFileName(map: { name: string; id: string }): string {
  return pngFileName(map).replace(/\.png$/, ' (players).png')
}

/** Asks main for the players' projection of the map and saves it as a PNG. */
export async function exportPlayerSafePng(
  api: GmApi,
  campaignId: string,
  map: { id: string; name: string },
): Promise<void> {
  const view = await api.call('player.viewOf', { campaignId, mapId: map.id })
  if (!view.map) throw new Error('the map has no player view')
  saveBlob(await renderPlayerViewPng(view.map), playerPngFileName(map))
}
