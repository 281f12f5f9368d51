// BCDice writes its outcome words in Japanese whatever the table speaks: "(2D6>=7) ＞ 9[4,5] ＞ 9 ＞
// 成功". The words are BCDice's own (its i18n ja_jp table, plus Arianrhod's "クリティカル(+2D6)"), and the
// roll is kept as BCDice wrote it, so each page shows those words in its own language when it shows
// a roll. Only a whole step of the line is a word: a step the GM typed (a choice, a label) that
// merely contains one is left as it is.
import type { MessageKey, MessageParams } from './i18n'

type Translate = (key: MessageKey, params?: MessageParams) => string

const STEP = ' ＞ '

const WORDS: Readonly<Record<string, MessageKey>> = {
  成功: 'dice.word.success',
  失敗: 'dice.word.failure',
  クリティカル: 'dice.word.critical',
  ファンブル: 'dice.word.fumble',
}

/** Arianrhod's critical names the damage dice it adds (i18n "クリティカル(+%{dice}D6)"). */
const CRITICAL_DAMAGE = /^クリティカル\(\+(\d+)D6\)$/

function wordIn(step: string, t: Translate): string {
  const key = WORDS[step]
  if (key) return t(key)
  const damage = CRITICAL_DAMAGE.exec(step)
  return damage ? t('dice.word.criticalDamage', { dice: Number(damage[1]) }) : step
}

/** BCDice's result line with its outcome words in the page's language. */
export function rollTextIn(text: string, t: Translate): string {
  if (!text.includes(STEP)) return text
  const steps = text.split(STEP)
  // The first step is the command as typed: never a BCDice word, even when it reads like one.
  return [steps[0], ...steps.slice(1).map((step) => wordIn(step, t))].join(STEP)
}
