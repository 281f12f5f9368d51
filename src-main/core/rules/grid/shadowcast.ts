// Exact shadowcasting for vision.ts. Same definition of sight as the line traces there (a target
// point is seen when the segment from the viewer's centre to it crosses no wall, closed door or
// solid cell, and threads no corner with blockers on both sides), decided per octant by slopes
// instead of per line.
//
// Why slopes are enough. Work in quarter-cell units with the viewer's centre at the origin and
// an octant turned so that 0 ≤ y ≤ x: cell (k, j) spans x ∈ [4k−2, 4k+2], y ∈ [4j−2, 4j+2], and
// its five target points are (4k, 4j) and (4k±1, 4j±1). Target points never lie on a grid line.
// The segment to a point P with P.x = px only meets blockers left of px, and a blocker clipped
// there meets the segment exactly when P's slope lies strictly inside the blocker's slope range
// (an open interval: grazing an end point does not block). A blocking corner blocks its one slope
// for every point past it. So the blockers of columns 0 … k−1 and the edges and corners on the line
// x = 4k−2 give column k a set of lit slopes: a union of intervals whose ends may be open or
// closed. The only blocker inside column k that can cover one of its own target points is, for
// the point (4k+1, 4j−1), the partition under cell (k, j) or the solid cell (k, j−1) — when
// 3j > k + 1 (compare (4j−1)/(4k+1) with (4j−2)/(4k−2)); every other point of the column lies left
// of, or below the shadow of, anything else in the column.
//
// Slopes are fractions of small integers compared by cross multiplication: no epsilon.
import type { Grid } from './grid'
import { addToLineReach, type LineReach } from './line-reach'
import type { SightBlockers } from './sight-blockers'

/**
 * One octant around a viewer: local cell (k, j) — k along the major axis, 0 ≤ j ≤ k along the
 * minor one — is grid cell `from + k·dMajor + j·dMinor`.
 */
export interface Octant {
  readonly from: number
  readonly dMajor: number
  readonly dMinor: number
  /** Largest k (and j) still on the map. */
  readonly majorMax: number
  readonly minorMax: number
  /** The partition between local (k, j) and (k+1, j) is on the east side of cell idx + majorOffset if majorEast, else south. */
  readonly majorEast: boolean
  readonly majorOffset: number
  readonly minorEast: boolean
  readonly minorOffset: number
}

/** [major x, major y, minor x, minor y] in cells. */
const OCTANTS: readonly (readonly [number, number, number, number])[] = [
  [1, 0, 0, 1],
  [1, 0, 0, -1],
  [-1, 0, 0, 1],
  [-1, 0, 0, -1],
  [0, 1, 1, 0],
  [0, 1, -1, 0],
  [0, -1, 1, 0],
  [0, -1, -1, 0],
]

function room(grid: Grid, fx: number, fy: number, ux: number, uy: number): number {
  if (ux > 0) return grid.width - 1 - fx
  if (ux < 0) return fx
  if (uy > 0) return grid.height - 1 - fy
  return fy
}

export function octantOf(
  grid: Grid,
  from: number,
  mx: number,
  my: number,
  nx: number,
  ny: number,
): Octant {
  const w = grid.width
  const fx = from % w
  const fy = (from - fx) / w
  const dMajor = mx + my * w
  const dMinor = nx + ny * w
  return {
    from,
    dMajor,
    dMinor,
    majorMax: room(grid, fx, fy, mx, my),
    minorMax: room(grid, fx, fy, nx, ny),
    majorEast: mx !== 0,
    majorOffset: dMajor > 0 ? 0 : dMajor,
    minorEast: nx !== 0,
    minorOffset: dMinor > 0 ? 0 : dMinor,
  }
}

/** Partition between local (k, j) and (k+1, j), cell idx = local (k, j). */
function majorEdge(o: Octant, b: SightBlockers, k: number, idx: number): boolean {
  return k < o.majorMax && b.edge(o.majorEast, idx + o.majorOffset)
}

