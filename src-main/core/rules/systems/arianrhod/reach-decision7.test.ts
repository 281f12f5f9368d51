// Spec decisions 5 and 7 for Arianrhod: リーチ is distance only, line of fire decides who in it can
// be reached, and 明度 1 keeps line of fire inside リーチ wherever a target or a point is chosen.
import { describe, expect, it } from 'vitest'
import { answerOf, scenarioOf } from '../../testing/scenario'
import type { TokenOptions } from '../../testing/scenario'

type Answer = Record<string, unknown>
const ask = (
  map: string,
  tokens: Record<string, Partial<TokenOptions>>,
  query: Answer,
  extras: Answer = {},
) => answerOf<Answer>(scenarioOf('arianrhod', map, tokens, query, extras))

// The wall south of a's square ends at the corner a and B share: it only touches the line of fire.
const touching = `
  a . .
  -
  . B .
`
// The wall between a and B crosses the line of fire.
const crossing = 'a|B .'

describe('「隣接する3m以内のマス全てを…［リーチ］という」: distance only (decision 7)', () => {
  it('a diagonal neighbour past the end of a wall is in リーチ with partial cover, attackable at 至近', () => {
    const answer = ask(touching, {}, { type: 'targets', token: 'a', attack: 'melee' })
    expect(answer.targets).toEqual([
      {
        id: 'B',
        at: [1, 1],
        distance: 3,
        cover: 'partial',
        foe: true,
        hitDice: 0,
        reactionDice: 1,
      },
    ])
    expect(
      ask(touching, {}, { type: 'engagement', token: 'a' }).cells as number[][],
    ).toContainEqual([1, 1])
  })

  it('the ZOC still stops at the blocked corner (decision 2 is about ZOC)', () => {
    expect(ask(touching, {}, { type: 'zoc', token: 'a' }).cells).not.toContainEqual([1, 1])
  })

  it('「射撃攻撃は［リーチ］内のキャラクターを対象にとることができない」 holds for that neighbour too', () => {
    expect(
      ask(touching, {}, { type: 'targets', token: 'a', attack: 'ranged', range: 20 }).targets,
    ).toEqual([])
    expect(
      ask(touching, {}, { type: 'cover', from: 'a', to: 'B', attack: 'ranged' }),
    ).toMatchObject({
      cover: 'partial',
      targetable: false,
      reason: 'ranged-inside-reach',
    })
  })

  it('a wall that crosses the line gives full cover: 「完全遮蔽を受けているキャラクター等は…対象として選択できない」', () => {
    expect(ask(crossing, {}, { type: 'targets', token: 'a', attack: 'melee' }).targets).toEqual([])
  })

  it('同乗: a rider past the end of a wall is boarded; one behind a crossing wall is not', () => {
    const rider = { r: { states: ['mounted' as const] } }
    const touchingRider = touching.replace('B', 'r')
    expect(ask(touchingRider, rider, { type: 'board', token: 'a', rider: 'r' })).toMatchObject({
      allowed: true,
      at: [1, 1],
    })
    expect(ask('a|r .', rider, { type: 'board', token: 'a', rider: 'r' })).toEqual({
      allowed: false,
      reason: 'rider-behind-full-cover',
    })
  })

  it('トラップ探知: a character past the end of a wall detects the chest; one behind a crossing wall does not', () => {
    const touchingChest = touching.replace('B', '.')
    expect(
      ask(touchingChest, {}, { type: 'trap-reach', object: { at: [1, 1] } }).detectors,
    ).toEqual(['a'])
    expect(ask('a|. .', {}, { type: 'trap-reach', object: { at: [1, 0] } }).detectors).toEqual([])
  })
})

describe('明度1: 「［リーチ］以外に斜線が通らない」 wherever a target or point is chosen (decision 5)', () => {
  const dark = { light: { ambient: 1 } }
  const map = 'a . . B .'

  it('cover answers targetable: false for a ranged attack beyond リーチ at 明度 1', () => {
    expect(
      ask(map, {}, { type: 'cover', from: 'a', to: 'B', attack: 'ranged' }, dark),
    ).toMatchObject({
      cover: 'none',
      targetable: false,
      reason: 'too-dark-beyond-reach',
    })
    expect(ask(map, {}, { type: 'cover', from: 'a', to: 'B', attack: 'ranged' })).toMatchObject({
      targetable: true,
    })
  })

  it("an area's 起点マス outside リーチ is invalid at 明度 1; inside リーチ it stays valid", () => {
    const query = { type: 'area', token: 'a', origin: [3, 0], range: 20 }
    expect(ask(map, {}, query, dark)).toMatchObject({ valid: false, reason: 'origin-too-dark' })
    expect(ask(map, {}, query)).toMatchObject({ valid: true })
    expect(ask(map, {}, { ...query, origin: [1, 0] }, dark)).toMatchObject({ valid: true })
  })
})
