// Property tests (fast-check): whatever the picks, shapes stay on the board, nマス指定 never covers
// more than 3n squares, and no move, knockback, placement or skill move puts a fifth unit on a square.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Cell } from '../../model'
import {
  cellsInRange,
  LINE_DIRECTIONS,
  onBoard,
  STANDARD_BOARD,
  type LineDirection,
} from './geometry'
import { areaCells, lineShapeCells, sceneCells, squaresCells } from './shapes'
import { MAX_UNITS_PER_SQUARE } from './state'
import { ask, makeBattle, type UnitSpec } from './test-battle'

const cell = fc.tuple(
  fc.integer({ min: 0, max: 5 }),
  fc.integer({ min: 0, max: 5 }),
) as fc.Arbitrary<Cell>
const range = fc
  .tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }))
  .map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }))
const direction = fc.constantFrom(...(Object.keys(LINE_DIRECTIONS) as LineDirection[]))

function sortedUnique(cells: Cell[]): boolean {
  for (let i = 1; i < cells.length; i++) {
    const [a, b] = [cells[i - 1], cells[i]]
    if (!(a[1] < b[1] || (a[1] === b[1] && a[0] < b[0]))) return false
  }
  return true
}

/** A corner where units pile up, so full squares are common next to the movers. */
const crowdedCell = fc.tuple(
  fc.integer({ min: 0, max: 2 }),
  fc.integer({ min: 0, max: 2 }),
) as fc.Arbitrary<Cell>

/** Up to 30 units with at most 4 a square, in 3 factions, most of them crowded into a corner. */
const crowd = fc
  .array(
    fc.tuple(
      fc.oneof({ arbitrary: crowdedCell, weight: 3 }, { arbitrary: cell, weight: 1 }),
      fc.constantFrom('party', 'cult', 'beasts'),
    ),
    {
      minLength: 1,
      maxLength: 30,
    },
  )
  .map((entries) => {
    const count = new Map<string, number>()
    const units: UnitSpec[] = []
    for (const [at, faction] of entries) {
      const n = count.get(at.join()) ?? 0
      if (n >= MAX_UNITS_PER_SQUARE) continue
      count.set(at.join(), n + 1)
      units.push([`u${units.length}`, at, faction])
    }
    return units
  })

describe('shapes never leave the board', () => {
  it('範囲, 場面, nマス指定 and 各マス1体 cells are all on the 6 × 6 board, sorted, unique', () => {
    fc.assert(
      fc.property(
        cell,
        range,
        fc.array(cell, { maxLength: 8 }),
        direction,
        (origin, r, picks, d) => {
          const inRange = picks.filter((p) =>
            cellsInRange(STANDARD_BOARD, origin, r).some((c) => c[0] === p[0] && c[1] === p[1]),
          )
          const shapes = [
            sceneCells(STANDARD_BOARD, origin, r),
            squaresCells(STANDARD_BOARD, origin, inRange),
            lineShapeCells(STANDARD_BOARD, origin, d, r),
            ...inRange.map((p) => areaCells(STANDARD_BOARD, origin, p)),
          ]
          for (const cells of shapes) {
            expect(cells.every((c) => onBoard(STANDARD_BOARD, c))).toBe(true)
            expect(sortedUnique(cells)).toBe(true)
          }
        },
      ),
    )
  })

  it('the targets query answers only board squares and the units standing on them', () => {
    fc.assert(
      fc.property(
        crowd,
        range,
        direction,
        fc.constantFrom('scene', 'line'),
        (units, r, d, shape) => {
          const battle = makeBattle(units)
          const query = {
            type: 'targets',
            token: 'u0',
            shape,
            range: `${r.min}-${r.max}`,
            ...(shape === 'line' ? { direction: d } : {}),
          }
          const answer = ask(battle, query) as {
            cells: Cell[]
            units: string[]
          }
          expect(answer.cells.every((c) => onBoard(STANDARD_BOARD, c))).toBe(true)
          const keys = new Set(answer.cells.map((c) => c.join()))
          const expected = units.filter(([, at]) => keys.has(at.join())).map(([id]) => id)
          expect([...answer.units].sort()).toEqual(expected.sort())
        },
      ),
    )
  })
})

describe('nマス指定 never returns more than 3n squares', () => {
  it('for any n distinct in-range picks', () => {
    fc.assert(
      fc.property(
        cell,
        range,
        fc.uniqueArray(cell, { selector: (c) => c.join(), minLength: 1, maxLength: 12 }),
        (origin, r, raw) => {
          const inRange = cellsInRange(STANDARD_BOARD, origin, r)
          const picks = raw.filter((p) => inRange.some((c) => c[0] === p[0] && c[1] === p[1]))
          fc.pre(picks.length > 0)
          const battle = makeBattle([['me', origin, 'party']])
          const answer = ask(battle, {
            type: 'targets',
            token: 'me',
            shape: 'squares',
            range: `${r.min}-${r.max}`,
            n: picks.length,
            pick: picks,
          }) as { cells: Cell[] }
          expect(answer.cells.length).toBeLessThanOrEqual(3 * picks.length)
          expect(answer.cells.length).toBeGreaterThanOrEqual(picks.length)
        },
      ),
    )
  })
})

describe('moves never put 5 units on a square', () => {
  function occupancy(units: readonly UnitSpec[], mover: string, at: Cell): number {
    return units.filter(([id, c]) => id !== mover && c[0] === at[0] && c[1] === at[1]).length + 1
  }

  it('reach, knockback, 戦闘不能 placement, skill moves and deploy keep every square at 4 or fewer', () => {
    fc.assert(
      fc.property(crowd, fc.nat(), fc.nat(), fc.integer({ min: 0, max: 10 }), (units, i, j, x) => {
        const battle = makeBattle(units)
        const mover = units[i % units.length][0]
        const other = units[j % units.length][0]
        const destinations: Cell[] = []
        for (const mode of ['sub', 'main']) {
          const r = ask(battle, { type: 'reach', token: mover, mode }) as { cells: { at: Cell }[] }
          destinations.push(...r.cells.map((c) => c.at))
        }
        for (const by of [mover, other]) {
          destinations.push(
            ...(ask(battle, { type: 'knockback', token: mover, by, x }) as { cells: Cell[] }).cells,
          )
          destinations.push(
            ...(ask(battle, { type: 'incapacitate', token: mover, by }) as { cells: Cell[] }).cells,
          )
        }
        destinations.push(
          ...(
            ask(battle, {
              type: 'skill-move',
              token: mover,
              skill: 'WR《音速閃》',
              target: other,
            }) as { cells: Cell[] }
          ).cells,
        )
        destinations.push(
          ...(
            ask(battle, { type: 'skill-move', token: mover, skill: 'AB《x》' }) as { cells: Cell[] }
          ).cells,
        )
        destinations.push(
          ...(ask(battle, { type: 'deploy', token: mover }) as { cells: Cell[] }).cells,
        )
        for (const at of destinations) {
          expect(onBoard(STANDARD_BOARD, at)).toBe(true)
          expect(occupancy(units, mover, at)).toBeLessThanOrEqual(MAX_UNITS_PER_SQUARE)
        }
      }),
    )
  })
})