/** Partition between local (k, j) and (k, j+1). */
function minorEdge(o: Octant, b: SightBlockers, j: number, idx: number): boolean {
  return j < o.minorMax && b.edge(o.minorEast, idx + o.minorOffset)
}

/**
 * Whether the corner at the far end of local (k, j) — (4k+2, 4j+2) — blocks the line through
 * it: blockers on both sides. Right of the line (below): the partition from the corner along +x,
 * the one along −y, the solid cell (k+1, j). Left: along −x, along +y, the solid cell (k, j+1).
 * The cells (k, j) and (k+1, j+1) lie across the line: a line through one of them is blocked by
 * it already, or it is the viewer's or the target's own cell, which does not count.
 */
function cornerBlocks(
  o: Octant,
  b: SightBlockers,
  k: number,
  j: number,
  idx: number,
  farSide = majorEdge(o, b, k, idx),
): boolean {
  if (k >= o.majorMax || j >= o.minorMax) return false
  const next = idx + o.dMajor
  const above = idx + o.dMinor
  const right = farSide || b.cell(next) || b.edge(o.minorEast, next + o.minorOffset)
  if (!right) return false
  return (
    b.edge(o.minorEast, idx + o.minorOffset) ||
    b.cell(above) ||
    b.edge(o.majorEast, above + o.majorOffset)
  )
}

/** a/ad < n/d < b/bd, all denominators positive. */
function strictlyBetween(
  n: number,
  d: number,
  a: number,
  ad: number,
  b: number,
  bd: number,
): boolean {
  return a * d < n * ad && n * bd < b * d
}

/**
 * Whether the target point (u, v) of the octant (quarter-cell units, 0 ≤ v ≤ u, u ≥ 1) is seen
 * from its origin. Cost: about three cells per column crossed.
 */
export function pointVisible(o: Octant, b: SightBlockers, u: number, v: number): boolean {
  const kP = (u + 1) >> 2
  const jP = (v + 1) >> 2
  if (majorEdge(o, b, 0, o.from) && v < u) return false // the viewer's own far side: slopes (−1, 1)
  if (v === u && cornerBlocks(o, b, 0, 0, o.from)) return false
  for (let k = 1; k < kP; k++) {
    const x0 = 4 * k - 2
    const x1 = 4 * k + 2
    const jLo = Math.max(0, Math.floor((v * x0 - 2 * u) / (4 * u)))
    const jHi = Math.min(k, o.minorMax, Math.ceil((v * x1 + 2 * u) / (4 * u)))
    const base = o.from + k * o.dMajor
    for (let j = jLo; j <= jHi; j++) {
      const idx = base + j * o.dMinor
      const y0 = 4 * j - 2
      const y1 = 4 * j + 2
      if (strictlyBetween(v, u, y0, x1, y1, x1) && majorEdge(o, b, k, idx)) return false
      if (
        (j === 0 ? strictlyBetween(v, u, -2, x0, 2, x0) : strictlyBetween(v, u, y0, x1, y1, x0)) &&
        b.cell(idx)
      )
        return false
      if (strictlyBetween(v, u, y1, x1, y1, x0) && minorEdge(o, b, j, idx)) return false
      if (v * x1 === y1 * u && cornerBlocks(o, b, k, j, idx)) return false
    }
  }
  return !(u === 4 * kP + 1 && v === 4 * jP - 1 && seCornerShaded(o, b, kP, jP))
}

/** Whether the point (4k+1, 4j−1) is shaded by the partition under its cell or the solid cell below (see the header). */
function seCornerShaded(o: Octant, b: SightBlockers, k: number, j: number): boolean {
  if (3 * j <= k + 1) return false
  const below = o.from + k * o.dMajor + (j - 1) * o.dMinor
  return b.edge(o.minorEast, below + o.minorOffset) || b.cell(below)
}

