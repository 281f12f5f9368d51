import { describe, expect, it } from 'vitest'
import { asciiMap } from '../testing/ascii-map'
import { Grid } from './grid'
import { canSee, canSeeByTracing, fieldOfView, fieldOfViewBruteForce } from './vision'

function gridOf(text: string): Grid {
  return Grid.fromSpec(asciiMap(text).map)
}

describe('vision at corners', () => {
  // the diagonal from [0,0] runs exactly through the corner where the two walls meet
  const pinched = gridOf(`
    a . .
      -
    .|. .

    . . .
  `)
  const grazed = gridOf(`
    a . .
      -
    . . .

    . . .
  `)

  it('a corner with walls on both sides of the line blocks it', () => {
    const from = pinched.index(0, 0)
    expect(canSee(pinched, from, pinched.index(2, 2))).toBe(false)
    expect(canSee(pinched, from, pinched.index(1, 1))).toBe(false)
    expect(fieldOfView(pinched, from)).not.toContain(pinched.index(2, 2))
  })

  it('a wall whose end the line only touches does not', () => {
    const from = grazed.index(0, 0)
    expect(canSee(grazed, from, grazed.index(2, 2))).toBe(true)
    expect(fieldOfView(grazed, from)).toContain(grazed.index(2, 2))
  })

  it('agrees with the traced definition cell by cell', () => {
    for (const grid of [pinched, grazed]) {
      for (let from = 0; from < grid.size; from++) {
        expect(fieldOfView(grid, from)).toEqual(fieldOfViewBruteForce(grid, from))
        for (let to = 0; to < grid.size; to++) {
          expect(canSee(grid, from, to)).toBe(canSeeByTracing(grid, from, to))
        }
      }
    }
  })
})

describe('fieldOfView maxDistance', () => {
  it('keeps the square of side 2r + 1 around the viewer, none if negative', () => {
    const grid = gridOf(`
      . . . . .

      . . . . .

      . . a . .

      . . . . .

      . . . . .
    `)
    const eye = grid.index(2, 2)
    const near = fieldOfView(grid, eye, { maxDistance: 1 }).map((c) => grid.cellOf(c))
    expect(near).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [1, 2],
      [2, 2],
      [3, 2],
      [1, 3],
      [2, 3],
      [3, 3],
    ])
    expect(fieldOfView(grid, eye, { maxDistance: 0 })).toEqual([eye])
    expect(fieldOfView(grid, eye, { maxDistance: -1 })).toEqual([])
    expect(fieldOfView(grid, eye, { maxDistance: 1.5 })).toEqual(
      fieldOfView(grid, eye, { maxDistance: 1 }),
    )
  })

  it('leaves out the viewer when it is out of range, but never for being dark', () => {
    const grid = gridOf(`
      a . .
    `)
    expect(fieldOfView(grid, 0, { inRange: (c) => c !== 0 })).toEqual([1, 2])
    expect(fieldOfView(grid, 0, { isLit: () => false })).toEqual([0])
  })
})
