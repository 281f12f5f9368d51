// Readers for query fields: each validates one field of the untrusted query and throws a
// ScenarioError with a JSON pointer to it, so handlers stay short and every bad input gets the
// same error shape.
import type { Cell, TokenSpec } from '../model'
import type { Battle } from '../system'
import { ScenarioError } from '../system'

type Query = Readonly<Record<string, unknown>>

function pointer(key: string): string {
  return `/query/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`
}

export function isCell(value: unknown): value is Cell {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    Number.isInteger(value[0]) &&
    Number.isInteger(value[1])
  )
}

/** A required cell inside the map. */
export function readCell(battle: Battle, query: Query, key: string): Cell {
  const value = query[key]
  if (value === undefined)
    throw new ScenarioError('missing-field', `query.${key} is required`, pointer(key))
  if (!isCell(value))
    throw new ScenarioError(
      'invalid-query',
      `query.${key} must be a cell [x, y] of integers`,
      pointer(key),
    )
  if (!battle.grid.inBounds(value[0], value[1])) {
    throw new ScenarioError(
      'cell-out-of-bounds',
      `query.${key} [${value[0]}, ${value[1]}] is outside the ${battle.grid.width}×${battle.grid.height} map`,
      pointer(key),
    )
  }
  return [value[0], value[1]]
}

export function readOptionalCell(battle: Battle, query: Query, key: string): Cell | undefined {
  return query[key] === undefined ? undefined : readCell(battle, query, key)
}

export function readToken(battle: Battle, query: Query, key: string): TokenSpec {
  const value = query[key]
  if (value === undefined)
    throw new ScenarioError('missing-field', `query.${key} is required`, pointer(key))
  if (typeof value !== 'string')
    throw new ScenarioError('invalid-query', `query.${key} must be a token id`, pointer(key))
  const token = battle.tokenById.get(value)
  if (!token)
    throw new ScenarioError('unknown-token', `no token has the id "${value}"`, pointer(key))
  return token
}

export function readOptionalToken(
  battle: Battle,
  query: Query,
  key: string,
): TokenSpec | undefined {
  return query[key] === undefined ? undefined : readToken(battle, query, key)
}

export function readEnum<T extends string>(
  query: Query,
  key: string,
  allowed: readonly T[],
  fallback?: T,
): T {
  const value = query[key]
  if (value === undefined && fallback !== undefined) return fallback
  if (value === undefined)
    throw new ScenarioError('missing-field', `query.${key} is required`, pointer(key))
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new ScenarioError(
      'invalid-query',
      `query.${key} must be one of: ${allowed.join(', ')}`,
      pointer(key),
    )
  }
  return value as T
}

/** A movement mode; an unknown one gets its own code so scripts can tell it from a typo elsewhere. */
export function readMode<T extends string>(query: Query, allowed: readonly T[], fallback?: T): T {
  const value = query.mode
  if (value === undefined && fallback !== undefined) return fallback
  if (value === undefined)
    throw new ScenarioError('missing-field', 'query.mode is required', pointer('mode'))
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new ScenarioError(
      'unknown-mode',
      `query.mode must be one of: ${allowed.join(', ')}`,
      pointer('mode'),
    )
  }
  return value as T
}

export function readNumber(
  query: Query,
  key: string,
  options: { fallback?: number; integer?: boolean; min?: number; max?: number } = {},
): number {
  const value = query[key]
  if (value === undefined && options.fallback !== undefined) return options.fallback
  if (value === undefined)
    throw new ScenarioError('missing-field', `query.${key} is required`, pointer(key))
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!options.integer || Number.isInteger(value)) &&
    (options.min === undefined || value >= options.min) &&
    (options.max === undefined || value <= options.max)
  if (!ok) {
    const range = [
      options.min !== undefined ? `≥ ${options.min}` : '',
      options.max !== undefined ? `≤ ${options.max}` : '',
    ]
      .filter(Boolean)
      .join(' and ')
    throw new ScenarioError(
      'invalid-query',
      `query.${key} must be a ${options.integer ? 'whole ' : ''}number ${range}`.trim(),
      pointer(key),
    )
  }
  return value as number
}

export function readBoolean(query: Query, key: string, fallback: boolean): boolean {
  const value = query[key]
  if (value === undefined) return fallback
  if (typeof value !== 'boolean')
    throw new ScenarioError('invalid-query', `query.${key} must be true or false`, pointer(key))
  return value
}

export function compareCells(a: Cell, b: Cell): number {
  return a[1] - b[1] || a[0] - b[0]
}
