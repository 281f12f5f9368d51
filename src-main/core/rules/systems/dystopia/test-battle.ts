// Builds a Battle the way the scenario runner does, for this folder's tests: a real Grid from a
// map spec and the tokens as given. Kept beside the tests so they exercise the RuleSystem object
// directly, without the CLI.
import type { Cell, MapSpec, TokenSpec } from '../../model'
import { expect } from 'vitest'
import { ScenarioError, type Battle, type QueryHandler } from '../../system'
import type { QueryName } from '../../queries'
import { Grid } from '../../grid/grid'
import { dystopia } from './index'

export type UnitSpec = [id: string, at: Cell, faction: string]

export function makeBattle(
  units: readonly UnitSpec[],
  extra: Record<string, unknown> = {},
  map: MapSpec = { width: 6, height: 6 },
): Battle {
  const tokens: TokenSpec[] = units.map(([id, at, faction]) => ({ id, at, faction }))
  return {
    system: 'dystopia',
    grid: Grid.fromSpec(map),
    tokens,
    tokenById: new Map(tokens.map((t) => [t.id, t])),
    scenario: { format: 'gm-scenario/1', system: 'dystopia', map, tokens, ...extra },
  }
}

/** Asks the dystopia system one query, as the runner would. */
export function ask(battle: Battle, query: Record<string, unknown>): unknown {
  const handler: QueryHandler | undefined = dystopia.queries[String(query.type) as QueryName]
  if (!handler) throw new Error(`no handler for ${String(query.type)}`)
  return handler(battle, { ...query })
}

/** Asserts that `fn` throws the ScenarioError a GM or tool would get: its code and JSON pointer. */
export function fails(fn: () => unknown, code: string, path: string): void {
  let thrown: unknown
  try {
    fn()
  } catch (e) {
    thrown = e
  }
  expect(thrown).toBeInstanceOf(ScenarioError)
  expect(thrown).toMatchObject({ code, path })
}
