// The dystopia queries through the RuleSystem object, including every error a GM or tool can
// provoke (each must name the offending field by JSON pointer).
import { describe, expect, it } from 'vitest'
import type { Cell } from '../../model'
import { dystopia } from './index'
import { ask, fails, makeBattle, type UnitSpec } from './test-battle'

describe('the system object', () => {
  it('measures Manhattan squares and moves by sub / main', () => {
    expect(dystopia.id).toBe('dystopia')
    expect(dystopia.unit).toBe('squares')
    expect(dystopia.moveModes).toEqual(['sub', 'main'])
    expect(dystopia.distance([0, 0], [5, 5])).toBe(10)
  })
})

describe('board and scenario validation', () => {
  it('refuses a map that is not 6 × 6', () => {
    const wide = makeBattle([], {}, { width: 7, height: 6 })
    fails(
      () => ask(wide, { type: 'distance', from: [0, 0], to: [1, 1] }),
      'board-size',
      '/map/width',
    )
    const tall = makeBattle([], {}, { width: 6, height: 5 })
    fails(
      () => ask(tall, { type: 'distance', from: [0, 0], to: [1, 1] }),
      'board-size',
      '/map/height',
    )
  })

  it('refuses a fifth unit on a square, pointing at that token', () => {
    const units: UnitSpec[] = ['a', 'b', 'c', 'd', 'e'].map((id) => [
      id,
      [1, 1],
      id === 'e' ? 'x' : 'y',
    ])
    fails(
      () => ask(makeBattle(units), { type: 'front-row', token: 'a' }),
      'square-full',
      '/tokens/4',
    )
  })

  it('reports a bad "dystopia" field with its path', () => {
    fails(
      () =>
        ask(
          makeBattle([], {
            dystopia: {
              deploy: {
                party: [
                  [0, 0],
                  [9, 0],
                ],
              },
            },
          }),
          { type: 'deploy', faction: 'party' },
        ),
      'cell-out-of-bounds',
      '/dystopia/deploy/party/1',
    )
    fails(
      () =>
        ask(makeBattle([], { dystopia: { foes: [['a', 'a']] } }), { type: 'deploy', faction: 'a' }),
      'invalid-dystopia',
      '/dystopia/foes/0',
    )
    fails(
      () =>
        ask(makeBattle([], { dystopia: { skills: [{ owner: 'X', range: 'far' }] } }), {
          type: 'skills',
        }),
      'invalid-dystopia',
      '/dystopia/skills/0/range',
    )
  })

  it('refuses distance cells off the board', () => {
    fails(
      () => ask(makeBattle([]), { type: 'distance', from: [0, 0], to: [6, 0] }),
      'cell-out-of-bounds',
      '/query/to',
    )
  })
})

describe('targets: bad picks', () => {
  const battle = makeBattle([['me', [2, 2], 'party']])
  const squares = { type: 'targets', token: 'me', shape: 'squares', range: '0-3', n: 2 }

  it('a pick outside the range names that pick', () => {
    fails(
      () =>
        ask(battle, {
          ...squares,
          pick: [
            [2, 0],
            [5, 5],
          ],
        }),
      'pick-out-of-range',
      '/query/pick/1',
    )
    fails(
      () =>
        ask(battle, {
          ...squares,
          range: '2-3',
          pick: [
            [2, 0],
            [2, 2],
          ],
        }),
      'pick-out-of-range',
      '/query/pick/1',
    )
    fails(
      () =>
        ask(battle, { type: 'targets', token: 'me', shape: 'area', range: '0-1', pick: [[2, 0]] }),
      'pick-out-of-range',
      '/query/pick/0',
    )
  })

  it('n that does not match the picks', () => {
    fails(() => ask(battle, { ...squares, pick: [[2, 0]] }), 'pick-count', '/query/pick')
    fails(() => ask(battle, { ...squares, n: 0, pick: [] }), 'invalid-query', '/query/n')
    fails(
      () => ask(battle, { ...squares, n: undefined, pick: [[2, 0]] }),
      'missing-field',
      '/query/n',
    )
    fails(
      () =>
        ask(battle, {
          type: 'targets',
          token: 'me',
          shape: 'area',
          range: '0-3',
          pick: [
            [2, 0],
            [2, 1],
          ],
        }),
      'pick-count',
      '/query/pick',
    )
  })

  it('the same square picked twice, a pick off the board, a drop outside the set', () => {
    fails(
      () =>
        ask(battle, {
          ...squares,
          pick: [
            [2, 0],
            [2, 0],
          ],
        }),
      'duplicate-pick',
      '/query/pick/1',
    )
    fails(
      () =>
        ask(battle, {
          ...squares,
          pick: [
            [2, 0],
            [2, -1],
          ],
        }),
      'cell-out-of-bounds',
      '/query/pick/1',
    )
    fails(
      () =>
        ask(battle, {
          ...squares,
          pick: [
            [2, 0],
            [2, 4],
          ],
          exclude: [[0, 0]],
        }),
      'not-in-shape',
      '/query/exclude/0',
    )
  })

  it('bad shape, range, direction and fields the shape does not use', () => {
    fails(
      () => ask(battle, { type: 'targets', token: 'me', shape: 'cone', range: '0-3' }),
      'invalid-shape',
      '/query/shape',
    )
    fails(
      () => ask(battle, { type: 'targets', token: 'me', shape: 'scene', range: '3-0' }),
      'invalid-range',
      '/query/range',
    )
    fails(
      () => ask(battle, { type: 'targets', token: 'me', shape: 'scene' }),
      'missing-field',
      '/query/range',
    )
    fails(
      () =>
        ask(battle, { type: 'targets', token: 'me', shape: 'line', range: '0-3', direction: 'Z' }),
      'invalid-direction',
      '/query/direction',
    )
    fails(
      () =>
        ask(battle, { type: 'targets', token: 'me', shape: 'scene', range: '0-3', pick: [[2, 0]] }),
      'invalid-query',
      '/query/pick',
    )
    fails(
      () => ask(battle, { type: 'targets', token: 'ghost', shape: 'scene', range: '0-3' }),
      'unknown-token',
      '/query/token',
    )
  })

  it('choose must name units of the shape', () => {
    fails(
      () =>
        ask(battle, {
          type: 'targets',
          token: 'me',
          shape: 'scene',
          range: '0-1',
          choose: ['nobody'],
        }),
      'not-a-target',
      '/query/choose/0',
    )
  })
})

