// Every query the engine answers, declared once: its name, the shape of its arguments and the
// schema of its answer (answers.ts). `ask(battle, 'reach', args)` (ask.ts) is typed by this
// table, main's `rules.query` checks a page's arguments with it, and the pages read the answers
// with its types (issue 28).
//
// A name several systems answer (reach, path, targets …) is one entry whose arguments are the
// union of what those systems read; the fields one system requires and another does not are
// optional here, and the system's own readers (scenario/query.ts, systems/*/args.ts) still check
// what only the battle can tell: a token that exists, a cell on the map, a mode the system has,
// a number in range. The schemas check the JSON shape: a missing required field is
// `missing-field`, a field of the wrong kind `invalid-query` (`unknown-mode` for `mode`), with the
// same `/query/…` pointer as the readers give.
import { z } from 'zod'
import * as answers from './answers'

const cell = z.tuple([z.number().int(), z.number().int()])
const tokenId = z.string()
const cells = z.array(cell)
const attackKind = z.enum(['melee', 'ranged'])
/** Metres, `"reach"` or `"scene"` (arianrhod); a 射程 such as `"0-3"` or a whole number (dystopia). */
const range = z.union([z.number(), z.string()])
const moveFields = {
  mode: z.string().optional(),
  /** Pathfinder / dnd35 charge: the creature charged. */
  target: tokenId.optional(),
  descend: z.string().optional(),
  fastClimb: z.boolean().optional(),
  escapeArtist: z.boolean().optional(),
  through: z.string().optional(),
}
const orderChanges = {
  delays: z.array(z.object({ token: z.string(), count: z.number() })).optional(),
  readies: z.array(z.object({ token: z.string(), before: z.string() })).optional(),
}

/** A query with no arguments of its own. */
const noArgs = z.looseObject({})

function query<A extends z.ZodType, R extends z.ZodType>(args: A, answer: R) {
  return { args, answer }
}

