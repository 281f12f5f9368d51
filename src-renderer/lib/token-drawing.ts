// How a token is drawn, once, for the GM board, the player view and both PNG exports (issue 28:
// the drawing existed four times). Pure: tokens in, drawing primitives out (discs, rings, pictures,
// labels, HP bars, badges, names, in squares); lib/token-svg (TokenShapes.svelte) and
// lib/token-canvas.ts only turn the primitives into SVG elements or canvas calls.
//
// Where each part goes is lib/token-layout.ts (slots, DysTopiA quarters, label size, HP bar,
// badge row, turn ring); full names beside the tokens are lib/name-placement.ts. The two looks
// differ in what their screens need: the GM's marks a selection, hidden tokens, flat-footed and
// movement states, and whether players see the HP bar; the table's is read from across the room
// (a turn ring with a halo, condition badges, larger names).
import { labelInk } from '@core/table/party-colours'
import { hpBarColour } from './hp-bar'
import { placeNames } from './name-placement'
import { BOARD_FONT_FAMILY } from './text-measure'
import { badgeText, tokenParts, tokenSlots, type Box, type TokenSlot } from './token-layout'

/** Attributes the SVG keeps for tests and styles (data-*, class); canvas ignores them. */
export type ShapeAttrs = Readonly<Record<string, string | number | undefined>>

interface Stroke {
  stroke?: string
  strokeWidth?: number
  /** Dash pattern, in squares. */
  dash?: readonly number[]
}

export type Shape =
  | ({
      kind: 'circle'
      cx: number
      cy: number
      r: number
      fill: string
      attrs?: ShapeAttrs
    } & Stroke)
  | ({
      kind: 'rect'
      x: number
      y: number
      width: number
      height: number
      rx?: number
      fill: string
      fillOpacity?: number
      attrs?: ShapeAttrs
    } & Stroke)
  | ({
      kind: 'text'
      x: number
      y: number
      text: string
      size: number
      weight: 600 | 700
      /** The board font; none: the page's own (the SVG inherits it). */
      font?: string
      fill: string
      /** The outline is painted under the fill (paint-order: stroke). */
      outlineJoin?: 'round'
      /** Where y is: the text's middle (default) or its baseline. */
      baseline?: 'alphabetic'
      /** Squeezed to this width when wider (SVG textLength; canvas maxWidth). */
      fitWidth?: number
      opacity?: number
      attrs?: ShapeAttrs
    } & Stroke)
  | { kind: 'picture'; href: string; cx: number; cy: number; r: number; attrs?: ShapeAttrs }
  | { kind: 'group'; key: string; opacity?: number; attrs?: ShapeAttrs; children: Shape[] }

export interface TokenToDraw {
  id: string
  at: readonly [number, number]
  /** Footprint side in squares (ignored where squares are shared). */
  side: number
  fill: string
  label: string
  /** The full name placed beside the token ('' for none). */
  name: string
  /** Order in which names get their spots (lower first). */
  rank: number
  picture?: string
  hidden?: boolean
  selected?: boolean
  turn?: boolean
  flatFooted?: boolean
  /** The GM's movement-state marks ("↑≈"). */
  marks?: string
  /** Words for the condition badges (the table's). */
  badges?: readonly string[]
  /** HP bar: how full (0–1) and whether players see it. */
  hp?: { fraction: number; shown: boolean }
  /** Attributes of the token's group, from its slot. */
  attrs?: (slot: TokenSlot) => ShapeAttrs
  hpAttrs?: ShapeAttrs
  nameAttrs?: ShapeAttrs
}

export interface TokenLook {
  discStroke: number
  /** A picture sits on the filled disc (table) or alone (GM). */
  discUnderPicture: boolean
  pictureOutline: number
  hiddenDash: readonly number[]
  hiddenOpacity: number
  /** The GM board's token groups always carry an opacity (1, or hiddenOpacity). */
  groupOpacity: boolean
  hiddenNameOpacity: number
  labelOutline: number
  hpBack: string
  hpOutline: number
  turn: 'dashed' | 'halo'
  nameSize: number
  nameOutline: number
}

export const GM_LOOK: TokenLook = {
  discStroke: 0.04,
  discUnderPicture: false,
  pictureOutline: 0.06,
  hiddenDash: [0.1, 0.06],
  hiddenOpacity: 0.5,
  groupOpacity: true,
  hiddenNameOpacity: 0.55,
  labelOutline: 0.14,
  hpBack: '#222',
  hpOutline: 0.02,
  turn: 'dashed',
  nameSize: 0.3,
  nameOutline: 0.06,
}

