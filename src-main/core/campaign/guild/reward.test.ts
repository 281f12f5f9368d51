// Seed 004, 冒険の準備 ●戦利金: every expected figure is worked out by hand in the test name.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  computeReward,
  consumablesHint,
  DEFAULT_LOOT_TABLE,
  effectTargets,
  lootRow,
  rewardCoefficient,
  RewardError,
  lootQuantity,
  stealValue,
} from './reward'

const plain = { bonus: 0, fame: false, connoisseur: false, treasureMania: false }

describe('戦利金算出表', () => {
  it.each([
    // 「CL1~3 (CL+1)×300G」
    [1, 300, '(1+1)×300 = 600'],
    [3, 300, '(3+1)×300 = 1200'],
    // 「CL4~8 (CL+1)×600G」
    [4, 600, '(4+1)×600 = 3000'],
    [8, 600, '(8+1)×600 = 5400'],
    // 「CL9~13 (CL+1)×900G」
    [9, 900, '(9+1)×900 = 9000'],
    [13, 900, '(13+1)×900 = 12600'],
    // 「CL14~18 (CL+1)×1200G」
    [14, 1200, '(14+1)×1200 = 18000'],
    [18, 1200, '(18+1)×1200 = 22800'],
  ])('CL %i uses the %i G row: %s', (cl, coefficient, worked) => {
    expect(rewardCoefficient(cl)).toBe(coefficient)
    const expected = Number(worked.split('= ')[1])
    expect(computeReward({ cl, ...plain })).toMatchObject({
      base: expected,
      percent: 0,
      amount: expected,
    })
  })

  it.each([0, 19, -1, 2.5, Number.NaN])(
    'CL %s has no row: a clear error, never a guessed amount',
    (cl) => {
      expect(() => computeReward({ cl, ...plain })).toThrow(RewardError)
      expect(() => rewardCoefficient(cl)).toThrow(/CL 1–18/)
    },
  )

  it('「係数に+100~200G程度上乗せ」: CL 8 with +100 G is (8+1)×(600+100) = 6300', () => {
    expect(computeReward({ ...plain, cl: 8, bonus: 100 }).amount).toBe(6300)
    expect(computeReward({ ...plain, cl: 3, bonus: 200 }).amount).toBe(2000) // (3+1)×(300+200)
    expect(() => computeReward({ ...plain, cl: 3, bonus: 201 })).toThrow(/0–200/)
  })

  it('「倍率は全て合算してから戦利金額にかける」: 《名声》+《トレジャーマニア》 on CL 14 is 18000 × 120 % = 21600', () => {
    const reward = computeReward({ ...plain, cl: 14, fame: true, treasureMania: true })
    expect(reward.percent).toBe(20)
    // Summed first: 18000 × 1.2 = 21600, not 18000 × 1.1 × 1.1 = 21780.
    expect(reward.amount).toBe(21600)
  })

  it('all three multipliers on CL 3: 1200 × 130 % = 1560; 《名声》 alone on CL 8: 5400 × 110 % = 5940', () => {
    expect(
      computeReward({ ...plain, cl: 3, fame: true, connoisseur: true, treasureMania: true }).amount,
    ).toBe(1560)
    expect(computeReward({ ...plain, cl: 8, fame: true }).amount).toBe(5940)
  })

  it('the amount never falls below the table value and grows 10 % per multiplier (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 18 }),
        fc.integer({ min: 0, max: 200 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (cl, bonus, fame, connoisseur, treasureMania) => {
          const r = computeReward({ cl, bonus, fame, connoisseur, treasureMania })
          const count = [fame, connoisseur, treasureMania].filter(Boolean).length
          expect(r.base).toBe((cl + 1) * (r.coefficient + bonus))
          expect(r.amount).toBe(Math.floor((r.base * (100 + 10 * count)) / 100))
          expect(r.amount).toBeGreaterThanOrEqual(r.base)
        },
      ),
    )
  })
})

describe('guild members affected by an effect', () => {
  const members = [
    { id: 'a', attendance: 'present' as const },
    { id: 'b', attendance: 'late' as const },
    { id: 'c', attendance: 'absent' as const },
  ]
  it('「その場にいるギルドメンバーのみ」: only present members', () => {
    expect(effectTargets(members, '《ギルドシンボル》', true).map((m) => m.id)).toEqual(['a'])
  })
  it('「《蘇生》《祝福》《最後の力》などは…遅れてきた人には適用してもよい」, when the GM ticks it', () => {
    expect(effectTargets(members, '《蘇生》', true).map((m) => m.id)).toEqual(['a', 'b'])
    expect(effectTargets(members, '祝福', true).map((m) => m.id)).toEqual(['a', 'b'])
    expect(effectTargets(members, '《最後の力》', false).map((m) => m.id)).toEqual(['a'])
  })
})

describe('戦利品', () => {
  it("the 2D6 table has the seed's 11 rows: 2 通常の装備品 … 7 MPポーション … 12 美術品", () => {
    expect(DEFAULT_LOOT_TABLE).toHaveLength(11)
    expect(lootRow(DEFAULT_LOOT_TABLE, 2)).toMatch(/^通常の装備品/)
    expect(lootRow(DEFAULT_LOOT_TABLE, 7)).toBe('MPポーション')
    expect(lootRow(DEFAULT_LOOT_TABLE, 12)).toBe('後で売却できる美術品')
    expect(() => lootRow(DEFAULT_LOOT_TABLE, 13)).toThrow(RangeError)
  })
  it('▼アイテム鑑定ボーナス: 「ポーションを1D6個」 rolled 4, one PC with the bonus: 4 + 1 = 5; a fixed count gets nothing', () => {
    expect(lootQuantity(4, true, 1)).toBe(5)
    expect(lootQuantity(4, true, 2)).toBe(6) // two such PCs: 4 + 1 + 1
    expect(lootQuantity(1, false, 2)).toBe(1)
    expect(() => lootQuantity(0, true, 1)).toThrow(RangeError)
  })

  it('「[平均PC人数×3]個程度」: 4 PCs → about 12 consumables', () => {
    expect(consumablesHint(4)).toBe(12)
  })
})

describe('▼スティール', () => {
  it('「《目利き》や《トレジャーマニア》の効果を適用してもよい」: a 500 G drop with both is 500 × 120 % = 600 G', () => {
    expect(stealValue(500, { connoisseur: true, treasureMania: true })).toEqual({
      price: 500,
      percent: 20,
      amount: 600,
    })
  })
  it('350 G with 《目利き》 alone: 350 × 110 % = 385 G; 125 G: 137.5 rounds down to 137 G; neither: 350 G', () => {
    expect(stealValue(350, { connoisseur: true, treasureMania: false }).amount).toBe(385)
    expect(stealValue(125, { connoisseur: false, treasureMania: true }).amount).toBe(137)
    expect(stealValue(350, { connoisseur: false, treasureMania: false }).amount).toBe(350)
    expect(() => stealValue(-1, { connoisseur: false, treasureMania: false })).toThrow(RangeError)
  })
})
