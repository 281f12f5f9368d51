// The shape of every answer the engine gives, as zod schemas: the one declaration of each answer
// (issue 28). queries.ts pairs each query with its answer schema; `ask` (ask.ts) returns the
// answer typed by it, main's `rules.query` sends it as is and the pages read it with the same
// types, so there is no second reader. The schemas describe the engine's own output (no defaults,
// no transforms): tests/unit/answers.test.ts and tests/unit/queries.property.test.ts parse every
// answer the engine gives on the sample maps and on random maps with them. Answers may carry more
// fields than listed (additions, README "Queries"); the schemas list what code reads.
//
// Where systems answer one query in different shapes (a fall before the move and falls on the
// way, a check's place that is a word in Pathfinder, cells as [x, y] or {at}), the screens read
// one shape through the plain functions at the end (`pathView`, `areaView`, `cellsOf`).
import { z } from 'zod'

const cellSchema = z.tuple([z.number().int(), z.number().int()])
type Cell = z.output<typeof cellSchema>
const ids = z.array(z.string())
/** Cells listed as [x, y] or as {at: [x, y], …} (zoc, threat, visible, reach sets, spreads). */
const cellEntrySchema = z.union([cellSchema, z.object({ at: cellSchema })])
const cellListSchema = z.array(cellEntrySchema)

export const reachAnswerSchema = z.object({
  cells: z.array(z.object({ at: cellSchema, cost: z.number() })),
  /** Arianrhod / Pathfinder: false when the mode is not allowed at all (reason says why). */
  allowed: z.boolean().optional(),
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
  /** `move` where absent. */
  action: z.string().optional(),
  /** Pathfinder / dnd35: the space is squeezed after this step (無理矢理入り込む). */
  squeeze: z.boolean().optional(),
})

/** Where a climb check leaves the character (arianrhod: absolute elevation). */
const checkPlaceSchema = z.object({ at: cellSchema, elevation: z.number().optional() })
export type CheckPlace = z.output<typeof checkPlaceSchema>

// Pathfinder's `onSuccess: 'no-attack-of-opportunity'` is a word, not a place.
const placeOrWord = z.union([checkPlaceSchema, z.string()]).optional()

const pathCheckSchema = z.object({
  kind: z.string(),
  ability: z.string().optional(),
  dc: z.number().optional(),
  against: ids.optional(),
  ifFailed: z.string().optional(),
  /** Arianrhod 明度 ≤ 2: dice added (−1) to this check. */
  dice: z.number().optional(),
  /** Arianrhod 封鎖 contest: each enemy's reaction and its die change (listed when one changes). */
  reactions: z.array(z.object({ id: z.string(), dice: z.number() })).optional(),
  /** Pathfinder: a modifier to the check (登攀速度の上昇 −5). */
  modifier: z.number().optional(),
  /** The climb plan: metres a check climbs, where it ends on success / failure (arianrhod). */
  climbs: z.number().optional(),
  onSuccess: placeOrWord,
  onFailure: placeOrWord,
  /** Pathfinder climbs and jumps: height and direction. */
  height: z.number().optional(),
  direction: z.string().optional(),
  /** Arianrhod 登攀 AGI: metres fallen when it succeeds / fails. */
  drops: z.object({ onSuccess: z.number(), onFailure: z.number() }).optional(),
})

/** Arianrhod 落下: a drop on the way (or from the wall before moving), with who stopped it. */
const fallSchema = z.object({
  at: cellSchema,
  height: z.number(),
  /** 'gm': the GM sets the fall damage; 'none': an enemy ZOC stopped the fall. */
  damage: z.string().optional(),
  stoppedBy: ids.optional(),
})
/** Pathfinder / dnd35: what a creature's condition changed in a move, and whose (conditions.ts). */
const conditionNoteSchema = z.object({
  token: z.string(),
  condition: z.string(),
  effect: z.string(),
})
export type ConditionNote = z.output<typeof conditionNoteSchema>

export const pathAnswerSchema = z.union([
  z.object({
    reachable: z.literal(true),
    cost: z.number(),
    steps: z.array(pathStepSchema).optional(),
    checks: z.array(pathCheckSchema).optional(),
    provokes: ids.optional(),
    /** Arianrhod: the drop from the wall before the move starts. */
    fall: fallSchema.optional(),
    falls: z.array(fallSchema).optional(),
    conditions: z.array(conditionNoteSchema).optional(),
  }),
  z.object({
    reachable: z.literal(false),
    reason: z.string().optional(),
    condition: z.string().optional(),
  }),
])

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
  effects: z.array(z.string()),
  /** Arianrhod: −1 at 明度 ≤ 2 (every check at the square loses a die). */
  checkDice: z.number().optional(),
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
  attack: z.number().optional(),
  ac: z.number().optional(),
  attackerAc: z.number().optional(),
  missChance: z.number().optional(),
  dexToAc: z.string().optional(),
  modifiers: z.array(attackModifierSchema),
  provokes: ids.optional(),
})

/** zoc, visible, engagement, front-row, deploy …: a list of cells (and what else the query adds). */
export const cellsAnswerSchema = z.object({ cells: cellListSchema })
export type CellsAnswer = z.output<typeof cellsAnswerSchema>

export const flankingAnswerSchema = z.object({
  pairs: z.array(z.tuple([z.string(), z.string()])),
})
export const flankingAllAnswerSchema = z.object({
  flanked: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
})

export const distanceAnswerSchema = z.object({ distance: z.number(), unit: z.string() })

