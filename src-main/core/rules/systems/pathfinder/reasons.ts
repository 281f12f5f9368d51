// Every `reason` code pathfinder and dnd35 answer a `path` query with, and every light effect.
// The answers are typed with these unions, so a new code is a type error until it is listed
// here; a test checks that each one has a sentence in both UI languages.
import { ATTACK_REFUSAL_CODES } from './attack'
import { MOVE_REFUSAL_CODES } from './mode-limits'

export const PATHFINDER_REASONS = [
  // move, double, withdraw, five-foot-step
  'occupied',
  /** 「君は敵が占めているマス目を通過して移動することはできない」: the target square holds an enemy. */
  'occupied-by-enemy',
  'out-of-reach',
  'cannot-enter',
  'no-path',
  'no-five-foot-step-at-this-speed',
  'five-foot-step-one-clear-square',
  // run (疾走)
  'no-straight-run',
  // charge (突撃)
  'charge-self',
  'charge-target-unseen',
  'charge-no-square-to-attack-from',
  'charge-already-adjacent',
  'charge-too-short',
  'charge-too-far',
  'charge-line-blocked',
  'charge-not-end-square',
  // limits of the round and the creature's state (mode-limits.ts)
  ...MOVE_REFUSAL_CODES,
  // the `attack` query's refusals (attack.ts)
  ...ATTACK_REFUSAL_CODES,
] as const
export type PathfinderReason = (typeof PATHFINDER_REASONS)[number]

/** `light` effects (視認困難 and the 5-foot step in darkness). */
export const PATHFINDER_LIGHT_EFFECTS = [
  'concealment',
  'total-concealment',
  'no-5-foot-step',
] as const
export type PathfinderLightEffect = (typeof PATHFINDER_LIGHT_EFFECTS)[number]
