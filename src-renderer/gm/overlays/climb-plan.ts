// The climb plan as it is played (issue 24), seed 000 登攀: 「【筋力】判定に成功すれば［【移動力】÷2］ｍ
// 登ることができる。判定に失敗した場合は、難易度10の【敏捷】判定に成功すれば［【移動力】÷2］メートル落ちる
// だけですむ。この【敏捷】判定にも失敗した場合、完全に落下する。」
// The engine lists each STR check with the AGI check rolled only if it fails (ifFailed: 'STR').
// Given the outcomes rolled so far, each climb check is: open to roll, waiting for an earlier one,
// not needed (its STR check was made), made, or — once a STR check failed and its AGI check was
// rolled — the climb has ended in a slip or a fall and the later checks are not rolled. Checks
// other than climbs are always open. Nothing here decides a rule: DCs, metres and places are the
// engine's.
import type { PathCheck } from './fight-rules'

export type ClimbStep =
  | { state: 'open' }
  | { state: 'waiting' }
  | { state: 'not-needed' }
  | { state: 'made' }
  /** A STR check failed: its AGI check is next. */
  | { state: 'failed' }
  /** AGI made: falls only part of the way (`onSuccess`). */
  | { state: 'slipped' }
  /** AGI failed too: falls to the floor (`onFailure`). */
  | { state: 'fell' }
  /** The climb ended before this check. */
  | { state: 'ended' }

const isClimb = (check: PathCheck) => check.kind === 'climb'
const isRescue = (check: PathCheck) => isClimb(check) && check.ifFailed === 'STR'

/** Where each check of a path stands, given the rolls made (index → success). */
export function climbSteps(
  checks: readonly PathCheck[],
  outcomes: ReadonlyMap<number, boolean>,
): ClimbStep[] {
  let ended = false
  let waiting = false
  let previousStr: boolean | undefined
  return checks.map((check, index): ClimbStep => {
    if (!isClimb(check)) return { state: 'open' }
    if (ended) return { state: 'ended' }
    if (waiting) return { state: 'waiting' }
    const outcome = outcomes.get(index)
    if (isRescue(check)) {
      if (previousStr === undefined) return { state: 'waiting' }
      if (previousStr) return { state: 'not-needed' }
      if (outcome === undefined) {
        waiting = true
        return { state: 'open' }
      }
      ended = true
      return { state: outcome ? 'slipped' : 'fell' }
    }
    previousStr = outcome
    if (outcome === undefined) {
      waiting = true
      return { state: 'open' }
    }
    return { state: outcome ? 'made' : 'failed' }
  })
}
