// Small grid facts the store needs to keep a campaign consistent (bounds, neighbours, edge
// identity, token footprints). Kept here rather than in src-main/core/rules/ so the store does not
// depend on the engine's internals; the meanings follow shared/spec/scenario-format.md.
import type { Cell, Size } from '../rules/model'
import { keyedIndexOf, recordKeyOf } from './list-keys'

export interface GridSize {
  width: number
  height: number
}

export function isInside(map: GridSize, [x, y]: readonly [number, number]): boolean {
  return x >= 0 && y >= 0 && x < map.width && y < map.height
}

export function sameCell(a: readonly [number, number], b: readonly [number, number]): boolean {
  return a[0] === b[0] && a[1] === b[1]
}

/** Edges only exist between orthogonal neighbours. */
export function areOrthogonalNeighbours(
  a: readonly [number, number],
  b: readonly [number, number],
): boolean {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1
}

/** Spec order: by y, then x. */
export function compareCells(a: readonly [number, number], b: readonly [number, number]): number {
  return a[1] - b[1] || a[0] - b[0]
}

/**
 * One edge can be named from either side; storing it with its cells in a fixed order makes
 * `[[a],[b]]` and `[[b],[a]]` the same key, so a second `edge.set` replaces instead of adding.
 */
export function normaliseBetween(
  between: readonly [readonly [number, number], readonly [number, number]],
): [Cell, Cell] {
  const [a, b] = between
  const first: Cell = [a[0], a[1]]
  const second: Cell = [b[0], b[1]]
  return compareCells(first, second) <= 0 ? [first, second] : [second, first]
}

export function edgeKey(
  between: readonly [readonly [number, number], readonly [number, number]],
): string {
  const [a, b] = normaliseBetween(between)
  return `${a[0]},${a[1]}|${b[0]},${b[1]}`
}

/**
 * Where the edge between two cells is in `edges` (-1: none): through the keys the change lists
 * keep for the list (list-keys.ts keyedLookup; main's command and the page's click both look the
 * edge up, and the page's lists keep keys from change to change) when they are unique, else by
 * walking it, comparing numbers (issue 29: a wall click on a map of 5,000 edges read them all).
 */
export function findEdgeIndex(
  edges: readonly { between: readonly [readonly [number, number], readonly [number, number]] }[],
  between: readonly [readonly [number, number], readonly [number, number]],
): number {
  const key = recordKeyOf('edge', { between })
  const known = key === undefined ? undefined : keyedIndexOf(edges, 'edge', key)
  if (known !== undefined) return known
  const [[ax, ay], [bx, by]] = normaliseBetween(between)
  for (let i = 0; i < edges.length; i++) {
    const [p, q] = edges[i].between
    if (p[0] === ax && p[1] === ay && q[0] === bx && q[1] === by) return i
    if (p[0] === bx && p[1] === by && q[0] === ax && q[1] === ay) return i
  }
  return -1
}

export function cellKey([x, y]: readonly [number, number]): string {
  return `${x},${y}`
}

/** Squares per side (Pathfinder / D&D 3.5 space); a big token's `at` is its north-west square. */
const SQUARES_PER_SIDE: Record<Size, number> = {
  fine: 1,
  diminutive: 1,
  tiny: 1,
  small: 1,
  medium: 1,
  large: 2,
  huge: 3,
  gargantuan: 4,
  colossal: 6,
}

export function footprintSide(size: Size | undefined): number {
  return SQUARES_PER_SIDE[size ?? 'medium']
}

/** True when every square the token covers is on the map. */
export function footprintFits(map: GridSize, at: readonly [number, number], size?: Size): boolean {
  const side = footprintSide(size)
  return isInside(map, at) && isInside(map, [at[0] + side - 1, at[1] + side - 1])
}

/** The nearest north-west square from which the footprint fits, or undefined if it never can. */
export function clampFootprint(
  map: GridSize,
  at: readonly [number, number],
  size?: Size,
): Cell | undefined {
  const side = footprintSide(size)
  if (side > map.width || side > map.height) return undefined
  const clamp = (v: number, max: number): number => Math.min(Math.max(v, 0), max)
  return [clamp(at[0], map.width - side), clamp(at[1], map.height - side)]
}

export function formatCell([x, y]: readonly [number, number]): string {
  return `[${x}, ${y}]`
}
