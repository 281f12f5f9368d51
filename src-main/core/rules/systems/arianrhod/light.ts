// 明度 (light) and the one rule it gives every roll (R2_148, spec decision 5): 「明度2以下：全ての
// 行為判定のダイスが1個減少する（ただし、ダイスの最低数は1個）」. Every check and every reaction an
// answer lists goes through `rolledAt` / `diceAt` / `rollersAt` with the square where it is rolled, so no
// query can list one without its die change (properties.test.ts asks every query on dark maps).
import type { Grid } from '../../grid/grid'
import { canSee } from '../../grid/vision'
import type { Field } from './field'
import { distance } from './metric'
import type { ArianrhodLightEffect } from './reasons'

export const DEFAULT_LIGHT = 6

/**
 * 明度 of a square: the cell's own override wins; otherwise the brightest of the map's ambient
 * level (6 when unset) and every light source whose radius (in metres) reaches the square and
 * whose light is not blocked on the way.
 */
export function lightLevel(field: Field, cell: number): number {
  const grid = field.grid
  const override = grid.lightOverride(cell)
  if (override !== undefined) return override
  let level = grid.ambientLight ?? DEFAULT_LIGHT
  if (grid.lightSources.length === 0) return level
  const at = grid.cellOf(cell)
  for (const source of grid.lightSources) {
    if (source.level <= level || distance(source.at, at) > source.radius) continue
    if (canSee(grid, grid.index(source.at[0], source.at[1]), cell)) level = source.level
  }
  return level
}

// Grids that share their squares share the light array: one scan per set of squares.
const darkOverrides = new WeakMap<Int32Array, boolean>()

/**
 * Whether every square is brighter than 明度3 whatever the edges are: the ambient level is above
 * 3 and no square's override is 3 or less (sources only brighten). Then a token's sight ignores
 * rooms and 明度 (decision 5, fog-sight.ts): a wall, a door or a solid square changes it only
 * along its lines of sight (RuleSystem.sightFollowsLines).
 */
export function litThroughout(grid: Grid): boolean {
  if ((grid.ambientLight ?? DEFAULT_LIGHT) <= 3) return false
  let dark = darkOverrides.get(grid.light)
  if (dark === undefined) {
    dark = false
    for (let cell = 0; cell < grid.size && !dark; cell++) {
      const override = grid.lightOverride(cell)
      dark = override !== undefined && override <= 3
    }
    darkOverrides.set(grid.light, dark)
  }
  return !dark
}

export function lightEffects(level: number): ArianrhodLightEffect[] {
  const effects: ArianrhodLightEffect[] = []
  if (level <= 3) effects.push('no-sight-into-neighbouring-area')
  if (level <= 2) effects.push('checks-lose-one-die')
  if (level <= 1) effects.push('line-of-fire-within-reach-only')
  return effects
}

/** The dice a roll on this square changes by: −1 at 明度 ≤ 2 (the floor of one die is applied at the roll). */
export function darknessDice(field: Field, cell: number): number {
  return lightLevel(field, cell) <= 2 ? -1 : 0
}

/**
 * A check rolled on `cell`, with its `dice` change added (kept absent when the total is 0, as the
 * spec's check objects have no such field).
 */
export function rolledAt<C extends { dice?: number }>(field: Field, cell: number, check: C): C {
  const dice = (check.dice ?? 0) + darknessDice(field, cell)
  const { dice: _old, ...rest } = check
  return (dice === 0 ? rest : { ...rest, dice }) as C
}

/** A hit check or a reaction rolled on `cell`: the dice other rules give it (挟撃 +1, 部分遮蔽 +1 …) plus the square's 明度 change. */
export function diceAt(field: Field, cell: number, base: number): number {
  return base + darknessDice(field, cell)
}

/**
 * The rolls several characters make on their own squares (the 【行動値】 contest's reactions, the
 * detectors' トラップ探知): when any of them changes, every roller with its `dice`; otherwise
 * undefined, so lit answers keep their shape.
 */
export function rollersAt(
  field: Field,
  rollers: readonly { id: string; cell: number }[],
): { id: string; dice: number }[] | undefined {
  const out = rollers.map((r) => ({ id: r.id, dice: darknessDice(field, r.cell) }))
  return out.some((r) => r.dice !== 0) ? out : undefined
}
