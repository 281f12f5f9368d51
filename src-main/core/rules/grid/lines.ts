// Exact line tests on the grid. Points are in doubled integer coordinates — the centre of cell
// (x, y) is (2x + 1, 2y + 1) and its north-west corner is (2x, 2y) — so every comparison is an
// integer cross product or a comparison of fractions with one shared denominator: no epsilon.
//
// A line meets obstacles in one of two ways:
//   'cross' — it passes through the obstacle (through an edge's interior, through a solid
//             cell's interior, or through a corner where obstacles lie on both of its sides);
//   'touch' — it only grazes it: passes exactly through an edge's end point, runs along an edge,
//             ends on an edge, or touches a cell's boundary.
import type { Cell } from '../model'
import type { EdgeCode, EdgeSide, Grid } from './grid'
import { EDGE_NONE, TERRAIN_SOLID } from './grid'

export type Point = readonly [number, number]
export type Contact = 'cross' | 'touch'

export type LineObstacle =
  | {
      readonly type: 'edge'
      readonly cell: number
      readonly side: EdgeSide
      readonly code: EdgeCode
    }
  /** A solid cell, or a cell the caller marked as occupied. */
  | { readonly type: 'cell'; readonly cell: number; readonly solid: boolean }
  /** A corner the line threads through with edges or cells on both of its sides. */
  | {
      readonly type: 'corner'
      /** Corner coordinates: corner (i, j) is the north-west corner of cell (i, j). */
      readonly at: Point
      readonly left: readonly LineObstacle[]
      readonly right: readonly LineObstacle[]
    }

/** Return true to stop the trace early. */
export type LineVisitor = (obstacle: LineObstacle, contact: Contact) => boolean | void

export interface TraceOptions {
  /** Cells that obstruct like solid ones (e.g. creatures giving soft cover). */
  occupied?: (cell: number) => boolean
  /**
   * Coordinate resolution: a cell spans 2 × scale units (default 1, doubled coordinates).
   * Scale 2 gives integer points a quarter cell inside each corner, as vision uses.
   */
  scale?: number
}

export function centreOf(cell: Cell | Point): Point {
  return [2 * cell[0] + 1, 2 * cell[1] + 1]
}

/** Corner (i, j) = the north-west corner of cell (i, j); i may equal width, j height. */
export function cornerPoint(i: number, j: number): Point {
  return [2 * i, 2 * j]
}

function floorDiv(a: number, b: number): number {
  return Math.floor(a / b)
}

function ceilDiv(a: number, b: number): number {
  return Math.ceil(a / b)
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b]
  return a
}

/**
 * Visits every obstacle the closed segment from `from` to `to` (doubled coordinates) meets:
 * partition edges (any code but none), solid cells and occupied cells, and separating corners.
 * Returns true if the visitor stopped the trace.
 */
export function traceLine(
  grid: Grid,
  from: Point,
  to: Point,
  visit: LineVisitor,
  options: TraceOptions = {},
): boolean {
  const [px, py] = from
  const [qx, qy] = to
  const dx = qx - px
  const dy = qy - py
  const width = grid.width
  const height = grid.height
  const occupied = options.occupied
  const S = 2 * (options.scale ?? 1)
  const den = Math.abs(dx)
  const sign = dx < 0 ? -1 : 1
  // y(x) = yNum(x) / den along the line (only when dx != 0)
  const yNum = (x: number): number => sign * (py * dx + (x - px) * dy)

  const minX = Math.min(px, qx)
  const maxX = Math.max(px, qx)
  const minY = Math.min(py, qy)
  const maxY = Math.max(py, qy)
  const c0 = Math.max(0, ceilDiv(minX - S, S))
  const c1 = Math.min(width - 1, floorDiv(maxX, S))

  for (let cx = c0; cx <= c1; cx++) {
    const xl = Math.max(minX, S * cx)
    const xr = Math.min(maxX, S * cx + S)
    let loNum: number
    let hiNum: number
    let d: number
    if (dx === 0) {
      loNum = minY
      hiNum = maxY
      d = 1
    } else {
      const a = yNum(xl)
      const b = yNum(xr)
      loNum = Math.min(a, b)
      hiNum = Math.max(a, b)
      d = den
    }
    const r0 = Math.max(0, ceilDiv(loNum - S * d, S * d))
    const r1 = Math.min(height - 1, floorDiv(hiNum, S * d))
    for (let cy = r0; cy <= r1; cy++) {
      const index = cy * width + cx
      const solid = grid.terrain[index] === TERRAIN_SOLID
      if (solid || (occupied !== undefined && occupied(index))) {
        const contact = cellContact(S * cx, S * cy, S, dx, dy, px, py, xl, xr, loNum, hiNum, d)
        if (visit({ type: 'cell', cell: index, solid }, contact)) return true
      }
      if (cx + 1 < width) {
        const code = grid.eastEdge[index] as EdgeCode
        if (code !== EDGE_NONE) {
          const contact = verticalEdgeContact(S * cx + S, S * cy, S, px, py, qx, qy)
          if (contact && visit({ type: 'edge', cell: index, side: 'east', code }, contact))
            return true
        }
      }
      if (cy + 1 < height) {
        const code = grid.southEdge[index] as EdgeCode
        if (code !== EDGE_NONE) {
          const contact = verticalEdgeContact(S * cy + S, S * cx, S, py, px, qy, qx)
          if (contact && visit({ type: 'edge', cell: index, side: 'south', code }, contact))
            return true
        }
      }
    }
  }
  return traceCorners(grid, from, to, S, visit, occupied)
}

