// 無理矢理入り込む (squeezing, 003 地形と障害物): a creature may pass through or into a space at
// least half as wide as its own. Each square moved while squeezing counts as two, and while
// squeezed it takes −4 on attack rolls and −4 to AC.
//
// Model (README "Squeezing"): a Large or bigger creature's space may take a squeezed shape
// s × k or k × s (k = ⌈s / 2⌉: a Large creature in a 1-square corridor occupies 2 squares, as
// the text places it). One step moves the space one square (a king move d) and may change its
// shape at the same time: the new shape lies within the moved space (squeezing in), contains it
// (stepping out), or — turning between the two squeezed shapes — lies within a full space that
// contains the moved one; and no square of the new shape lies more than one square from the old
// space (the body never advances two squares in one step). Every square carried over from the old space must make its own step
// d unblocked (decision 1 for each square: big creatures cannot squeeze past corners), and the
// new shape must fit with no wall inside it. A step whose new shape is squeezed is hampered once
// more (×2, stacking with difficult terrain as ×4). With the option `escapeArtist`, Huge and bigger
// creatures may also take shapes narrower than half (〈脱出術〉, a check each time), at the same cost.
import { TERRAIN_DIFFICULT } from '../../grid/grid'
import type { Battlefield } from './creatures'
import type { Mover } from './steps'

/** Attack and AC modifiers while squeezed (表:『攻撃ロールの修正値』『アーマー・クラスへの修正』). */
export const SQUEEZE_PENALTIES = { attack: -4, ac: -4 } as const
/** Squeezed narrower than half with 〈脱出術〉: no attacks, −4 AC and no 【敏捷力】 bonus to AC. */
export const ESCAPE_ARTIST_PENALTIES = { canAttack: false, ac: -4, dexToAc: 'lost' } as const

/** `to` = new north-west square, `toShape` = index into mover.shapes, `hampering` including the squeeze. */
export type FootprintVisit = (to: number, toShape: number, hampering: number) => void

function squeezeExtra(mover: Mover, shape: number): number {
  return mover.shapes[shape].squeezed ? 1 : 0
}

/** Every way the space at `from` in shape `shape` can take the step (dx, dy). */
export function footprintSteps(
  mover: Mover,
  from: number,
  shape: number,
  dx: number,
  dy: number,
  visit: FootprintVisit,
): void {
  const width = mover.width
  const to = from + dy * width + dx
  if (!mover.stepBlocked(from, dx, dy, shape) && mover.placement(to, shape) !== 0) {
    visit(to, shape, mover.hampering(from, dx, dy, shape) + squeezeExtra(mover, shape))
  }
  const shapes = mover.shapes
  if (shapes.length === 1) return
  const grid = mover.field.grid
  const x = from % width
  const y = (from - x) / width
  const { w, h } = shapes[shape]
  for (let next = 0; next < shapes.length; next++) {
    if (next === shape) continue
    const { w: W, h: H } = shapes[next]
    // The new shape's offset from the moved space lies between 0 and (old − new) on each axis.
    for (let ox = Math.min(0, w - W); ox <= Math.max(0, w - W); ox++) {
      for (let oy = Math.min(0, h - H); oy <= Math.max(0, h - H); oy++) {
        const nx = x + dx + ox
        const ny = y + dy + oy
        if (nx < 0 || ny < 0 || nx + W > grid.width || ny + H > grid.height) continue
        // No square may end more than one square from the old space: a change of shape never
        // carries the leading edge two squares in one step.
        if (nx < x - 1 || ny < y - 1 || nx + W > x + w + 1 || ny + H > y + h + 1) continue
        const nw = ny * width + nx
        if (mover.placement(nw, next) === 0) continue
        const hampering = changeHampering(mover, x, y, w, h, nx, ny, W, H, dx, dy)
        if (hampering >= 0) visit(nw, next, hampering + squeezeExtra(mover, next))
      }
    }
  }
}

/**
 * -1 when a square carried over from the old rectangle is blocked on its step (or none is carried
 * over), else the hampering of the change: difficult terrain in the new space, a low wall crossed.
 */
function changeHampering(
  mover: Mover,
  x: number,
  y: number,
  w: number,
  h: number,
  nx: number,
  ny: number,
  W: number,
  H: number,
  dx: number,
  dy: number,
): number {
  const grid = mover.field.grid
  let carried = 0
  let difficult = 0
  let lowWall = 0
  for (let qy = ny; qy < ny + H; qy++) {
    for (let qx = nx; qx < nx + W; qx++) {
      if (grid.terrain[qy * grid.width + qx] === TERRAIN_DIFFICULT) difficult = 1
      const px = qx - dx
      const py = qy - dy
      if (px < x || py < y || px >= x + w || py >= y + h) continue
      const low = mover.singleStep(py * grid.width + px, dx, dy)
      if (low < 0) return -1
      carried++
      lowWall |= low
    }
  }
  if (carried === 0) return -1
  return mover.creature.unhindered ? 0 : difficult + lowWall
}

/** The cells of a space at north-west square `nw` in one of the mover's shapes. */
export function shapeCells(field: Battlefield, mover: Mover, nw: number, shape: number): number[] {
  const { w, h } = mover.shapes[shape]
  return field.footprintCells(field.grid.cellOf(nw), w, h)
}
