// Test helpers for this folder: a scenario from an ASCII map (letters are tokens; their other
// fields come from `tokens`), answered through the real scenario runner, so every test goes
// through parsing, the Battle and the system's handler exactly as the CLI does.
import type { SystemId } from '../../model'
import { asciiMap } from '../../testing/ascii-map'
import { runScenario } from '../../scenario/run'

export type TokenFields = Record<string, unknown>

export interface ScenarioInput {
  map: string
  tokens?: Record<string, TokenFields>
  system?: SystemId
  light?: Record<string, unknown>
  cells?: Record<string, unknown>[]
}

/** The scenario document for a map and query; tokens default to faction "party" (upper case letters: "enemy"). */
export function scenarioDoc(
  input: ScenarioInput,
  query: Record<string, unknown>,
): Record<string, unknown> {
  const { map, tokens } = asciiMap(input.map)
  const fields = input.tokens ?? {}
  const list = Object.entries(tokens).map(([id, at]) => ({
    id,
    at,
    faction: id === id.toUpperCase() ? 'enemy' : 'party',
    ...fields[id],
  }))
  for (const [id, extra] of Object.entries(fields)) {
    if (!(id in tokens)) list.push({ id, faction: 'enemy', at: [0, 0], ...extra })
  }
  const fullMap = {
    ...map,
    cells: [...(map.cells ?? []), ...(input.cells ?? [])],
    ...(input.light ? { light: input.light } : {}),
  }
  return {
    format: 'gm-scenario/1',
    system: input.system ?? 'pathfinder',
    map: fullMap,
    tokens: list,
    query,
  }
}

/** Runs a query and returns its answer; a scenario error fails the test with its message. */
export function ask(input: ScenarioInput, query: Record<string, unknown>): Record<string, unknown> {
  const result = runScenario(scenarioDoc(input, query))
  if (!result.ok) throw new Error(`scenario error ${result.error.code}: ${result.error.message}`)
  return result.answer as Record<string, unknown>
}

export function askError(
  input: ScenarioInput,
  query: Record<string, unknown>,
): { code: string; message: string; path?: string } {
  const result = runScenario(scenarioDoc(input, query))
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.answer)}`)
  return result.error
}

/** Reach answer as "x,y:cost" strings, for compact expectations. */
export function reachMap(answer: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const c of answer.cells as { at: [number, number]; cost: number }[])
    out[`${c.at[0]},${c.at[1]}`] = c.cost
  return out
}

export function cellKeys(answer: Record<string, unknown>): string[] {
  return (answer.cells as [number, number][]).map((c) => `${c[0]},${c[1]}`)
}