/** Read from across the room (issue 23): names nearly as tall as the labels. */
export const TABLE_LOOK: TokenLook = {
  discStroke: 0.05,
  discUnderPicture: true,
  pictureOutline: 0.07,
  hiddenDash: [0.1, 0.06],
  hiddenOpacity: 0.5,
  groupOpacity: false,
  hiddenNameOpacity: 0.55,
  labelOutline: 0.16,
  hpBack: '#111',
  hpOutline: 0.025,
  turn: 'halo',
  nameSize: 0.4,
  nameOutline: 0.07,
}

export interface DrawOptions {
  look: TokenLook
  /** Units share squares (DysTopiA): each takes a quarter. */
  sharedSquares: boolean
  /** Widths at type size 1, bold (labels, badges) and semibold (names). */
  measureBold: (text: string) => number
  measureName: (text: string) => number
  /** Names stay inside this box. */
  bounds?: Box
}

export interface TokenDrawing {
  /** One group per token, in the order given. */
  tokens: Shape[]
  /** The full names, placed so none overlaps another, a token or an HP bar. */
  names: Shape[]
}

export function drawTokens(tokens: readonly TokenToDraw[], options: DrawOptions): TokenDrawing {
  const { look } = options
  const slots = tokenSlots(
    tokens.map((t) => ({ id: t.id, at: t.at, side: options.sharedSquares ? 1 : t.side })),
    options.sharedSquares,
  )
  const bars: Box[] = []
  const groups = tokens.map((token, i): Shape => {
    const slot = slots[i]
    const parts = tokenParts(slot, { hpBar: token.hp !== undefined })
    if (parts.hpBar) bars.push(parts.hpBar)
    const { cx, cy, r } = parts
    const w = slot.width
    const children: Shape[] = []
    if (token.selected)
      children.push({
        kind: 'circle',
        cx,
        cy,
        r: r + 0.08 * w,
        fill: 'none',
        stroke: '#ffcc00',
        strokeWidth: 0.07 * w,
      })
    const disc = { kind: 'circle', cx, cy, r } as const
    if (!token.picture || look.discUnderPicture)
      children.push({
        ...disc,
        fill: token.fill,
        stroke: '#111',
        strokeWidth: look.discStroke * w,
        ...(token.hidden ? { dash: look.hiddenDash } : {}),
        attrs: look.discUnderPicture
          ? { class: 'disc', 'data-testid': 'player-token-disc' }
          : { 'data-testid': 'token-disc' },
      })
    if (token.picture) {
      children.push({
        ...disc,
        kind: 'picture',
        href: token.picture,
        ...(look.discUnderPicture ? {} : { attrs: { 'data-testid': 'token-picture' } }),
      })
      children.push({
        ...disc,
        fill: 'none',
        stroke: token.fill,
        strokeWidth: look.pictureOutline * w,
        ...(look.discUnderPicture ? {} : { attrs: { 'data-testid': 'token-disc' } }),
      })
    }
    if (token.turn) children.push(...turnRing(parts, w, look))
    const ink = labelInk(token.fill)
    const squeeze = options.measureBold(token.label) * parts.labelSize > parts.labelMaxWidth
    children.push({
      kind: 'text',
      x: cx,
      y: cy,
      text: token.label,
      size: parts.labelSize,
      weight: 700,
      font: BOARD_FONT_FAMILY,
      fill: ink,
      stroke: ink === '#fff' ? '#000' : '#fff',
      strokeWidth: parts.labelSize * look.labelOutline,
      outlineJoin: 'round',
      ...(squeeze ? { fitWidth: parts.labelMaxWidth } : {}),
      attrs: {
        class: look.discUnderPicture ? 'label' : 'token-label',
        'data-testid': look.discUnderPicture ? 'player-token-label' : 'token-label',
      },
    })
    if (token.flatFooted)
      children.push(
        mark('FF', cx - r, cy - r * 0.6, r * 0.5, { 'data-testid': 'token-flat-footed' }),
      )
    if (token.marks !== undefined) children.push(mark(token.marks, cx + r, cy - r * 0.6, r * 0.55))
    if (token.badges?.length)
      children.push(...badgeRow(token.badges, parts.badgeRow, parts.badgeSize, options))
    if (token.hp && parts.hpBar) children.push(hpBar(parts.hpBar, token, look))
    return {
      kind: 'group',
      key: token.id,
      ...(token.hidden || look.groupOpacity
        ? { opacity: token.hidden ? look.hiddenOpacity : 1 }
        : {}),
      attrs: token.attrs?.(slot),
      children,
    }
  })
  const order = tokens.map((_, i) => i).sort((a, b) => tokens[a].rank - tokens[b].rank)
  const placed = placeNames(
    order.map((i) => ({ id: tokens[i].id, name: tokens[i].name, slot: slots[i] })),
    {
      fontSize: look.nameSize,
      measure: options.measureName,
      obstacles: bars,
      bounds: options.bounds,
    },
  )
  const byId = new Map(tokens.map((t) => [t.id, t]))
  const names = placed.map((name): Shape => {
    const token = byId.get(name.id)
    const { x, y, width, height } = name.box
    return {
      kind: 'text',
      x: x + width / 2,
      y: y + height / 2,
      text: name.text,
      size: look.nameSize,
      weight: 600,
      font: BOARD_FONT_FAMILY,
      fill: '#fff',
      stroke: '#000',
      strokeWidth: look.nameOutline,
      outlineJoin: 'round',
      ...(token?.hidden ? { opacity: look.hiddenNameOpacity } : {}),
      attrs: { ...token?.nameAttrs, 'data-box': `${x},${y},${width},${height}` },
    }
  })
  return { tokens: groups, names }
}

