// Ids and dice from a seed (issue 28): a command, and its test, is deterministic once its seed is
// fixed. Each window (and main) draws one seed when it starts (`randomSeed`, the only place that
// asks the platform for entropy) and makes every id and die from it; a test passes its own seed
// and gets the same ids and dice every run.
//
// An id is `prefix-ORIGIN COUNTER`: ORIGIN is ten base-36 characters drawn from the seed once, so
// two windows or two sessions (each with its own seed) never make the same id, and COUNTER counts
// up in base 36 without wrapping, so one window never repeats itself.

/** One to four unsigned 32-bit words; `randomSeed()` gives four. */
export type Seed = readonly number[]

/** Four random 32-bit words from the platform (Web Crypto: in every window and in Node). */
export function randomSeed(): Seed {
  const words = new Uint32Array(4)
  globalThis.crypto.getRandomValues(words)
  return [...words]
}

/**
 * A small PRNG (sfc32, the state expanded from the seed with splitmix32): numbers in [0, 1), the
 * same sequence for the same seed.
 */
export function seededRandom(seed: Seed): () => number {
  if (seed.length === 0 || seed.length > 4) throw new RangeError('a seed has one to four words')
  let mix = 0
  for (const word of seed) mix = (Math.imul(mix ^ word, 0x9e3779b1) + 0x7f4a7c15) >>> 0
  const splitmix = () => {
    mix = (mix + 0x9e3779b9) >>> 0
    let z = mix
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad)
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97)
    return (z ^ (z >>> 15)) >>> 0
  }
  let [a, b, c, d] = [0, 1, 2, 3].map((i) => (splitmix() ^ (seed[i] ?? 0)) >>> 0)
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) >>> 0
    return t
  }
  // The first outputs of sfc32 still echo the seed words; skip them.
  for (let i = 0; i < 12; i++) next()
  return () => next() / 0x1_0000_0000
}

/** One die's face, 1..sides, from the random numbers given. */
export function diceFrom(random: () => number): (sides: number) => number {
  return (sides) => 1 + Math.floor(random() * sides)
}

/** Dice for one window or process, from its seed. */
export function seededDice(seed: Seed): (sides: number) => number {
  return diceFrom(seededRandom(seed))
}

export interface IdMaker {
  /** A new id, `prefix-…`, never made before by this maker or one with another seed. */
  next(prefix: string): string
}

const ORIGIN_LENGTH = 10

export function createIdMaker(seed: Seed): IdMaker {
  const random = seededRandom(seed)
  let origin = ''
  while (origin.length < ORIGIN_LENGTH) origin += Math.floor(random() * 36).toString(36)
  let count = 0
  return {
    next(prefix) {
      count += 1
      return `${prefix}-${origin}${count.toString(36)}`
    },
  }
}
