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
  distance(a: Cell, b: Cell): number
  readonly queries: Readonly<Record<string, QueryHandler>>
}

/** A problem with the scenario itself; the CLI prints it as `{"error": …}` and exits 2. */
export class ScenarioError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** JSON pointer into the scenario, where one applies. */
    readonly path?: string,
  ) {
    super(message)
    this.name = 'ScenarioError'
  }
}
