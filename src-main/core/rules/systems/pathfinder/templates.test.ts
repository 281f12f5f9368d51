// Cones and lines from a grid intersection (the `spread` query with shape "cone" / "line").
import { describe, expect, it } from 'vitest'
import { ask, askError, scenarioDoc } from './test-support'
import { runScenario } from '../../scenario/run'

const open = (w: number, h: number) =>
  Array.from({ length: h }, () => Array.from({ length: w }, () => '.').join(' ')).join('\n\n')

function area(map: string, query: Record<string, unknown>): Record<string, number> {
  const answer = ask({ map }, { type: 'spread', ...query })
  const out: Record<string, number> = {}
  for (const c of answer.cells as { at: [number, number]; reflex: number }[])
    out[`${c.at[0]},${c.at[1]}`] = c.reflex
  return out
}

describe('cones (quarter circle from an intersection)', () => {
  it('a 15-ft cone aimed straight along the grid covers 2, 4 and 2 squares', () => {
    const cells = area(open(6, 7), { origin: [1, 3], radius: 15, shape: 'cone', toward: [4, 3] })
    expect(Object.keys(cells).sort()).toEqual(
      ['1,2', '1,3', '2,1', '2,2', '2,3', '2,4', '3,2', '3,3'].sort(),
    )
  })

  it('a 15-ft cone aimed diagonally is the 1 + 2 + 3 triangle', () => {
    const cells = area(open(6, 6), { origin: [1, 1], radius: 15, shape: 'cone', toward: [4, 4] })
    expect(Object.keys(cells).sort()).toEqual(['1,1', '1,2', '1,3', '2,1', '2,2', '3,1'].sort())
  })

  it('a 30-ft cone reaches 30 ft along its axis and never behind the origin', () => {
    const cells = area(open(10, 10), { origin: [0, 5], radius: 30, shape: 'cone', toward: [6, 5] })
    expect(cells['5,5']).toBe(0)
    expect(cells['6,5']).toBeUndefined()
    expect(Object.keys(cells).every((k) => Number(k.split(',')[0]) >= 0)).toBe(true)
    const west = area(open(10, 10), { origin: [5, 5], radius: 30, shape: 'cone', toward: [0, 5] })
    expect(Object.keys(west).every((k) => Number(k.split(',')[0]) < 5)).toBe(true)
  })

  it('a cone does not go around corners: squares in total cover from the origin are untouched', () => {
    const map = `
      . . . . . .

      . . .|. . .

      . . .|. . .

      . . .|. . .

      . . . . . .
    `
    const cells = area(map, { origin: [0, 2], radius: 30, shape: 'cone', toward: [5, 2] })
    expect(cells['2,2']).toBe(0)
    expect(cells['4,2']).toBeUndefined()
    expect(cells['4,1']).toBeUndefined()
    // (3, 2) is right behind the wall: its near corner lines end on the wall and the others cross
    // it, so no line of effect gets into it (issue 14: cones stop at walls).
    expect(cells['3,2']).toBeUndefined()
  })
})

