// 挟撃 (flanking): two allies who both threaten the target flank it when the line between the
// centres of their squares passes through opposite sides of the target's space, corners included
// (辺の端点を含む). A multi-square flanker may use any one of its squares. Creatures with 0 ft reach
// (and helpless ones) threaten nothing and so never flank. The flanking bonus is +2 to hit.
import type { Cell } from '../../model'
import type { Battlefield, Creature } from './creatures'
import { canThreaten, threatensCreature } from './threat'

export const FLANKING_BONUS = 2

/** Whether the closed segment p→q meets the closed segment x = c, y ∈ [lo, hi] (all doubled coordinates). */
function meetsSide(
  px: number,
  py: number,
  qx: number,
  qy: number,
  c: number,
  lo: number,
  hi: number,
): boolean {
  if (px === qx) return px === c && Math.max(Math.min(py, qy), lo) <= Math.min(Math.max(py, qy), hi)
  let den = qx - px
  let num = c - px
  if (den < 0) {
    den = -den
    num = -num
  }
  if (num < 0 || num > den) return false
  const yScaled = py * den + num * (qy - py) // y · den
  return yScaled >= lo * den && yScaled <= hi * den
}

/** Whether the line between two squares' centres crosses opposite sides of a square space. */
export function crossesOppositeSides(a: Cell, b: Cell, at: Cell, side: number): boolean {
  const [px, py] = [2 * a[0] + 1, 2 * a[1] + 1]
  const [qx, qy] = [2 * b[0] + 1, 2 * b[1] + 1]
  const x0 = 2 * at[0]
  const x1 = 2 * (at[0] + side)
  const y0 = 2 * at[1]
  const y1 = 2 * (at[1] + side)
  const westEast = meetsSide(px, py, qx, qy, x0, y0, y1) && meetsSide(px, py, qx, qy, x1, y0, y1)
  const northSouth = meetsSide(py, px, qy, qx, y0, x0, x1) && meetsSide(py, px, qy, qx, y1, x0, x1)
  return westEast || northSouth
}

/** Whether a and b flank the target. */
export function flanks(field: Battlefield, a: Creature, b: Creature, target: Creature): boolean {
  if (
    a === b ||
    a === target ||
    b === target ||
    !field.areAllies(a, b) ||
    field.areAllies(a, target)
  )
    return false
  if (!canThreaten(a) || !canThreaten(b)) return false
  if (!threatensCreature(field, a, target) || !threatensCreature(field, b, target)) return false
  const squares = (c: Creature) => field.spaceCells(c, c.at).map((cell) => field.grid.cellOf(cell))
  const bSquares = squares(b)
  return squares(a).some((sa) =>
    bSquares.some((sb) => crossesOppositeSides(sa, sb, target.at, target.side)),
  )
}

/** Unordered pairs of the target's foes that flank it, each pair sorted, pairs sorted. */
export function flankingPairs(field: Battlefield, target: Creature): [string, string][] {
  const foes = field.creatures.filter(
    (c) => c.faction !== target.faction && canThreaten(c) && threatensCreature(field, c, target),
  )
  const pairs: [string, string][] = []
  for (let i = 0; i < foes.length; i++) {
    for (let j = i + 1; j < foes.length; j++) {
      if (!flanks(field, foes[i], foes[j], target)) continue
      const ids = [foes[i].id, foes[j].id].sort() as [string, string]
      pairs.push(ids)
    }
  }
  return pairs.sort((p, q) =>
    p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : p[1] < q[1] ? -1 : p[1] > q[1] ? 1 : 0,
  )
}
