// The Arianrhod 【行動値】 contest of a [離脱] out of a [封鎖] square (seed 000 離脱 ▼封鎖):
// 「隣接している全ての敵と【行動値】対決を行い、勝利しなければ［離脱］は失敗する」 and 「離脱を行おう
// とするキャラクターが1回判定し、その達成値に対してすべてのリアクション側が判定する」.
// The mover rolls 2D6 + 【行動値】 once; each adjacent enemy rolls 2D6 + its 【行動値】 against that
// 達成値 (BCDice `2D6+N>=T`: reaching it is the reaction's success). Criticals and fumbles are
// BCDice's Arianrhod ones: a fumbling mover fails at once; against a critical mover only a critical
// reaction succeeds. Pure: the rolls come from the dice service in main.
import type { DiceRoll } from './dice-roll'

/**
 * The dice of a check with a change in their number (明度 ≤ 2: −1, the engine's `dice`):
 * `2D6` and −1 → `1D6`, never below one die (「ただし、ダイスの最低数は1個」).
 */
export function withDiceChange(base: string, change = 0): string {
  const match = /^(\d+)D(\d+)$/i.exec(base)
  if (!match || change === 0) return base
  return `${Math.max(1, Number(match[1]) + change)}D${match[2]}`
}

const check = (value: number, dice: number): string => {
  const roll = withDiceChange('2D6', dice)
  return value === 0 ? roll : `${roll}${value > 0 ? '+' : ''}${value}`
}

/**
 * The mover's check (`dice`: its die change on its square). `>=?` is BCDice's "target not known
 * yet": its Arianrhod bot then still reports クリティカル / ファンブル, which it does only for a
 * command with a target.
 */
export function contestCommand(value: number, dice = 0): string {
  return `${check(value, dice)}>=?`
}

/** A reaction, against the mover's 達成値 (`dice`: the die change on the reacting enemy's square). */
export function reactionCommand(value: number, moverTotal: number, dice = 0): string {
  return `${check(value, dice)}>=${moverTotal}`
}

export interface ContestOutcome {
  /** The [離脱] goes ahead: the mover beat every reaction. */
  moverWins: boolean
  /** Per reaction, in order: did it stop the mover? */
  stoppedBy: boolean[]
}

export function contestOutcome(
  mover: Pick<DiceRoll, 'critical' | 'fumble'>,
  reactions: ReadonlyArray<Pick<DiceRoll, 'success' | 'critical'>>,
): ContestOutcome {
  if (mover.fumble) return { moverWins: false, stoppedBy: reactions.map(() => false) }
  const stoppedBy = reactions.map((r) => r.critical || (!mover.critical && r.success))
  return { moverWins: !stoppedBy.some(Boolean), stoppedBy }
}
