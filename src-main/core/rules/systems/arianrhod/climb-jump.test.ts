// 登攀 as the seed plays it, and vertical jumps (issue 14).
import { describe, expect, it } from 'vitest'
import { answerOf, scenarioOf } from '../../testing/scenario'
import type { TokenOptions } from '../../testing/scenario'

type Answer = Record<string, unknown>
const path = (
  map: string,
  tokens: Record<string, Partial<TokenOptions>>,
  to: [number, number],
  mode: string,
) => answerOf<Answer>(scenarioOf('arianrhod', map, tokens, { type: 'path', token: 'a', to, mode }))

describe('登攀: 「【筋力】判定に成功すれば［【移動力】÷2］ｍ登ることができる。判定に失敗した場合は、難易度10の【敏捷】判定に成功すれば［【移動力】÷2］メートル落ちるだけですむ。この【敏捷】判定にも失敗した場合、完全に落下する。」', () => {
  it('a character 4 m up a wall climbs the last 2 m; each failure says where it ends', () => {
    // 【移動力】 6: the check climbs 6 ÷ 2 = 3 m, enough for the 2 m left to the 6 m top.
    const answer = path('a 6', { a: { move: 6, elevation: 4 } }, [1, 0], 'climb')
    expect(answer).toMatchObject({ reachable: true, cost: 2 * 2 + 2 })
    expect(answer.checks).toEqual([
      { kind: 'climb', ability: 'STR', dc: 10, climbs: 2, onSuccess: { at: [1, 0], elevation: 6 } },
      {
        kind: 'climb',
        ability: 'AGI',
        dc: 10,
        ifFailed: 'STR',
        // STR failed, AGI made: falls 3 m, from 4 m to 1 m, still on the wall of its square.
        onSuccess: { at: [0, 0], elevation: 1 },
        // both failed: falls completely, to the floor.
        onFailure: { at: [0, 0], elevation: 0 },
        // 「［【移動力】÷2］メートル落ちるだけ」: 3 m; 「完全に落下する」: the whole 4 m.
        drops: { onSuccess: 3, onFailure: 4 },
      },
    ])
  })

  it('the metres each check climbs shrink with the movement made before the climb', () => {
    // 「登攀距離を求める基となる【移動力】に、移動したぶんだけ減らして」: 【移動力】 14, 4 m walked → 5 m a check.
    const answer = path('a . . 3', { a: { move: 14 } }, [3, 0], 'climb')
    expect(answer).toMatchObject({ reachable: true, cost: 4 + 8 })
    expect((answer.checks as Answer[])[0]).toEqual({
      kind: 'climb',
      ability: 'STR',
      dc: 10,
      climbs: 3,
      onSuccess: { at: [3, 0], elevation: 3 },
    })
    expect((answer.checks as Answer[])[1]).toMatchObject({
      onSuccess: { at: [2, 0], elevation: 0 },
    })
  })
})

describe('跳躍: 「垂直方向に跳躍する場合、難易度は［距離（メートル）×4］となる」', () => {
  it('a jump up onto a 2 m ledge is a jump step with DC 8', () => {
    expect(path('a 2', { a: { move: 6 } }, [1, 0], 'jump')).toEqual({
      reachable: true,
      cost: 2,
      steps: [{ at: [1, 0], cost: 2, action: 'jump' }],
      checks: [{ kind: 'jump', ability: 'STR', dc: 8 }],
      provokes: [],
      lost: ['minor'],
    })
  })

  it('a plain 戦闘移動 cannot go up a 2 m ledge', () => {
    expect(path('a 2', { a: { move: 6 } }, [1, 0], 'combat')).toMatchObject({ reachable: false })
  })

  it('a jump over a pit onto a ledge 3 m higher: the gap check, then the vertical one (DC 12)', () => {
    expect(path('a _ 3', { a: { move: 6 } }, [2, 0], 'jump')).toMatchObject({
      reachable: true,
      cost: 4,
      checks: [
        { kind: 'jump', ability: 'STR', dc: 4 },
        { kind: 'jump', ability: 'STR', dc: 12 },
      ],
    })
  })

  it('a jump over a pit landing 3 m lower ends in a fall there', () => {
    const doc = scenarioOf(
      'arianrhod',
      'a _ . .',
      { a: { move: 10 } },
      { type: 'path', token: 'a', to: [2, 0], mode: 'jump' },
      {
        cells: [
          { at: [0, 0], elevation: 3 },
          { at: [1, 0], terrain: 'pit' },
        ],
      },
    )
    expect(answerOf<Answer>(doc)).toMatchObject({
      reachable: true,
      checks: [{ kind: 'jump', ability: 'STR', dc: 4 }],
      falls: [{ at: [2, 0], height: 3, damage: 'gm', stoppedBy: [] }],
    })
    const further = { ...doc, query: { type: 'path', token: 'a', to: [3, 0], mode: 'jump' } }
    expect(answerOf<Answer>(further)).toMatchObject({ reachable: false })
  })
})
