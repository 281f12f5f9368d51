// The shapes of the query answers the GM screen reads (reach, path, cover, light, attack, areas,
// flanking, distance), as zod schemas shared by the engine's tests and the renderer (issue 13:
// the renderer had its own hand-written readers, so nothing checked that they matched what the
// engine answers). Answers may carry more fields (they are additions, README "Queries"): z.object
// drops them, so a parsed answer holds what the screen uses; transforms remain only where systems
// differ in shape (falls, check places, area cells).
// tests/unit/answers.test.ts parses every answer the engine gives on the sample maps with them.
import { z } from 'zod'

const cellSchema = z.tuple([z.number().int(), z.number().int()])

export const reachAnswerSchema = z.object({
  cells: z.array(z.object({ at: cellSchema, cost: z.number() })),
  /** Arianrhod: false when the mode is not allowed at all (reason says why). */
  allowed: z.boolean().default(true),
  reason: z.string().optional(),
  /** Pathfinder / dnd35: the condition that refused the mode (朦朧 …). */
  condition: z.string().optional(),
  reactionDice: z.number().optional(),
})
export type ReachAnswer = z.output<typeof reachAnswerSchema>
export type ReachCell = ReachAnswer['cells'][number]

const pathStepSchema = z.object({
  at: cellSchema,
  cost: z.number(),
  action: z.string().default('move'),
  /** Pathfinder / dnd35: the space is squeezed after this step (無理矢理入り込む). */
  squeeze: z.boolean().optional(),
})
export type PathStep = z.output<typeof pathStepSchema>

/** Where a climb check leaves the character (arianrhod: absolute elevation). */
const checkPlaceSchema = z.object({ at: cellSchema, elevation: z.number().optional() })
export type CheckPlace = z.output<typeof checkPlaceSchema>

// Pathfinder's `onSuccess: 'no-attack-of-opportunity'` is a word, not a place: not a plan.
const placeOrNothing = checkPlaceSchema.optional().catch(undefined)

const pathCheckSchema = z
  .object({
    kind: z.string(),
    ability: z.string().optional(),
    dc: z.number().optional(),
    against: z.array(z.string()).optional(),
    ifFailed: z.string().optional(),
    /** Arianrhod 明度 ≤ 2: dice added (−1) to this check. */
    dice: z.number().optional(),
    /** Arianrhod 封鎖 contest: each enemy's reaction and its die change (listed when one changes). */
    reactions: z.array(z.object({ id: z.string(), dice: z.number() })).optional(),
    /** Pathfinder: a modifier to the check (登攀速度の上昇 −5). */
    modifier: z.number().optional(),
    /** The climb plan: metres a check climbs, where it ends on success / failure (arianrhod). */
    climbs: z.number().optional(),
    onSuccess: placeOrNothing,
    onFailure: placeOrNothing,
    /** Pathfinder climbs and jumps: height and direction. */
    height: z.number().optional(),
    direction: z.string().optional(),
    /** Arianrhod 登攀 AGI: metres fallen when it succeeds / fails. */
    drops: z.object({ onSuccess: z.number(), onFailure: z.number() }).optional(),
  })
  // A place that was a word parses as undefined: leave no key for it.
  .transform((check) => {
    const { onSuccess, onFailure, ...rest } = check
    return { ...rest, ...(onSuccess ? { onSuccess } : {}), ...(onFailure ? { onFailure } : {}) }
  })
export type PathCheck = z.output<typeof pathCheckSchema>

/** Arianrhod 落下: a drop on the way (or from the wall before moving), with who stopped it. */
const fallSchema = z.object({
  at: cellSchema,
  height: z.number(),
  /** 'gm': the GM sets the fall damage; 'none': an enemy ZOC stopped the fall. */
  damage: z.string().default('gm'),
  stoppedBy: z.array(z.string()).default([]),
})
/** Pathfinder / dnd35: what a creature's condition changed in a move, and whose (conditions.ts). */
const conditionNoteSchema = z.object({
  token: z.string(),
  condition: z.string(),
  effect: z.string(),
})
export type ConditionNote = z.output<typeof conditionNoteSchema>

/** `start`: the drop from the wall before the move starts (the answer's `fall`). */
export type PathFall = z.output<typeof fallSchema> & { start?: boolean }

