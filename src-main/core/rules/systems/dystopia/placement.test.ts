// DysTopiA front row, movement, knockback, 戦闘不能 placement and deploy squares through the
// RuleSystem object, with their errors (each names the offending field by JSON pointer).
import { describe, expect, it } from 'vitest'
import type { Cell } from '../../model'
import { ask, fails, makeBattle, type UnitSpec } from './test-battle'

describe('front row (最前列): squares with at least one foe', () => {
  const units: UnitSpec[] = [
    ['p', [0, 0], 'party'],
    ['c', [1, 1], 'cult'],
    ['mixed-p', [2, 2], 'party'],
    ['mixed-b', [2, 2], 'beasts'],
    ['p2', [3, 3], 'party'],
  ]

  it('every other faction is a foe by default', () => {
    expect(ask(makeBattle(units), { type: 'front-row', token: 'p' })).toEqual({
      cells: [
        [1, 1],
        [2, 2],
      ],
    })
    expect(ask(makeBattle(units), { type: 'front-row', token: 'c' })).toEqual({
      cells: [
        [0, 0],
        [2, 2],
        [3, 3],
      ],
    })
  })

  it('with "foes" pairs only those factions are foes', () => {
    const battle = makeBattle(units, { dystopia: { foes: [['party', 'cult']] } })
    expect(ask(battle, { type: 'front-row', token: 'p' })).toEqual({ cells: [[1, 1]] })
    expect(ask(battle, { type: 'front-row', token: 'mixed-b' })).toEqual({ cells: [] })
    expect(ask(battle, { type: 'front-row', faction: 'cult' })).toEqual({
      cells: [
        [0, 0],
        [2, 2],
        [3, 3],
      ],
    })
  })
})

describe('movement', () => {
  it('sub moves 1 square, main 2, orthogonally, through foes', () => {
    const battle = makeBattle([
      ['me', [0, 0], 'party'],
      ['foe', [1, 0], 'cult'],
    ])
    expect(ask(battle, { type: 'reach', token: 'me', mode: 'sub' })).toEqual({
      cells: [
        { at: [1, 0], cost: 1 },
        { at: [0, 1], cost: 1 },
      ],
    })
    expect(ask(battle, { type: 'reach', token: 'me', mode: 'main' })).toEqual({
      cells: [
        { at: [1, 0], cost: 1 },
        { at: [2, 0], cost: 2 },
        { at: [0, 1], cost: 1 },
        { at: [1, 1], cost: 2 },
        { at: [0, 2], cost: 2 },
      ],
    })
    fails(
      () => ask(battle, { type: 'reach', token: 'me', mode: 'combat' }),
      'unknown-mode',
      '/query/mode',
    )
  })

  it('a full square is passed through but never ended on', () => {
    const full: UnitSpec[] = ['f1', 'f2', 'f3', 'f4'].map((id) => [id, [1, 0], 'cult'])
    const battle = makeBattle([['me', [0, 0], 'party'], ...full])
    const reach = ask(battle, { type: 'reach', token: 'me', mode: 'main' }) as {
      cells: { at: Cell }[]
    }
    expect(reach.cells.map((c) => c.at)).toEqual([
      [2, 0],
      [0, 1],
      [1, 1],
      [0, 2],
    ])
    expect(ask(battle, { type: 'path', token: 'me', mode: 'main', to: [2, 0] })).toEqual({
      reachable: true,
      cost: 2,
      steps: [
        { at: [1, 0], cost: 1, action: 'move' },
        { at: [2, 0], cost: 2, action: 'move' },
      ],
      checks: [],
      provokes: [],
    })
    expect(ask(battle, { type: 'path', token: 'me', mode: 'main', to: [1, 0] })).toMatchObject({
      reachable: false,
    })
    expect(ask(battle, { type: 'path', token: 'me', mode: 'sub', to: [1, 1] })).toMatchObject({
      reachable: false,
    })
  })
})