/** How the segment meets the cell with west side x0 and north side y0, whose closed square it is known to meet. */
function cellContact(
  x0: number,
  y0: number,
  S: number,
  dx: number,
  dy: number,
  px: number,
  py: number,
  xl: number,
  xr: number,
  loNum: number,
  hiNum: number,
  d: number,
): Contact {
  const top = y0 * d
  const bottom = (y0 + S) * d
  if (dx === 0) {
    const inside = px > x0 && px < x0 + S && Math.max(loNum, top) < Math.min(hiNum, bottom)
    return inside ? 'cross' : 'touch'
  }
  if (xl >= xr) return 'touch'
  if (dy === 0) return py > y0 && py < y0 + S ? 'cross' : 'touch'
  return loNum < bottom && hiNum > top ? 'cross' : 'touch'
}

/**
 * Contact of the segment with the edge on line u = e from v = v0 to v0 + S, written for a vertical
 * edge (u = x, v = y); a horizontal edge passes its coordinates swapped. End points of the edge
 * (corners) are left to the corner pass.
 */
function verticalEdgeContact(
  e: number,
  v0: number,
  S: number,
  pu: number,
  pv: number,
  qu: number,
  qv: number,
): Contact | null {
  const du = qu - pu
  const dv = qv - pv
  if (du === 0) {
    if (pu !== e) return null
    const lo = Math.max(Math.min(pv, qv), v0)
    const hi = Math.min(Math.max(pv, qv), v0 + S)
    return lo < hi ? 'touch' : null // running along the edge; a single shared point is a corner
  }
  const side1 = pu - e
  const side2 = qu - e
  if (side1 * side2 > 0) return null
  // v at u = e, as num / den with den > 0
  const den = Math.abs(du)
  const num = (du < 0 ? -1 : 1) * (pv * du + (e - pu) * dv)
  if (num <= v0 * den || num >= (v0 + S) * den) return null // misses, or meets a corner
  return side1 === 0 || side2 === 0 ? 'touch' : 'cross'
}

function traceCorners(
  grid: Grid,
  from: Point,
  to: Point,
  S: number,
  visit: LineVisitor,
  occupied: ((cell: number) => boolean) | undefined,
): boolean {
  const [px, py] = from
  const dx = to[0] - px
  const dy = to[1] - py
  const g = gcd(Math.abs(dx), Math.abs(dy))
  if (g === 0) return false
  const sx = dx / g
  const sy = dy / g
  for (let k = 0; k <= g; k++) {
    const x = px + k * sx
    const y = py + k * sy
    if (x % S !== 0 || y % S !== 0) continue
    const i = x / S
    const j = y / S
    if (i < 0 || j < 0 || i > grid.width || j > grid.height) continue
    const where = k === 0 ? -1 : k === g ? 1 : 0
    if (visitCorner(grid, i, j, dx, dy, where, visit, occupied)) return true
  }
  return false
}

interface Ray {
  obstacle: LineObstacle
  rx: number
  ry: number
}

