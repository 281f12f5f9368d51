// 「敵や移動を妨害するものの［ＺＯＣ］内では戦闘移動を行うことはできない」: a GM-marked object
// (`hinders: true`) exerts a ZOC on everyone, its own side included. And 隠密状態: 「隠密状態の
// キャラクターの［ＺＯＣ］に敵が突入した場合は、その隠密状態は解除されない」.
import { describe, expect, it } from 'vitest'
import { answerOf, scenarioOf } from '../../testing/scenario'
import type { TokenOptions } from '../../testing/scenario'

type Answer = Record<string, unknown>
const ask = (map: string, tokens: Record<string, Partial<TokenOptions>>, query: Answer) =>
  answerOf<Answer>(scenarioOf('arianrhod', map, tokens, query))

describe('移動を妨害するもの exert ZOC', () => {
  const barricade = { o: { hinders: true, faction: 'party' }, a: { move: 10 } }

  it("a move entering the object's ZOC stops there, even for the object's own side", () => {
    const path = ask('a . . o .', barricade, {
      type: 'path',
      token: 'a',
      to: [4, 0],
      mode: 'combat',
    })
    expect(path).toMatchObject({ reachable: false })
    const reach = ask('a . . o .', barricade, { type: 'reach', token: 'a', mode: 'combat' })
      .cells as Answer[]
    expect(reach.map((c) => c.at)).toContainEqual([2, 0])
    expect(reach.map((c) => c.at)).not.toContainEqual([4, 0])
  })

  it('「…［ＺＯＣ］内では戦闘移動を行うことはできない」: starting inside it, only 離脱 is allowed', () => {
    expect(ask('a o . .', barricade, { type: 'reach', token: 'a', mode: 'combat' })).toMatchObject({
      allowed: false,
      reason: 'in-enemy-zoc',
    })
    expect(
      ask('a o . .', barricade, { type: 'reach', token: 'a', mode: 'disengage' }),
    ).toMatchObject({ allowed: true })
  })

  it('an unmarked ally object does nothing', () => {
    const path = ask(
      'a . . o .',
      { o: { faction: 'party' }, a: { move: 10 } },
      { type: 'path', token: 'a', to: [4, 0], mode: 'combat' },
    )
    expect(path).toMatchObject({ reachable: true })
  })
})

describe('隠密状態 is kept when an enemy enters its ZOC', () => {
  it("the enemy's move into the stealthy character's ZOC costs that character nothing", () => {
    const tokens = { s: { states: ['stealth' as const] }, E: { move: 10 } }
    const path = ask('s . . E', tokens, { type: 'path', token: 'E', to: [1, 0], mode: 'combat' })
    expect(path).toMatchObject({ reachable: true })
    expect(path.loses).toBeUndefined()
    // After that move the enemy stands in its ZOC: it could not enter stealth there now, but keeps it.
    expect(ask('s E . .', tokens, { type: 'stealth', token: 's' })).toEqual({
      canEnter: false,
      zoc: ['E'],
      keeps: true,
    })
    expect(ask('a E . .', {}, { type: 'stealth', token: 'a' })).toEqual({
      canEnter: false,
      zoc: ['E'],
    })
  })
})
