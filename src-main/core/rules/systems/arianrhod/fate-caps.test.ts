// フェイト: 「フェイト使用上限は「ダイスの増加」の場合に準じる」 — capped by the token's 【幸運】 (`luck`),
// and 《カバームーブ》 (`coverMove`) adds its range to カバー: 「この効果は《カバームーブ》と重複する」.
import { describe, expect, it } from 'vitest'
import { answerOf, scenarioOf } from '../../testing/scenario'
import type { TokenOptions } from '../../testing/scenario'

type Answer = Record<string, unknown>
const ask = (map: string, tokens: Record<string, Partial<TokenOptions>>, query: Answer) =>
  answerOf<Answer>(scenarioOf('arianrhod', map, tokens, query))

describe('カバー射程の増加: 「フェイト1点につき、射程を1m増やすことができる」', () => {
  const map = 'a . . b'
  it('fate within 【幸運】 widens the range; beyond it is refused', () => {
    expect(
      ask(map, { a: { luck: 3 } }, { type: 'protect', token: 'a', target: 'b', fate: 3 }),
    ).toEqual({
      allowed: true,
      distance: 6,
      range: 6,
      fateCap: 3,
    })
    expect(
      ask(map, { a: { luck: 2 } }, { type: 'protect', token: 'a', target: 'b', fate: 3 }),
    ).toMatchObject({
      allowed: false,
      reason: 'fate-over-luck',
      fateCap: 2,
    })
  })

  it('《カバームーブ》 adds its range and stacks with fate', () => {
    expect(
      ask(
        map,
        { a: { coverMove: 2, luck: 1 } },
        { type: 'protect', token: 'a', target: 'b', fate: 1 },
      ),
    ).toMatchObject({
      allowed: true,
      range: 6,
    })
    expect(
      ask(map, { a: { coverMove: 2 } }, { type: 'protect', token: 'a', target: 'b' }),
    ).toMatchObject({
      allowed: false,
      range: 5,
    })
  })
})

describe('効果範囲の増減: 「フェイト1点につき［効果範囲］を1ｍ増やすか減らすことができる」', () => {
  it("fate beyond the user's 【幸運】 (either way) makes the area invalid", () => {
    const query = { type: 'area', token: 'a', origin: [1, 0], range: 'reach', fate: -2 }
    expect(ask('a . . .', { a: { luck: 2 } }, query)).toMatchObject({ valid: true, radius: 1 })
    expect(ask('a . . .', { a: { luck: 1 } }, query)).toMatchObject({
      valid: false,
      reason: 'fate-over-luck',
      fateCap: 1,
    })
  })
})
