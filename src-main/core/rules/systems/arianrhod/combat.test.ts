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
const cover = (map: string, from = 'a', to = 'b', extra: Answer = {}) =>
  ask(map, {}, { type: 'cover', from, to, attack: 'ranged', ...extra }).cover

describe('射線と遮蔽 (line of fire and cover)', () => {
  it('crossing a full-cover obstacle gives full cover, and it cannot be targeted', () => {
    expect(cover('a . .|. b')).toBe('full')
    expect(cover('a . # . b')).toBe('full')
    expect(cover('a .D. b')).toBe('full')
    expect(
      ask('a . .|. b', {}, { type: 'cover', from: 'a', to: 'b', attack: 'ranged' }),
    ).toMatchObject({ targetable: false })
  })
  it('crossing a partial-cover obstacle (low wall) gives partial cover: +1D to the reaction', () => {
    expect(ask('a . .:. b', {}, { type: 'cover', from: 'a', to: 'b', attack: 'ranged' })).toEqual({
      cover: 'partial',
      targetable: true,
      reactionDice: 1,
    })
  })
  it('touching a full-cover obstacle gives partial cover', () => {
    // the line [0,0]→[2,2] passes exactly through the end of the wall south of [0,0]... at corner (1,1)
    expect(
      cover(`
      a . .
      -
      . . .
      
      . . b
    `),
    ).toBe('partial')
  })
  it('touching a partial-cover obstacle gives none', () => {
    expect(
      cover(`
      a . .
      :
      . . .
      
      . . b
    `),
    ).toBe('none')
  })
  it('characters never block; open doors do not either', () => {
    expect(cover('a Z c/. b')).toBe('none')
  })
  it('射程:シーン ignores cover', () => {
    expect(cover('a . .|. b', 'a', 'b', { range: 'scene' })).toBe('none')
  })
  it('ranged attacks cannot target inside リーチ', () => {
    expect(ask('a b', {}, { type: 'cover', from: 'a', to: 'b', attack: 'ranged' })).toMatchObject({
      targetable: false,
      reason: 'ranged-inside-reach',
    })
    expect(ask('a b', {}, { type: 'cover', from: 'a', to: 'b', attack: 'melee' })).toMatchObject({
      targetable: true,
    })
  })
})

describe('targets', () => {
  const map = `
    a Z . . Y . X|W
  `
  it('melee (至近) reaches only the リーチ; ranged never inside it, within range, not behind full cover', () => {
    const ids = (q: Answer, extras: Answer = {}) =>
      (ask(map, {}, { type: 'targets', token: 'a', ...q }, extras).targets as { id: string }[]).map(
        (t) => t.id,
      )
    expect(ids({ attack: 'melee' })).toEqual(['Z'])
    expect(ids({ attack: 'ranged', range: 10 })).toEqual(['Y'])
    expect(ids({ attack: 'ranged', range: 12 })).toEqual(['Y', 'X'])
    expect(ids({ attack: 'ranged', range: 14 })).toEqual(['Y', 'X'])
    expect(ids({ attack: 'ranged', range: 'scene' })).toEqual(['Y', 'X', 'W'])
  })
  it('at 明度 1 line of fire reaches only within リーチ', () => {
    const ids = (extras: Answer) =>
      (
        ask(map, {}, { type: 'targets', token: 'a', attack: 'melee', range: 'scene' }, extras)
          .targets as { id: string }[]
      ).map((t) => t.id)
    expect(ids({ light: { ambient: 1 } })).toEqual(['Z'])
    expect(ids({ light: { ambient: 2 } })).toEqual(['Z', 'Y', 'X', 'W'])
  })
})

describe('エンゲージ: ZOC, リーチ and 効果範囲 across walls', () => {
  it('ZOC does not reach across a wall or closed door, nor past a blocked corner', () => {
    const zoc = ask(
      `
      . .|.
      -
      . aD.
      
      . . .
    `,
      {},
      { type: 'zoc', token: 'a' },
    ).cells
    // [0,0] and [2,0] lie past corners the walls meet, [2,1] behind the door, [2,2] past its corner
    expect(zoc).toEqual([
      [1, 0],
      [0, 1],
      [1, 1],
      [0, 2],
      [1, 2],
    ])
  })
  it('リーチ includes partitions only on the character’s own square', () => {
    const r = ask(
      `
      . . .
        -
      . a|.
      
      . .:.
    `,
      {},
      { type: 'engagement', token: 'a' },
    )
    expect(r.edges).toEqual([
      {
        between: [
          [1, 0],
          [1, 1],
        ],
        kind: 'wall',
      },
      {
        between: [
          [1, 1],
          [2, 1],
        ],
        kind: 'wall',
      },
    ])
  })
})

