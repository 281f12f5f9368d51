// The rules engine answers with codes ("in-enemy-zoc", "charge-too-short", "missing-field"); the
// GM reads sentences. Every code a system can give is listed beside the engine
// (src-main/rules/systems/*/reasons.ts, SCENARIO_ERROR_CODES in rules/system.ts) and has a
// sentence in both dictionaries (engine-reasons.test.ts fails otherwise).
import { en as fightMessages } from './messages/fight'
import type { MessageKey, MessageParams } from './i18n'

type Translate = (key: MessageKey, params?: MessageParams) => string

function keyFor(prefix: 'fight.reason.' | 'fight.error.', code: string): MessageKey | null {
  const key = `${prefix}${code}`
  return key in fightMessages ? (key as MessageKey) : null
}

/** A reason (or, when a query failed, an error code) as a sentence in the UI language. */
export function reasonText(t: Translate, code: string): string {
  const key = keyFor('fight.reason.', code) ?? keyFor('fight.error.', code)
  return key ? t(key) : t('fight.reason.unknown', { reason: code })
}

/** A failed query: the code's sentence, with the engine's own detail after it. */
export function engineErrorText(t: Translate, error: { code: string; message: string }): string {
  const key = keyFor('fight.error.', error.code)
  if (!key) return error.message
  return t('fight.error.detail', { sentence: t(key), message: error.message })
}