export interface SweepFilter {
  inRange?: (cell: number) => boolean
  isLit?: (cell: number) => boolean
  /** Largest k to look at (a Chebyshev radius in squares). */
  maxDistance: number
  /** Gets every square the sweep's lit slopes meet, the viewer's own included (line-reach.ts). */
  reached?: LineReach
}

const UNKNOWN = 0
const SEEN = 1
const EXCLUDED = 2
const ELIGIBLE = 3

/** The sorted set of cells seen from `from`, the viewer's own cell included when it is in range. */
export function shadowcast(
  grid: Grid,
  from: number,
  b: SightBlockers,
  filter: SweepFilter,
): number[] {
  const run = new Sweep(grid, from, b, filter)
  if (filter.inRange === undefined || filter.inRange(from)) run.mark(run.windowFrom, 0)
  for (const [mx, my, nx, ny] of OCTANTS)
    run.octant(octantOf(grid, from, mx, my, nx, ny), mx, my, nx, ny)
  if (filter.reached) run.addVisited(filter.reached, from)
  return run.cells()
}

/**
 * The sweep. Cell states live in a window of the map around the viewer (maxDistance squares
 * each way) so that a short-range view does not allocate for the whole map. Lit slopes are kept
 * as intervals, six numbers each: [lo num, lo den, lo closed, hi num, hi den, hi closed]
 * (1 = closed).
 */
class Sweep {
  private readonly state: Uint8Array
  private readonly width: number
  private readonly fx: number
  private readonly fy: number
  private readonly x0: number
  private readonly y0: number
  private readonly x1: number
  private readonly y1: number
  private readonly span: number
  readonly windowFrom: number
  /** Largest distance (k) of a cell marked seen, to bound the final scan. */
  private reach = 0
  /** Largest distance (k) of a column the sweep looked at. */
  private farthest = 0
  private seen = 0
  // the interval being cut, and the cursor: everything below it has been dealt with
  private hN = 0
  private hD = 1
  private hC = 1
  private cN = 0
  private cD = 1
  private cC = 1
  private out: number[] = []
  private spare: number[] = []
  private count = 0
  // the lit interval the current column's points are tested against
  private aN = 0
  private aD = 1
  private aC = 1

  constructor(
    grid: Grid,
    from: number,
    private readonly b: SightBlockers,
    private readonly filter: SweepFilter,
  ) {
    const w = grid.width
    this.width = w
    this.fx = from % w
    this.fy = (from - this.fx) / w
    const r = Math.min(filter.maxDistance, Math.max(grid.width, grid.height))
    this.x0 = Math.max(0, this.fx - r)
    this.y0 = Math.max(0, this.fy - r)
    this.x1 = Math.min(w - 1, this.fx + r)
    this.y1 = Math.min(grid.height - 1, this.fy + r)
    this.span = this.x1 - this.x0 + 1
    this.state = new Uint8Array(this.span * (this.y1 - this.y0 + 1))
    this.windowFrom = (this.fy - this.y0) * this.span + this.fx - this.x0
  }

  mark(at: number, k: number): void {
    this.state[at] = SEEN
    this.seen++
    if (k > this.reach) this.reach = k
  }

  cells(): number[] {
    // Pushed, not written into `new Array(seen)`, whose elements V8 keeps "holey" for good: every
    // user of the list then takes V8's slower paths for holes (issue 29: bench wall-click's
    // dispatch ran 5.8–8.1 ms against 2.6–2.8 while the party's fog kept such a list).
    const list: number[] = []
    const r = this.reach
    const xa = Math.max(this.x0, this.fx - r)
    const xb = Math.min(this.x1, this.fx + r)
    for (
      let y = Math.max(this.y0, this.fy - r), yb = Math.min(this.y1, this.fy + r);
      y <= yb;
      y++
    ) {
      const row = (y - this.y0) * this.span - this.x0
      for (let x = xa; x <= xb; x++) if (this.state[row + x] === SEEN) list.push(y * this.width + x)
    }
    return list
  }

