// Join codes for the LAN view: short enough to type from a screen, long enough that guessing
// within the failure limit is hopeless (8 symbols from 31 ≈ 2^39.6).
import { randomInt, timingSafeEqual } from 'node:crypto'

/** No 0/O, 1/I/L: easy to read aloud and to type on a tablet. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const JOIN_CODE_LENGTH = 8

export function newJoinCode(random: (max: number) => number = randomInt): string {
  let code = ''
  for (let i = 0; i < JOIN_CODE_LENGTH; i++)
    code += JOIN_CODE_ALPHABET[random(JOIN_CODE_ALPHABET.length)]
  return code
}

/** Case-insensitive, ignores spaces and dashes, and compares in constant time. */
export function codeMatches(expected: string, given: string | null | undefined): boolean {
  if (!given) return false
  const normalised = given.replace(/[\s-]/g, '').toUpperCase()
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(normalised.slice(0, 64), 'utf8')
  if (a.length !== b.length) return false
  return timingSafeEqual(a, b)
}
