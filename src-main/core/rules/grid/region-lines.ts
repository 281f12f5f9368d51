// Lines between two regions of squares (an attacker's space and a target's, an effect's origin
// and a square), drawn from a grid intersection of one to a grid intersection of the other, as
// the corner-to-corner cover rules draw them (003 遮蔽, 002). A line belongs to its regions: it
// starts inside the first and ends inside the second, so it is judged as if moved an
// infinitely small distance off the ideal segment, its ends pushed into their regions' squares:
//
//   - an obstacle it passes through (an edge's interior, a cell's interior) is met whatever
//     the push;
//   - at a grid intersection on the way it passes on one side or the other and meets the walls
//     (and solid or occupied squares) on that side; exactly through, it meets them only when
//     both sides have some (a graze past a wall's end is free, as before);
//   - along a grid line it passes beside the squares on the side it is pushed to, and it can
//     change sides there only by crossing the edge it runs along;
//   - the push at the two ends is straight: the line is still a segment, so it changes sides at
//     most once;
//   - at an end, it must get into a square of its region: a wall on the intersection between
//     the line and the region's squares stops it (「壁を通らない線を1本も引くことができない」:
//     a line that ends on a wall at the target's near corner is not clear, and a corner that
//     lies on the wall between attacker and target does not let lines through it).
//
// Outside the map counts as a cell of `borderLevel` (nothing lies beyond the map's edge).
// Each obstacle has a level (e.g. 3 blocks, 2 gives cover, 1 soft); the answer is the least
// possible highest level met, so a clear line is 0.
import type { EdgeCode, EdgeSide, Grid } from './grid'
import { EDGE_NONE } from './grid'
import { traceLine } from './lines'

export interface RegionLineRules {
  /** Level of a partition (0 for none); `cell` and `side` say where it is (stored on its west / north cell). */
  edgeLevel(code: EdgeCode, cell: number, side: EdgeSide): number
  /** Level of a cell on the map as an obstacle (0 for none); cells of the two regions are never obstacles. */
  cellLevel(cell: number): number
  /** Level of the outside of the map. */
  readonly borderLevel: number
}

/** A region as a predicate on cell coordinates (may be asked about cells off the map). */
export type Region = (x: number, y: number) => boolean

/** Rays at an intersection, indexed 0 east, 1 south, 2 west, 3 north (angles 0°, 90°, 180°, 270°; y grows south). */
type Rays = [number, number, number, number]

/** Quadrants at an intersection: 0 south-east (0°–90°), 1 south-west, 2 north-west, 3 north-east. */
const QUADRANT_CELL: readonly (readonly [number, number])[] = [
  [0, 0],
  [-1, 0],
  [-1, -1],
  [0, -1],
]

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b]
  return a
}

/** Direction angle in degrees, exact on the axes (y grows south). */
function angleOf(dx: number, dy: number): number {
  if (dy === 0) return dx > 0 ? 0 : 180
  if (dx === 0) return dy > 0 ? 90 : 270
  const a = (Math.atan2(dy, dx) * 180) / Math.PI
  return a < 0 ? a + 360 : a
}

function mod360(a: number): number {
  const r = a % 360
  return r < 0 ? r + 360 : r
}

export class RegionLines {
  constructor(
    readonly grid: Grid,
    readonly rules: RegionLineRules,
  ) {}

  private cellLevelAt(x: number, y: number, ignore: Region[]): number {
    const { grid } = this
    if (ignore.some((r) => r(x, y))) return 0
    if (!grid.inBounds(x, y)) return this.rules.borderLevel
    return this.rules.cellLevel(grid.index(x, y))
  }

  private edgeLevelBetween(ax: number, ay: number, bx: number, by: number): number {
    const { grid } = this
    if (!grid.inBounds(ax, ay) || !grid.inBounds(bx, by)) return 0
    const slot = grid.edgeSlot([ax, ay], [bx, by])
    if (!slot) return 0
    const code = (
      slot.side === 'east' ? grid.eastEdge[slot.cell] : grid.southEdge[slot.cell]
    ) as EdgeCode
    return code === EDGE_NONE ? 0 : this.rules.edgeLevel(code, slot.cell, slot.side)
  }

  /** The level of each ray leaving intersection (i, j): the partition along it and the obstacle squares beside it. */
  private raysAt(i: number, j: number, ignore: Region[]): Rays {
    const q = QUADRANT_CELL.map(([dx, dy]) => this.cellLevelAt(i + dx, j + dy, ignore))
    return [
      Math.max(this.edgeLevelBetween(i, j - 1, i, j), q[0], q[3]), // east: between (i, j-1) and (i, j)
      Math.max(this.edgeLevelBetween(i - 1, j, i, j), q[0], q[1]), // south: between (i-1, j) and (i, j)
      Math.max(this.edgeLevelBetween(i - 1, j - 1, i - 1, j), q[1], q[2]), // west
      Math.max(this.edgeLevelBetween(i - 1, j - 1, i, j - 1), q[2], q[3]), // north
    ]
  }