function turnRing(parts: ReturnType<typeof tokenParts>, w: number, look: TokenLook): Shape[] {
  const ring = { kind: 'circle', cx: parts.cx, cy: parts.cy, r: parts.ringR, fill: 'none' } as const
  if (look.turn === 'dashed')
    return [
      {
        ...ring,
        stroke: '#f59e0b',
        strokeWidth: parts.ringWidth,
        dash: [0.2 * w, 0.07 * w],
        attrs: { 'data-testid': 'turn-ring' },
      },
    ]
  return [
    {
      ...ring,
      stroke: '#000',
      strokeWidth: parts.ringWidth + 0.03 * w,
      attrs: { class: 'turn-halo' },
    },
    {
      ...ring,
      stroke: '#facc15',
      strokeWidth: parts.ringWidth,
      attrs: { class: 'turn', 'data-testid': 'player-turn-ring' },
    },
  ]
}

/** A GM mark above the disc (FF, movement states), in the page's own font. */
function mark(text: string, x: number, y: number, size: number, attrs: ShapeAttrs = {}): Shape {
  return {
    kind: 'text',
    x,
    y,
    text,
    size,
    weight: 700,
    fill: '#111',
    stroke: '#fff',
    strokeWidth: 0.05,
    baseline: 'alphabetic',
    attrs: { class: 'token-states', ...attrs },
  }
}

/** Pills along the top of the slot, as many as fit, then "+n". */
function badgeRow(words: readonly string[], row: Box, size: number, options: DrawOptions): Shape[] {
  const measure = options.measureBold
  const pad = size * 0.3
  const out: Shape[] = []
  const pill = (text: string, full: string, x: number, width: number): Shape => ({
    kind: 'group',
    key: `${x}`,
    attrs: { class: 'badge', 'data-testid': 'player-badge', 'data-condition': full },
    children: [
      {
        kind: 'rect',
        x,
        y: row.y,
        width,
        height: row.height,
        rx: row.height / 3,
        fill: '#111',
        fillOpacity: 0.85,
        stroke: '#fff',
        strokeWidth: 0.015,
      },
      {
        kind: 'text',
        x: x + width / 2,
        y: row.y + row.height / 2,
        text,
        size,
        weight: 700,
        font: BOARD_FONT_FAMILY,
        fill: '#fff',
      },
    ],
  })
  let x = row.x
  for (let i = 0; i < words.length; i++) {
    const text = badgeText(words[i])
    const width = measure(text) * size + 2 * pad
    const rest = words.length - i - 1
    const moreWidth = rest > 0 ? measure(`+${rest}`) * size + 2 * pad : 0
    if (x + width + moreWidth > row.x + row.width + 1e-9) {
      const more = `+${words.length - i}`
      out.push(pill(more, words.slice(i).join(', '), x, measure(more) * size + 2 * pad))
      break
    }
    out.push(pill(text, words[i], x, width))
    x += width
  }
  return out
}

/** The bar: dark ground, the filled share, an outline (dashed: the players do not see it). */
function hpBar(bar: Box, token: TokenToDraw, look: TokenLook): Shape {
  const { fraction, shown } = token.hp!
  const box = { x: bar.x, y: bar.y, width: bar.width, height: bar.height }
  return {
    kind: 'group',
    key: 'hp',
    attrs: { class: 'hp-bar', ...token.hpAttrs },
    children: [
      { kind: 'rect', ...box, fill: look.hpBack },
      { kind: 'rect', ...box, width: bar.width * fraction, fill: hpBarColour(fraction) },
      {
        kind: 'rect',
        ...box,
        fill: 'none',
        stroke: shown ? '#fff' : '#ddd',
        strokeWidth: look.hpOutline,
        ...(shown ? {} : { dash: [0.06, 0.04] }),
      },
    ],
  }
}
