// Regions measured by a step metric through the grid: "every cell within r of this one without
// crossing a wall, a closed door, a blocked corner or a solid cell" — the shape of Arianrhod's
// engagement (ZOC, リーチ, 効果範囲) and of other systems' bursts or threatened areas.
import type { Grid } from './grid'
import { EIGHT_DIRECTIONS, TERRAIN_SOLID } from './grid'
import { leastCostSearch, windowAround } from './search'

/** Cost of one step by (dx, dy), each -1, 0 or 1. */
export type StepCost = (dx: number, dy: number) => number

export interface RegionOptions {
  /** Also enter solid cells (they are listed but never passed through). Default false. */
  includeSolid?: boolean
}

/**
 * Cells whose step distance from `start` is at most `radius`, never stepping across a blocking
 * partition or corner (spec decision 1) nor through a solid cell. Returns cell index → distance,
 * including the start at 0.
 */
export function regionWithin(
  grid: Grid,
  start: number,
  radius: number,
  stepCost: StepCost,
  options: RegionOptions = {},
): Map<number, number> {
  const width = grid.width
  const minStep = Math.min(...EIGHT_DIRECTIONS.map(([dx, dy]) => stepCost(dx, dy)))
  const result = leastCostSearch({
    cellCount: grid.size,
    starts: [{ cell: start }],
    maxCost: radius,
    ...(minStep > 0 && Number.isFinite(radius)
      ? { window: windowAround(grid, start, radius / minStep) }
      : {}),
    canPassThrough: (cell) => grid.terrain[cell] !== TERRAIN_SOLID,
    expand(cell, _state, _cost, emit) {
      const x = cell % width
      const y = (cell - x) / width
      for (const [dx, dy] of EIGHT_DIRECTIONS) {
        const nx = x + dx
        const ny = y + dy
        if (!grid.inBounds(nx, ny) || grid.stepBlocked(x, y, dx, dy)) continue
        const next = ny * width + nx
        if (!options.includeSolid && grid.terrain[next] === TERRAIN_SOLID) continue
        emit(next, 0, stepCost(dx, dy), 0)
      }
    },
  })
  const out = new Map<number, number>()
  for (const { cell, cost } of result.reach()) out.set(cell, cost)
  return out
}
