// Ids and dice from a seed (issue 28): the same seed gives the same ids and dice; ids never repeat
// within a maker nor between makers with different seeds.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createIdMaker, randomSeed, seededDice, seededRandom } from './random'

const take = <T>(n: number, next: () => T): T[] => Array.from({ length: n }, next)

describe('seeded ids and dice', () => {
  it('a fixed seed gives the same ids and dice twice', () => {
    const ids = () => {
      const maker = createIdMaker([42])
      return [maker.next('token'), maker.next('light'), maker.next('token')]
    }
    expect(ids()).toEqual(ids())
    expect(ids()[0]).toMatch(/^token-[0-9a-z]{11}$/)
    const dice = seededDice([7, 1])
    const again = seededDice([7, 1])
    expect(take(50, () => dice(20))).toEqual(take(50, () => again(20)))
  })

  it('another seed gives other ids and dice', () => {
    expect(createIdMaker([1]).next('x')).not.toBe(createIdMaker([2]).next('x'))
    const a = seededRandom([1])
    const b = seededRandom([2])
    expect(take(8, a)).not.toEqual(take(8, b))
  })

  it('dice stay on their faces and use them all', () => {
    const d6 = seededDice([3])
    const faces = take(600, () => d6(6))
    expect(new Set(faces)).toEqual(new Set([1, 2, 3, 4, 5, 6]))
    const d1 = seededDice([3])
    expect(take(5, () => d1(1))).toEqual([1, 1, 1, 1, 1])
  })

  it('ids are unique within a maker and across makers of different seeds (property)', () => {
    const word = fc.integer({ min: 0, max: 0xffff_ffff })
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.array(word, { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 12,
          selector: (seed) => seed.join(','),
        }),
        fc.array(fc.constantFrom('token', 'light', 'trap', 'cond', 'roll'), {
          minLength: 1,
          maxLength: 60,
        }),
        (seeds, prefixes) => {
          const makers = seeds.map((seed) => createIdMaker(seed))
          const made = makers.flatMap((maker) => prefixes.map((prefix) => maker.next(prefix)))
          expect(new Set(made).size).toBe(made.length)
        },
      ),
    )
  })

  it('a fresh seed is four 32-bit words, and two are not the same', () => {
    const seed = randomSeed()
    expect(seed).toHaveLength(4)
    for (const word of seed) expect(word >>> 0).toBe(word)
    expect(randomSeed()).not.toEqual(seed)
  })

  it('one maker counts past any fixed width without repeating', () => {
    const maker = createIdMaker([9])
    const made = take(5000, () => maker.next('t'))
    expect(new Set(made).size).toBe(5000)
  })
})