describe('BS:KB(X)', () => {
  const battle = makeBattle([
    ['victim', [2, 2], 'party'],
    ['bully', [3, 3], 'cult'],
  ])

  it('knocked back by another unit: anywhere within X, that unit chooses', () => {
    const answer = ask(battle, { type: 'knockback', token: 'victim', by: 'bully', x: 1 })
    expect(answer).toEqual({
      cells: [
        [2, 1],
        [1, 2],
        [3, 2],
        [2, 3],
      ],
      chooser: 'by',
    })
    fails(
      () => ask(battle, { type: 'knockback', token: 'victim', by: 'bully', x: 1, to: [3, 3] }),
      'illegal-destination',
      '/query/to',
    )
  })

  it('self-inflicted: the engine proposes the squares nearest an edge, then a corner', () => {
    expect(ask(battle, { type: 'knockback', token: 'victim', by: 'victim', x: 1 })).toEqual({
      cells: [
        [2, 1],
        [1, 2],
      ],
      chooser: 'gm',
    })
    expect(ask(battle, { type: 'knockback', token: 'victim', by: 'victim', x: 4 })).toEqual({
      cells: [[0, 0]],
      chooser: 'gm',
    })
    const edge = makeBattle([['u', [0, 3], 'party']])
    expect(ask(edge, { type: 'knockback', token: 'u', by: 'u', x: 2 })).toEqual({
      cells: [[0, 5]],
      chooser: 'gm',
    })
    const corner = makeBattle([['u', [5, 5], 'party']])
    expect(ask(corner, { type: 'knockback', token: 'u', by: 'u', x: 3 })).toEqual({
      cells: [],
      chooser: 'gm',
    })
  })

  it('never onto a full square', () => {
    const full: UnitSpec[] = ['f1', 'f2', 'f3', 'f4'].map((id) => [id, [0, 0], 'cult'])
    const b = makeBattle([['u', [1, 0], 'party'], ...full])
    expect(ask(b, { type: 'knockback', token: 'u', by: 'u', x: 1 })).toEqual({
      cells: [],
      chooser: 'gm',
    })
    fails(
      () => ask(b, { type: 'knockback', token: 'u', by: 'f1', x: 1, to: [0, 0] }),
      'illegal-destination',
      '/query/to',
    )
  })
})

describe('戦闘不能 placement', () => {
  it('the unit that dealt the final damage places the target on any square with room', () => {
    const full: UnitSpec[] = ['f1', 'f2', 'f3', 'f4'].map((id) => [id, [5, 5], 'cult'])
    const battle = makeBattle([['down', [0, 0], 'party'], ...full])
    const answer = ask(battle, { type: 'incapacitate', token: 'down', by: 'f1' }) as {
      cells: Cell[]
      chooser: string
    }
    expect(answer.chooser).toBe('by')
    expect(answer.cells).toHaveLength(34)
    expect(answer.cells).not.toContainEqual([5, 5])
    expect(answer.cells).not.toContainEqual([0, 0])
    fails(
      () => ask(battle, { type: 'incapacitate', token: 'down', by: 'f1', to: [5, 5] }),
      'illegal-destination',
      '/query/to',
    )
  })

  it('self-inflicted: the unit does not move', () => {
    const battle = makeBattle([['down', [0, 0], 'party']])
    expect(ask(battle, { type: 'incapacitate', token: 'down', by: 'down' })).toEqual({
      cells: [],
      chooser: 'none',
    })
    fails(
      () => ask(battle, { type: 'incapacitate', token: 'down', by: 'down', to: [1, 1] }),
      'illegal-destination',
      '/query/to',
    )
  })
})

describe('初期配置 (deploy squares)', () => {
  it('lists the GM-marked squares that still have room; unmarked factions may use any square', () => {
    const full: UnitSpec[] = ['f1', 'f2', 'f3', 'f4'].map((id) => [id, [0, 1], 'cult'])
    const battle = makeBattle(full, {
      dystopia: {
        deploy: {
          party: [
            [0, 1],
            [0, 0],
            [1, 0],
          ],
        },
      },
    })
    expect(ask(battle, { type: 'deploy', faction: 'party' })).toEqual({
      cells: [
        [0, 0],
        [1, 0],
      ],
    })
    expect(
      (ask(battle, { type: 'deploy', faction: 'cult' }) as { cells: Cell[] }).cells,
    ).toHaveLength(35)
    expect((ask(battle, { type: 'deploy', token: 'f1' }) as { cells: Cell[] }).cells).toHaveLength(
      36,
    )
  })
})
