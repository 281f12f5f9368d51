// Where a token's parts go (issue 23), in squares, the same on the GM board, the player view and
// the 3D view: the slot it is drawn in (its footprint, or a quarter of a square that up to four
// DysTopiA units share), its disc, the label inside the disc (type at 40 % of the slot's height),
// the HP bar (at least 15 % of a square high, at the foot of the slot, clear of the label), the
// condition badges along the top and the turn ring. Every part stays inside its slot, so two
// tokens' parts never overlap. Pure.

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

export interface TokenSlot extends Box {
  id: string
  /** True when the square is shared (a quarter, or smaller past four units). */
  shared: boolean
}

/** The label's type size as a share of the slot's height. */
export const LABEL_SHARE = 0.42
/** The HP bar's height in squares: never below 15 % of a square, whatever the slot. */
export const HP_BAR_SQUARES = 0.16

/**
 * Each token's slot. A token fills its footprint (`side` squares); where units share a square
 * (`sharedSquares`, DysTopiA) a lone unit still fills it, two to four take its quarters in map
 * order, and more (which the rules do not allow) a finer grid, so none is ever drawn over another.
 */
export function tokenSlots(
  tokens: ReadonlyArray<{ id: string; at: readonly [number, number]; side: number }>,
  sharedSquares: boolean,
): TokenSlot[] {
  if (!sharedSquares)
    return tokens.map((t) => ({
      id: t.id,
      x: t.at[0],
      y: t.at[1],
      width: t.side,
      height: t.side,
      shared: false,
    }))
  const bySquare = new Map<string, number>()
  for (const t of tokens) {
    const key = `${t.at[0]},${t.at[1]}`
    bySquare.set(key, (bySquare.get(key) ?? 0) + 1)
  }
  const placed = new Map<string, number>()
  return tokens.map((t) => {
    const key = `${t.at[0]},${t.at[1]}`
    const count = bySquare.get(key)!
    if (count === 1) return { id: t.id, x: t.at[0], y: t.at[1], width: 1, height: 1, shared: false }
    const index = placed.get(key) ?? 0
    placed.set(key, index + 1)
    const across = Math.ceil(Math.sqrt(count))
    const size = 1 / across
    return {
      id: t.id,
      x: t.at[0] + (index % across) * size,
      y: t.at[1] + Math.floor(index / across) * size,
      width: size,
      height: size,
      shared: true,
    }
  })
}

export interface TokenParts {
  cx: number
  cy: number
  r: number
  /** The label's type size and the widest it may run (inside the disc). */
  labelSize: number
  labelMaxWidth: number
  /** The turn ring: radius and stroke width (inside the slot). */
  ringR: number
  ringWidth: number
  hpBar: Box | null
  /** Badge row along the top of the slot: type size and the row's box. */
  badgeSize: number
  badgeRow: Box
}

/** The parts of one token in its slot; `hpBar` when it draws a bar. */
export function tokenParts(slot: Box, options: { hpBar: boolean }): TokenParts {
  const size = slot.width
  const barHeight = options.hpBar ? Math.max(HP_BAR_SQUARES, HP_BAR_SQUARES * size) : 0
  const hpBar = options.hpBar
    ? {
        x: slot.x + 0.08 * size,
        y: slot.y + size - barHeight - 0.02 * size,
        width: 0.84 * size,
        height: barHeight,
      }
    : null
  // With a bar the disc rises a little, so the label's foot stays clear of the bar.
  const cx = slot.x + size / 2
  const cy = slot.y + (size - barHeight / 2) / 2
  const r = 0.4 * size
  const ringWidth = 0.09 * size
  // A quarter square has no room for badges as tall as a whole token's above its label.
  const badgeShare = size < 1 ? 0.2 : 0.28
  return {
    cx,
    cy,
    r,
    labelSize: LABEL_SHARE * size,
    labelMaxWidth: 1.84 * r,
    ringR: Math.min(r + ringWidth / 2, size / 2 - ringWidth / 2),
    ringWidth,
    hpBar,
    badgeSize: badgeShare * 0.85 * size,
    badgeRow: { x: slot.x, y: slot.y, width: size, height: badgeShare * size },
  }
}

/** A condition's badge text: a short word as it is, else its first letters ("Prone" → "Pron"). */
export function badgeText(name: string): string {
  const letters = [...name.trim()]
  // CJK and other wide scripts say a lot in two characters (「転倒」, 「朦朧」).
  const wide = letters.some((c) => c.codePointAt(0)! > 0x2e7f)
  return letters.slice(0, wide ? 2 : 4).join('')
}

export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}
