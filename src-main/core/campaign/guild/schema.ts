// The Arianrhod guild book (seed 004, 冒険の準備) as campaign state, and the commands that change
// it. Every list changes one entry at a time by id, so two GM pages never overwrite each other.
import { z } from 'zod'
import { DEFAULT_LOOT_TABLE, MAX_REWARD_BONUS } from './reward'
import { ENTRY_LIMITS } from '../limits'

const idSchema = z.string().min(1).max(200)
const labelSchema = z.string().trim().min(1).max(200)
/** A log line's length, and how many lines the log keeps (the oldest go first). */
export const GUILD_LOG_TEXT_MAX = 2000
export const GUILD_LOG_MAX = 100_000
const textSchema = z.string().max(GUILD_LOG_TEXT_MAX)
const gold = z.number().int().min(ENTRY_LIMITS.gold.min).max(ENTRY_LIMITS.gold.max)
const clSchema = z.number().int().min(ENTRY_LIMITS.cl.min).max(ENTRY_LIMITS.cl.max)
const quantitySchema = z
  .number()
  .int()
  .min(ENTRY_LIMITS.itemQuantity.min)
  .max(ENTRY_LIMITS.itemQuantity.max)
const usesSchema = z
  .number()
  .int()
  .min(ENTRY_LIMITS.supportUses.min)
  .max(ENTRY_LIMITS.supportUses.max)
/** When something happened, as an ISO time the page supplies (the reducer is pure). */
const timeSchema = z.string().min(1).max(40)
const attendanceSchema = z.enum(['present', 'absent', 'late'])

export const guildMemberSchema = z.strictObject({
  id: idSchema,
  name: labelSchema,
  player: z.string().max(200).default(''),
  cl: clSchema,
  money: gold.default(0),
  attendance: attendanceSchema.default('present'),
  /** General-skill picks from milestones, held until used (「保留」). */
  pendingPicks: z.number().int().min(0).max(999).default(0),
  /** Connections chosen instead of a skill but not yet named (up to 5 per pick). */
  heldConnections: z.number().int().min(0).max(9999).default(0),
  skills: z.array(labelSchema).max(500).default([]),
  connections: z.array(labelSchema).max(5000).default([]),
  /** 《トレジャーマニア》: +10 % 戦利金 for this PC only. */
  treasureMania: z.boolean().default(false),
  /** A skill with a bonus to [アイテム鑑定]: +1 where a count of consumables is rolled. */
  appraisalBonus: z.boolean().default(false),
})
export type GuildMember = z.infer<typeof guildMemberSchema>

export const guildSupportSchema = z.strictObject({
  id: idSchema,
  name: labelSchema,
  /** Taken for this scenario (「取得しているGSと選択しているGSは違う」). */
  selected: z.boolean().default(false),
  /** Limited-use supports: how many uses and how many are spent. */
  uses: z.strictObject({ max: usesSchema, used: z.number().int().min(0).max(99) }).optional(),
})
export type GuildSupport = z.infer<typeof guildSupportSchema>

export const guildItemSchema = z.strictObject({
  id: idSchema,
  name: labelSchema,
  quantity: quantitySchema.default(1),
  /** Who carries it; null = the guild's 収納庫. */
  holderId: idSchema.nullable().default(null),
  notes: z.string().max(2000).optional(),
})
export type GuildItem = z.infer<typeof guildItemSchema>

export const guildLogEntrySchema = z.strictObject({
  seq: z.number().int().min(1),
  at: timeSchema,
  kind: z.enum(['reward', 'milestone', 'item', 'sale', 'loan', 'repay', 'session']),
  text: textSchema,
  /** Money credited per member (戦利金). */
  amounts: z.array(z.strictObject({ memberId: idSchema, amount: gold })).optional(),
})
export type GuildLogEntry = z.infer<typeof guildLogEntrySchema>

export const guildLoanSchema = z.strictObject({
  id: idSchema,
  lenderId: idSchema,
  borrowerId: idSchema,
  amount: gold.min(1),
  /** The day it was lent (YYYY-MM-DD). */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  repaidOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
})
export type GuildLoan = z.infer<typeof guildLoanSchema>

export const guildSchema = z.strictObject({
  name: labelSchema,
  level: z
    .number()
    .int()
    .min(ENTRY_LIMITS.guildLevel.min)
    .max(ENTRY_LIMITS.guildLevel.max)
    .default(1),
  funds: gold.default(0),
  members: z.array(guildMemberSchema).max(100).default([]),
  supports: z.array(guildSupportSchema).max(200).default([]),
  items: z.array(guildItemSchema).max(10_000).default([]),
  loans: z.array(guildLoanSchema).max(10_000).default([]),
  /** 戦利金, milestones, sales, item moves and loans, oldest first. */
  log: z.array(guildLogEntrySchema).max(GUILD_LOG_MAX).default([]),
  /** The 2D6 table, rows 2..12, editable per campaign. */
  lootTable: z
    .array(z.string().max(200))
    .length(11)
    .default([...DEFAULT_LOOT_TABLE]),
  /** 《名声》 and 《目利き》: +10 % 戦利金 each, for every PC. */
  fame: z.boolean().default(false),
  connoisseur: z.boolean().default(false),
  /** ルール上のギルドマスター: locked until the session ends or that PC leaves. */
  ruleMasterId: idSchema.nullable().default(null),
  session: z.number().int().min(1).default(1),
})
export type Guild = z.infer<typeof guildSchema>

