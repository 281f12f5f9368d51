// The one interface every rule system implements. The scenario runner (scenario/run.ts) parses a
// document, builds a Battle, then calls the system's handler for the query type. A system lists
// only the queries it supports; any other type is answered with an `unsupported-query` error.
import type { Cell, SystemId, TokenSpec } from './model'
import type { Grid } from './grid/grid'
import type { LineReach } from './grid/line-reach'
import type { QueryAnswer, QueryName } from './queries'

export type Unit = 'm' | 'ft' | 'squares'

// What the screens and the campaign code read about a system: plain data and a few pure
// conversions, in systems/<id>/facts.ts, gathered for the page by facts.ts.
export interface SystemFacts {
  readonly id: SystemId
  /** The unit distances and speeds are given in. */
  readonly unit: Unit
  /** The unit as the screens print it after a number ('' where distances are counted in squares). */
  readonly unitLabel: 'm' | 'ft' | ''
  /** Map units per square (2 m; 5 ft; DysTopiA counts squares). */
  readonly unitsPerSquare: number
  /** A new token's 【移動力】 or speed in the system unit (none where tokens have no speed). */
  readonly defaultMove?: number
  /** Every move mode the engine's reach and path queries accept, the usual one first. */
  readonly moveModes: readonly string[]
  /** Light level treated as full brightness (levels above it are not brighter). */
  readonly normalLight: number
  /** Level where the map sets no ambient light (the engine's default). */
  readonly defaultAmbient: number
  /** The brightest level the light overlay scales to (the system's daylight or brighter). */
  readonly lightTop: number
  /** Names of the light levels, darkest first, where the system names them. */
  readonly lightNames?: readonly string[]
  /**
   * What a light level does where the system says it by number (Arianrhod's 明度, R2_148): each
   * effect holds at its level and below. Words for the effects are the fight panel's.
   */
  readonly lightEffects?: readonly { readonly atOrBelow: number; readonly effect: string }[]
  /** Whether light is judged per viewer (low-light vision and darkvision change it). */
  readonly lightPerViewer: boolean
  /** Whether the system has light levels at all (DysTopiA does not). */
  readonly hasLight: boolean
  /**
   * The screens use the system's own words: 明度 for the light level, 【移動力】 for speed, ZOC for
   * threatened squares (the `.arianrhod` message variants).
   */
  readonly ownTerms: boolean
  /** How UVTT light intensities and brightness map onto the system's light levels. */
  readonly uvttLight: UvttLightScale
  /**
   * The rules family: 'arianrhod' (明度, 封鎖, 2D6 checks, 行動値 order), 'tactical' (Pathfinder /
   * D&D 3.5: feet, corner cover, d20 checks and initiative) or 'dystopia' (6×6 board of chips).
   * A name for tests and readers: code reads the fact it depends on, never the family
   * (tests/unit/system-branches.test.ts).
   */
  readonly family: 'arianrhod' | 'tactical' | 'dystopia'
  /** A fixed board size (DysTopiA's 6×6), or null where the GM chooses one. */
  readonly board: { readonly width: number; readonly height: number } | null
  /**
   * The most units one square holds, whoever they are (DysTopiA: 4); null where the engine's own
   * sharing rules decide (RuleSystem.occupancy).
   */
  readonly squareCapacity: number | null
  /** Factions have deployment squares (the scenario's `dystopia.deploy`). */
  readonly deployZones: boolean
  /** Units are chips, several to a square, each drawn one square big. */
  readonly chips: boolean
  /** ZOC or threat, cover and flanking queries exist. */
  readonly tacticalQueries: boolean
  /** An `attack` query exists (Pathfinder / D&D 3.5: the modifiers an attack takes). */
  readonly attackQuery: boolean
  /** Cover is judged by lines from the attacker's corner to the target's corners (002). */
  readonly cornerCover: boolean
  /** A combatant is flat-footed until its first turn of a fight (立ちすくみ). */
  readonly flatFootedBeforeFirstTurn: boolean
  /** The dice of a check: 2D6 + bonus or 1D20 + bonus. */
  readonly checkDice: '2D6' | '1D20'
  /** Initiative is rolled on a d20 (otherwise it is a value, 行動値 or the unit's order). */
  readonly rollsInitiative: boolean
  /**
   * Without a roll: the order is highest 【行動値】 first and follows a changed value (Arianrhod), or
   * (false) it is the GM's order as listed (DysTopiA).
   */
  readonly initiativeByValue: boolean
  /** The move modes the turn tracker offers as buttons for the acting unit (DysTopiA's サブ / メイン). */
  readonly turnActions: readonly ('sub' | 'main')[]
  /** A check on a move's path can be rolled from the path panel against its DC. */
  readonly rollsPathChecks: boolean
  /** The engine query an area template asks: `area` (効果範囲), `targets` (対象) or `spread`. */
  readonly areaTemplate: 'area' | 'targets' | 'spread'
  /** Terrain kinds the editor offers beyond floor (Arianrhod has no difficult terrain rule). */
  readonly difficultTerrain: boolean
  /** 封鎖 (blockade) squares are a rule. */
  readonly blockade: boolean
  /** Tokens have speeds in the system unit (a DysTopiA chip moves by its mode alone). */
  readonly tokenSpeeds: boolean
  /** Tokens have their own reach (Arianrhod's リーチ is always 3 m). */
  readonly tokenReach: boolean
  /** A token's size changes the squares it takes (not in Arianrhod: seed 000). */
  readonly tokenSizes: boolean
  /** Campaigns keep a guild book (seed 004). */
  readonly guildBook: boolean
}