/** Arianrhod 効果範囲. */
export const areaAnswerSchema = z.object({
  valid: z.boolean(),
  reason: z.string().optional(),
  radius: z.number(),
  cells: z.array(cellSchema),
  solids: z.array(cellSchema),
  edges: z.array(z.object({ between: z.tuple([cellSchema, cellSchema]), kind: z.string() })),
  tokens: ids,
})

/** Arianrhod `targets` (who an attack may target) or DysTopiA `targets` (a skill's 対象). */
export const targetsAnswerSchema = z.union([
  z.object({
    targets: z.array(
      z.object({
        id: z.string(),
        at: cellSchema,
        distance: z.number(),
        cover: z.string(),
        foe: z.boolean(),
        hitDice: z.number(),
        reactionDice: z.number(),
      }),
    ),
  }),
  z.object({ cells: z.array(cellSchema), units: ids }),
])

/** Pathfinder / dnd35 spread, burst, cone and line. */
export const spreadAnswerSchema = z.object({
  cells: z.array(z.object({ at: cellSchema, reflex: z.union([z.number(), z.boolean()]) })),
  tokens: ids,
  targets: z.array(z.object({ id: z.string() })),
})

// --- One shape for the screens -------------------------------------------------------------

export type PathStep = z.output<typeof pathStepSchema> & { action: string }
/** A check with its places (a word where a place was expected is left out). */
export type PathCheck = Omit<z.output<typeof pathCheckSchema>, 'onSuccess' | 'onFailure'> & {
  onSuccess?: CheckPlace
  onFailure?: CheckPlace
}
/** `start`: the drop from the wall before the move starts (the answer's `fall`). */
export type PathFall = z.output<typeof fallSchema> & {
  damage: string
  stoppedBy: string[]
  start?: boolean
}
export type PathAnswer =
  | {
      reachable: true
      cost: number
      steps: PathStep[]
      checks: PathCheck[]
      provokes: string[]
      falls?: PathFall[]
      conditions?: ConditionNote[]
    }
  | { reachable: false; reason: string; condition?: string }

type RawPath = z.output<typeof pathAnswerSchema>
type RawFall = z.output<typeof fallSchema>

function fallView(fall: RawFall, start: boolean): PathFall {
  return {
    ...fall,
    damage: fall.damage ?? 'gm',
    stoppedBy: fall.stoppedBy ?? [],
    ...(start ? { start: true } : {}),
  }
}

function checkView(check: z.output<typeof pathCheckSchema>): PathCheck {
  const { onSuccess, onFailure, ...rest } = check
  return {
    ...rest,
    ...(typeof onSuccess === 'object' ? { onSuccess } : {}),
    ...(typeof onFailure === 'object' ? { onFailure } : {}),
  }
}

/** A path answer as the screens read it: the start fall among the falls, defaults filled in. */
export function pathView(answer: RawPath): PathAnswer {
  if (!answer.reachable) {
    return {
      reachable: false,
      reason: answer.reason ?? 'unreachable',
      ...(answer.condition !== undefined ? { condition: answer.condition } : {}),
    }
  }
  const falls = [
    ...(answer.fall ? [fallView(answer.fall, true)] : []),
    ...(answer.falls ?? []).map((fall) => fallView(fall, false)),
  ]
  return {
    reachable: true,
    cost: answer.cost,
    steps: (answer.steps ?? []).map((step) => ({ ...step, action: step.action ?? 'move' })),
    checks: (answer.checks ?? []).map(checkView),
    provokes: answer.provokes ?? [],
    ...(falls.length > 0 ? { falls } : {}),
    ...(answer.conditions?.length ? { conditions: answer.conditions } : {}),
  }
}

/** The cells of any answer that lists them as [x, y] or {at}. */
export function cellsOf(answer: { cells: readonly z.output<typeof cellEntrySchema>[] }): Cell[] {
  return answer.cells.map((entry) => (Array.isArray(entry) ? entry : entry.at))
}

/** Every template answer in one shape: arianrhod `area`, dystopia `targets`, pathfinder `spread`. */
export interface AreaAnswer {
  cells: Cell[]
  tokens: string[]
  valid: boolean
  reason?: string
  radius?: number
}

export function areaView(
  answer:
    | z.output<typeof areaAnswerSchema>
    | z.output<typeof targetsAnswerSchema>
    | z.output<typeof spreadAnswerSchema>,
): AreaAnswer {
  if ('targets' in answer && !('cells' in answer)) return { cells: [], tokens: [], valid: true }
  if ('units' in answer) return { cells: answer.cells, tokens: answer.units, valid: true }
  if ('valid' in answer) {
    const { cells, tokens, valid, reason, radius } = answer
    return { cells, tokens, valid, ...(reason !== undefined ? { reason } : {}), radius }
  }
  return { cells: cellsOf(answer), tokens: answer.tokens, valid: true }
}

/** Fields absent from a Pathfinder / dnd35 `attack` answer count 0. */
export type AttackAnswer = z.output<typeof attackAnswerSchema> & {
  attack: number
  ac: number
  attackerAc: number
  missChance: number
  provokes: string[]
}

export function attackView(answer: z.output<typeof attackAnswerSchema>): AttackAnswer {
  return {
    ...answer,
    attack: answer.attack ?? 0,
    ac: answer.ac ?? 0,
    attackerAc: answer.attackerAc ?? 0,
    missChance: answer.missChance ?? 0,
    provokes: answer.provokes ?? [],
  }
}
