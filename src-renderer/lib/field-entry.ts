// What a typed number or name means, for every field of the page (issue 25): one reading, so a
// GM's "12e" is refused everywhere instead of becoming 0 in one field and being ignored in another.
// Pure; NumberField.svelte and NameField.svelte show the refusal and put the stored value back.
import type { MessageKey, MessageParams } from './i18n'

/** Bounds of one numeric field: the same limits main's schema holds, or a sane cap where it has none. */
export interface NumberRule {
  min?: number
  max?: number
  /** Whole numbers only (the default). */
  integer?: boolean
  /** A blank field means "no value" (null) instead of being refused. */
  optional?: boolean
}

export type EntryRefusal = { ok: false; key: MessageKey; params: MessageParams }
export type Entry<T> = { ok: true; value: T } | EntryRefusal

/** Names everywhere hold at most this many characters (main's label schema). */
export const MAX_NAME_LENGTH = 200

const INTEGER = /^[+-]?\d+$/
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/

/**
 * Reads what the GM typed: full-width digits and signs (a Japanese IME), thousands separators
 * ("22,300") and surrounding spaces are accepted; anything else that is not a plain number, such
 * as "12e", "1e3" or "0x10", is refused rather than guessed at.
 */
export function parseNumberEntry(text: string, rule: NumberRule): Entry<number | null> {
  const cleaned = text
    .normalize('NFKC')
    .replace(/[\u2212\u2012\u2013\u2014]/g, '-')
    .replace(/[,\s]/g, '')
  const integer = rule.integer ?? true
  if (cleaned === '') {
    if (rule.optional) return { ok: true, value: null }
    return refuse('entry.empty', rule)
  }
  if (!DECIMAL.test(cleaned)) return refuse('entry.notNumber', rule, { text: text.trim() })
  if (integer && !INTEGER.test(cleaned)) return refuse('entry.notWhole', rule)
  const value = Number(cleaned)
  if (!Number.isFinite(value) || (integer && !Number.isSafeInteger(value)))
    return refuse(rangeKey(rule, value < 0 ? 'entry.tooSmall' : 'entry.tooLarge'), rule)
  if (rule.min !== undefined && value < rule.min)
    return refuse(rangeKey(rule, 'entry.tooSmall'), rule)
  if (rule.max !== undefined && value > rule.max)
    return refuse(rangeKey(rule, 'entry.tooLarge'), rule)
  // "-0" is 0.
  return { ok: true, value: value === 0 ? 0 : value }
}

/** A name: trimmed, never blank, at most MAX_NAME_LENGTH characters. */
export function parseNameEntry(text: string, maxLength = MAX_NAME_LENGTH): Entry<string> {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, key: 'entry.blankName', params: {} }
  if ([...trimmed].length > maxLength)
    return { ok: false, key: 'entry.nameTooLong', params: { max: maxLength } }
  return { ok: true, value: trimmed }
}

/** How a stored number is shown in its field (blank for none). */
export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : String(value)
}

/** A bound as the messages show it: 1000000 → "1,000,000". */
export function formatBound(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 3 })
}

function rangeKey(rule: NumberRule, oneSided: MessageKey): MessageKey {
  return rule.min !== undefined && rule.max !== undefined ? 'entry.range' : oneSided
}

function refuse(key: MessageKey, rule: NumberRule, extra: MessageParams = {}): EntryRefusal {
  const params: MessageParams = { ...extra }
  if (rule.min !== undefined) params.min = formatBound(rule.min)
  if (rule.max !== undefined) params.max = formatBound(rule.max)
  // Past the largest exact number with no stated bound: nothing to quote but "too large".
  if (
    (key === 'entry.tooLarge' && rule.max === undefined) ||
    (key === 'entry.tooSmall' && rule.min === undefined)
  )
    return { ok: false, key: 'entry.huge', params }
  return { ok: false, key, params }
}
