// The headless contract (shared/spec/scenario-format.md): one scenario document in, one answer or
// one error out. Never throws: anything unexpected becomes an `internal-error` answer so the CLI
// and the IPC handler can always print JSON.
import { z } from 'zod'
import { MAX_MAP_SIDE, MAX_TOKENS, SYSTEM_IDS, mapSpecSchema, tokenSpecSchema } from '../model'
import type { TokenSpec } from '../model'
import { Grid, GridSpecError } from '../grid/grid'
import type { Battle, RuleSystem } from '../system'
import { ScenarioError } from '../system'
import { getSystem } from '../systems/index'
import { isCell } from './query'
import { checkOverlap } from './overlap'
import { initiativeQuery } from '../turn-order/query'

export const SCENARIO_FORMAT = 'gm-scenario/1'

export type ScenarioResult =
  | { ok: true; answer: unknown }
  | { ok: false; error: { code: string; message: string; path?: string } }

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
  const tokens: TokenSpec[] = doc.tokens ?? []
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
  checkOverlap(getSystem(doc.system), tokens, grid.width, grid.height)
  return { grid, tokens, tokenById, scenario: raw }
}

function distanceQuery(
  system: RuleSystem,
  battle: Battle,
  query: Readonly<Record<string, unknown>>,
): unknown {
  const read = (key: 'from' | 'to') => {
    const value = query[key]
    if (value === undefined)
      throw new ScenarioError('missing-field', `query.${key} is required`, `/query/${key}`)
    if (!isCell(value))
      throw new ScenarioError(
        'invalid-query',
        `query.${key} must be a cell [x, y] of integers`,
        `/query/${key}`,
      )
    if (!battle.grid.inBounds(value[0], value[1])) {
      throw new ScenarioError(
        'cell-out-of-bounds',
        `query.${key} is outside the map`,
        `/query/${key}`,
      )
    }
    return value
  }
  return { distance: system.distance(read('from'), read('to')), unit: system.unit }
}

export function runScenario(doc: unknown): ScenarioResult {
  return answerOrError(() => {
    const parsed = parse(doc)
    return answer(
      getSystem(parsed.system),
      buildBattle(parsed, doc as Record<string, unknown>),
      parsed.query,
    )
  })
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
  return answerOrError(() => {
    if (!isRecord(query))
      throw new ScenarioError('invalid-scenario', '/query: expected object', '/query')
    if (typeof query.type !== 'string')
      throw new ScenarioError('invalid-scenario', '/query/type: expected string', '/query/type')
    return answer(
      prepared.system,
      prepared.battle,
      query as Readonly<Record<string, unknown>> & { type: string },
    )
  })
}

function answer(
  system: RuleSystem,
  battle: Battle,
  query: Readonly<Record<string, unknown>> & { type: string },
): unknown {
  const handler = Object.hasOwn(system.queries, query.type) ? system.queries[query.type] : undefined
  if (handler) return handler(battle, query)
  if (query.type === 'distance') return distanceQuery(system, battle, query)
  if (query.type === 'flanking-all' && Object.hasOwn(system.queries, 'flanking'))
    return flankingAll(system, battle)
  // A system without an initiative roll answers `initiative` from the tokens' values here.
  const ordersWithoutRoll = !system.facts.rollsInitiative
  if (query.type === 'initiative' && ordersWithoutRoll) {
    return initiativeQuery(system.id, battle, query)
  }
  throw new ScenarioError(
    'unsupported-query',
    `system "${system.id}" does not answer "${query.type}" queries (it answers: ${['distance', ...(ordersWithoutRoll ? ['initiative'] : []), ...(Object.hasOwn(system.queries, 'flanking') ? ['flanking-all'] : []), ...Object.keys(system.queries).filter((k) => k !== 'distance')].join(', ')})`,
    '/query/type',
  )
}

/**
 * `flanking` for every token at once (the GM page's flanking overlay asks this once per map
 * revision instead of once per token): `{"flanked": {id: [[id, id], …]}}`, only the flanked.
 */
function flankingAll(system: RuleSystem, battle: Battle): { flanked: Record<string, unknown> } {
  const flanked: Record<string, unknown> = {}
  for (const token of battle.tokens) {
    const { pairs } = system.queries.flanking(battle, { type: 'flanking', target: token.id }) as {
      pairs: unknown[]
    }
    if (pairs.length > 0) flanked[token.id] = pairs
  }
  return { flanked }
}

function answerOrError(run: () => unknown): ScenarioResult {
  try {
    return { ok: true, answer: run() }
  } catch (e) {
    return failure(e)
  }
}

function failure(e: unknown): Extract<ScenarioResult, { ok: false }> {
  if (e instanceof ScenarioError) {
    return {
      ok: false,
      error: {
        code: e.code,
        message: e.message,
        ...(e.path !== undefined ? { path: e.path } : {}),
      },
    }
  }
  const message = e instanceof Error ? e.message : String(e)
  return {
    ok: false,
    error: { code: 'internal-error', message: `the rules engine failed: ${message}` },
  }
}

/**
 * A query answered as the CLI answers it, the prepared battle's document validated and built
 * again: tests and the bench compare the prepared path with it.
 */
export function runPreparedInFull(prepared: PreparedBattle, query: unknown): ScenarioResult {
  return runScenario({ ...prepared.battle.scenario, query })
}
