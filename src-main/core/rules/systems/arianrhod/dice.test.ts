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

// Issue 24: 「明度2以下：全ての行為判定のダイスが1個減少する」 applies to every check and reaction any
// answer lists, each on the square where it is rolled — not only to `path` and `targets`.
describe('明度2以下 everywhere: each roll on the square where it is made', () => {
  const dark = (cells: [number, number][]) => ({
    cells: cells.map((at) => ({ at, light: 2 })),
  })

  it('trap-reach: a target at 明度 2 reacts with one die less, as the targets query says', () => {
    // Chest at [1, 0]; b stands on a dark square, c on a lit one.
    const answer = ask(
      '. . b c',
      {},
      { type: 'trap-reach', object: { at: [1, 0] } },
      dark([[2, 0]]),
    )
    expect(answer.targets).toEqual([{ id: 'b', cover: 'none', reactionDice: -1 }])
    const seen = ask(
      'a . b c',
      {},
      { type: 'targets', token: 'a', attack: 'ranged', range: 20 },
      dark([[2, 0]]),
    ).targets as Target[]
    expect(seen.find((t) => t.id === 'b')?.reactionDice).toBe(-1)
  })

  it('trap-reach: partial cover and darkness add up (+1D −1D)', () => {
    const map = `
      b . .
      -
      . . .
    `
    const answer = ask(map, {}, { type: 'trap-reach', object: { at: [1, 1] } }, dark([[0, 0]]))
    expect(answer.targets).toEqual([{ id: 'b', cover: 'partial', reactionDice: 0 }])
  })

  it('trap-reach: a detector in the dark makes its トラップ探知 with one die less', () => {
    const answer = ask('a . b', {}, { type: 'trap-reach', object: { at: [1, 0] } }, dark([[0, 0]]))
    expect(answer.detectors).toEqual(['a', 'b'])
    expect(answer.detection).toEqual([
      { id: 'a', dice: -1 },
      { id: 'b', dice: 0 },
    ])
    // Lit: nothing changes, and the answer keeps its shape.
    expect(ask('a . b', {}, { type: 'trap-reach', object: { at: [1, 0] } })).not.toHaveProperty(
      'detection',
    )
  })

  it('reach: the 封鎖 【行動値】 contest carries the die change, exactly as path does', () => {
    const map = `
      . Y .
      
      . a Z
    `
    const extras = { cells: [{ at: [1, 1], blockade: true, light: 2 }] }
    const reach = ask(map, {}, { type: 'reach', token: 'a', mode: 'disengage' }, extras)
    const path = ask(map, {}, { type: 'path', token: 'a', to: [0, 1], mode: 'disengage' }, extras)
    const contest = { kind: 'contest', ability: 'INIT', against: ['Y', 'Z'], dice: -1 }
    expect(reach.checks).toEqual([expect.objectContaining(contest)])
    expect(path.checks).toEqual(reach.checks)
  })

  it('the contest lists each enemy’s reaction with the die change of its own square', () => {
    const map = `
      . Y .
      
      . a Z
    `
    const extras = {
      cells: [
        { at: [1, 1], blockade: true },
        { at: [1, 0], light: 1 },
      ],
    }
    const reach = ask(map, {}, { type: 'reach', token: 'a', mode: 'disengage' }, extras)
    expect(reach.checks).toEqual([
      {
        kind: 'contest',
        ability: 'INIT',
        against: ['Y', 'Z'],
        reactions: [
          { id: 'Y', dice: -1 },
          { id: 'Z', dice: 0 },
        ],
      },
    ])
  })

  it('曲芸下乗: the 【敏捷】 check rolled in the dark loses a die', () => {
    const map = `
      . A B C .
      
      . D r E .
      
      . F G H .
    `
    const tokens = { r: { states: ['mounted' as const] }, p: { at: [2, 1] as [number, number] } }
    const lit = ask(map, tokens, { type: 'dismount', token: 'p' })
    expect(lit.checks).toEqual([
      { kind: 'acrobatic-dismount', ability: 'AGI', dc: 9, onFailure: 'slip' },
    ])
    const inTheDark = ask(map, tokens, { type: 'dismount', token: 'p' }, dark([[2, 1]]))
    expect(inTheDark.checks).toEqual([
      { kind: 'acrobatic-dismount', ability: 'AGI', dc: 9, onFailure: 'slip', dice: -1 },
    ])
  })

  it('cover: the target’s reaction dice include the darkness of its square', () => {
    expect(
      ask('a . b', {}, { type: 'cover', from: 'a', to: 'b', attack: 'ranged' }, dark([[2, 0]])),
    ).toMatchObject({ cover: 'none', reactionDice: -1 })
    expect(
      ask('a . b', {}, { type: 'cover', from: 'a', to: 'b', attack: 'ranged' }, dark([[0, 0]])),
    ).toMatchObject({ cover: 'none', reactionDice: 0 })
  })

  it('a climb is rolled on the wall the character hangs on: going down, the lower square', () => {
    // a stands on a 6 m block and climbs down to [1, 0]; only the lower square is dark.
    const down = ask(
      '6 .',
      { a: { at: [0, 0], move: 14 } },
      { type: 'path', token: 'a', to: [1, 0], mode: 'climb' },
      {
        cells: [
          { at: [0, 0], elevation: 6 },
          { at: [1, 0], light: 2 },
        ],
      },
    )
    expect(down.checks).toHaveLength(2)
    expect((down.checks as Answer[]).every((c) => c.dice === -1)).toBe(true)
    const up = ask(
      '. 6',
      { a: { at: [0, 0], move: 14 } },
      { type: 'path', token: 'a', to: [1, 0], mode: 'climb' },
      { cells: [{ at: [1, 0], elevation: 6, light: 2 }] },
    )
    expect(up.checks).toHaveLength(2)
    expect((up.checks as Answer[]).every((c) => c.dice === undefined)).toBe(true)
  })
})
