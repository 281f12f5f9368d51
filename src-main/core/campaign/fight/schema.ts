// A fight in progress on one map (turn order, round, whose turn), the conditions on its tokens,
// and the campaign's roll log: campaign state, changed only by the commands below.
import { z } from 'zod'
import { recordKeySchema } from '../strict'

const idSchema = z.string().min(1).max(200)
const timeSchema = z.string().min(1).max(40)
const d20 = z.number().int().min(1).max(20)

export const combatantSchema = z.strictObject({
  tokenId: idSchema,
  /** Pathfinder / dnd35: d20 + modifier (after delays and readies); arianrhod: 【行動値】; dystopia: null. */
  count: z.number().int().nullable(),
  roll: d20.optional(),
  modifier: z.number().int().optional(),
  /** Roll-off d20s that broke a tie, in order. */
  rerolls: z.array(d20).max(100).optional(),
})
export type Combatant = z.infer<typeof combatantSchema>

export const fightSchema = z.strictObject({
  /** 0 = the surprise round (pathfinder / dnd35), then 1, 2, … */
  round: z.number().int().min(0),
  /** Index into `order` of the combatant whose turn it is. */
  turn: z.number().int().min(0),
  order: z.array(combatantSchema).max(1000),
  /** Not aware of their foes when the fight began: no turn in the surprise round. */
  unaware: z.array(idSchema).max(1000).default([]),
  /** Their first turn has begun (no longer flat-footed: 「自分の最初のターンを迎える前」 only). */
  acted: z.array(idSchema).max(1000).default([]),
  /** 行動遅延: out of the order until they choose to act. */
  delaying: z.array(idSchema).max(1000).default([]),
  /** 待機: a readied action waiting for its trigger. */
  readied: z.array(idSchema).max(1000).default([]),
  /** The player view lists the visible combatants in order. */
  showOrder: z.boolean().default(false),
  /** The player view shows the last public rolls (never secret ones). */
  showRolls: z.boolean().default(false),
  /** The player view keeps its roll log panel closed (schema 6); new public rolls still toast. */
  hideRollLog: z.boolean().optional(),
  /** Conditions that ended with the last turn change, for the GM's notice. */
  expired: z
    .array(z.strictObject({ tokenId: idSchema, name: z.string().max(200) }))
    .max(1000)
    .default([]),
})
export type Fight = z.infer<typeof fightSchema>

export const conditionSchema = z.strictObject({
  id: idSchema,
  tokenId: idSchema,
  name: z.string().trim().min(1).max(200),
  /** Lasts this many rounds; absent = until removed. */
  rounds: z.number().int().min(1).max(10_000).optional(),
  /** The players may know it (schema 6): a badge on the token in the player view. */
  shownToPlayers: z.boolean().optional(),
  /** When it began: 「その効果が開始したのと同じ数値のイニシアチブ・カウントの直前まで続く」. */
  since: z
    .strictObject({
      round: z.number().int().min(0),
      turn: z.number().int().min(0),
      count: z.number().int().nullable(),
    })
    .optional(),
})
export type Condition = z.infer<typeof conditionSchema>

export const rollEntrySchema = z.strictObject({
  id: idSchema,
  at: timeSchema,
  /** Who rolled: a token's name, "GM", or a note. */
  who: z.string().max(200),
  /** The token that rolled, if one did (the player view hides rolls of tokens it cannot see). */
  tokenId: idSchema.optional(),
  command: z.string().max(200),
  text: z.string().max(5000),
  dice: z.array(z.number().int()).max(1000),
  total: z.number().int().nullable(),
  success: z.boolean(),
  failure: z.boolean(),
  critical: z.boolean(),
  fumble: z.boolean(),
  secret: z.boolean(),
})
export type RollEntry = z.infer<typeof rollEntrySchema>

/** Pool of d20s main rolls for a command (initiative and roll-offs); the page never rolls. */
const d20Pool = z.array(d20).max(10_000)

export const fightCommandSchemas = [
  z.strictObject({
    type: z.literal('fight.start'),
    mapId: idSchema,
    tokenIds: z.array(idSchema).min(1).max(1000),
    unaware: z.array(idSchema).max(1000).default([]),
    /** d20s typed in by the GM, per token. */
    rolls: z.record(recordKeySchema, d20).default({}),
    d20s: d20Pool.default([]),
    at: timeSchema,
  }),
  z.strictObject({ type: z.literal('fight.end'), mapId: idSchema }),
  z.strictObject({
    type: z.literal('fight.add'),
    mapId: idSchema,
    tokenId: idSchema,
    roll: d20.optional(),
    d20s: d20Pool.default([]),
    at: timeSchema,
  }),
  z.strictObject({ type: z.literal('fight.remove'), mapId: idSchema, tokenId: idSchema }),
  z.strictObject({ type: z.literal('fight.next'), mapId: idSchema }),
  z.strictObject({ type: z.literal('fight.previous'), mapId: idSchema }),
  /** The current combatant delays (行動遅延) or readies (待機) and its turn ends. */
  z.strictObject({ type: z.literal('fight.delay'), mapId: idSchema }),
  z.strictObject({ type: z.literal('fight.ready'), mapId: idSchema }),
  /** A delaying combatant acts now / a readied action is triggered by the current combatant. */
  z.strictObject({ type: z.literal('fight.act'), mapId: idSchema, tokenId: idSchema }),
  z.strictObject({ type: z.literal('fight.trigger'), mapId: idSchema, tokenId: idSchema }),
  /** The GM drags a combatant to another place (ties, DysTopiA). */
  z.strictObject({
    type: z.literal('fight.move'),
    mapId: idSchema,
    tokenId: idSchema,
    toIndex: z.number().int().min(0).max(999),
  }),
  z.strictObject({
    type: z.literal('fight.options'),
    mapId: idSchema,
    showOrder: z.boolean().optional(),
    showRolls: z.boolean().optional(),
    hideRollLog: z.boolean().optional(),
  }),
  z.strictObject({
    type: z.literal('condition.add'),
    mapId: idSchema,
    condition: conditionSchema.omit({ since: true }),
  }),
  z.strictObject({ type: z.literal('condition.remove'), mapId: idSchema, conditionId: idSchema }),
  /** Whether the players may know a condition (a badge on the player view). */
  z.strictObject({
    type: z.literal('condition.shown'),
    mapId: idSchema,
    conditionId: idSchema,
    shown: z.boolean(),
  }),
  z.strictObject({ type: z.literal('roll.record'), entry: rollEntrySchema }),
  z.strictObject({ type: z.literal('roll.clear') }),
] as const

export type FightCommand = z.infer<(typeof fightCommandSchemas)[number]>