const memberPatchSchema = z.strictObject({
  name: labelSchema.optional(),
  player: z.string().max(200).optional(),
  cl: clSchema.optional(),
  money: gold.optional(),
  treasureMania: z.boolean().optional(),
  appraisalBonus: z.boolean().optional(),
})

export const guildCommandSchemas = [
  z.strictObject({ type: z.literal('guild.create'), name: labelSchema }),
  z.strictObject({
    type: z.literal('guild.update'),
    name: labelSchema.optional(),
    level: z
      .number()
      .int()
      .min(ENTRY_LIMITS.guildLevel.min)
      .max(ENTRY_LIMITS.guildLevel.max)
      .optional(),
    funds: gold.optional(),
    fame: z.boolean().optional(),
    connoisseur: z.boolean().optional(),
  }),
  z.strictObject({
    type: z.literal('guild.member.add'),
    member: z.strictObject({
      id: idSchema,
      name: labelSchema,
      player: z.string().max(200).optional(),
      cl: clSchema,
      money: gold.optional(),
    }),
  }),
  z.strictObject({
    type: z.literal('guild.member.update'),
    memberId: idSchema,
    patch: memberPatchSchema,
  }),
  z.strictObject({ type: z.literal('guild.member.remove'), memberId: idSchema }),
  z.strictObject({
    type: z.literal('guild.attendance'),
    memberId: idSchema,
    attendance: attendanceSchema,
  }),
  z.strictObject({ type: z.literal('guild.master'), memberId: idSchema.nullable() }),
  z.strictObject({ type: z.literal('guild.session.end'), at: timeSchema }),
  z.strictObject({
    type: z.literal('guild.support.add'),
    support: z.strictObject({
      id: idSchema,
      name: labelSchema,
      maxUses: usesSchema.optional(),
    }),
  }),
  z.strictObject({
    type: z.literal('guild.support.update'),
    supportId: idSchema,
    selected: z.boolean().optional(),
    used: z.number().int().min(0).max(99).optional(),
  }),
  z.strictObject({ type: z.literal('guild.support.remove'), supportId: idSchema }),
  z.strictObject({ type: z.literal('guild.milestone'), at: timeSchema }),
  z.strictObject({
    type: z.literal('guild.pick'),
    memberId: idSchema,
    /** A general skill, or connections to up to 5 characters (the rest held for later). */
    skill: labelSchema.optional(),
    connections: z.array(labelSchema).max(5).optional(),
  }),
  z.strictObject({ type: z.literal('guild.connection'), memberId: idSchema, name: labelSchema }),
  z.strictObject({
    type: z.literal('guild.reward'),
    at: timeSchema,
    memberIds: z.array(idSchema).min(1).max(100),
    bonus: z.number().int().min(0).max(MAX_REWARD_BONUS),
    scenario: z.string().max(200).optional(),
    /** A second 戦利金 in the same session, asked for on purpose (one per session otherwise). */
    again: z.literal(true).optional(),
  }),
  z.strictObject({
    type: z.literal('guild.item.add'),
    at: timeSchema,
    item: z.strictObject({
      id: idSchema,
      name: labelSchema,
      quantity: quantitySchema.optional(),
      holderId: idSchema.nullable().optional(),
      notes: z.string().max(2000).optional(),
    }),
    /** Where it came from, for the history line (e.g. "2D6 = 7"). */
    source: z.string().max(200).optional(),
  }),
  z.strictObject({
    type: z.literal('guild.item.move'),
    at: timeSchema,
    itemId: idSchema,
    to: idSchema.nullable(),
  }),
  z.strictObject({
    type: z.literal('guild.item.sell'),
    at: timeSchema,
    itemId: idSchema,
    price: gold,
  }),
  z.strictObject({ type: z.literal('guild.item.remove'), at: timeSchema, itemId: idSchema }),
  z.strictObject({
    type: z.literal('guild.loot.row'),
    roll: z.number().int().min(2).max(12),
    text: z.string().max(200),
  }),
  z.strictObject({
    type: z.literal('guild.loan.add'),
    at: timeSchema,
    loan: guildLoanSchema.omit({ repaidOn: true }),
  }),
  z.strictObject({
    type: z.literal('guild.loan.repay'),
    at: timeSchema,
    loanId: idSchema,
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
] as const

export type GuildCommand = z.infer<(typeof guildCommandSchemas)[number]>