/**
 * A system's light levels against the 0–1 intensity and brightness of a Universal VTT file
 * (uvtt/import.ts, uvtt/export.ts).
 */
export interface UvttLightScale {
  /** The level a light source of this intensity gives. */
  levelOfIntensity(intensity: number): number
  /** The ambient level of this brightness (alpha × luminance). */
  levelOfBrightness(brightness: number): number
  /** The intensity a light source of this level is exported with. */
  intensityOfLevel(level: number): number
  /** The brightness an ambient level is exported with. */
  brightnessOfLevel(level: number): number
  /** The ambient level of a file with baked lighting, and the one exported where the map sets none. */
  readonly unsetAmbient: number
}

/** A read-only view of one fight: the grid, the tokens, and the raw scenario for extra fields. */
export interface Battle {
  /** The rule system that answers this battle's queries (ask.ts). */
  readonly system: SystemId
  readonly grid: Grid
  readonly tokens: readonly TokenSpec[]
  readonly tokenById: ReadonlyMap<string, TokenSpec>
  /** The validated scenario document, for optional system-specific fields. */
  readonly scenario: Readonly<Record<string, unknown>>
}

/** A handler as the runner calls it: the query as JSON (its fields read by scenario/query.ts). */
export type QueryHandler = (battle: Battle, query: Readonly<Record<string, unknown>>) => unknown

/** A system's handler for query `Q`: its answer is the one the query declares (queries.ts). */
export type QueryHandlerOf<Q extends QueryName> = (
  battle: Battle,
  query: Readonly<Record<string, unknown>>,
) => QueryAnswer<Q>

/** The queries a system answers, each typed by its declaration. */
export type SystemQueries = { readonly [Q in QueryName]?: QueryHandlerOf<Q> }

/** Who may stand on one square (spec decision 8: anything else is `tokens-overlap`). */
export interface Occupancy {
  /** The side, in squares, of the square block a token takes. */
  side(token: TokenSpec): number
  /** Why these tokens (two or more) may not share a square, or null when they may. */
  sharingProblem(here: readonly TokenSpec[]): string | null
}

export interface RuleSystem {
  readonly id: SystemId
  /** What the screens and the campaign code read about the system (facts.ts, systems/<id>/facts.ts). */
  readonly facts: SystemFacts
  readonly occupancy: Occupancy
  readonly unit: Unit
  readonly moveModes: readonly string[]
  /** Every `reason` code the system's answers can carry (systems/<id>/reasons.ts). */
  readonly reasons: readonly string[]
  /** Every effect a `light` answer can list. */
  readonly lightEffects: readonly string[]
  /** The names a `light` answer's `category` can take (Pathfinder / D&D 3.5 light categories). */
  readonly lightCategories: readonly string[]
  distance(a: Cell, b: Cell): number
  readonly queries: SystemQueries
  /**
   * The cells (indices) a token sees: exactly its `visible` query's cells, without building the
   * answer's [x, y] lists. The players' fog asks it for every PC on every edit (issue 13).
   * `reached`, when given, gets every square the token's lines of sight reach (grid/line-reach.ts).
   */
  sightOf?(battle: Battle, tokenId: string, reached?: LineReach): number[]
  /**
   * Whether, on this battle's light, a change to the edges between the squares `around` (cell
   * indices: a wall, a door, a window) or to their terrain (a solid square) changes a token's
   * sight only along its lines of sight through them, as `reached` (grid/line-reach.ts) records
   * them: no light and no other layout fact its sightOf or fogSight reads depends on those edges
   * and squares. The players' fog then asks again only the PCs whose lines reach `around`. A
   * system with sightOf and without this is asked for every PC after every such edit.
   */
  sightFollowsLines?(battle: Battle, around: readonly number[]): boolean
  /**
   * The players' fog from a token's sight, where the system's `visible` leaves something to the
   * fog (Arianrhod's ignores 明度: a dark square is seen only inside the viewer's リーチ).
   */
  fogSight?(battle: Battle, tokenId: string, seen: number[]): number[]
}

/**
 * Every error code a scenario can be answered with (README "Runner and CLI" and the system
 * READMEs). Typed, so a new code is a type error until it is listed; the GM screen has a sentence
 * for each in both languages (src-renderer/lib/engine-reasons.test.ts).
 */
export const SCENARIO_ERROR_CODES = [
  'invalid-scenario',
  'unknown-format',
  'unknown-system',
  'map-too-large',
  'too-many-tokens',
  'cell-out-of-bounds',
  'invalid-edge',
  'duplicate-token',
  'tokens-overlap',
  'unsupported-query',
  'unknown-token',
  'unknown-mode',
  'missing-field',
  'invalid-query',
  'internal-error',
  // turn order
  'invalid-delay',
  'unknown-combatant',
  // DysTopiA
  'invalid-dystopia',
  'board-size',
  'one-per-square',
  'square-full',
  'no-skill-move',
  'illegal-destination',
  'invalid-range',
  'invalid-shape',
  'invalid-direction',
  'pick-count',
  'duplicate-pick',
  'pick-out-of-range',
  'not-in-shape',
  'not-a-target',
] as const
export type ScenarioErrorCode = (typeof SCENARIO_ERROR_CODES)[number]

/** A problem with the scenario itself; the CLI prints it as `{"error": …}` and exits 2. */
export class ScenarioError extends Error {
  constructor(
    readonly code: ScenarioErrorCode,
    message: string,
    /** JSON pointer into the scenario, where one applies. */
    readonly path?: string,
  ) {
    super(message)
    this.name = 'ScenarioError'
  }
}