function visitCorner(
  grid: Grid,
  i: number,
  j: number,
  dx: number,
  dy: number,
  /** -1 at the line's start, 1 at its end, 0 strictly inside. */
  where: number,
  visit: LineVisitor,
  occupied: ((cell: number) => boolean) | undefined,
): boolean {
  const rays: Ray[] = []
  const w = grid.width
  const h = grid.height
  const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < w && y < h
  // The four edges that end at this corner, each with the direction it leaves the corner in.
  if (inside(i - 1, j - 1) && inside(i, j - 1))
    pushEdge(rays, grid, (j - 1) * w + i - 1, 'east', 0, -1)
  if (inside(i - 1, j) && inside(i, j)) pushEdge(rays, grid, j * w + i - 1, 'east', 0, 1)
  if (inside(i - 1, j - 1) && inside(i - 1, j))
    pushEdge(rays, grid, (j - 1) * w + i - 1, 'south', -1, 0)
  if (inside(i, j - 1) && inside(i, j)) pushEdge(rays, grid, (j - 1) * w + i, 'south', 1, 0)
  for (const ray of rays) {
    // An edge parallel to the line that overlaps it was reported as running along it; one that
    // only meets it at the line's end point is a graze.
    const parallel = dx * ray.ry - dy * ray.rx === 0
    const along = dx * ray.rx + dy * ray.ry
    const grazes = !parallel || (where === -1 && along < 0) || (where === 1 && along > 0)
    if (grazes && visit(ray.obstacle, 'touch')) return true
  }
  if (where !== 0) return false
  // Solid or occupied cells around the corner count as their two boundary rays.
  const quadrants: [number, number, number, number][] = [
    [i - 1, j - 1, -1, -1],
    [i, j - 1, 1, -1],
    [i - 1, j, -1, 1],
    [i, j, 1, 1],
  ]
  for (const [cx, cy, qx, qy] of quadrants) {
    if (!inside(cx, cy)) continue
    const index = cy * w + cx
    const solid = grid.terrain[index] === TERRAIN_SOLID
    if (!solid && !(occupied !== undefined && occupied(index))) continue
    const obstacle: LineObstacle = { type: 'cell', cell: index, solid }
    rays.push({ obstacle, rx: qx, ry: 0 }, { obstacle, rx: 0, ry: qy })
  }
  const left: LineObstacle[] = []
  const right: LineObstacle[] = []
  for (const ray of rays) {
    const side = dx * ray.ry - dy * ray.rx
    const list = side > 0 ? right : side < 0 ? left : null
    if (list && !list.includes(ray.obstacle)) list.push(ray.obstacle)
  }
  if (left.length > 0 && right.length > 0) {
    return visit({ type: 'corner', at: [i, j], left, right }, 'cross') === true
  }
  return false
}

function pushEdge(
  rays: Ray[],
  grid: Grid,
  cell: number,
  side: EdgeSide,
  rx: number,
  ry: number,
): void {
  const code = (side === 'east' ? grid.eastEdge[cell] : grid.southEdge[cell]) as EdgeCode
  if (code !== EDGE_NONE) rays.push({ obstacle: { type: 'edge', cell, side, code }, rx, ry })
}

/**
 * The strongest obstruction a line meets, for systems that rank obstacles by a level
 * (e.g. 2 = blocks sight, 1 = partial, 0 = none). A separating corner counts as crossed at the
 * weaker of its two sides' strongest levels (the line slips through the weaker side).
 */
export function obstructionLevels(
  grid: Grid,
  from: Point,
  to: Point,
  level: (obstacle: LineObstacle) => number,
  options: TraceOptions & {
    ignoreCells?: readonly number[]
    /** Stop as soon as something of this level is crossed (nothing stronger matters then). */
    stopAtCross?: number
  } = {},
): { cross: number; touch: number } {
  const stopAt = options.stopAtCross ?? Infinity
  let cross = 0
  let touch = 0
  const ignore = options.ignoreCells ?? []
  const levelOf = (o: LineObstacle): number =>
    o.type === 'cell' && ignore.includes(o.cell) ? 0 : level(o)
  traceLine(
    grid,
    from,
    to,
    (obstacle, contact) => {
      if (obstacle.type === 'corner') {
        const l = Math.max(0, ...obstacle.left.map(levelOf))
        const r = Math.max(0, ...obstacle.right.map(levelOf))
        cross = Math.max(cross, Math.min(l, r))
        return cross >= stopAt
      }
      const value = levelOf(obstacle)
      if (contact === 'cross') cross = Math.max(cross, value)
      else touch = Math.max(touch, value)
      return cross >= stopAt
    },
    options,
  )
  return { cross, touch }
}
