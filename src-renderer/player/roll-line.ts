// A roll as the table reads it on one line: BCDice's text "(2D6+8>=12) ＞ 9[4,5]+8 ＞ 17 ＞ 成功"
// split into the working (command and dice), which may be shortened with "…" where the line is
// narrow, and the outcome (the last total and what follows it: "17 ＞ 成功"), which never is: the
// players across the room read the outcome first.

export interface RollLine {
  /** The command and the dice, up to the outcome ("" when the text is the outcome alone). */
  working: string
  /** The last total and any word after it, or the last step when there is no number. */
  outcome: string
}

const STEP = '＞'

export function rollLine(text: string): RollLine {
  const steps = text.split(STEP).map((step) => step.trim())
  let from = steps.length - 1
  for (let i = steps.length - 1; i >= 0; i--) {
    if (/^-?\d+$/.test(steps[i])) {
      from = i
      break
    }
  }
  // The command alone is working, never the outcome, even when it is a bare number.
  if (from === 0 && steps.length > 1) from = steps.length - 1
  return {
    working: steps.slice(0, from).join(` ${STEP} `),
    outcome: steps.slice(from).join(` ${STEP} `),
  }
}
