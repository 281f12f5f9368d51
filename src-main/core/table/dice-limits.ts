// The dice roller's limits and refusal codes (dice.ts), apart from BCDice so the page can state them.
/**
 * BCDice's own limits (its Randomizer: UPPER_LIMIT_DICE_TIMES, UPPER_LIMIT_DICE_SIDES,
 * UPPER_LIMIT_RANDS), which it meets by rolling nothing or zeros, and the command length. The
 * roller refuses a command beyond them before any die is rolled, with the limit in the message.
 */
export const DICE_LIMITS = {
  /** Characters in one command. */
  length: 200,
  /** Dice in one term such as 200D6 or 200B6. */
  dicePerTerm: 200,
  /** Faces of one die. */
  faces: 10_000,
  /** Dice in one command, rerolls and exploding dice included. */
  dicePerCommand: 10_000,
} as const

export const DICE_ERROR_CODES = [
  'dice-command-invalid',
  'dice-too-long',
  'dice-too-many',
  'dice-too-large',
] as const
export type DiceErrorCode = (typeof DICE_ERROR_CODES)[number]
