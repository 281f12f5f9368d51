// Builds scenario documents from an ASCII map for tests (see ascii-map.ts for the notation).
import type { SystemId, TokenSpec } from '../model'
import { runScenario } from '../scenario/run'
import { asciiMap } from './ascii-map'

export type TokenOptions = Omit<TokenSpec, 'id'> & Record<string, unknown>

/**
 * A scenario whose tokens are the letters of the map. `tokens` gives each letter's fields
 * (faction defaults to "party" for lower-case letters and "enemy" for upper-case ones); a key
 * with an `at` and no letter on the map adds a token there (e.g. a passenger on a rider's square).
 */
export function scenarioOf(
  system: SystemId,
  text: string,
  tokens: Record<string, Partial<TokenOptions>>,
  query: Record<string, unknown>,
  mapExtras: Record<string, unknown> = {},
): Record<string, unknown> {
  const { map, tokens: at } = asciiMap(text)
  const ids = [...new Set([...Object.keys(at), ...Object.keys(tokens)])]
  const list = ids.map((id) => ({
    id,
    at: at[id],
    faction: id === id.toUpperCase() ? 'enemy' : 'party',
    ...tokens[id],
  }))
  return { format: 'gm-scenario/1', system, map: { ...map, ...mapExtras }, tokens: list, query }
}

/** Runs a scenario and returns its answer, failing loudly on an error answer. */
export function answerOf<T = Record<string, unknown>>(doc: unknown): T {
  const result = runScenario(doc)
  if (!result.ok) throw new Error(`scenario error: ${JSON.stringify(result.error)}`)
  return result.answer as T
}
