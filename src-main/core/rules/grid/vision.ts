// Field of view from one cell: which cells its occupant can see. A cell is visible when a line
// from the viewer's centre to the cell's centre, or to a point a quarter cell inside one of its
// corners, crosses nothing that blocks sight (walls, closed or locked doors, solid cells other
// than the target itself, corners with blockers on both sides). Grazing an obstacle does not
// block. Creatures never block sight here.
//
// `canSee` and `fieldOfView` decide this by exact slopes (shadowcast.ts); `canSeeByTracing` and
// `fieldOfViewBruteForce` are the definition itself, one line trace per target point, kept as the
// reference the property tests compare against.
import type { Grid } from './grid'
import { edgeBlocksSight } from './grid'
import type { LineReach } from './line-reach'
import type { LineObstacle, Point } from './lines'
import { traceLine } from './lines'
import { octantOf, pointVisible, shadowcast } from './shadowcast'
import { SightBlockers } from './sight-blockers'

export interface VisionOptions {
  /** Only cells for which this returns true are considered (e.g. a range test). */
  inRange?: (cell: number) => boolean
  /** Cells too dark to be seen (a light predicate). Default: all lit. */
  isLit?: (cell: number) => boolean
  /** Override what blocks sight. Default: walls, closed/locked doors and solid cells. */
  blocksSight?: (obstacle: LineObstacle) => boolean
  /**
   * fieldOfView only: cells farther than this many squares along either axis are not considered,
   * on top of `inRange`. `inRange` alone gives the same answer; this also stops the sweep there
   * instead of carrying it to the map's edge.
   */
  maxDistance?: number
  /**
   * fieldOfView only: gets every square a line of sight from the viewer reaches, seen or not
   * (line-reach.ts), so that a caller knows which edge edits can change this view.
   */
  reached?: LineReach
}

/** The five target points of a cell, as offsets from its centre in quarter cells. */
const TARGET_OFFSETS: readonly (readonly [number, number])[] = [
  [0, 0],
  [-1, -1],
  [1, -1],
  [-1, 1],
  [1, 1],
]

/** Whether the cell `to` is visible from the cell `from` (indices). */
export function canSee(grid: Grid, from: number, to: number, options: VisionOptions = {}): boolean {
  if (from === to) return true
  if (options.isLit && !options.isLit(to)) return false
  const blockers = new SightBlockers(grid, options.blocksSight)
  const w = grid.width
  const fx = from % w
  const fy = (from - fx) / w
  const tx = to % w
  const ty = (to - tx) / w
  for (const [ox, oy] of TARGET_OFFSETS) {
    // the target point relative to the viewer's centre, turned into the octant that holds it
    const x = 4 * (tx - fx) + ox
    const y = 4 * (ty - fy) + oy
    const sx = x < 0 ? -1 : 1
    const sy = y < 0 ? -1 : 1
    const alongX = Math.abs(x) >= Math.abs(y)
    const octant = alongX ? octantOf(grid, from, sx, 0, 0, sy) : octantOf(grid, from, 0, sy, sx, 0)
    const u = alongX ? Math.abs(x) : Math.abs(y)
    const v = alongX ? Math.abs(y) : Math.abs(x)
    if (pointVisible(octant, blockers, u, v)) return true
  }
  return false
}

/** Every visible cell from `from`, as a sorted list of cell indices (the viewer's own cell included). */
export function fieldOfView(grid: Grid, from: number, options: VisionOptions = {}): number[] {
  const reach = reachOf(options)
  if (reach < 0) return []
  return shadowcast(grid, from, new SightBlockers(grid, options.blocksSight), {
    inRange: options.inRange,
    isLit: options.isLit,
    maxDistance: reach,
    reached: options.reached,
  })
}

function reachOf(options: VisionOptions): number {
  const limit = options.maxDistance
  return limit === undefined || Number.isNaN(limit) ? Infinity : Math.floor(limit)
}

const defaultBlocks = (obstacle: LineObstacle): boolean => {
  if (obstacle.type === 'edge') return edgeBlocksSight(obstacle.code)
  if (obstacle.type === 'cell') return obstacle.solid
  return false
}

/** Whether a line in quadrupled coordinates (scale 2) is free of sight-blocking crossings. */
function clearLine(
  grid: Grid,
  from: Point,
  to: Point,
  ignore: readonly number[],
  blocks: (o: LineObstacle) => boolean,
): boolean {
  const blocked = traceLine(
    grid,
    from,
    to,
    (obstacle, contact) => {
      if (contact !== 'cross') return false
      if (obstacle.type === 'corner') {
        const side = (list: readonly LineObstacle[]) =>
          list.some((o) => !(o.type === 'cell' && ignore.includes(o.cell)) && blocks(o))
        return side(obstacle.left) && side(obstacle.right)
      }
      if (obstacle.type === 'cell' && ignore.includes(obstacle.cell)) return false
      return blocks(obstacle)
    },
    { scale: 2 },
  )
  return !blocked
}

/** canSee by tracing the five lines (the definition; slow). */
export function canSeeByTracing(
  grid: Grid,
  from: number,
  to: number,
  options: VisionOptions = {},
): boolean {
  if (from === to) return true
  if (options.isLit && !options.isLit(to)) return false
  const blocks = options.blocksSight ?? defaultBlocks
  const w = grid.width
  const fx = from % w
  const fy = (from - fx) / w
  const tx = to % w
  const ty = (to - tx) / w
  const eye: Point = [4 * fx + 2, 4 * fy + 2]
  const ignore = [from, to]
  return TARGET_OFFSETS.some(([ox, oy]) =>
    clearLine(grid, eye, [4 * tx + 2 + ox, 4 * ty + 2 + oy], ignore, blocks),
  )
}

/** fieldOfView by tracing lines to every cell of the map (the definition; slow). */
export function fieldOfViewBruteForce(
  grid: Grid,
  from: number,
  options: VisionOptions = {},
): number[] {
  const out: number[] = []
  const w = grid.width
  const fx = from % w
  const fy = (from - fx) / w
  const reach = reachOf(options)
  for (let cell = 0; cell < grid.size; cell++) {
    const x = cell % w
    const y = (cell - x) / w
    if (Math.max(Math.abs(x - fx), Math.abs(y - fy)) > reach) continue
    if (options.inRange && !options.inRange(cell)) continue
    if (canSeeByTracing(grid, from, cell, options)) out.push(cell)
  }
  return out
}
