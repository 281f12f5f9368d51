// The shapes of the query answers the GM screen reads (reach, path, cover, light, attack, areas,
// flanking, distance), as zod schemas shared by the engine's tests and the renderer (issue 13:
// the renderer had its own hand-written readers, so nothing checked that they matched what the
// engine answers). Answers may carry more fields (they are additions, README "Queries"); these
// schemas keep what the screen uses and normalise the few shapes that differ between systems.
// tests/unit/answers.test.ts parses every answer the engine gives on the sample maps with them.
import { z } from 'zod'

const cellSchema = z.tuple([z.number().int(), z.number().int()])

export const reachAnswerSchema = z
  .looseObject({
    cells: z.array(z.looseObject({ at: cellSchema, cost: z.number() })),
    /** Arianrhod: false when the mode is not allowed at all (reason says why). */
    allowed: z.boolean().optional(),
    reason: z.string().optional(),
    reactionDice: z.number().optional(),
  })
  .transform(({ cells, allowed, reason, reactionDice }) => ({
    cells: cells.map(({ at, cost }) => ({ at, cost })),
    allowed: allowed !== false,
    ...(reason !== undefined ? { reason } : {}),
    ...(reactionDice !== undefined ? { reactionDice } : {}),
  }))
export type ReachAnswer = z.output<typeof reachAnswerSchema>
export type ReachCell = ReachAnswer['cells'][number]

const pathStepSchema = z
  .looseObject({
    at: cellSchema,
    cost: z.number(),
    action: z.string().default('move'),
    /** Pathfinder / dnd35: the space is squeezed after this step (無理矢理入り込む). */
    squeeze: z.boolean().optional(),
  })
  .transform(({ at, cost, action, squeeze }) => ({
    at,
    cost,
    action,
    ...(squeeze === true ? { squeeze: true } : {}),
  }))
export type PathStep = z.output<typeof pathStepSchema>

/** Where a climb check leaves the character (arianrhod: absolute elevation). */
const checkPlaceSchema = z
  .looseObject({ at: cellSchema, elevation: z.number().optional() })
  .transform(({ at, elevation }) => ({ at, ...(elevation !== undefined ? { elevation } : {}) }))
export type CheckPlace = z.output<typeof checkPlaceSchema>

const pathCheckSchema = z
  .looseObject({
    kind: z.string(),
    ability: z.string().optional(),
    dc: z.number().optional(),
    against: z.array(z.string()).optional(),
    ifFailed: z.string().optional(),
    /** Arianrhod 明度 ≤ 2: dice added (−1) to this check. */
    dice: z.number().optional(),
    /** Pathfinder: a modifier to the check (登攀速度の上昇 −5). */
    modifier: z.number().optional(),
    /** The climb plan: metres a check climbs, where it ends on success / failure (arianrhod). */
    climbs: z.number().optional(),
    onSuccess: z.unknown().optional(),
    onFailure: z.unknown().optional(),
    /** Pathfinder climbs and jumps: height and direction. */
    height: z.number().optional(),
    direction: z.string().optional(),
    /** Arianrhod 登攀 AGI: metres fallen when it succeeds / fails. */
    drops: z.unknown().optional(),
  })
  .transform((c) => {
    // Pathfinder's `onSuccess: 'no-attack-of-opportunity'` is a word, not a place: not a plan.
    const place = (value: unknown) => {
      const parsed = checkPlaceSchema.safeParse(value)
      return parsed.success ? parsed.data : undefined
    }
    const drops = z.object({ onSuccess: z.number(), onFailure: z.number() }).safeParse(c.drops)
    const onSuccess = place(c.onSuccess)
    const onFailure = place(c.onFailure)
    return {
      kind: c.kind,
      ...(c.ability !== undefined ? { ability: c.ability } : {}),
      ...(c.dc !== undefined ? { dc: c.dc } : {}),
      ...(c.against !== undefined ? { against: c.against } : {}),
      ...(c.ifFailed !== undefined ? { ifFailed: c.ifFailed } : {}),
      ...(c.dice !== undefined ? { dice: c.dice } : {}),
      ...(c.modifier !== undefined ? { modifier: c.modifier } : {}),
      ...(c.climbs !== undefined ? { climbs: c.climbs } : {}),
      ...(onSuccess ? { onSuccess } : {}),
      ...(onFailure ? { onFailure } : {}),
      ...(c.height !== undefined ? { height: c.height } : {}),
      ...(c.direction !== undefined ? { direction: c.direction } : {}),
      ...(drops.success ? { drops: drops.data } : {}),
    }
  })
export type PathCheck = z.output<typeof pathCheckSchema>

/** Arianrhod 落下: a drop on the way (or from the wall before moving), with who stopped it. */
const fallSchema = z.looseObject({
  at: cellSchema,
  height: z.number(),
  /** 'gm': the GM sets the fall damage; 'none': an enemy ZOC stopped the fall. */
  damage: z.string().default('gm'),
  stoppedBy: z.array(z.string()).default([]),
})
export interface PathFall {
  at: [number, number]
  height: number
  damage: string
  stoppedBy: string[]
  /** The drop from the wall before the move starts. */
  start?: boolean
}

