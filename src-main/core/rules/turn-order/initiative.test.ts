// Turn order from the seeds' own words (003 イニシアチブ変更アクション; Arianrhod 【行動値】) and
// the `initiative` scenario query that exposes it. Pathfinder's d20 ordering, ties and roll-offs
// are tested in systems/pathfinder/initiative.test.ts.
import { describe, expect, it } from 'vitest'
import { runScenario } from '../scenario/run'
import { applyDelay, applyReady, orderByValue, type OrderedEntrant } from './initiative'

const ids = (order: Array<{ token: string }>) => order.map((e) => e.token)
const counted = (...pairs: Array<[string, number]>): OrderedEntrant[] =>
  pairs.map(([token, count]) => ({
    token,
    count,
    roll: null,
    modifier: null,
    tiedBy: null,
    rollOffs: [],
  }))

describe('delay and ready (003 イニシアチブ変更アクション)', () => {
  const order = counted(['a', 20], ['b', 15], ['c', 10])

  it('「行動遅延…自分のイニシアチブの結果を下げる」: the delayer acts at its new, lower count', () => {
    expect(applyDelay(order, { token: 'a', count: 12 }).map((e) => [e.token, e.count])).toEqual([
      ['b', 15],
      ['a', 12],
      ['c', 10],
    ])
    // At a count someone already holds, the delayer steps in just before them (as Act now does).
    expect(applyDelay(order, { token: 'a', count: 15 }).map((e) => [e.token, e.count])).toEqual([
      ['a', 15],
      ['b', 15],
      ['c', 10],
    ])
    expect(ids(applyDelay(order, { token: 'a', count: 10 }))).toEqual(['b', 'a', 'c'])
    expect(() => applyDelay(order, { token: 'c', count: 11 })).toThrow(/lowers/)
  })

  it('「引き金となったアクションを行なったキャラクターの直前に行動する」: the reader moves just before the trigger', () => {
    expect(applyReady(order, { token: 'a', before: 'c' }).map((e) => [e.token, e.count])).toEqual([
      ['b', 15],
      ['a', 10],
      ['c', 10],
    ])
    expect(() => applyReady(order, { token: 'a', before: 'zz' })).toThrow(/not in the order/)
  })
})

describe('order by 【行動値】 (Arianrhod) and by the GM (DysTopiA)', () => {
  it("orders by 【行動値】, highest first; equal values keep the GM's order", () => {
    const order = orderByValue('arianrhod', [
      { id: 'mage', value: 9 },
      { id: 'warrior', value: 12 },
      { id: 'goblin', value: 9 },
    ])
    expect(order.map((e) => [e.token, e.count, e.tiedBy])).toEqual([
      ['warrior', 12, null],
      ['mage', 9, 'gm'],
      ['goblin', 9, 'gm'],
    ])
  })

  it("DysTopiA keeps the GM's order", () => {
    expect(
      ids(
        orderByValue('dystopia', [
          { id: 'b', value: 0 },
          { id: 'a', value: 5 },
        ]),
      ),
    ).toEqual(['b', 'a'])
  })
})

describe('the initiative scenario query', () => {
  const scenario = (system: string, query: Record<string, unknown>) => ({
    format: 'gm-scenario/1',
    system,
    map: { width: 5, height: 5 },
    tokens: [
      { id: 'pc', at: [0, 0], faction: 'party', initiative: 3 },
      { id: 'orc', at: [4, 4], faction: 'enemy', initiative: 7 },
      { id: 'elf', at: [2, 2], faction: 'party', initiative: 5 },
    ],
    query: { type: 'initiative', ...query },
  })

  it('arianrhod: 【行動値】 order with delays and readies so far', () => {
    const result = runScenario(scenario('arianrhod', { delays: [{ token: 'orc', count: 4 }] }))
    expect(
      result.ok &&
        (result.answer as { order: OrderedEntrant[] }).order.map((e) => [e.token, e.count]),
    ).toEqual([
      ['elf', 5],
      ['orc', 4],
      ['pc', 3],
    ])
  })

  it('pathfinder: the d20 order, with delays and readies applied to the counts', () => {
    // pc 10+3 = 13, orc 2+7 = 9, elf 11+5 = 16; then pc readies against elf.
    const result = runScenario(
      scenario('pathfinder', { dice: [10, 2, 11], readies: [{ token: 'pc', before: 'elf' }] }),
    )
    expect(result).toMatchObject({
      ok: true,
      answer: {
        order: ['pc', 'elf', 'orc'],
        counts: [
          { token: 'pc', count: 16 },
          { token: 'elf', count: 16 },
          { token: 'orc', count: 9 },
        ],
      },
    })
  })

  it('refuses unknown tokens, bad delays and unknown keys with exit-2 errors', () => {
    expect(runScenario(scenario('arianrhod', { tokens: ['nobody'] }))).toMatchObject({
      ok: false,
      error: { code: 'unknown-token' },
    })
    expect(
      runScenario(scenario('arianrhod', { delays: [{ token: 'pc', count: 9 }] })),
    ).toMatchObject({ ok: false, error: { code: 'invalid-delay' } })
    expect(runScenario(scenario('dystopia', { extra: 1 }))).toMatchObject({
      ok: false,
      error: { code: 'invalid-query' },
    })
  })
})
