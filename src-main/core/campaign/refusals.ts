// Why main refuses a command (issue 25): one code per cause, which the page words in English and
// Japanese (src-renderer/lib/error-messages.ts), with the values its sentence names. The error's
// own message stays an English sentence for logs; the GM never reads it. No imports, so the page
// can use the list.

export const REFUSAL_REASONS = [
  // Things a command names that are not (or no longer) there.
  'no-map',
  'no-token',
  'no-trap',
  'no-light',
  'no-art',
  'no-condition',
  'no-guild',
  'no-member',
  'no-support',
  'no-item',
  'no-loan',
  'duplicate-id',
  // The map and its squares.
  'outside-map',
  'not-neighbours',
  'map-inconsistent',
  'token-sticks-out',
  'resize-strands-tokens',
  'dystopia-board-size',
  'square-full',
  'too-many-tokens',
  'too-many-traps',
  // Fights.
  'fight-running',
  'no-fight',
  'not-in-order',
  'already-in-order',
  'first-turn',
  'not-delaying',
  'not-readied',
  'no-d20',
  // The guild book.
  'guild-exists',
  'guild-needs-arianrhod',
  'member-has-loan',
  'master-locked',
  'master-not-present',
  'support-uses',
  'no-pick',
  'pick-shape',
  'no-held-connection',
  'self-loan',
  'not-enough-money',
  'loan-repaid',
  'listed-twice',
  'reward-cl',
  'reward-already-paid',
] as const

export type RefusalReason = (typeof REFUSAL_REASONS)[number]

/** The values a refusal's sentence names: names, numbers, squares ("3, 4"). */
export type RefusalParams = Readonly<Record<string, string | number>>

/** How a command handler refuses: an English sentence for logs, the code the page words, its values. */
export type Fail = (message: string, reason: RefusalReason, params?: RefusalParams) => never

/** A square as the refusal sentences show it. */
export function squareParam(at: readonly [number, number]): string {
  return `${at[0]}, ${at[1]}`
}