export const pathAnswerSchema = z.union([
  z
    .looseObject({
      reachable: z.literal(true),
      cost: z.number(),
      steps: z.array(pathStepSchema).default([]),
      checks: z.array(pathCheckSchema).default([]),
      provokes: z.array(z.string()).default([]),
      fall: fallSchema.optional(),
      falls: z.array(fallSchema).optional(),
    })
    .transform(({ cost, steps, checks, provokes, fall, falls }) => {
      const all: PathFall[] = [
        ...(fall ? [{ ...pickFall(fall), start: true }] : []),
        ...(falls ?? []).map(pickFall),
      ]
      return {
        reachable: true as const,
        cost,
        steps,
        checks,
        provokes,
        ...(all.length > 0 ? { falls: all } : {}),
      }
    }),
  z
    .looseObject({ reachable: z.literal(false), reason: z.string().default('unreachable') })
    .transform(({ reason }) => ({ reachable: false as const, reason })),
])
export type PathAnswer = z.output<typeof pathAnswerSchema>

function pickFall(fall: z.output<typeof fallSchema>): PathFall {
  return { at: fall.at, height: fall.height, damage: fall.damage, stoppedBy: fall.stoppedBy }
}

export const coverAnswerSchema = z
  .looseObject({
    cover: z.string(),
    soft: z.boolean().optional(),
    targetable: z.boolean().optional(),
    reason: z.string().optional(),
    /** Arianrhod: dice added to the target's reaction (partial cover +1D). */
    reactionDice: z.number().optional(),
  })
  .transform(({ cover, soft, targetable, reason, reactionDice }) => ({
    cover,
    ...(soft !== undefined ? { soft } : {}),
    ...(targetable !== undefined ? { targetable } : {}),
    ...(reason !== undefined ? { reason } : {}),
    ...(reactionDice !== undefined ? { reactionDice } : {}),
  }))
export type CoverAnswer = z.output<typeof coverAnswerSchema>

export const lightAnswerSchema = z
  .looseObject({
    level: z.number(),
    category: z.string().optional(),
    effects: z.array(z.string()).default([]),
  })
  .transform(({ level, category, effects }) => ({
    level,
    ...(category !== undefined ? { category } : {}),
    effects,
  }))
export type LightAnswer = z.output<typeof lightAnswerSchema>

const attackModifierSchema = z
  .looseObject({
    code: z.string(),
    attack: z.number().optional(),
    ac: z.number().optional(),
    attackerAc: z.number().optional(),
    missChance: z.number().optional(),
    dexToAc: z.string().optional(),
    source: z.string().optional(),
  })
  .transform(({ code, ...rest }) => ({
    code,
    ...Object.fromEntries(
      (['attack', 'ac', 'attackerAc', 'missChance', 'dexToAc', 'source'] as const)
        .filter((key) => rest[key] !== undefined)
        .map((key) => [key, rest[key]]),
    ),
  }))
export interface AttackModifier {
  code: string
  attack?: number
  ac?: number
  attackerAc?: number
  missChance?: number
  dexToAc?: string
  source?: string
}

/** Pathfinder / dnd35 `attack`: the situational modifiers and whether the attack provokes. */
export const attackAnswerSchema = z
  .looseObject({
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
  .transform(
    ({ reason, dexToAc, modifiers, allowed, attack, ac, attackerAc, missChance, provokes }) => ({
      allowed,
      ...(reason !== undefined ? { reason } : {}),
      attack,
      ac,
      attackerAc,
      missChance,
      ...(dexToAc !== undefined ? { dexToAc } : {}),
      modifiers: modifiers as AttackModifier[],
      provokes,
    }),
  )
export type AttackAnswer = z.output<typeof attackAnswerSchema>

/** Answers that list cells as [x, y] or as {at: [x, y], …} (zoc, threat, visible, reach sets). */
export const cellsAnswerSchema = z
  .looseObject({ cells: z.array(z.union([cellSchema, z.looseObject({ at: cellSchema })])) })
  .transform(({ cells }) => cells.map((entry) => (Array.isArray(entry) ? entry : entry.at)))

export const flankingAnswerSchema = z
  .looseObject({ pairs: z.array(z.tuple([z.string(), z.string()])) })
  .transform(({ pairs }) => pairs)

export const distanceAnswerSchema = z
  .looseObject({ distance: z.number(), unit: z.string().default('') })
  .transform(({ distance, unit }) => ({ distance, unit }))

/**
 * Every template answer in one shape: arianrhod `area` (cells, tokens, valid), dystopia `targets`
 * (cells as [x, y], units) and pathfinder `spread` (cells as {at, reflex}).
 */
export const areaAnswerSchema = z
  .looseObject({
    cells: z.array(z.union([cellSchema, z.looseObject({ at: cellSchema })])),
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