  /**
   * What getting from the line (direction `w`, pointing away from the intersection along it) into
   * a square of `region` at the intersection costs, pushed to the + side (angles above w) or the −
   * side: the highest ray level swept on the way, Infinity when the region has no square there.
   */
  private endCosts(
    i: number,
    j: number,
    w: number,
    region: Region,
    rays: Rays,
  ): { plus: number; minus: number } {
    let plus = Infinity
    let minus = Infinity
    for (let k = 0; k < 4; k++) {
      const [dx, dy] = QUADRANT_CELL[k]
      if (!region(i + dx, j + dy)) continue
      // Both boundaries as angles in [0, 360), computed like the ray offsets in swept() so the
      // boundary ray compares equal to the turn's end.
      const lo = 90 * k
      const hi = (lo + 90) % 360
      if (mod360(w - lo) > 0 && mod360(w - lo) < 90) return { plus: 0, minus: 0 }
      // Turning towards larger angles the quadrant is entered at `lo`; towards smaller ones at `hi`.
      const up = mod360(lo - w)
      if (up < 180) plus = Math.min(plus, swept(rays, w, up, 1))
      const down = mod360(w - hi)
      if (down < 180) minus = Math.min(minus, swept(rays, w, down, -1))
    }
    return { plus, minus }
  }

  /**
   * Level of the line from intersection `p` (corner coordinates: (i, j) is the north-west corner
   * of cell (i, j)) in region `from` to intersection `q` in region `to`.
   */
  level(
    p: readonly [number, number],
    q: readonly [number, number],
    from: Region,
    to: Region,
  ): number {
    const ignore = [from, to]
    const dx = q[0] - p[0]
    const dy = q[1] - p[1]
    if (dx === 0 && dy === 0) return this.pointLevel(p[0], p[1], from, to, ignore)
    const theta = angleOf(dx, dy)
    const g = gcd(Math.abs(dx), Math.abs(dy))
    const sx = dx / g
    const sy = dy / g
    const axis = dx === 0 || dy === 0

    // Obstacles every push meets: edges and cells the segment passes through (never along axes).
    let base = 0
    if (!axis) {
      traceLine(
        this.grid,
        [2 * p[0], 2 * p[1]],
        [2 * q[0], 2 * q[1]],
        (o, contact) => {
          if (contact !== 'cross' || o.type === 'corner') return false
          if (o.type === 'edge') base = Math.max(base, this.rules.edgeLevel(o.code, o.cell, o.side))
          else {
            const [cx, cy] = this.grid.cellOf(o.cell)
            base = Math.max(base, this.cellLevelAt(cx, cy, ignore))
          }
          return false
        },
        { occupied: (cell) => this.rules.cellLevel(cell) > 0 },
      )
    }

    // Per intersection on the way: the cost of passing on the + / − side, or exactly through.
    const start = this.endCosts(p[0], p[1], theta, from, this.raysAt(p[0], p[1], ignore))
    // At the far end the line arrives from the opposite direction: its + side is the line's − side.
    const endRaw = this.endCosts(
      q[0],
      q[1],
      mod360(theta + 180),
      to,
      this.raysAt(q[0], q[1], ignore),
    )
    const end = { plus: endRaw.minus, minus: endRaw.plus }
    const mids: Mid[] = []
    for (let k = 1; k < g; k++) {
      const rays = this.raysAt(p[0] + k * sx, p[1] + k * sy, ignore)
      const mid: Mid = { plus: 0, minus: 0, ahead: 0, behind: 0 }
      for (let r = 0; r < 4; r++) {
        const offset = mod360(90 * r - theta)
        if (offset === 0) mid.ahead = rays[r]
        else if (offset === 180) mid.behind = rays[r]
        else if (offset < 180) mid.plus = Math.max(mid.plus, rays[r])
        else mid.minus = Math.max(mid.minus, rays[r])
      }
      mids.push(mid)
    }
    // Stretches between consecutive intersections: along a grid line (axis lines only) the line
    // passes beside a square on each side, and changes side only across the edge it runs along.
    const stretchPlus: number[] = []
    const stretchMinus: number[] = []
    const stretchSwitch: number[] = []
    for (let k = 0; k < g; k++) {
      if (!axis) {
        stretchPlus.push(0)
        stretchMinus.push(0)
        stretchSwitch.push(0)
        continue
      }
      const ax = p[0] + k * sx
      const ay = p[1] + k * sy
      // The two cells beside the unit edge from (ax, ay) to (ax + sx, ay + sy).
      let plusCell: [number, number]
      let minusCell: [number, number]
      let switchLevel: number
      if (sy === 0) {
        const cx = Math.min(ax, ax + sx)
        // Heading east (0°) the + side (90°) is south; heading west it is north.
        const south: [number, number] = [cx, ay]
        const north: [number, number] = [cx, ay - 1]
        ;[plusCell, minusCell] = sx > 0 ? [south, north] : [north, south]
        switchLevel = this.edgeLevelBetween(cx, ay - 1, cx, ay)
      } else {
        const cy = Math.min(ay, ay + sy)
        // Heading south (90°) the + side (180°) is west; heading north it is east.
        const west: [number, number] = [ax - 1, cy]
        const east: [number, number] = [ax, cy]
        ;[plusCell, minusCell] = sy > 0 ? [west, east] : [east, west]
        switchLevel = this.edgeLevelBetween(ax - 1, cy, ax, cy)
      }
      stretchPlus.push(this.cellLevelAt(plusCell[0], plusCell[1], ignore))
      stretchMinus.push(this.cellLevelAt(minusCell[0], minusCell[1], ignore))
      stretchSwitch.push(switchLevel)
    }
    return Math.max(base, bestPush(start, end, mids, stretchPlus, stretchMinus, stretchSwitch))
  }

