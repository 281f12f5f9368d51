// The headless contract (shared/spec/scenario-format.md): one scenario document in, one answer or
// one error out. Never throws: anything unexpected becomes an `internal-error` answer so the CLI
// and the IPC handler can always print JSON.
import { z } from 'zod'
import { MAX_MAP_SIDE, MAX_TOKENS, SYSTEM_IDS, mapSpecSchema, tokenSpecSchema } from '../model'
import type { SystemId, TokenSpec } from '../model'
import { Grid, GridSpecError } from '../grid/grid'
import type { Battle, RuleSystem } from '../system'
import { ScenarioError } from '../system'
import { getSystem } from '../systems/index'
import { checkOverlap } from './overlap'
import { askUntrusted, failure } from '../ask'

export const SCENARIO_FORMAT = 'gm-scenario/1'

export type { AskResult as ScenarioResult } from '../ask'
import type { AskResult as ScenarioResult } from '../ask'

const scenarioSchema = z.object({
  format: z.literal(SCENARIO_FORMAT),
  system: z.enum(SYSTEM_IDS),
  map: mapSpecSchema,
  tokens: z.array(tokenSpecSchema).max(MAX_TOKENS).optional(),
  query: z.looseObject({ type: z.string() }),
})

function escapePointer(part: PropertyKey): string {
  return String(part).replace(/~/g, '~0').replace(/\//g, '~1')
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Size checks first, so a huge document is refused before anything walks it. */
function checkLimits(doc: Record<string, unknown>): void {
  const map = doc.map
  if (isRecord(map)) {
    for (const side of ['width', 'height'] as const) {
      const value = map[side]
      if (typeof value === 'number' && value > MAX_MAP_SIDE) {
        throw new ScenarioError(
          'map-too-large',
          `map ${side} ${value} exceeds the limit of ${MAX_MAP_SIDE} cells`,
          `/map/${side}`,
        )
      }
    }
  }
  if (Array.isArray(doc.tokens) && doc.tokens.length > MAX_TOKENS) {
    throw new ScenarioError(
      'too-many-tokens',
      `${doc.tokens.length} tokens exceed the limit of ${MAX_TOKENS}`,
      '/tokens',
    )
  }
}

// A scenario whose map was validated and built before (prepareMap): only the rest is checked.
const scenarioOnMapSchema = scenarioSchema.extend({ map: z.unknown() })

function parse(
  doc: unknown,
  schema: typeof scenarioSchema | typeof scenarioOnMapSchema = scenarioSchema,
): z.infer<typeof scenarioSchema> {
  if (!isRecord(doc))
    throw new ScenarioError('invalid-scenario', 'a scenario must be a JSON object', '')
  if (doc.format !== SCENARIO_FORMAT) {
    throw new ScenarioError('unknown-format', `format must be "${SCENARIO_FORMAT}"`, '/format')
  }
  if (typeof doc.system !== 'string' || !(SYSTEM_IDS as readonly string[]).includes(doc.system)) {
    throw new ScenarioError(
      'unknown-system',
      `system must be one of: ${SYSTEM_IDS.join(', ')}`,
      '/system',
    )
  }
  checkLimits(doc)
  const parsed = schema.safeParse(doc)
  if (!parsed.success)
    throw schemaError(parsed.error.issues[0].path, parsed.error.issues[0].message)
  return parsed.data as z.infer<typeof scenarioSchema>
}

function schemaError(path: readonly PropertyKey[], message: string): ScenarioError {
  const pointer = path.map(escapePointer).join('/')
  const where = pointer ? `/${pointer}` : ''
  return new ScenarioError('invalid-scenario', `${where || 'scenario'}: ${message}`, where)
}

function buildGrid(map: z.infer<typeof scenarioSchema>['map']): Grid {
  try {
    return Grid.fromSpec(map)
  } catch (e) {
    if (e instanceof GridSpecError) {
      const code = e.message.includes('outside') ? 'cell-out-of-bounds' : 'invalid-edge'
      throw new ScenarioError(code, e.message, `/map${e.path}`)
    }
    throw e
  }
}

function buildBattle(
  doc: z.infer<typeof scenarioSchema>,
  raw: Record<string, unknown>,
  grid: Grid = buildGrid(doc.map),
): Battle {
  return assembleBattle(doc.system, grid, doc.tokens ?? [], raw)
}

/**
 * A battle from a built grid and the engine's tokens, with the scenario's token checks (on the
 * map, unique ids, spec decision 8): the scenario runner and the campaign map's battle
 * (campaign/map-battle.ts) both end here. `scenario` is the document's raw record, for the
 * optional fields systems read (a token's extra fields, `round`, `dystopia`).
 */
export function assembleBattle(
  system: SystemId,
  grid: Grid,
  tokens: readonly TokenSpec[],
  scenario: Readonly<Record<string, unknown>>,
): Battle {
  const tokenById = new Map<string, TokenSpec>()
  tokens.forEach((token, i) => {
    if (!grid.inBounds(token.at[0], token.at[1])) {
      throw new ScenarioError(
        'cell-out-of-bounds',
        `token "${token.id}" at [${token.at[0]}, ${token.at[1]}] is outside the ${grid.width}×${grid.height} map`,
        `/tokens/${i}/at`,
      )
    }
    if (tokenById.has(token.id)) {
      throw new ScenarioError(
        'duplicate-token',
        `two tokens have the id "${token.id}"`,
        `/tokens/${i}/id`,
      )
    }
    tokenById.set(token.id, token)
  })
  checkOverlap(getSystem(system), tokens, grid.width, grid.height)
  return { system, grid, tokens, tokenById, scenario }
}

export function runScenario(doc: unknown): ScenarioResult {
  let battle: Battle
  try {
    battle = buildBattle(parse(doc), doc as Record<string, unknown>)
  } catch (e) {
    return failure(e)
  }
  return askUntrusted(battle, (doc as Record<string, unknown>).query)
}

/** A scenario's map and tokens, validated and built once, for any number of queries. */
export interface PreparedBattle {
  readonly system: RuleSystem
  readonly battle: Battle
}

export type PrepareResult =
  | { ok: true; prepared: PreparedBattle }
  | { ok: false; error: { code: string; message: string; path?: string } }

const PREPARE_QUERY = { type: 'prepare' }

/**
 * Validates a scenario without its query (a `query` in `doc` is ignored) and builds its battle,
 * once per map revision in the app: every query on that revision then skips the schema check and
 * the grid build, and shares what systems memoise per battle. The CLI keeps runScenario, which
 * validates each document in full.
 */
export function prepareScenario(doc: unknown, map?: PreparedMap): PrepareResult {
  try {
    const withQuery = isRecord(doc) ? { ...doc, query: PREPARE_QUERY } : doc
    const parsed = parse(withQuery, map ? scenarioOnMapSchema : scenarioSchema)
    return {
      ok: true,
      prepared: {
        system: getSystem(parsed.system),
        battle: buildBattle(parsed, withQuery as Record<string, unknown>, map?.grid),
      },
    }
  } catch (e) {
    const outcome = failure(e)
    return { ok: false, error: outcome.error }
  }
}

/** A map (the scenario's `map` object) validated and built once, for battles that share it. */
export interface PreparedMap {
  readonly grid: Grid
}

export type PrepareMapResult =
  | { ok: true; prepared: PreparedMap }
  | { ok: false; error: { code: string; message: string; path?: string } }

/**
 * Validates and builds a scenario's map alone. The app keeps one per map layout, so an edit that
 * leaves squares, edges and light alone (a token moved) re-checks only the tokens: pass the
 * result to prepareScenario, whose document's `map` is then not validated again. Grids are
 * read-only, so battles may share one. Errors carry the same codes and `/map/…` paths.
 */
export function prepareMap(
  map: unknown,
  options: { schemaChecked?: boolean } = {},
): PrepareMapResult {
  try {
    checkLimits({ map })
    let spec: z.infer<typeof mapSpecSchema>
    if (options.schemaChecked) {
      // The caller vouches that `map` passed mapSpecSchema (the app's campaign maps are checked
      // on load and changed only by schema-checked commands); the grid build still refuses
      // squares outside the map and edges between squares that do not touch.
      spec = map as z.infer<typeof mapSpecSchema>
    } else {
      const parsed = mapSpecSchema.safeParse(map)
      if (!parsed.success)
        throw schemaError(['map', ...parsed.error.issues[0].path], parsed.error.issues[0].message)
      spec = parsed.data
    }
    return { ok: true, prepared: { grid: buildGrid(spec) } }
  } catch (e) {
    const outcome = failure(e)
    return { ok: false, error: outcome.error }
  }
}

/** One query against a prepared battle: the same answers and errors as runScenario gives. */
export function runPrepared(prepared: PreparedBattle, query: unknown): ScenarioResult {
  return askUntrusted(prepared.battle, query)
}

/**
 * A query answered as the CLI answers it, the prepared battle's document validated and built
 * again: tests and the bench compare the prepared path with it.
 */
export function runPreparedInFull(prepared: PreparedBattle, query: unknown): ScenarioResult {
  return runScenario({ ...prepared.battle.scenario, query })
}
