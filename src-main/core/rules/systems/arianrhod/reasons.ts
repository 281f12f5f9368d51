// Every `reason` code this system answers with (reach, path, cover, area, board, dismount,
// protect), and every light effect. The engine's answers are typed with these unions, so a new
// code is a type error until it is listed here; a test checks that each one has a sentence in
// both UI languages (src-renderer/lib/engine-reasons.test.ts).
export const ARIANRHOD_REASONS = [
  // reach / path: the move mode is not allowed from here
  'in-enemy-zoc',
  'not-in-enemy-zoc',
  'move-below-1m',
  'swimming',
  // path: this square cannot be reached
  'start',
  'solid',
  'pit',
  'occupied',
  'out-of-reach',
  // cover: why the target cannot be chosen
  'full-cover',
  'ranged-inside-reach',
  'too-dark-beyond-reach',
  // area (効果範囲) with a user, protect (カバー)
  'origin-outside-reach',
  'origin-out-of-range',
  'origin-not-in-sight',
  'origin-too-dark',
  'fate-over-luck',
  // board / dismount (同乗)
  'same-token',
  'rider-not-mounted',
  'rider-outside-reach',
  'rider-behind-full-cover',
  'not-sharing-a-square',
  'no-free-square',
] as const
export type ArianrhodReason = (typeof ARIANRHOD_REASONS)[number]

/** `light` effects (明度によるペナルティ, R2_148). */
export const ARIANRHOD_LIGHT_EFFECTS = [
  'no-sight-into-neighbouring-area',
  'checks-lose-one-die',
  'line-of-fire-within-reach-only',
] as const
export type ArianrhodLightEffect = (typeof ARIANRHOD_LIGHT_EFFECTS)[number]
