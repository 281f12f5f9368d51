// The one door into the engine (issue 28): `ask(battle, 'reach', {token, mode})` answers a query
// declared in queries.ts, typed by its declaration. `askUntrusted` is the same door for a query
// that arrived as JSON (the scenario CLI, main's `rules.query`): it checks the arguments with
// the query's declared schema first and answers errors as values, never throwing.
import type { z } from 'zod'
import type { Cell } from './model'
import type { Battle, QueryHandler, RuleSystem } from './system'
import { ScenarioError } from './system'
import { getSystem } from './systems/index'
import { initiativeQuery } from './turn-order/query'
import { readCell } from './scenario/query'
import { QUERIES, isQueryName, type QueryAnswer, type QueryArgs, type QueryName } from './queries'

export type AskResult<T = unknown> =
  { ok: true; answer: T } | { ok: false; error: { code: string; message: string; path?: string } }

type RawQuery = Readonly<Record<string, unknown>> & { type: string }

/**
 * The answer to one query on a battle; throws the engine's ScenarioError (an unknown token, a
 * cell off the map, a query the system does not answer …).
 */
export function ask<Q extends QueryName>(
  battle: Battle,
  name: Q,
  args: QueryArgs<Q>,
): QueryAnswer<Q> {
  // The declaration types the answer; answers.test.ts and queries.property.test.ts parse what
  // the engine gives with the same schema, so no answer is parsed again at run time.
  return answer(getSystem(battle.system), battle, { ...args, type: name }) as QueryAnswer<Q>
}

/** A query from outside (JSON): its arguments checked by its declared schema, errors as values. */
export function askUntrusted(battle: Battle, query: unknown): AskResult {
  return answerOrError(() => {
    if (!isRecord(query))
      throw new ScenarioError('invalid-scenario', '/query: expected object', '/query')
    if (typeof query.type !== 'string')
      throw new ScenarioError('invalid-scenario', '/query/type: expected string', '/query/type')
    const system = getSystem(battle.system)
    const type = query.type
    // A query the system does not answer is refused before its fields are looked at.
    if (!isQueryName(type) || !answers(system, type)) unsupported(system, type)
    checkArgs(QUERIES[type].args, query)
    return answer(system, battle, query as RawQuery)
  })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function checkArgs(schema: z.ZodType, query: Readonly<Record<string, unknown>>): void {
  const parsed = schema.safeParse(query)
  if (parsed.success) return
  const issue = parsed.error.issues[0]
  const pointer = `/query/${issue.path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`
  const field = String(issue.path[0] ?? '')
  if (issue.path.length === 1 && query[field] === undefined)
    throw new ScenarioError('missing-field', `query.${field} is required`, pointer)
  if (field === 'mode')
    throw new ScenarioError('unknown-mode', `query.mode: ${issue.message}`, pointer)
  throw new ScenarioError(
    'invalid-query',
    `query.${issue.path.join('.')}: ${issue.message}`,
    pointer,
  )
}

/** Queries answered here for every system that has what they need. */
const GENERIC: Readonly<Record<string, (system: RuleSystem) => boolean>> = {
  distance: () => true,
  'flanking-all': (system) => Object.hasOwn(system.queries, 'flanking'),
  // A system without an initiative roll orders by the tokens' values (turn-order/query.ts).
  initiative: (system) => !system.facts.rollsInitiative,
}

function answers(system: RuleSystem, type: string): boolean {
  return (
    Object.hasOwn(system.queries, type) || (Object.hasOwn(GENERIC, type) && GENERIC[type](system))
  )
}

function handlerOf(system: RuleSystem, type: string): QueryHandler | undefined {
  return Object.hasOwn(system.queries, type) ? system.queries[type as QueryName] : undefined
}

function answer(system: RuleSystem, battle: Battle, query: RawQuery): unknown {
  const handler = handlerOf(system, query.type)
  if (handler) return handler(battle, query)
  if (!answers(system, query.type)) unsupported(system, query.type)
  switch (query.type) {
    case 'distance':
      return distanceAnswer(system, battle, query)
    case 'flanking-all':
      return flankingAll(system, battle)
    default:
      return initiativeQuery(system.id, battle, query)
  }
}

function unsupported(system: RuleSystem, type: string): never {
  const answered = [
    'distance',
    ...(!system.facts.rollsInitiative ? ['initiative'] : []),
    ...(Object.hasOwn(system.queries, 'flanking') ? ['flanking-all'] : []),
    ...Object.keys(system.queries).filter((k) => k !== 'distance'),
  ]
  throw new ScenarioError(
    'unsupported-query',
    `system "${system.id}" does not answer "${type}" queries (it answers: ${answered.join(', ')})`,
    '/query/type',
  )
}

function distanceAnswer(
  system: RuleSystem,
  battle: Battle,
  query: RawQuery,
): QueryAnswer<'distance'> {
  const from: Cell = readCell(battle, query, 'from')
  const to: Cell = readCell(battle, query, 'to')
  return { distance: system.distance(from, to), unit: system.unit }
}

/**
 * `flanking` for every token at once (the GM page's flanking overlay asks this once per map
 * revision instead of once per token): `{"flanked": {id: [[id, id], …]}}`, only the flanked.
 */
function flankingAll(system: RuleSystem, battle: Battle): QueryAnswer<'flanking-all'> {
  const flanked: Record<string, [string, string][]> = {}
  const flanking = system.queries.flanking
  if (!flanking) unsupported(system, 'flanking-all')
  for (const token of battle.tokens) {
    const { pairs } = flanking(battle, { type: 'flanking', target: token.id })
    if (pairs.length > 0) flanked[token.id] = pairs
  }
  return { flanked }
}

export function answerOrError<T>(run: () => T): AskResult<T> {
  try {
    return { ok: true, answer: run() }
  } catch (e) {
    return failure(e)
  }
}

export function failure(e: unknown): Extract<AskResult, { ok: false }> {
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