  /** A line of no length (the two regions meet at this intersection): from a square of one to a square of the other around it. */
  private pointLevel(i: number, j: number, from: Region, to: Region, ignore: Region[]): number {
    const rays = this.raysAt(i, j, ignore)
    let best = Infinity
    for (let a = 0; a < 4; a++) {
      const [ax, ay] = QUADRANT_CELL[a]
      if (!from(i + ax, j + ay)) continue
      for (let b = 0; b < 4; b++) {
        const [bx, by] = QUADRANT_CELL[b]
        if (!to(i + bx, j + by)) continue
        if (a === b) return 0
        // Turning from quadrant a to quadrant b passes the rays between them, either way round,
        // as long as the turn is less than half a circle.
        const up = mod360(90 * b - 90 * (a + 1)) // rays a+1 … b
        if (up < 180) best = Math.min(best, sweptFromRay(rays, (a + 1) % 4, up / 90 + 1))
        const down = mod360(90 * a - 90 * (b + 1)) // rays a … b+1, going down
        if (down < 180) best = Math.min(best, sweptFromRay(rays, (b + 1) % 4, down / 90 + 1))
      }
    }
    return best === Infinity ? 0 : best
  }
}

/** Highest ray level in the turn from angle w by `span` degrees (w excluded, the end included). */
function swept(rays: Rays, w: number, span: number, direction: 1 | -1): number {
  let level = 0
  for (let r = 0; r < 4; r++) {
    const offset = direction === 1 ? mod360(90 * r - w) : mod360(w - 90 * r)
    if (offset > 0 && offset <= span) level = Math.max(level, rays[r])
  }
  return level
}

/** Highest level of `count` consecutive rays from ray `first`, going round. */
function sweptFromRay(rays: Rays, first: number, count: number): number {
  let level = 0
  for (let k = 0; k < count; k++) level = Math.max(level, rays[(first + k) % 4])
  return level
}

/** An intersection on the way: the highest ray level on each side, and along the line ahead and behind (axis lines). */
interface Mid {
  plus: number
  minus: number
  ahead: number
  behind: number
}

/**
 * The least highest level over the ways a straight pushed line can pass: one side all along, or
 * one change of side (inside a stretch, across its edge, or exactly through an intersection).
 */
function bestPush(
  start: { plus: number; minus: number },
  end: { plus: number; minus: number },
  mids: readonly Mid[],
  stretchPlus: readonly number[],
  stretchMinus: readonly number[],
  stretchSwitch: readonly number[],
): number {
  const g = stretchPlus.length
  // Elements in order: start, stretch 0, intersection 1, stretch 1, …, stretch g−1, end.
  const n = 2 * g + 1
  const costs = (plus: boolean): number[] => {
    const out: number[] = new Array(n)
    out[0] = plus ? start.plus : start.minus
    out[n - 1] = plus ? end.plus : end.minus
    for (let k = 0; k < g; k++) out[2 * k + 1] = plus ? stretchPlus[k] : stretchMinus[k]
    for (let k = 1; k < g; k++) out[2 * k] = plus ? mids[k - 1].plus : mids[k - 1].minus
    return out
  }
  let best = Infinity
  for (const first of [true, false]) {
    const a = costs(first)
    const b = costs(!first)
    const prefix: number[] = new Array(n)
    prefix[0] = a[0]
    for (let i = 1; i < n; i++) prefix[i] = Math.max(prefix[i - 1], a[i])
    const suffix: number[] = new Array(n + 1)
    suffix[n] = 0
    for (let i = n - 1; i >= 0; i--) suffix[i] = Math.max(suffix[i + 1], b[i])
    best = Math.min(best, prefix[n - 1])
    for (let i = 1; i < n - 1; i++) {
      let change: number
      if (i % 2 === 1) change = Math.max(a[i], b[i], stretchSwitch[(i - 1) / 2])
      else {
        // Through the intersection, tilted from side a to side b: what lies along the line ahead
        // is then on side a, what lies behind on side b; it is met only if both sides hold some.
        const mid = mids[i / 2 - 1]
        change = Math.min(Math.max(a[i], mid.ahead), Math.max(b[i], mid.behind))
      }
      best = Math.min(best, Math.max(prefix[i - 1], change, suffix[i + 1]))
    }
  }
  return best
}