  /** Every square the sweep visited (its lit slopes met it), and the viewer's own, into `reached`. */
  addVisited(reached: LineReach, from: number): void {
    addToLineReach(reached, from)
    const r = this.farthest
    for (
      let y = Math.max(this.y0, this.fy - r), yb = Math.min(this.y1, this.fy + r);
      y <= yb;
      y++
    ) {
      const row = (y - this.y0) * this.span - this.x0
      for (
        let x = Math.max(this.x0, this.fx - r), xb = Math.min(this.x1, this.fx + r);
        x <= xb;
        x++
      )
        if (this.state[row + x] !== UNKNOWN) addToLineReach(reached, y * this.width + x)
    }
  }

  octant(o: Octant, mx: number, my: number, nx: number, ny: number): void {
    const { east, south, cells, edgeBits, cellBits } = this.b.tables()
    const majorEdges = o.majorEast ? east : south
    const minorEdges = o.minorEast ? east : south
    const { majorOffset, minorOffset, dMajor, dMinor } = o
    const kFar = o.majorMax
    const jFar = o.minorMax
    const wMajor = mx + my * this.span
    const wMinor = nx + ny * this.span
    let lit = this.spare
    lit[0] = 0
    lit[1] = 1
    lit[2] = 1
    lit[3] = 1
    lit[4] = 1
    lit[5] = 1
    let n = 1
    const limit = Math.min(o.majorMax, this.filter.maxDistance)
    for (let k = 0; k <= limit && n > 0; k++) {
      const x0 = 4 * k - 2
      const x1 = 4 * k + 2
      const jMax = Math.min(k, o.minorMax)
      const base = o.from + k * dMajor
      const wBase = this.windowFrom + k * wMajor
      if (k > this.farthest) this.farthest = k
      this.count = 0
      for (let i = 0; i < 6 * n; i += 6) {
        const aN = lit[i]
        const aD = lit[i + 1]
        const hN = lit[i + 3]
        const hD = lit[i + 4]
        this.aN = this.cN = aN
        this.aD = this.cD = aD
        this.aC = this.cC = lit[i + 2]
        this.hN = hN
        this.hD = hD
        this.hC = lit[i + 5]
        // cells whose slopes (points and shadows: [(4j−2)/x1, (4j+2)/x0]) meet the interval; one
        // that only touches an end cannot change anything, so float rounding there is harmless
        const jLo = k === 0 || aN <= 0 ? 0 : Math.max(0, Math.ceil((aN * x0 - 2 * aD) / (4 * aD)))
        const jHi =
          k === 0 ? 0 : hN >= hD ? jMax : Math.min(jMax, Math.floor((hN * x1 + 2 * hD) / (4 * hD)))
        for (let j = jLo; j <= jHi; j++) {
          const idx = base + j * dMinor
          if (k > 0) this.visitCell(o, idx, wBase + j * wMinor, k, j)
          const y0 = 4 * j - 2
          const y1 = 4 * j + 2
          const inside = k < kFar
          const farSide = inside && ((edgeBits >> majorEdges[idx + majorOffset]) & 1) === 1
          const below = k > 0 && j < jFar && ((edgeBits >> minorEdges[idx + minorOffset]) & 1) === 1
          // shadows in order of their lower slope; a corner before the shadows starting at it
          if (farSide && !this.shade(y0, x1, y1, x1)) break
          if (k > 0 && ((cellBits >> cells[idx]) & 1) === 1) {
            const going = j === 0 ? this.shade(-2, x0, 2, x0) : this.shade(y0, x1, y1, x0)
            if (!going) break
          }
          // the far corner (see cornerBlocks; written out here for speed)
          if (inside && j < jFar && this.corner(y1, x1)) {
            const next = idx + dMajor
            const above = idx + dMinor
            if (
              (farSide ||
                ((cellBits >> cells[next]) & 1) === 1 ||
                ((edgeBits >> minorEdges[next + minorOffset]) & 1) === 1) &&
              ((k === 0 ? ((edgeBits >> minorEdges[idx + minorOffset]) & 1) === 1 : below) ||
                ((cellBits >> cells[above]) & 1) === 1 ||
                ((edgeBits >> majorEdges[above + majorOffset]) & 1) === 1)
            )
              this.cutCorner(y1, x1)
          }
          if (below && !this.shade(y1, x1, y1, x0)) break
        }
        this.emit(this.hN, this.hD, this.hC)
      }
      // the intervals just written become the lit set; the old array is reused for the next column
      const next = this.out
      this.out = lit
      lit = next
      n = this.count
    }
    this.spare = this.out
    this.out = lit
  }