describe('lines (the squares the ray passes through)', () => {
  it('30 ft diagonally is four squares (their far corners at 5, 15, 20 and 30 ft)', () => {
    expect(
      Object.keys(area(open(8, 8), { origin: [0, 0], radius: 30, shape: 'line', toward: [1, 1] })),
    ).toEqual(['0,0', '1,1', '2,2', '3,3'])
  })

  it('a shallow line takes every square it passes and skips the ones it only touches at a corner', () => {
    expect(
      Object.keys(area(open(8, 4), { origin: [0, 0], radius: 30, shape: 'line', toward: [4, 2] })),
    ).toEqual(
      ['1,0', '0,0', '3,1', '2,1', '4,2'].sort((a, b) => {
        const [ax, ay] = a.split(',').map(Number)
        const [bx, by] = b.split(',').map(Number)
        return ay - by || ax - bx
      }),
    )
  })

  it('a line along a grid line takes the squares on its right-hand side (side "left" the others)', () => {
    expect(
      Object.keys(area(open(8, 4), { origin: [0, 2], radius: 20, shape: 'line', toward: [5, 2] })),
    ).toEqual(['0,2', '1,2', '2,2', '3,2'])
    expect(
      Object.keys(
        area(open(8, 4), {
          origin: [0, 2],
          radius: 20,
          shape: 'line',
          toward: [5, 2],
          side: 'left',
        }),
      ),
    ).toEqual(['0,1', '1,1', '2,1', '3,1'])
    expect(
      Object.keys(area(open(4, 8), { origin: [2, 7], radius: 10, shape: 'line', toward: [2, 0] })),
    ).toEqual(['2,5', '2,6'])
  })

  it('a wall or solid square stops the line (line of effect)', () => {
    expect(
      Object.keys(
        area('. . .|. . .', { origin: [0, 0], radius: 30, shape: 'line', toward: [6, 0] }),
      ),
    ).toEqual(['0,0', '1,0', '2,0'])
    expect(
      Object.keys(
        area('. . # . . .', { origin: [0, 0], radius: 30, shape: 'line', toward: [6, 0] }),
      ),
    ).toEqual(['0,0', '1,0'])
    // An open door does not.
    expect(
      Object.keys(
        area('. . ./. . .', { origin: [0, 0], radius: 30, shape: 'line', toward: [6, 0] }),
      ),
    ).toHaveLength(6)
  })

  it('through a corner the line is stopped only when both sides are closed', () => {
    // Ray from [0,0] along the diagonal passes the corner [1,1]: a wall east of (0,0) alone is one side.
    const oneSide = area('.|.\n\n. .', {
      origin: [0, 0],
      radius: 30,
      shape: 'line',
      toward: [1, 1],
    })
    expect(Object.keys(oneSide)).toEqual(['0,0', '1,1'])
    const bothSides = area('.|.\n- \n. .', {
      origin: [0, 0],
      radius: 30,
      shape: 'line',
      toward: [1, 1],
    })
    expect(Object.keys(bothSides)).toEqual(['0,0'])
  })

  it('a low wall the line passes over gives a Reflex bonus beyond it', () => {
    // The low wall covers the whole west side of (3, 0): every line from the origin into that
    // square, and into the next one, passes over it (cover, +2).
    const cells = area('. . .:. . .\n\n. . . . . .', {
      origin: [0, 0],
      radius: 30,
      shape: 'line',
      toward: [5, 0],
    })
    expect(cells['1,0']).toBe(0)
    expect(cells['3,0']).toBe(2)
    expect(cells['4,0']).toBe(2)
    // Seen at a slant, a square beyond the low wall's end keeps three of its four lines: partial, +1.
    const offAxis = area('. . . . . .\n\n. . . . . .\n\n. . .:. . .', {
      origin: [0, 0],
      radius: 30,
      shape: 'cone',
      toward: [4, 3],
    })
    expect(offAxis['3,2']).toBe(2)
    expect(offAxis['4,2']).toBe(1)
  })

  it('aiming needs a direction: toward missing or equal to the origin is an error', () => {
    expect(
      askError({ map: open(4, 4) }, { type: 'spread', origin: [1, 1], radius: 15, shape: 'cone' })
        .code,
    ).toBe('missing-field')
    expect(
      askError(
        { map: open(4, 4) },
        { type: 'spread', origin: [1, 1], radius: 15, shape: 'line', toward: [1, 1] },
      ).code,
    ).toBe('invalid-query')
  })
})

describe('D&D 3.5 shares the area and squeeze rules', () => {
  it('dnd35 answers the same cone, and squeezes a Large creature through a corridor at the same cost', () => {
    const query = { type: 'spread', origin: [1, 1], radius: 15, shape: 'cone', toward: [4, 4] }
    expect(ask({ map: open(6, 6), system: 'dnd35' }, query)).toEqual(
      ask({ map: open(6, 6) }, query),
    )
    const corridor = 'O . # # # . .\n\n. . . . . . .\n\n. . # # # . .'
    const tokens = { O: { size: 'large', move: 30, faction: 'party' } }
    const path = ask(
      { map: corridor, tokens, system: 'dnd35' },
      { type: 'path', token: 'O', to: [5, 0], mode: 'double' },
    )
    expect(path).toMatchObject({ reachable: true, cost: 45 })
  })
})

describe('arrow slits and Reflex (良好な遮蔽: 「反応セーヴのボーナスを2倍(…反応セーヴ+4)」)', () => {
  it('a burst through an arrow slit: the square behind it gets twice the Reflex bonus', () => {
    const doc = scenarioDoc(
      { map: '. . . . .\n\n. . . . .' },
      { type: 'spread', origin: [0, 1], radius: 20, shape: 'burst' },
    )
    const map = doc.map as Record<string, unknown>
    const result = runScenario({
      ...doc,
      map: {
        ...map,
        edges: [
          {
            between: [
              [2, 0],
              [3, 0],
            ],
            kind: 'arrow-slit',
          },
          {
            between: [
              [2, 1],
              [3, 1],
            ],
            kind: 'arrow-slit',
          },
        ],
      },
    })
    expect(result.ok).toBe(true)
    const cells = Object.fromEntries(
      (result as { answer: { cells: { at: number[]; reflex: number }[] } }).answer.cells.map(
        (c) => [c.at.join(','), c.reflex],
      ),
    )
    expect(cells['1,0']).toBe(0)
    expect(cells['3,0']).toBe(4)
  })
})
