// Where a viewer's lines of sight reach: the squares some line from its centre enters before
// anything blocks it, whether or not the line ends at a point that makes a square seen. The
// players' fog uses it to ask again, after a wall, a door or a solid square changes, only the
// viewers whose sight that edit can change (issue 29):
//
// Sight to a target point changes only if the segment from the viewer's centre to it is clear up
// to the first obstacle the edit changed: the edge or the square, or a corner at one of their
// ends (a corner blocks with blockers on both sides). Just before that point the segment runs
// inside a square whose closure meets the edge or square: one of the six squares around the edge,
// of the nine around the square. Being clear there, the segment belongs to the sweep's lit slopes
// at that square's column, so the sweep (shadowcast.ts) visits that square. Hence: an edit none of
// whose squares around the viewer's sweep visited leaves its sight as it was, and leaves the
// sweep's lit slopes, hence this set, as they were. The set is a superset (a square just past a
// partition in the same column is visited too): that costs a viewer asked again, never a wrong
// fog. vision.property.test.ts checks the claim on random grids, and
// vision.incremental.property.test.ts the fog built on it against the full recompute.
import type { Grid } from './grid'

/** One bit per square of a grid: set when a line of sight from the viewer reaches the square. */
export type LineReach = Uint32Array

export function emptyLineReach(grid: Pick<Grid, 'size'>): LineReach {
  return new Uint32Array((grid.size + 31) >>> 5)
}

export function addToLineReach(reach: LineReach, cell: number): void {
  reach[cell >>> 5] |= 1 << (cell & 31)
}

export function lineReachHas(reach: LineReach, cell: number): boolean {
  return (reach[cell >>> 5] & (1 << (cell & 31))) !== 0
}

/**
 * The squares whose closure meets the partition between the neighbours `a` and `b` (cell
 * indices): the two, and the two on each side along the partition, clipped to the map. Null when
 * `a` and `b` are not orthogonal neighbours on the map.
 */
export function squaresAroundEdge(
  grid: Pick<Grid, 'width' | 'height'>,
  a: readonly [number, number],
  b: readonly [number, number],
): number[] | null {
  const { width, height } = grid
  const inside = (x: number, y: number) =>
    Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < width && y < height
  if (!inside(a[0], a[1]) || !inside(b[0], b[1])) return null
  const dx = b[0] - a[0]
  const dy = b[1] - a[1]
  if (Math.abs(dx) + Math.abs(dy) !== 1) return null
  // along the partition: perpendicular to the step from a to b
  const ax = dy
  const ay = dx
  const out: number[] = []
  for (const [x, y] of [a, b])
    for (const along of [-1, 0, 1]) {
      const sx = x + along * ax
      const sy = y + along * ay
      if (inside(sx, sy)) out.push(sy * width + sx)
    }
  return out
}

/** The square `at` and its eight neighbours, clipped to the map; null when `at` is off the map. */
export function squaresAroundSquare(
  grid: Pick<Grid, 'width' | 'height'>,
  at: readonly [number, number],
): number[] | null {
  const { width, height } = grid
  const [x, y] = at
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height)
    return null
  const out: number[] = []
  for (let sy = Math.max(0, y - 1); sy <= Math.min(height - 1, y + 1); sy++)
    for (let sx = Math.max(0, x - 1); sx <= Math.min(width - 1, x + 1); sx++)
      out.push(sy * width + sx)
  return out
}