  /** Tests the target points of local (k, j) against the lit interval [a, h]. */
  private visitCell(o: Octant, idx: number, at: number, k: number, j: number): void {
    const state = this.state[at]
    if (state === SEEN || state === EXCLUDED) return
    if (state === UNKNOWN) {
      const { inRange, isLit } = this.filter
      if ((inRange !== undefined && !inRange(idx)) || (isLit !== undefined && !isLit(idx))) {
        this.state[at] = EXCLUDED
        return
      }
      this.state[at] = ELIGIBLE
    }
    const u = 4 * k
    const v = 4 * j
    if (
      this.lit(v, u) ||
      this.lit(v + 1, u + 1) ||
      (j < k && this.lit(v + 1, u - 1)) ||
      (j > 0 &&
        (this.lit(v - 1, u - 1) || (this.lit(v - 1, u + 1) && !seCornerShaded(o, this.b, k, j))))
    )
      this.mark(at, k)
  }
  /** Whether slope v/u lies in the lit interval being visited. */
  private lit(v: number, u: number): boolean {
    const lo = v * this.aD - this.aN * u
    if (lo < 0 || (lo === 0 && this.aC === 0)) return false
    const hi = v * this.hD - this.hN * u
    return hi < 0 || (hi === 0 && this.hC === 1)
  }

  /** Removes the open slope interval (s, e) from what is left; false when it starts past the interval's end. */
  private shade(sN: number, sD: number, eN: number, eD: number): boolean {
    const pastEnd = sN * this.hD - this.hN * sD
    if (pastEnd > 0) return false
    const fromCursor = this.cN * sD - sN * this.cD
    if (fromCursor < 0 || (fromCursor === 0 && this.cC === 1)) {
      this.emit(sN, sD, pastEnd === 0 ? this.hC : 1)
      this.cN = eN
      this.cD = eD
      this.cC = 1
    } else if (eN * this.cD > this.cN * eD) {
      this.cN = eN
      this.cD = eD
      this.cC = 1
    }
    return true
  }

  /** Whether slope s is still lit at the cursor or beyond (so a corner there is worth checking). */
  private corner(sN: number, sD: number): boolean {
    const fromCursor = this.cN * sD - sN * this.cD
    if (fromCursor > 0 || (fromCursor === 0 && this.cC === 0)) return false
    return sN * this.hD - this.hN * sD <= 0
  }

  /** Removes the single slope s (at or past the cursor, not past the end). */
  private cutCorner(sN: number, sD: number): void {
    if (this.cN * sD < sN * this.cD) this.emit(sN, sD, 0)
    this.cN = sN
    this.cD = sD
    this.cC = 0
  }

  /** Keeps [cursor, e] if it is not empty. */
  private emit(eN: number, eD: number, eC: number): void {
    const d = this.cN * eD - eN * this.cD
    if (d < 0 || (d === 0 && this.cC === 1 && eC === 1)) {
      const out = this.out
      const at = 6 * this.count++
      out[at] = this.cN
      out[at + 1] = this.cD
      out[at + 2] = this.cC
      out[at + 3] = eN
      out[at + 4] = eD
      out[at + 5] = eC
    }
  }
}
