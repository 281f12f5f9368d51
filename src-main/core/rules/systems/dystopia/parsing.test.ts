// 射程 text and skill names as a GM types them.
import { describe, expect, it } from 'vitest'
import { parseRange } from './geometry'
import { buildSkillTable, findSkillOverride, parseSkillName } from './skills'

describe('parseRange (射程)', () => {
  it('reads min-max, a single number, full-width digits and 自身', () => {
    expect(parseRange('0-3')).toEqual({ min: 0, max: 3 })
    expect(parseRange(' 1 ~ 10 ')).toEqual({ min: 1, max: 10 })
    expect(parseRange('０－３')).toEqual({ min: 0, max: 3 })
    expect(parseRange('2')).toEqual({ min: 2, max: 2 })
    expect(parseRange('自身')).toEqual({ min: 0, max: 0 })
  })

  it('refuses what is not a range', () => {
    expect(parseRange('3-0')).toBeNull()
    expect(parseRange('-1-3')).toBeNull()
    expect(parseRange('far')).toBeNull()
    expect(parseRange('')).toBeNull()
  })
})

describe('skill names', () => {
  it('splits owner《skill》', () => {
    expect(parseSkillName('半魚人《ウォーターワールド》')).toEqual({
      owner: '半魚人',
      skill: 'ウォーターワールド',
    })
    expect(parseSkillName('《音速閃》')).toEqual({ skill: '音速閃' })
    expect(parseSkillName('音速閃')).toEqual({ skill: '音速閃' })
  })

  it('finds exact entries, bare names, and the AB owner-wide entry', () => {
    const table = buildSkillTable()
    expect(findSkillOverride(table, 'WT《降雨術》')?.range).toBe('0-10')
    expect(findSkillOverride(table, '降雨術')?.shape).toBe('scene')
    expect(findSkillOverride(table, 'AB《どれでも》')?.move).toEqual({
      kind: 'gm-choice',
      steps: 1,
      preferEmpty: true,
    })
    expect(findSkillOverride(table, 'AB')?.owner).toBe('AB')
    expect(findSkillOverride(table, 'WR《降雨術》')).toBeUndefined()
    expect(findSkillOverride(table, '知らない技')).toBeUndefined()
  })
})
