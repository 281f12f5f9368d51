import { describe, expect, it } from 'vitest'
import { answerOf, scenarioOf } from '../../testing/scenario'
import type { TokenOptions } from '../../testing/scenario'

type Answer = Record<string, unknown>
const ask = (map: string, tokens: Record<string, Partial<TokenOptions>>, query: Answer) =>
  answerOf<Answer>(scenarioOf('arianrhod', map, tokens, query))

describe('同乗 (mounts)', () => {
  it('boarding is a minor action with the rider in リーチ, onto the rider’s square', () => {
    expect(
      ask('p r', { r: { states: ['mounted'] } }, { type: 'board', token: 'p', rider: 'r' }),
    ).toEqual({
      allowed: true,
      at: [1, 0],
      action: 'minor',
    })
    expect(
      ask('p . r', { r: { states: ['mounted'] } }, { type: 'board', token: 'p', rider: 'r' }),
    ).toEqual({
      allowed: false,
      reason: 'rider-outside-reach',
    })
    expect(ask('p r', {}, { type: 'board', token: 'p', rider: 'r' })).toMatchObject({
      allowed: false,
      reason: 'rider-not-mounted',
    })
  })
  it('rider and passenger share a square; the move of others cannot end there', () => {
    const r = answerOf<{ cells: { at: number[] }[] }>(
      scenarioOf(
        'arianrhod',
        'r . c',
        { r: { states: ['mounted'] }, p: { at: [0, 0] }, c: { move: 4 } },
        { type: 'reach', token: 'c', mode: 'combat' },
      ),
    )
    expect(r.cells.map((c) => c.at.join(','))).toEqual(['1,0'])
  })
  it('dismounting lists the free squares of the passenger’s ZOC', () => {
    const r = ask(
      `
      . . .
      
      . r Z
      
      # . .
    `,
      { r: { states: ['mounted'] }, p: { at: [1, 1], faction: 'party' } },
      { type: 'dismount', token: 'p' },
    )
    expect(r).toEqual({
      allowed: true,
      acrobatic: false,
      zoc: 3,
      cells: [
        [0, 0],
        [1, 0],
        [2, 0],
        [0, 1],
        [1, 2],
        [2, 2],
      ],
      checks: [],
    })
  })
  it('曲芸下乗: surrounded, the ZOC widens until a square is free, AGI DC 5 + ZOC, スリップ on failure', () => {
    const r = ask(
      `
      . . . . .
      
      . A B C .
      
      . D r E .
      
      . F G H .
    `,
      { r: { states: ['mounted'] }, p: { at: [2, 2] } },
      { type: 'dismount', token: 'p' },
    )
    expect(r).toEqual({
      allowed: true,
      acrobatic: true,
      zoc: 4,
      cells: [
        [2, 0],
        [0, 2],
        [4, 2],
      ],
      checks: [{ kind: 'acrobatic-dismount', ability: 'AGI', dc: 9, onFailure: 'slip' }],
    })
  })
  it('only a token sharing a square can dismount', () => {
    expect(ask('p r', {}, { type: 'dismount', token: 'p' })).toEqual({
      allowed: false,
      reason: 'not-sharing-a-square',
    })
  })
})

describe('トラップ探知 (trap detection) and 《リーチ拡大》', () => {
  const map = `
    . . . . .
    
    . . . . .
    
    . . . . a
  `
  it('a chest is examined from an adjacent square', () => {
    const r = ask(map, {}, { type: 'trap-reach', object: { at: [3, 1] } })
    expect(r.detectFrom).toEqual([
      [2, 0],
      [3, 0],
      [4, 0],
      [2, 1],
      [4, 1],
      [2, 2],
      [3, 2],
      [4, 2],
    ])
    expect(r.detectors).toEqual(['a'])
    expect(ask(map, {}, { type: 'trap-reach', object: { at: [1, 1] } }).detectors).toEqual([])
  })
  it('a door is examined only from the squares sharing its edge', () => {
    const r = ask(
      map,
      {},
      {
        type: 'trap-reach',
        object: {
          between: [
            [4, 1],
            [4, 2],
          ],
        },
      },
    )
    expect(r.detectFrom).toEqual([
      [4, 1],
      [4, 2],
    ])
    expect(r.detectors).toEqual(['a'])
  })
  it('《リーチ拡大》 traps reach 5 m', () => {
    const normal = ask(map, {}, { type: 'trap-reach', object: { at: [1, 1] } })
    const wide = ask(map, {}, { type: 'trap-reach', object: { at: [1, 1] }, extended: true })
    expect(normal.tokensInReach).toEqual([])
    expect((wide.reach as unknown[]).length).toBe(12) // every square within 5 m that the 5×3 map holds
    expect(
      ask(
        map.replace('. . . . a', '. . . a .'),
        {},
        { type: 'trap-reach', object: { at: [1, 1] }, extended: true },
      ).tokensInReach,
    ).toEqual(['a'])
  })
})

describe('強制移動 (forced movement)', () => {
  it('a push onto an occupied square goes to the nearest free square', () => {
    expect(ask('a . b c .', {}, { type: 'forced-move', token: 'a', to: [2, 0] })).toEqual({
      at: [1, 0],
      redirected: true,
      distance: 2,
      candidates: [[1, 0]],
    })
  })
  it('ties are listed for the GM', () => {
    const r = ask(
      `
      . . .
      
      . b .
      
      # a #
    `,
      {},
      { type: 'forced-move', token: 'a', to: [1, 1] },
    )
    // the pushed character's own square counts as free: it is leaving it
    expect(r).toEqual({
      at: null,
      redirected: true,
      distance: 2,
      candidates: [
        [1, 0],
        [0, 1],
        [2, 1],
        [1, 2],
      ],
    })
  })
  it('a free square is kept', () => {
    expect(ask('a . .', {}, { type: 'forced-move', token: 'a', to: [2, 0] })).toEqual({
      at: [2, 0],
      redirected: false,
      distance: 0,
      candidates: [[2, 0]],
    })
  })
})