describe('効果範囲 (areas) and fate', () => {
  const map = `
    . . . . .
    
    . . . . .
    -
    . . . . .
    
    . . . . .
    
    . . . . a
  `
  it('the area is the origin and its 3 m neighbourhood, plus the walls and doors beside those squares', () => {
    const r = ask(map, {}, { type: 'area', origin: [1, 2] })
    expect(r.cells).toEqual([
      [1, 1],
      [2, 1],
      [0, 2],
      [1, 2],
      [2, 2],
      [0, 3],
      [1, 3],
      [2, 3],
    ])
    expect(r.edges).toEqual([
      {
        between: [
          [0, 1],
          [0, 2],
        ],
        kind: 'wall',
      },
    ])
  })
  it('fate widens or narrows it by 1 m per point, never below 0', () => {
    expect(
      (ask(map, {}, { type: 'area', origin: [2, 3], fate: -1 }).cells as unknown[]).length,
    ).toBe(5)
    expect(ask(map, {}, { type: 'area', origin: [2, 3], fate: -5 })).toMatchObject({
      radius: 0,
      cells: [[2, 3]],
    })
    expect(
      (ask(map, {}, { type: 'area', origin: [2, 2], fate: 1 }).cells as unknown[]).length,
    ).toBe(13)
  })
  it('the origin must be in range with its centre in sight', () => {
    const walled = map.replace('    -\n', '    - - -\n')
    expect(ask(walled, {}, { type: 'area', token: 'a', origin: [0, 1], range: 20 })).toMatchObject({
      valid: false,
      reason: 'origin-not-in-sight',
    })
    expect(ask(map, {}, { type: 'area', token: 'a', origin: [2, 2], range: 4 })).toMatchObject({
      valid: false,
      reason: 'origin-out-of-range',
    })
    expect(ask(map, {}, { type: 'area', token: 'a', origin: [3, 3], range: 3 })).toMatchObject({
      valid: true,
      tokens: ['a'],
    })
  })
})

describe('挟撃状態 (flanking)', () => {
  it('two allied foes in the target’s ZOC on a line through its centre flank it', () => {
    const r = ask(
      `
      a . c
      
      b Z d
      
      e . .
    `,
      {},
      { type: 'flanking', target: 'Z' },
    )
    expect(r).toEqual({
      pairs: [
        ['b', 'd'],
        ['c', 'e'],
      ],
    })
  })
  it('not when the pair are not allies, not across a wall, not when out of line', () => {
    expect(ask('a Z b', { b: { faction: 'other' } }, { type: 'flanking', target: 'Z' })).toEqual({
      pairs: [],
    })
    expect(ask('a Z|b', {}, { type: 'flanking', target: 'Z' })).toEqual({ pairs: [] })
    expect(
      ask(
        `
      a . .
      
      . Z b
    `,
        {},
        { type: 'flanking', target: 'Z' },
      ),
    ).toEqual({ pairs: [] })
  })
})

describe('カバー (protect)', () => {
  it('is possible within 3 m, plus 1 m per fate point', () => {
    const q = (fate: number) =>
      ask('a . . b', {}, { type: 'protect', token: 'a', target: 'b', fate })
    expect(q(0)).toEqual({ allowed: false, distance: 6, range: 3 })
    expect(q(3)).toEqual({ allowed: true, distance: 6, range: 6 })
    expect(ask('a . b', {}, { type: 'protect', token: 'a', target: 'b' })).toMatchObject({
      allowed: false,
      distance: 4,
    })
    expect(ask('a b', {}, { type: 'protect', token: 'a', target: 'b' })).toMatchObject({
      allowed: true,
    })
  })
})

describe('明度 (light)', () => {
  const light = (extras: Answer, at: [number, number] = [0, 0]) =>
    ask('. . . . . . . .|.', {}, { type: 'light', at }, extras)
  it('is 6 with nothing set, the ambient level, or the cell override', () => {
    expect(light({})).toEqual({ level: 6, effects: [], checkDice: 0 })
    expect(light({ light: { ambient: 3 } })).toEqual({
      level: 3,
      effects: ['no-sight-into-neighbouring-area'],
      checkDice: 0,
    })
    expect(light({ light: { ambient: 6 }, cells: [{ at: [0, 0], light: 1 }] })).toEqual({
      level: 1,
      effects: [
        'no-sight-into-neighbouring-area',
        'checks-lose-one-die',
        'line-of-fire-within-reach-only',
      ],
      checkDice: -1,
    })
  })
  it('light sources raise the level within their radius, not through walls', () => {
    const sources = { light: { ambient: 0, sources: [{ at: [5, 0], level: 4, radius: 6 }] } }
    expect(light(sources, [2, 0]).level).toBe(4)
    expect(light(sources, [1, 0]).level).toBe(0)
    expect(light(sources, [8, 0]).level).toBe(0)
    expect(
      light(
        {
          light: {
            ambient: 0,
            sources: [
              { at: [5, 0], level: 2, radius: 6 },
              { at: [4, 0], level: 3, radius: 2 },
            ],
          },
        },
        [4, 0],
      ).level,
    ).toBe(3)
  })
})

describe('visible with a range', () => {
  it('keeps exactly the seen squares within the range in metres (diagonals 3 m)', () => {
    const map = Array.from({ length: 9 }, (_, y) =>
      Array.from({ length: 9 }, (_, x) => (x === 4 && y === 4 ? 'a' : '.')).join(' '),
    ).join('\n\n')
    const cells = (range?: number) =>
      (
        ask(map, {}, { type: 'visible', token: 'a', ...(range === undefined ? {} : { range }) })
          .cells as [number, number][]
      ).map((c) => c.join(','))
    const all = cells()
    expect(all).toHaveLength(81)
    for (const range of [0, 2, 3, 5, 7, 8]) {
      const expected = all.filter((key) => {
        const [dx, dy] = key.split(',').map((n) => Math.abs(Number(n) - 4))
        return 3 * Math.min(dx, dy) + 2 * (Math.max(dx, dy) - Math.min(dx, dy)) <= range
      })
      expect(cells(range)).toEqual(expected)
    }
    expect(cells(8)).toContain('8,4')
    expect(cells(7)).not.toContain('8,4')
  })
})
