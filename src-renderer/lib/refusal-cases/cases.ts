// How a refusal case is written: a cause (the engine's code, the words that must name it) and the
// scenarios that provoke it, built on ASCII boards (issue 24).
import type { TokenOptions } from '@core/rules/testing/scenario'
import type { ReasonContext } from '../engine-reasons'
import type { SystemId } from '@core/rules/model'

export interface Case {
  system: SystemId
  map: string
  tokens?: Record<string, Partial<TokenOptions>>
  query: Record<string, unknown>
  extras?: Record<string, unknown>
  round?: Record<string, unknown>
}

export interface Cause {
  code: string
  context?: ReasonContext
  /** Words that name this cause, in the English and the Japanese sentence. */
  en: RegExp
  ja: RegExp
  cases: Case[]
}

export const path = (token: string, to: [number, number], mode: string, extra = {}) => ({
  type: 'path',
  token,
  to,
  mode,
  ...extra,
})
export const reach = (token: string, mode: string) => ({ type: 'reach', token, mode })
export const attack = (extra: Record<string, unknown> = {}) => ({
  type: 'attack',
  attacker: 'a',
  target: 'T',
  attack: 'melee',
  ...extra,
})
export const pf = (
  map: string,
  query: Record<string, unknown>,
  more: Partial<Case> = {},
): Case => ({
  system: 'pathfinder',
  map,
  query,
  ...more,
})
export const ar = (
  map: string,
  query: Record<string, unknown>,
  more: Partial<Case> = {},
): Case => ({
  system: 'arianrhod',
  map,
  query,
  ...more,
})
export const dy = (
  map: string,
  query: Record<string, unknown>,
  more: Partial<Case> = {},
): Case => ({
  system: 'dystopia',
  map,
  query,
  ...more,
})
export const BOARD = (row0: string) =>
  [row0, ...Array.from({ length: 5 }, () => '. . . . . .')].join('\n\n')
