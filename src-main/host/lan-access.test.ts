import { describe, expect, it } from 'vitest'
import { codeMatches, JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, newJoinCode } from './join-code'
import { KeyedLimiter, tokenBucket } from './rate-limit'

describe('join codes', () => {
  it('are 8 unambiguous symbols and match loosely but exactly', () => {
    const code = newJoinCode()
    expect(code).toHaveLength(JOIN_CODE_LENGTH)
    expect([...code].every((c) => JOIN_CODE_ALPHABET.includes(c))).toBe(true)
    expect(newJoinCode(() => 0)).toBe('AAAAAAAA')
    expect(codeMatches('ABCD2345', 'abcd-2345')).toBe(true)
    expect(codeMatches('ABCD2345', 'ABCD 2345')).toBe(true)
    expect(codeMatches('ABCD2345', 'ABCD2346')).toBe(false)
    expect(codeMatches('ABCD2345', 'ABCD234')).toBe(false)
    expect(codeMatches('ABCD2345', '')).toBe(false)
    expect(codeMatches('ABCD2345', null)).toBe(false)
  })
})

describe('rate limits', () => {
  it('a bucket allows a burst, then refills with time', () => {
    let t = 0
    const bucket = tokenBucket(3, 2, () => t)
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ])
    t += 500
    expect([bucket.take(), bucket.take()]).toEqual([true, false])
    t += 10_000
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ])
  })

  it('keyed limiters are per key and bounded', () => {
    let t = 0
    const limiter = new KeyedLimiter(1, 0.1, () => t, 2)
    expect(limiter.take('a')).toBe(true)
    expect(limiter.take('a')).toBe(false)
    expect(limiter.take('b')).toBe(true)
    t += 1
    expect(limiter.take('c')).toBe(true) // evicts a, the oldest
    expect(limiter.take('a')).toBe(true)
  })
})
