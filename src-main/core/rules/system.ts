// The one interface every rule system implements. The scenario runner (scenario/run.ts) parses a
// document, builds a Battle, then calls the system's handler for the query type. A system lists
// only the queries it supports; any other type is answered with an `unsupported-query` error.
import type { Cell, SystemId, TokenSpec } from './model'
import type { Grid } from './grid/grid'

export type Unit = 'm' | 'ft' | 'squares'

/** A read-only view of one fight: the grid, the tokens, and the raw scenario for extra fields. */
export interface Battle {
  readonly grid: Grid
  readonly tokens: readonly TokenSpec[]
  readonly tokenById: ReadonlyMap<string, TokenSpec>
  /** The validated scenario document, for optional system-specific fields. */
  readonly scenario: Readonly<Record<string, unknown>>
}

export type QueryHandler = (battle: Battle, query: Readonly<Record<string, unknown>>) => unknown

export interface RuleSystem {
  readonly id: SystemId
  readonly unit: Unit
  readonly moveModes: readonly string[]
  /** Every `reason` code the system's answers can carry (systems/<id>/reasons.ts). */
  readonly reasons: readonly string[]
  /** Every effect a `light` answer can list. */
  readonly lightEffects: readonly string[]
  /** The names a `light` answer's `category` can take (Pathfinder / D&D 3.5 light categories). */
  readonly lightCategories: readonly string[]
  distance(a: Cell, b: Cell): number
  readonly queries: Readonly<Record<string, QueryHandler>>
  /**
   * The cells (indices) a token sees: exactly its `visible` query's cells, without building the
   * answer's [x, y] lists. The players' fog asks it for every PC on every edit (issue 13).
   */
  sightOf?(battle: Battle, tokenId: string): number[]
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
