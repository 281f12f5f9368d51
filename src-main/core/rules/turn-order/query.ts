// The `initiative` scenario query for arianrhod and dystopia (pathfinder / dnd35 answer it with
// d20s in systems/pathfinder/queries.ts):
//   {"type":"initiative","tokens":[id, …]?,"delays":[{"token","count"}]?,"readies":[{"token","before"}]?}
// answers {"order":[{"token","count","roll","modifier","tiedBy","rollOffs"}]}, reading the tokens'
// `initiative` field as 【行動値】.
import { z } from 'zod'
import type { Battle } from '../system'
import type { SystemId } from '../model'
import { ScenarioError } from '../system'
import {
  applyDelay,
  applyReady,
  InitiativeError,
  orderByValue,
  type OrderedEntrant,
} from './initiative'

export const initiativeChangesSchema = z.strictObject({
  delays: z
    .array(z.strictObject({ token: z.string().min(1).max(200), count: z.number().int() }))
    .max(10_000),
  readies: z
    .array(
      z.strictObject({ token: z.string().min(1).max(200), before: z.string().min(1).max(200) }),
    )
    .max(10_000),
})

const initiativeQuerySchema = z.strictObject({
  type: z.literal('initiative'),
  tokens: z.array(z.string().min(1).max(200)).max(10_000).optional(),
  delays: z
    .array(z.strictObject({ token: z.string().min(1).max(200), count: z.number().int() }))
    .max(10_000)
    .default([]),
  readies: z
    .array(
      z.strictObject({ token: z.string().min(1).max(200), before: z.string().min(1).max(200) }),
    )
    .max(10_000)
    .default([]),
})

export function initiativeQuery(
  system: SystemId,
  battle: Battle,
  rawQuery: Readonly<Record<string, unknown>>,
): unknown {
  const parsed = initiativeQuerySchema.safeParse(rawQuery)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const path = `/query${issue.path.length ? '/' + issue.path.join('/') : ''}`
    throw new ScenarioError('invalid-query', `${path}: ${issue.message}`, path)
  }
  const query = parsed.data
  const ids = query.tokens ?? battle.tokens.map((t) => t.id)
  const entrants = ids.map((id, i) => {
    const token = battle.tokenById.get(id)
    if (!token)
      throw new ScenarioError('unknown-token', `no token has the id "${id}"`, `/query/tokens/${i}`)
    return { id, value: token.initiative ?? 0 }
  })
  return { order: withChanges(orderByValue(system, entrants), query.delays, query.readies) }
}

/** Applies delays, then readies, turning engine errors into scenario errors (exit 2). */
export function withChanges(
  start: OrderedEntrant[],
  delays: ReadonlyArray<{ token: string; count: number }>,
  readies: ReadonlyArray<{ token: string; before: string }>,
): OrderedEntrant[] {
  try {
    let order = start
    for (const delay of delays) order = applyDelay(order, delay)
    for (const ready of readies) order = applyReady(order, ready)
    return order
  } catch (error) {
    if (error instanceof InitiativeError)
      throw new ScenarioError(error.code, error.message, '/query')
    throw error
  }
}