describe('targets: mixed squares and the whole board', () => {
  it('a square holding friends and foes offers both (the GM chooses)', () => {
    const battle = makeBattle([
      ['me', [0, 0], 'party'],
      ['friend', [1, 0], 'party'],
      ['foe', [1, 0], 'cult'],
    ])
    expect(
      ask(battle, { type: 'targets', token: 'me', shape: 'area', range: '1-1', pick: [1, 0] }),
    ).toEqual({
      cells: [
        [1, 0],
        [0, 1],
      ],
      units: ['foe', 'friend'],
    })
  })

  it('a pick at the board edge yields fewer than 3 squares, and the own square only itself', () => {
    const battle = makeBattle([['me', [0, 0], 'party']])
    expect(
      ask(battle, { type: 'targets', token: 'me', shape: 'area', range: '0-3', pick: [[0, 3]] }),
    ).toEqual({
      cells: [
        [1, 2],
        [0, 3],
      ],
      units: [],
    })
    expect(
      ask(battle, { type: 'targets', token: 'me', shape: 'area', range: '0-3', pick: [[0, 0]] }),
    ).toEqual({
      cells: [[0, 0]],
      units: ['me'],
    })
  })
})

describe('skill exceptions (例外)', () => {
  const units: UnitSpec[] = [
    ['fish', [0, 0], 'deep'],
    ['far', [5, 5], 'party'],
  ]

  it('半魚人《ウォーターワールド》 and WT《降雨術》 become 射程 0-10 場面: the whole board', () => {
    const battle = makeBattle(units)
    for (const skill of ['半魚人《ウォーターワールド》', 'ウォーターワールド', 'WT《降雨術》']) {
      const answer = ask(battle, {
        type: 'targets',
        token: 'fish',
        skill,
        shape: 'area',
        range: '0-1',
        pick: [[1, 0]],
      }) as {
        cells: Cell[]
        units: string[]
      }
      expect(answer.cells).toHaveLength(36)
      expect(answer.units).toEqual(['fish', 'far'])
    }
  })

  it('a skill without an exception is used as written', () => {
    const battle = makeBattle(units)
    const answer = ask(battle, {
      type: 'targets',
      token: 'fish',
      skill: 'WR《他の技》',
      shape: 'scene',
      range: '0-1',
    })
    expect(answer).toEqual({
      cells: [
        [0, 0],
        [1, 0],
        [0, 1],
      ],
      units: ['fish'],
    })
  })

  it('WR《音速閃》 moves to the square of the attack target, if it has room', () => {
    const battle = makeBattle([
      ['wr', [0, 0], 'party'],
      ['target', [4, 3], 'cult'],
    ])
    expect(
      ask(battle, { type: 'skill-move', token: 'wr', skill: 'WR《音速閃》', target: 'target' }),
    ).toEqual({
      cells: [[4, 3]],
      suggested: [[4, 3]],
    })
    const crowded = makeBattle([
      ['wr', [0, 0], 'party'],
      ['target', [4, 3], 'cult'],
      ['c2', [4, 3], 'cult'],
      ['c3', [4, 3], 'cult'],
      ['c4', [4, 3], 'cult'],
    ])
    expect(
      ask(crowded, { type: 'skill-move', token: 'wr', skill: '音速閃', target: 'target' }),
    ).toEqual({ cells: [], suggested: [] })
  })

  it('AB skills: one square, the GM decides, empty squares suggested', () => {
    const battle = makeBattle([
      ['ab', [0, 0], 'party'],
      ['x', [1, 0], 'cult'],
    ])
    expect(ask(battle, { type: 'skill-move', token: 'ab', skill: 'AB《何でも》' })).toEqual({
      cells: [
        [1, 0],
        [0, 1],
      ],
      suggested: [[0, 1]],
    })
    fails(
      () => ask(battle, { type: 'skill-move', token: 'ab', skill: 'ZZ《unknown》' }),
      'no-skill-move',
      '/query/skill',
    )
  })

  it('a GM can add or replace entries through the scenario', () => {
    const battle = makeBattle(units, {
      dystopia: {
        skills: [
          { owner: 'WT', skill: '降雨術', range: '0-2', shape: 'scene' },
          { owner: 'GM', skill: '豪雨', shape: 'line' },
        ],
      },
    })
    const rain = ask(battle, { type: 'targets', token: 'fish', skill: 'WT《降雨術》' }) as {
      cells: Cell[]
    }
    expect(rain.cells).toHaveLength(6)
    const line = ask(battle, {
      type: 'targets',
      token: 'fish',
      skill: '豪雨',
      range: '1-5',
      direction: 'F',
    }) as { cells: Cell[] }
    expect(line.cells).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
    ])
    const table = ask(battle, { type: 'skills' }) as { skills: { name: string }[] }
    expect(table.skills.map((s) => s.name)).toEqual([
      '半魚人《ウォーターワールド》',
      'WR《音速閃》',
      'WT《降雨術》',
      'AB《*》',
      'GM《豪雨》',
    ])
  })
})
