// The map and token shapes shared by the scenario format (shared/spec/scenario-format.md), the
// campaign store (which extends them with GM-only fields) and the renderer. Zod keeps one source
// of truth for both the types and the validation of untrusted input.
import { z } from 'zod'
import {
  DERIVED_CONDITIONS,
  PATHFINDER_CONDITIONS,
  type PathfinderCondition,
} from './systems/pathfinder/condition-names'

export const SYSTEM_IDS = ['arianrhod', 'pathfinder', 'dnd35', 'dystopia'] as const
export type SystemId = (typeof SYSTEM_IDS)[number]
export const systemIdSchema = z.enum(SYSTEM_IDS)

/** The spec refuses maps above this size and token count. */
export const MAX_MAP_SIDE = 1000
export const MAX_TOKENS = 10_000

export const cellSchema = z.tuple([z.number().int(), z.number().int()])
export type Cell = [number, number]

export const TERRAINS = ['floor', 'difficult', 'pit', 'solid'] as const
export type Terrain = (typeof TERRAINS)[number]

export const cellSpecSchema = z.object({
  at: cellSchema,
  terrain: z.enum(TERRAINS).optional(),
  elevation: z.number().finite().optional(),
  light: z.number().int().optional(),
  blockade: z.boolean().optional(),
})
export type CellSpec = z.infer<typeof cellSpecSchema>

/** `arrow-slit` (狭間窓): a wall with a slit, like a window for sight and lines, and improved cover (pathfinder / dnd35). */
export const EDGE_KINDS = ['wall', 'door', 'low-wall', 'window', 'arrow-slit'] as const
export type EdgeKind = (typeof EDGE_KINDS)[number]
export const DOOR_STATES = ['open', 'closed', 'locked'] as const
export type DoorState = (typeof DOOR_STATES)[number]

export const edgeSpecSchema = z.object({
  between: z.tuple([cellSchema, cellSchema]),
  kind: z.enum(EDGE_KINDS),
  state: z.enum(DOOR_STATES).optional(),
})
export type EdgeSpec = z.infer<typeof edgeSpecSchema>

export const lightSourceSchema = z.object({
  at: cellSchema,
  level: z.number().int(),
  radius: z.number().finite().nonnegative(),
})
export type LightSource = z.infer<typeof lightSourceSchema>

export const mapLightSchema = z.object({
  ambient: z.number().int().optional(),
  sources: z.array(lightSourceSchema).optional(),
})

export const mapSpecSchema = z.object({
  width: z.number().int().positive().max(MAX_MAP_SIDE),
  height: z.number().int().positive().max(MAX_MAP_SIDE),
  cells: z.array(cellSpecSchema).optional(),
  edges: z.array(edgeSpecSchema).optional(),
  light: mapLightSchema.optional(),
})
export type MapSpec = z.infer<typeof mapSpecSchema>

export const SIZES = [
  'fine',
  'diminutive',
  'tiny',
  'small',
  'medium',
  'large',
  'huge',
  'gargantuan',
  'colossal',
] as const
export type Size = (typeof SIZES)[number]

/** How a token is moving or placed: the states the token panel toggles, in every system. */
export const MOVEMENT_STATES = [
  'flying',
  'swimming',
  'stealth',
  'climbing',
  'helpless',
  'prone',
  'mounted',
] as const
export type MovementState = (typeof MOVEMENT_STATES)[number]

/**
 * Every state a token may hold: the movement states, `incorporeal`, and the Pathfinder / dnd35
 * conditions a GM can set (003 攻撃ロールの修正値 / アーマー・クラスへの修正, 無防備状態の敵, 満身創痍,
 * 瀕死; systems/pathfinder/condition-names.ts, the one list of them). Other systems ignore the
 * conditions.
 */
export type TokenState =
  MovementState | 'incorporeal' | Exclude<PathfinderCondition, (typeof DERIVED_CONDITIONS)[number]>
const isMovementState = (name: string): name is MovementState =>
  (MOVEMENT_STATES as readonly string[]).includes(name)
const isDerived = (name: string) => (DERIVED_CONDITIONS as readonly string[]).includes(name)
export const TOKEN_STATES = [
  ...MOVEMENT_STATES,
  'incorporeal',
  ...PATHFINDER_CONDITIONS.filter(
    (name): name is Exclude<TokenState, MovementState | 'incorporeal'> =>
      !isMovementState(name) && !isDerived(name),
  ),
] as const satisfies readonly TokenState[]

export const tokenSpecSchema = z.object({
  id: z.string().min(1).max(200),
  at: cellSchema,
  faction: z.string().min(1).max(200),
  move: z.number().finite().nonnegative().optional(),
  size: z.enum(SIZES).optional(),
  reach: z.number().finite().nonnegative().optional(),
  states: z.array(z.enum(TOKEN_STATES)).optional(),
  elevation: z.number().finite().optional(),
  /** Pathfinder / dnd35: the initiative modifier; arianrhod: 【行動値】 (the `initiative` query). */
  initiative: z.number().int().min(-1000).max(1000).optional(),
})
export type TokenSpec = z.infer<typeof tokenSpecSchema>
