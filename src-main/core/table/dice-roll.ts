// One roll as the app keeps and shows it: pure data, shared by main (which rolls with BCDice in
// dice.ts) and the pages (which show it).
export interface DiceRoll {
  command: string
  /** BCDice's own result line, e.g. "(2D6) ＞ 7[3,4] ＞ 7". */
  text: string
  /** The faces drawn, in draw order. */
  dice: number[]
  /** The final number of the result line, when it ends in one. */
  total: number | null
  success: boolean
  failure: boolean
  critical: boolean
  fumble: boolean
  secret: boolean
}
