// The player-safe PNG (issue 12.15): exactly what the player view shows of a map, drawn from the
// payload main computes for the players (toPlayerView, fog included; `player.viewOf`), never
// from the GM's campaign with things filtered out here. It has nothing else to draw from: no
// hidden tokens, secret doors, locked colours, notes, traps or unexplored layout ever reach it.
// The look follows the projector's board (player/PlayerBoard.svelte).
import type { PlayerMapView } from '@core/table/player-view-schema'
import type { GmApi } from './api'
import type { MessageKey, MessageParams } from './i18n'
import { canvasPng, exportCanvas, pngFileName, saveBlob } from './png-export'
import { textMeasurer } from './text-measure'
import { paintShapes } from './token-canvas'
import { drawTokens, TABLE_LOOK } from './token-drawing'
import { tableTokensToDraw } from './tokens-to-draw'
import { edgeLine } from '../player/spans'
import { tableNames } from '../player/table-names'

type Translate = (key: MessageKey, params?: MessageParams) => string

const COLOURS = {
  unknown: '#000000',
  visible: '#d8d2c4',
  explored: '#5a5750',
  terrain: { solid: '#3a3a3a', pit: '#15110d', difficult: 'rgba(141, 122, 85, 0.55)' },
  template: 'rgba(245, 158, 11, 0.4)',
  light: '#fde047',
}

const EDGE_STYLES: Record<string, { colour: string; width: number; dash?: number[] }> = {
  wall: { colour: '#111111', width: 0.12 },
  door: { colour: '#8b5a2b', width: 0.2 },
  'low-wall': { colour: '#666666', width: 0.12, dash: [0.1, 0.08] },
  window: { colour: '#4f8fc0', width: 0.12, dash: [0.14, 0.06] },
}

export async function renderPlayerViewPng(view: PlayerMapView, t: Translate): Promise<Blob> {
  const { canvas, ctx, scale: s } = exportCanvas(view)
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

  await drawPlayerTokens(ctx, view, t)
  return canvasPng(canvas)
}

/** Tokens as the projector draws them (lib/token-drawing.ts, TABLE_LOOK): the whole map in view. */
async function drawPlayerTokens(
  ctx: CanvasRenderingContext2D,
  view: PlayerMapView,
  t: Translate,
): Promise<void> {
  const drawing = drawTokens(
    tableTokensToDraw(view.tokens, {
      turn: view.fight ? view.fight.now : view.turn,
      names: tableNames(view.tokens, t),
      stateName: (state) => t(`state.${state}` as MessageKey),
    }),
    {
      look: TABLE_LOOK,
      sharedSquares: view.sharedSquares === true,
      measureBold: textMeasurer(700),
      measureName: textMeasurer(600),
      bounds: { x: 0, y: 0, width: view.width, height: view.height },
    },
  )
  await paintShapes(ctx, [...drawing.tokens, ...drawing.names])
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