export const pathAnswerSchema = z.union([
  z
    .object({
      reachable: z.literal(true),
      cost: z.number(),
      steps: z.array(pathStepSchema).default([]),
      checks: z.array(pathCheckSchema).default([]),
      provokes: z.array(z.string()).default([]),
      fall: fallSchema.optional(),
      falls: z.array(fallSchema).optional(),
      conditions: z.array(conditionNoteSchema).optional(),
    })
    .transform(({ cost, steps, checks, provokes, fall, falls, conditions }) => {
      const all: PathFall[] = [...(fall ? [{ ...fall, start: true }] : []), ...(falls ?? [])]
      return {
        reachable: true as const,
        cost,
        steps,
        checks,
        provokes,
        ...(all.length > 0 ? { falls: all } : {}),
        ...(conditions?.length ? { conditions } : {}),
      }
    }),
  z.object({
    reachable: z.literal(false),
    reason: z.string().default('unreachable'),
    condition: z.string().optional(),
  }),
])
export type PathAnswer = z.output<typeof pathAnswerSchema>

export const coverAnswerSchema = z.object({
  cover: z.string(),
  soft: z.boolean().optional(),
  targetable: z.boolean().optional(),
  reason: z.string().optional(),
  /** Arianrhod: dice added to the target's reaction (partial cover +1D). */
  reactionDice: z.number().optional(),
})
export type CoverAnswer = z.output<typeof coverAnswerSchema>

export const lightAnswerSchema = z.object({
  level: z.number(),
  category: z.string().optional(),
  effects: z.array(z.string()).default([]),
})
export type LightAnswer = z.output<typeof lightAnswerSchema>

const attackModifierSchema = z.object({
  code: z.string(),
  attack: z.number().optional(),
  ac: z.number().optional(),
  attackerAc: z.number().optional(),
  missChance: z.number().optional(),
  dexToAc: z.string().optional(),
  /** A condition's change to the 【敏捷力】 score (絡みつかれた −4). */
  dex: z.number().optional(),
  source: z.string().optional(),
})
export type AttackModifier = z.output<typeof attackModifierSchema>

/** Pathfinder / dnd35 `attack`: the situational modifiers and whether the attack provokes. */
export const attackAnswerSchema = z.object({
  allowed: z.boolean(),
  reason: z.string().optional(),
  attack: z.number().default(0),
  ac: z.number().default(0),
  attackerAc: z.number().default(0),
  missChance: z.number().default(0),
  dexToAc: z.string().optional(),
  modifiers: z.array(attackModifierSchema),
  provokes: z.array(z.string()).default([]),
})
export type AttackAnswer = z.output<typeof attackAnswerSchema>

/** Answers that list cells as [x, y] or as {at: [x, y], …} (zoc, threat, visible, reach sets). */
export const cellsAnswerSchema = z
  .object({ cells: z.array(z.union([cellSchema, z.object({ at: cellSchema })])) })
  .transform(({ cells }) => cells.map((entry) => (Array.isArray(entry) ? entry : entry.at)))

export const flankingAnswerSchema = z
  .object({ pairs: z.array(z.tuple([z.string(), z.string()])) })
  .transform(({ pairs }) => pairs)

export const distanceAnswerSchema = z.object({ distance: z.number(), unit: z.string().default('') })

/**
 * Every template answer in one shape: arianrhod `area` (cells, tokens, valid), dystopia `targets`
 * (cells as [x, y], units) and pathfinder `spread` (cells as {at, reflex}).
 */
export const areaAnswerSchema = z
  .object({
    cells: z.array(z.union([cellSchema, z.object({ at: cellSchema })])),
    tokens: z.array(z.string()).optional(),
    units: z.array(z.string()).optional(),
    valid: z.boolean().optional(),
    reason: z.string().optional(),
    radius: z.number().optional(),
  })
  .transform(({ cells, tokens, units, valid, reason, radius }) => ({
    cells: cells.map((entry) => (Array.isArray(entry) ? entry : entry.at)),
    tokens: tokens ?? units ?? [],
    valid: valid !== false,
    ...(reason !== undefined ? { reason } : {}),
    ...(radius !== undefined ? { radius } : {}),
  }))
export type AreaAnswer = z.output<typeof areaAnswerSchema>
