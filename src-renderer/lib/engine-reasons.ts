// The rules engine answers with codes ("in-enemy-zoc", "charge-too-short", "missing-field"); the
// GM reads sentences. Every code a system can give is listed beside the engine
// (src-main/core/rules/systems/*/reasons.ts, SCENARIO_ERROR_CODES in rules/system.ts) and has a
// sentence in both dictionaries (engine-reasons.test.ts fails otherwise).
import { en as engineMessages } from './messages/engine'
import { en as attackMessages } from './messages/attack'
import { en as conditionMessages } from './messages/conditions'
import type { MessageKey, MessageParams } from './i18n'

type Translate = (key: MessageKey, params?: MessageParams) => string

type Prefix = 'fight.reason.' | 'fight.error.' | 'fight.attackReason.'

function keyFor(prefix: Prefix, code: string): MessageKey | null {
  const key = `${prefix}${code}`
  return key in engineMessages || key in attackMessages || key in conditionMessages
    ? (key as MessageKey)
    : null
}

/**
 * Which answer refused: a code both a move and an attack give (`out-of-reach`) has a cause of its
 * own for each ("too far for this move" is not why a blow cannot land).
 */
export type ReasonContext = 'move' | 'attack'

/** A reason (or, when a query failed, an error code) as a sentence in the UI language. */
export function reasonText(t: Translate, code: string, context: ReasonContext = 'move'): string {
  const key =
    (context === 'attack' ? keyFor('fight.attackReason.', code) : null) ??
    keyFor('fight.reason.', code) ??
    keyFor('fight.error.', code)
  return key ? t(key) : t('fight.reason.unknown', { reason: code })
}

/** A failed query: the code's sentence, with the engine's own detail after it. */
export function engineErrorText(t: Translate, error: { code: string; message: string }): string {
  const key = keyFor('fight.error.', error.code)
  if (!key) return error.message
  return t('fight.error.detail', { sentence: t(key), message: error.message })
}

/** A Pathfinder condition's name (朦朧状態 / stunned), or the code as it is. */
export function conditionText(t: Translate, condition: string): string {
  const key = `fight.condition.${condition}`
  return key in conditionMessages ? t(key as MessageKey) : condition
}

/** A refusal with the condition that decided it, when the engine names one: "… (stunned)". */
export function refusalText(
  t: Translate,
  reason: string,
  condition?: string,
  context: ReasonContext = 'move',
): string {
  const text = reasonText(t, reason, context)
  return condition
    ? t('fight.conditionRefusal', { reason: text, condition: conditionText(t, condition) })
    : text
}
