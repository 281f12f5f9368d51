// Issue 25: one reading of what the GM types in any number or name field.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatNumber, parseNameEntry, parseNumberEntry } from './field-entry'
import { ENTRY_LIMITS } from '@core/campaign/limits'
import { guildMemberSchema, guildSchema } from '@core/campaign/guild/schema'
import { tokenHpSchema } from '@core/campaign/schema'
import { tokenSpecSchema } from '@core/rules/model'

const gold = { ...ENTRY_LIMITS.gold }

describe('number entries', () => {
  it('refuses "12e" instead of reading it as 0 (the campaign book bug)', () => {
    expect(parseNumberEntry('12e', gold)).toEqual({
      ok: false,
      key: 'entry.notNumber',
      params: { text: '12e', min: '0', max: '1,000,000,000,000' },
    })
    for (const text of ['1e3', '0x10', '12,5e', 'abc', '--3', '1.2.3', 'Infinity', 'NaN'])
      expect(parseNumberEntry(text, gold).ok, text).toBe(false)
  })

  it('refuses a negative amount where the field has no negatives, and says the range', () => {
    expect(parseNumberEntry('-500', gold)).toMatchObject({ ok: false, key: 'entry.range' })
    expect(parseNumberEntry('-500', { min: 0 })).toMatchObject({
      ok: false,
      key: 'entry.tooSmall',
      params: { min: '0' },
    })
  })

  it('refuses absurdly large values, with or without a stated maximum', () => {
    expect(parseNumberEntry('99999999999999999999', gold)).toMatchObject({
      ok: false,
      key: 'entry.range',
    })
    expect(parseNumberEntry('99999999999999999999', {})).toMatchObject({
      ok: false,
      key: 'entry.huge',
    })
    expect(parseNumberEntry('1000000000001', gold)).toMatchObject({ ok: false })
  })

  it('reads what a GM would type: separators, full-width digits, a minus sign, spaces', () => {
    expect(parseNumberEntry('22,300', gold)).toEqual({ ok: true, value: 22300 })
    expect(parseNumberEntry('２２３００', gold)).toEqual({ ok: true, value: 22300 })
    expect(parseNumberEntry(' −3 ', { min: -10 })).toEqual({ ok: true, value: -3 })
    expect(parseNumberEntry('－3', { min: -10 })).toEqual({ ok: true, value: -3 })
    expect(parseNumberEntry('-0', gold)).toEqual({ ok: true, value: 0 })
    expect(parseNumberEntry('2.5', { integer: false })).toEqual({ ok: true, value: 2.5 })
  })

  it('whole numbers only where the field needs them; blank only where it may be empty', () => {
    expect(parseNumberEntry('2.5', gold)).toMatchObject({ ok: false, key: 'entry.notWhole' })
    expect(parseNumberEntry('', gold)).toMatchObject({ ok: false, key: 'entry.empty' })
    expect(parseNumberEntry('  ', { optional: true })).toEqual({ ok: true, value: null })
  })

  it('every whole number in range reads back as itself; every other is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_000, max: 2_000 }), (n) => {
        const entry = parseNumberEntry(formatNumber(n), { min: -1000, max: 1000 })
        return Math.abs(n) <= 1000 ? entry.ok && entry.value === n : !entry.ok
      }),
    )
  })

  it('the page’s bounds are main’s: a value inside passes the schema, one past it fails', () => {
    const member = { id: 'a', name: 'A', cl: 1 }
    expect(guildMemberSchema.safeParse({ ...member, money: gold.max }).success).toBe(true)
    expect(guildMemberSchema.safeParse({ ...member, money: gold.max + 1 }).success).toBe(false)
    expect(guildMemberSchema.safeParse({ ...member, money: -1 }).success).toBe(false)
    const cl = ENTRY_LIMITS.cl
    expect(guildMemberSchema.safeParse({ ...member, cl: cl.max }).success).toBe(true)
    expect(guildMemberSchema.safeParse({ ...member, cl: cl.max + 1 }).success).toBe(false)
    expect(
      guildSchema.safeParse({ name: 'G', level: ENTRY_LIMITS.guildLevel.max + 1 }).success,
    ).toBe(false)
    const token = { id: 't', at: [0, 0], faction: 'party' }
    const ini = ENTRY_LIMITS.initiative
    expect(tokenSpecSchema.safeParse({ ...token, initiative: ini.max }).success).toBe(true)
    expect(tokenSpecSchema.safeParse({ ...token, initiative: ini.max + 1 }).success).toBe(false)
    expect(tokenSpecSchema.safeParse({ ...token, initiative: ini.min - 1 }).success).toBe(false)
    const hp = ENTRY_LIMITS.hp
    expect(tokenHpSchema.safeParse({ current: hp.min, max: hp.max }).success).toBe(true)
    expect(tokenHpSchema.safeParse({ current: hp.min - 1, max: 1 }).success).toBe(false)
    expect(tokenHpSchema.safeParse({ current: 1, max: hp.max + 1 }).success).toBe(false)
  })
})

describe('name entries', () => {
  it('refuses a blank or whitespace-only name, and trims a good one', () => {
    expect(parseNameEntry('')).toMatchObject({ ok: false, key: 'entry.blankName' })
    expect(parseNameEntry(' \u3000 ')).toMatchObject({ ok: false, key: 'entry.blankName' })
    expect(parseNameEntry('  Valeros ')).toEqual({ ok: true, value: 'Valeros' })
    expect(parseNameEntry('x'.repeat(201))).toMatchObject({ ok: false, key: 'entry.nameTooLong' })
  })
})
