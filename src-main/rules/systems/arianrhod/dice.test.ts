// Answers carry the dice change each rule gives, not just a flag (issue 14, "Dice, not flags").
import { describe, expect, it } from 'vitest'
import { answerOf, scenarioOf } from '../../testing/scenario'
import type { TokenOptions } from '../../testing/scenario'

type Answer = Record<string, unknown>
type Target = { id: string; hitDice: number; reactionDice: number; cover: string }
const ask = (
  map: string,
  tokens: Record<string, Partial<TokenOptions>>,
  query: Answer,
  extras: Answer = {},
) => answerOf<Answer>(scenarioOf('arianrhod', map, tokens, query, extras))
const targets = (map: string, query: Answer, extras: Answer = {}) =>
  ask(map, {}, { type: 'targets', token: 'a', ...query }, extras).targets as Target[]

describe('挟撃状態: 「「射程：至近」の武器やスキルによって敵のみを攻撃する場合…命中判定に1D増加する」', () => {
  it('+1D to hit at 至近 against a flanked enemy', () => {
    expect(targets('a B c', { attack: 'melee' })).toEqual([
      expect.objectContaining({ id: 'B', hitDice: 1 }),
    ])
  })

  it('no bonus beyond 至近 (a melee attack with a range in metres)', () => {
    expect(targets('a B c', { attack: 'melee', range: 3 }).find((t) => t.id === 'B')).toMatchObject(
      { hitDice: 0 },
    )
  })

  it('no bonus against a non-enemy in the line', () => {
    // d is a's ally standing between a and the enemy C's ally line: nobody flanks an ally.
    expect(targets('a d C', { attack: 'melee' }).find((t) => t.id === 'd')).toMatchObject({
      hitDice: 0,
    })
  })
})

describe('明度2以下: 「全ての行為判定のダイスが1個減少する（ただし、ダイスの最低数は1個）」', () => {
  it('the attacker loses a die to hit and the target a die to react', () => {
    expect(targets('a B .', { attack: 'melee' }, { light: { ambient: 2 } })).toEqual([
      expect.objectContaining({ id: 'B', hitDice: -1, reactionDice: -1 }),
    ])
    expect(targets('a B .', { attack: 'melee' }, { light: { ambient: 3 } })).toEqual([
      expect.objectContaining({ id: 'B', hitDice: 0, reactionDice: 0 }),
    ])
  })

  it('the light answer carries the die lost on every check', () => {
    expect(ask('a', {}, { type: 'light', at: [0, 0] }, { light: { ambient: 2 } })).toMatchObject({
      checkDice: -1,
    })
    expect(ask('a', {}, { type: 'light', at: [0, 0] }, { light: { ambient: 3 } })).toMatchObject({
      checkDice: 0,
    })
  })
})

describe('部分遮蔽: 「攻撃やスキル、トラップ等の対象となった場合、リアクションの判定に＋1Dすることができる」', () => {
  it('a partially covered target gets +1D to its reaction', () => {
    expect(targets('a . .:. B', { attack: 'ranged', range: 20 })).toEqual([
      expect.objectContaining({ id: 'B', cover: 'partial', reactionDice: 1 }),
    ])
  })

  it('traps: full cover cannot be targeted, partial cover +1D to the reaction', () => {
    // Chest at [1, 1]: a is past the end of the wall (partial), c stands in the open.
    const map = `
      a . .
      -
      . . c
    `
    const answer = ask(map, {}, { type: 'trap-reach', object: { at: [1, 1] } })
    expect(answer.targets).toEqual([
      { id: 'a', cover: 'partial', reactionDice: 1 },
      { id: 'c', cover: 'none', reactionDice: 0 },
    ])
    // An edge trap (a door between [0, 0] and [1, 0]) with 《リーチ拡大》: b is behind a wall that
    // crosses the line from the door's east side (the west side is beyond reach), 「完全遮蔽を受けているキャラクター等は…
    // トラップ等の対象として選択できない」.
    const door = ask(
      'a . .|b',
      {},
      {
        type: 'trap-reach',
        object: {
          between: [
            [1, 0],
            [2, 0],
          ],
        },
        extended: true,
      },
    )
    expect(door.tokensInReach).toContain('b')
    expect((door.targets as Target[]).map((t) => t.id)).toEqual(['a'])
  })
})

describe('明度2以下 on movement checks', () => {
  it('a jump from a dark square loses a die; from a lit one it does not', () => {
    const jump = (ambient: number) =>
      ask(
        'a _ .',
        { a: { move: 6 } },
        { type: 'path', token: 'a', to: [2, 0], mode: 'jump' },
        { light: { ambient } },
      )
    expect(jump(2)).toMatchObject({ checks: [{ kind: 'jump', ability: 'STR', dc: 4, dice: -1 }] })
    expect(jump(3)).toMatchObject({ checks: [{ kind: 'jump', ability: 'STR', dc: 4 }] })
    expect((jump(3).checks as Answer[])[0].dice).toBeUndefined()
  })
})