export const QUERIES = {
  distance: query(z.object({ from: cell, to: cell }), answers.distanceAnswerSchema),
  reach: query(z.object({ token: tokenId, ...moveFields }), answers.reachAnswerSchema),
  path: query(
    z.object({ token: tokenId, to: cell, ...moveFields, climbDc: z.number().optional() }),
    answers.pathAnswerSchema,
  ),
  zoc: query(z.object({ token: tokenId }), answers.cellsAnswerSchema),
  cover: query(
    z.object({
      from: tokenId,
      to: tokenId,
      attack: attackKind.optional(),
      range: range.optional(),
    }),
    answers.coverAnswerSchema,
  ),
  attack: query(
    z.object({
      attacker: tokenId,
      target: tokenId,
      attack: attackKind,
      charge: z.boolean().optional(),
      squeezing: z.boolean().optional(),
      escapeArtist: z.boolean().optional(),
      targetSqueezing: z.boolean().optional(),
      preciseShot: z.boolean().optional(),
      touch: z.boolean().optional(),
      unarmed: z.boolean().optional(),
    }),
    answers.attackAnswerSchema,
  ),
  provokes: query(
    z.object({
      token: tokenId,
      action: z.string(),
      target: tokenId.optional(),
      improved: z.boolean().optional(),
    }),
    z.object({ provokes: z.boolean(), by: z.array(z.string()) }),
  ),
  flanking: query(z.object({ target: tokenId }), answers.flankingAnswerSchema),
  /** `flanking` for every token at once (the GM page's overlay, once per map revision). */
  'flanking-all': query(noArgs, answers.flankingAllAnswerSchema),
  light: query(z.object({ at: cell, token: tokenId.optional() }), answers.lightAnswerSchema),
  visible: query(
    z.object({ token: tokenId, range: z.number().optional() }),
    answers.cellsAnswerSchema,
  ),
  engagement: query(
    z.object({ token: tokenId }),
    answers.cellsAnswerSchema.extend({ edges: z.array(z.object({ kind: z.string() })) }),
  ),
  targets: query(
    z.object({
      token: tokenId.optional(),
      attack: attackKind.optional(),
      range: range.optional(),
      // DysTopiA: a skill's 対象 (systems/dystopia/README.md)
      skill: z.string().optional(),
      shape: z.string().optional(),
      origin: cell.optional(),
      pick: z.union([cell, cells]).optional(),
      n: z.number().optional(),
      exclude: cells.optional(),
      direction: z.string().optional(),
      choose: z.array(z.unknown()).optional(),
    }),
    answers.targetsAnswerSchema,
  ),
  area: query(
    z.object({
      origin: cell,
      fate: z.number().optional(),
      token: tokenId.optional(),
      range: range.optional(),
    }),
    answers.areaAnswerSchema,
  ),
  spread: query(
    z.object({
      origin: cell,
      radius: z.number(),
      shape: z.string().optional(),
      toward: cell.optional(),
      side: z.string().optional(),
    }),
    answers.spreadAnswerSchema,
  ),
  'trap-reach': query(
    z.object({
      /** A chest's square, or the two squares beside a door. */
      object: z.union([z.object({ at: cell }), z.object({ between: z.tuple([cell, cell]) })]),
      extended: z.boolean().optional(),
    }),
    z.object({ reach: cells, tokensInReach: z.array(z.string()) }),
  ),
  board: query(z.object({ token: tokenId, rider: tokenId }), z.object({ allowed: z.boolean() })),
  dismount: query(z.object({ token: tokenId }), z.object({ allowed: z.boolean() })),
  fall: query(
    z.object({ token: tokenId, mode: z.string().optional() }),
    z.object({ falls: z.boolean(), at: cell, height: z.number() }),
  ),
  'forced-move': query(
    z.object({ token: tokenId, to: cell }),
    z.object({ at: cell.nullable(), candidates: cells }),
  ),
  protect: query(
    z.object({ token: tokenId, target: tokenId, fate: z.number().optional() }),
    z.object({ allowed: z.boolean() }),
  ),
  duel: query(z.object({ token: tokenId }), z.object({ canDeclare: z.boolean() })),
  stealth: query(
    z.object({ token: tokenId }),
    z.object({ canEnter: z.boolean(), zoc: z.array(z.string()) }),
  ),
  /**
   * Pathfinder / dnd35: d20s rolled in order; the systems without a roll order by value
   * (turn-order/query.ts checks its own fields).
   */
  initiative: query(
    z.object({
      dice: z.array(z.number()).optional(),
      unaware: z.array(z.string()).optional(),
      tokens: z.array(z.string()).optional(),
      ...orderChanges,
    }),
    z.object({
      // Pathfinder / dnd35: token ids; the systems that order by value: an entry per token.
      order: z.union([
        z.array(z.string()),
        z.array(z.object({ token: z.string(), count: z.number().nullable() })),
      ]),
    }),
  ),
  // DysTopiA (systems/dystopia/README.md)
  'front-row': query(
    z.object({ token: tokenId.optional(), faction: z.string().optional() }),
    answers.cellsAnswerSchema,
  ),
  knockback: query(
    z.object({ token: tokenId, by: tokenId, x: z.number(), to: cell.optional() }),
    answers.cellsAnswerSchema.extend({ chooser: z.string() }),
  ),
  incapacitate: query(
    z.object({ token: tokenId, by: tokenId, to: cell.optional() }),
    answers.cellsAnswerSchema.extend({ chooser: z.string() }),
  ),
  deploy: query(
    z.object({ token: tokenId.optional(), faction: z.string().optional() }),
    answers.cellsAnswerSchema,
  ),
  'skill-move': query(
    z.object({
      token: tokenId,
      skill: z.string().optional(),
      target: tokenId.optional(),
      to: cell.optional(),
    }),
    answers.cellsAnswerSchema.extend({ suggested: cells }),
  ),
  skills: query(noArgs, z.object({ skills: z.array(z.object({ name: z.string() })) })),
} as const

export type QueryName = keyof typeof QUERIES
export const QUERY_NAMES = Object.keys(QUERIES) as QueryName[]

/** What a caller passes for query `Q` (without its `type`). */
export type QueryArgs<Q extends QueryName> = z.input<(typeof QUERIES)[Q]['args']>
/** What the engine answers to query `Q`. */
export type QueryAnswer<Q extends QueryName> = z.output<(typeof QUERIES)[Q]['answer']>
type AnswerSchema = (typeof QUERIES)[QueryName]['answer']
/**
 * Every answer a query may get, as one schema: `rules.query`'s result in the contract. Which one a
 * query gets is its declaration's (`QUERIES[name].answer`), and the page reads it with that type
 * (src-renderer/lib/rules-query.ts).
 */
export const anyQueryAnswerSchema = z.union(
  Object.values(QUERIES).map((declared) => declared.answer) as readonly AnswerSchema[],
)
/** A whole query as the scenario format and `rules.query` carry it: `{type, …args}`. */
export type RulesQuery<Q extends QueryName = QueryName> = {
  [N in Q]: { type: N } & QueryArgs<N>
}[Q]

export function isQueryName(name: string): name is QueryName {
  return Object.hasOwn(QUERIES, name)
}
