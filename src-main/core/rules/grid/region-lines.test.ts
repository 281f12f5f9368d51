import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Grid, TERRAIN_SOLID, edgeBlocksSight } from './grid'
import { RegionLines } from './region-lines'
import type { Region } from './region-lines'
import { asciiMap } from '../testing/ascii-map'

function linesOn(text: string) {
  const { map, tokens } = asciiMap(text)
  const grid = Grid.fromSpec(map)
  const lines = new RegionLines(grid, {
    edgeLevel: (code) => (edgeBlocksSight(code) ? 3 : 0),
    cellLevel: (cell) => (grid.terrain[cell] === TERRAIN_SOLID ? 3 : 0),
    borderLevel: 3,
  })
  return { grid, tokens, lines }
}

const square =
  ([x0, y0]: readonly number[]): Region =>
  (x, y) =>
    x === x0 && y === y0

/** The least level over every line from a corner of square a to a corner of square b. */
function bestLine(text: string, a: string, b: string): { best: number; all: number[] } {
  const { tokens, lines } = linesOn(text)
  const [ax, ay] = tokens[a]
  const [bx, by] = tokens[b]
  const all: number[] = []
  for (const p of [
    [ax, ay],
    [ax + 1, ay],
    [ax, ay + 1],
    [ax + 1, ay + 1],
  ] as const)
    for (const q of [
      [bx, by],
      [bx + 1, by],
      [bx, by + 1],
      [bx + 1, by + 1],
    ] as const)
      all.push(lines.level(p, q, square(tokens[a]), square(tokens[b])))
  return { best: Math.min(...all), all }
}

describe('lines between squares (the ends belong to their squares)', () => {
  it('nothing in the way: clear', () => {
    expect(bestLine('a . . b', 'a', 'b').best).toBe(0)
  })

  it('a wall on the edge between two neighbours stops every line, even those along it and through its ends', () => {
    expect(bestLine('a|b', 'a', 'b').all.every((l) => l === 3)).toBe(true)
    expect(bestLine('a\n-\nb', 'a', 'b').all.every((l) => l === 3)).toBe(true)
  })

  it('a target right behind a long wall: lines ending on the wall at its near corners are not clear', () => {
    const map = `
      . a .
      - - -
      . b .
    `
    expect(bestLine(map, 'a', 'b').best).toBe(3)
    const far = `
      . a .
      . . .
      . . .
      - - -
      . b .
    `
    expect(bestLine(far, 'a', 'b').best).toBe(3)
  })

  it('a wall as wide as the target, straight in front of it: no line from the square to the square (「壁を通らない線を1本も引くことができない」)', () => {
    expect(bestLine('a . .|b', 'a', 'b').best).toBe(3)
  })

  it('a line grazing the end of a wall on its way is clear', () => {
    // The wall west of b ends at b's north-west corner; a's corner sees b past it.
    const map = `
      a . .
      . . .
      .|b .
    `
    expect(bestLine(map, 'a', 'b').best).toBe(0)
  })

  it('a diagonal neighbour past a corner closed on both sides is cut off; one wall alone is not enough', () => {
    const closed = `
      a|.
      -
      . b
    `
    expect(bestLine(closed, 'a', 'b').best).toBe(3)
    const oneWall = `
      a|.

      . b
    `
    expect(bestLine(oneWall, 'a', 'b').best).toBe(0)
  })

  it('a Z of walls stops a line running along its middle; a cup open on one side does not', () => {
    const region =
      (x0: number, y0: number): Region =>
      (x, y) =>
        x === x0 && y === y0
    const z = linesOn(`
      . . . .

      .|. . .
        -
      . .|. .
    `).lines
    // Along y = 2 from the square south of its start to the square north of its end, and back.
    expect(z.level([0, 2], [4, 2], region(0, 2), region(3, 1))).toBe(3)
    expect(z.level([0, 2], [4, 2], region(0, 1), region(3, 2))).toBe(3)
    const cup = linesOn(`
      . . . .

      .|.|. .
        -
      . . . .
    `).lines
    expect(cup.level([0, 2], [4, 2], region(0, 2), region(3, 2))).toBe(0)
    expect(cup.level([0, 2], [4, 2], region(0, 1), region(3, 1))).toBe(3)
  })

  it('is symmetric: the line from b to a meets what the line from a to b meets', () => {
    const cell = fc.constantFrom('.', '.', '.', '#')
    const wall = fc.constantFrom(' ', ' ', '|')
    const floor = fc.constantFrom(' ', ' ', '-')
    fc.assert(
      fc.property(
        fc.array(cell, { minLength: 16, maxLength: 16 }),
        fc.array(wall, { minLength: 16, maxLength: 16 }),
        fc.array(floor, { minLength: 16, maxLength: 16 }),
        (cells, walls, floors) => {
          const rows: string[] = []
          for (let y = 0; y < 4; y++) {
            rows.push(
              cells
                .slice(4 * y, 4 * y + 4)
                .map((c, x) => c + (x < 3 ? walls[4 * y + x] : ''))
                .join(''),
            )
            if (y < 3)
              rows.push(
                floors
                  .slice(4 * y, 4 * y + 4)
                  .map((f) => f + ' ')
                  .join(''),
              )
          }
          const grid = Grid.fromSpec(asciiMap(rows.join('\n')).map)
          const lines = new RegionLines(grid, {
            edgeLevel: (code) => (edgeBlocksSight(code) ? 3 : 0),
            cellLevel: (c) => (grid.terrain[c] === TERRAIN_SOLID ? 3 : 0),
            borderLevel: 3,
          })
          for (const [a, b] of [
            [
              [0, 0],
              [3, 3],
            ],
            [
              [0, 3],
              [2, 0],
            ],
            [
              [1, 1],
              [1, 3],
            ],
          ] as const) {
            const ra = square(a)
            const rb = square(b)
            for (const p of [
              [a[0], a[1]],
              [a[0] + 1, a[1] + 1],
            ] as const)
              for (const q of [
                [b[0], b[1]],
                [b[0] + 1, b[1]],
                [b[0], b[1] + 1],
              ] as const)
                expect(lines.level(p, q, ra, rb)).toBe(lines.level(q, p, rb, ra))
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})
