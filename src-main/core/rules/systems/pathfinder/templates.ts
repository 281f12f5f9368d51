// Cone and line areas (Core Rulebook 呪文の狙いを定める; the seeds only give bursts and spreads, so
// the method is the rulebook's grid method, README "Cones and lines"). Both start at a grid
// intersection and point towards another intersection; distance is counted as for bursts: from
// the intersection, the four touching squares 5 ft, then 5/10/5 to the square's far side.
//
// Cone (円錐形): a quarter circle — the squares within the radius whose centre lies within 45° of
// the aimed direction (boundary included: aimed straight along a grid line, the first column is
// the two squares touching the origin) and that have line of effect from the origin (not in total
// cover, as a burst). Reflex bonus as a burst's.
//
// Line (直線): the squares whose interior the ray from the origin passes through, in order, until
// the radius, the map's edge, a solid square or a wall / closed door (line of effect) stops it.
// Passing exactly through a grid corner takes neither side square, and is stopped only when both
// sides of that corner are closed (a wall or solid square beside the ray on each side). A ray
// running along a grid line takes the squares on its right-hand side (`side: "left"` for the
// other). Reflex bonus as a spread's: only low walls count (the effect reached the square).
import type { Cell } from '../../model'
import { TERRAIN_SOLID, edgeBlocksSight } from '../../grid/grid'
import type { Battlefield } from './creatures'
import type { AreaCell } from './spread'
import { effectCover, intersectionFeet } from './spread'

export type LineSide = 'right' | 'left'

export function coneFrom(
  field: Battlefield,
  origin: Cell,
  toward: Cell,
  radius: number,
): AreaCell[] {
  const grid = field.grid
  const dx = toward[0] - origin[0]
  const dy = toward[1] - origin[1]
  const aim = dx * dx + dy * dy
  const { levels, reflex } = effectCover(field, origin)
  const span = Math.ceil(radius / 5)
  const out: AreaCell[] = []
  for (let y = Math.max(0, origin[1] - span); y < Math.min(grid.height, origin[1] + span); y++) {
    for (let x = Math.max(0, origin[0] - span); x < Math.min(grid.width, origin[0] + span); x++) {
      const cell = grid.index(x, y)
      if (grid.terrain[cell] === TERRAIN_SOLID || intersectionFeet(origin, x, y) > radius) continue
      // Centre relative to the origin, doubled so it stays integral; within 45° ⇔ 2·dot² ≥ |c|²·|d|².
      const cx = 2 * (x - origin[0]) + 1
      const cy = 2 * (y - origin[1]) + 1
      const dot = cx * dx + cy * dy
      if (dot <= 0 || 2 * dot * dot < (cx * cx + cy * cy) * aim) continue
      const lines = levels(cell)
      if (lines.every((l) => l >= 3)) continue
      out.push({ cell, reflex: reflex(lines) })
    }
  }
  return out
}

export function lineFrom(
  field: Battlefield,
  origin: Cell,
  toward: Cell,
  radius: number,
  side: LineSide = 'right',
): AreaCell[] {
  const grid = field.grid
  const dx = toward[0] - origin[0]
  const dy = toward[1] - origin[1]
  const sx = Math.sign(dx)
  const sy = Math.sign(dy)
  const adx = Math.abs(dx)
  const ady = Math.abs(dy)
  // Right-hand normal on the screen (y grows south): east → south, north → east.
  const normal = side === 'right' ? [-dy, dx] : [dy, -dx]
  let x =
    dx !== 0 ? (sx > 0 ? origin[0] : origin[0] - 1) : normal[0] > 0 ? origin[0] : origin[0] - 1
  let y =
    dy !== 0 ? (sy > 0 ? origin[1] : origin[1] - 1) : normal[1] > 0 ? origin[1] : origin[1] - 1
  const closed = (ax: number, ay: number, bx: number, by: number) =>
    edgeBlocksSight(grid.edgeBetween([ax, ay], [bx, by]))
  const shut = (ax: number, ay: number) => grid.terrain[grid.index(ax, ay)] === TERRAIN_SOLID
  const { levels, reflex } = effectCover(field, origin)
  const out: AreaCell[] = []
  // Next vertical / horizontal grid line crossed: the n-th at t = n / |dx|, the m-th at t = m / |dy|.
  let n = 1
  let m = 1
  while (grid.inBounds(x, y) && !shut(x, y) && intersectionFeet(origin, x, y) <= radius) {
    const cell = grid.index(x, y)
    out.push({ cell, reflex: reflex(levels(cell).map((l) => (l >= 3 ? 0 : l))) })
    const vertical = dy === 0 || (dx !== 0 && n * ady < m * adx)
    const horizontal = dx === 0 || (dy !== 0 && m * adx < n * ady)
    if (vertical) {
      if (!grid.inBounds(x + sx, y) || closed(x, y, x + sx, y)) break
      x += sx
      n++
    } else if (horizontal) {
      if (!grid.inBounds(x, y + sy) || closed(x, y, x, y + sy)) break
      y += sy
      m++
    } else {
      // Through a corner: closed only when each side of the ray has a wall or solid square there.
      if (!grid.inBounds(x + sx, y + sy)) break
      const sideA = shut(x + sx, y) || closed(x, y, x + sx, y) || closed(x + sx, y, x + sx, y + sy)
      const sideB = shut(x, y + sy) || closed(x, y, x, y + sy) || closed(x, y + sy, x + sx, y + sy)
      if (sideA && sideB) break
      x += sx
      y += sy
      n++
      m++
    }
  }
  return out.sort((a, b) => a.cell - b.cell)
}
