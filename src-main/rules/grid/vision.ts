// Field of view from one cell: which cells its occupant can see. A cell is visible when a line
// from the viewer's centre to the cell's centre, or to a point a quarter cell inside one of its
// corners, crosses nothing that blocks sight (walls, closed or locked doors, solid cells other
// than the target itself, corners with blockers on both sides). Grazing an obstacle does not
// block. Creatures never block sight here.
import type { Grid } from './grid'
import { edgeBlocksSight } from './grid'
import type { LineObstacle, Point } from './lines'
import { traceLine } from './lines'

export interface VisionOptions {
  /** Only cells for which this returns true are considered (e.g. a range test). */
  inRange?: (cell: number) => boolean
  /** Cells too dark to be seen (a light predicate). Default: all lit. */
  isLit?: (cell: number) => boolean
  /** Override what blocks sight. Default: walls, closed/locked doors and solid cells. */
  blocksSight?: (obstacle: LineObstacle) => boolean
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

/** Whether the cell `to` is visible from the cell `from` (indices). */
export function canSee(grid: Grid, from: number, to: number, options: VisionOptions = {}): boolean {
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
  const targets: Point[] = [
    [4 * tx + 2, 4 * ty + 2],
    [4 * tx + 1, 4 * ty + 1],
    [4 * tx + 3, 4 * ty + 1],
    [4 * tx + 1, 4 * ty + 3],
    [4 * tx + 3, 4 * ty + 3],
  ]
  return targets.some((target) => clearLine(grid, eye, target, ignore, blocks))
}

/** Every visible cell from `from`, as a sorted list of cell indices (the viewer's own cell included). */
export function fieldOfView(grid: Grid, from: number, options: VisionOptions = {}): number[] {
  const out: number[] = []
  for (let cell = 0; cell < grid.size; cell++) {
    if (options.inRange && !options.inRange(cell)) continue
    if (canSee(grid, from, cell, options)) out.push(cell)
  }
  return out
}
