// Reading a query's fields with errors that point at them (`/query/pick/1`), so a bad pick is
// reported as exactly the field the GM or tool got wrong.
import type { Cell, TokenSpec } from '../../model'
import { ScenarioError } from '../../system'
import { onBoard, parseRange, type Range } from './geometry'
import type { DystopiaState } from './state'

export type Query = Readonly<Record<string, unknown>>

export function at(field: string | number, ...rest: (string | number)[]): string {
  return ['/query', field, ...rest].join('/')
}

export function has(query: Query, field: string): boolean {
  return query[field] !== undefined
}

export function missing(field: string, what: string): ScenarioError {
  return new ScenarioError('missing-field', `the query needs "${field}" (${what})`, at(field))
}

export function readToken(state: DystopiaState, query: Query, field: string): TokenSpec {
  const id = query[field]
  if (id === undefined) throw missing(field, 'a token id')
  if (typeof id !== 'string')
    throw new ScenarioError('invalid-query', `"${field}" must be a token id (a string)`, at(field))
  const token = state.unitById.get(id)
  if (!token) throw new ScenarioError('unknown-token', `no token with id "${id}"`, at(field))
  return token
}

function asCell(value: unknown, path: string, what: string): Cell {
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !value.every((n) => typeof n === 'number' && Number.isInteger(n))
  ) {
    throw new ScenarioError('invalid-query', `${what} must be a cell [x, y] of two integers`, path)
  }
  return [value[0] as number, value[1] as number]
}

/** A cell on the board, or a `cell-out-of-bounds` error at its path. */
export function readCellAt(state: DystopiaState, value: unknown, path: string, what: string): Cell {
  const cell = asCell(value, path, what)
  if (!onBoard(state.board, cell)) {
    throw new ScenarioError(
      'cell-out-of-bounds',
      `${what} [${cell.join(', ')}] is outside the 6 × 6 board`,
      path,
    )
  }
  return cell
}

export function readCell(state: DystopiaState, query: Query, field: string): Cell {
  if (query[field] === undefined) throw missing(field, 'a cell [x, y]')
  return readCellAt(state, query[field], at(field), `"${field}"`)
}

export function readCellList(state: DystopiaState, query: Query, field: string): Cell[] {
  const value = query[field]
  if (value === undefined) throw missing(field, 'a list of cells [[x, y], …]')
  if (!Array.isArray(value))
    throw new ScenarioError('invalid-query', `"${field}" must be a list of cells`, at(field))
  return value.map((v, i) => readCellAt(state, v, at(field, i), `${field}[${i}]`))
}

export function readRange(text: unknown, path: string): Range {
  if (typeof text === 'number' && Number.isInteger(text) && text >= 0)
    return { min: text, max: text }
  const range = typeof text === 'string' ? parseRange(text) : null
  if (!range) {
    throw new ScenarioError(
      'invalid-range',
      `射程 must look like "0-3" (min-max, min <= max); got ${JSON.stringify(text)}`,
      path,
    )
  }
  return range
}

export function readInteger(query: Query, field: string, min: number, max: number): number {
  const value = query[field]
  if (value === undefined) throw missing(field, `an integer ${min}..${max}`)
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ScenarioError(
      'invalid-query',
      `"${field}" must be an integer from ${min} to ${max}`,
      at(field),
    )
  }
  return value
}

export function readOptionalString(query: Query, field: string): string | undefined {
  const value = query[field]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length === 0) {
    throw new ScenarioError('invalid-query', `"${field}" must be a non-empty string`, at(field))
  }
  return value
}

/** Rejects a field that the chosen shape or mode does not use, so a misplaced pick is not ignored. */
export function refuse(query: Query, field: string, why: string): void {
  if (query[field] !== undefined)
    throw new ScenarioError('invalid-query', `"${field}" is not used ${why}`, at(field))
}
