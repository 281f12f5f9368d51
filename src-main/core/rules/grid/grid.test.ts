import { describe, expect, it } from 'vitest'
import { asciiMap } from '../testing/ascii-map'
import {
  EDGE_DOOR_CLOSED,
  EDGE_LOW_WALL,
  EDGE_NONE,
  EDGE_WALL,
  Grid,
  GridSpecError,
  TERRAIN_PIT,
  TERRAIN_SOLID,
} from './grid'
import type { Contact, LineObstacle } from './lines'
import { centreOf, cornerPoint, obstructionLevels, traceLine } from './lines'
import { regionWithin } from './regions'
import { leastCostSearch } from './search'
import { canSee, fieldOfView } from './vision'

function gridOf(text: string): { grid: Grid; tokens: Record<string, [number, number]> } {
  const { map, tokens } = asciiMap(text)
  return { grid: Grid.fromSpec(map), tokens }
}

function contacts(
  grid: Grid,
  from: readonly [number, number],
  to: readonly [number, number],
): string[] {
  const out: string[] = []
  traceLine(grid, from, to, (o: LineObstacle, c: Contact) => {
    if (o.type === 'edge') out.push(`edge ${grid.cellOf(o.cell).join(',')} ${o.side} ${c}`)
    else if (o.type === 'cell') out.push(`cell ${grid.cellOf(o.cell).join(',')} ${c}`)
    else out.push(`corner ${o.at.join(',')} ${c}`)
  })
  return out.sort()
}

describe('Grid.fromSpec', () => {
  it('stores terrain, elevation, light, blockade and edges in typed arrays', () => {
    const grid = Grid.fromSpec({
      width: 4,
      height: 3,
      cells: [
        { at: [1, 1], terrain: 'pit' },
        { at: [2, 1], terrain: 'solid', elevation: 4 },
        { at: [0, 2], light: 2, blockade: true },
      ],
      edges: [
        {
          between: [
            [1, 0],
            [0, 0],
          ],
          kind: 'wall',
        },
        {
          between: [
            [3, 1],
            [3, 2],
          ],
          kind: 'door',
          state: 'closed',
        },
        {
          between: [
            [0, 0],
            [0, 1],
          ],
          kind: 'low-wall',
        },
      ],
      light: { ambient: 5 },
    })
    expect(grid.terrainAt(grid.index(1, 1))).toBe(TERRAIN_PIT)
    expect(grid.isSolid(grid.index(2, 1))).toBe(true)
    expect(grid.elevationAt(grid.index(2, 1))).toBe(4)
    expect(grid.lightOverride(grid.index(0, 2))).toBe(2)
    expect(grid.lightOverride(grid.index(0, 1))).toBeUndefined()
    expect(grid.blockade[grid.index(0, 2)]).toBe(1)
    expect(grid.edgeBetween([0, 0], [1, 0])).toBe(EDGE_WALL)
    expect(grid.edgeBetween([1, 0], [0, 0])).toBe(EDGE_WALL)
    expect(grid.edgeBetween([3, 2], [3, 1])).toBe(EDGE_DOOR_CLOSED)
    expect(grid.edgeBetween([0, 0], [0, 1])).toBe(EDGE_LOW_WALL)
    expect(grid.edgeBetween([0, 0], [1, 1])).toBe(EDGE_NONE)
    expect(grid.ambientLight).toBe(5)
  })

  it('refuses cells outside the map and edges between non-neighbours, with a path', () => {
    expect(() => Grid.fromSpec({ width: 2, height: 2, cells: [{ at: [2, 0] }] })).toThrow(
      GridSpecError,
    )
    try {
      Grid.fromSpec({
        width: 3,
        height: 3,
        edges: [
          {
            between: [
              [0, 0],
              [1, 1],
            ],
            kind: 'wall',
          },
        ],
      })
      expect.unreachable()
    } catch (e) {
      expect((e as GridSpecError).path).toBe('/edges/0/between')
    }
  })
})

describe('diagonal-corner blocking (spec decision 1)', () => {
  it('blocks a diagonal step when a wall meets the corner or a solid cell is beside the step', () => {
    const { grid } = gridOf(`
      . .|.
      
      . # .
    `)
    // wall between [1,0] and [2,0] touches the corner shared by [1,0]-[2,1]
    expect(grid.stepBlocked(1, 0, 1, 1)).toBe(true)
    expect(grid.stepBlocked(2, 1, -1, -1)).toBe(true) // solid [1,1] beside the step
    expect(grid.stepBlocked(0, 0, 1, 1)).toBe(false) // the destination's own terrain is not judged here
    expect(grid.stepBlocked(1, 0, 1, 0)).toBe(true)
    expect(grid.stepBlocked(0, 0, 1, 0)).toBe(false)
  })

  it('does not block on low walls, open doors or pits', () => {
    const { grid } = gridOf(`
      . .:.
        /
      . _ .
    `)
    expect(grid.stepBlocked(1, 0, 1, 1)).toBe(false)
    expect(grid.stepBlocked(0, 0, 1, 1)).toBe(false)
    expect(grid.stepBlocked(1, 0, 1, 0)).toBe(false)
  })
})

describe('traceLine (exact, doubled coordinates)', () => {
  it('crosses a wall the centre line passes through', () => {
    const { grid } = gridOf(`
      a|b
    `)
    expect(contacts(grid, centreOf([0, 0]), centreOf([1, 0]))).toEqual(['edge 0,0 east cross'])
  })

  it('touches a wall whose end point the line passes exactly through', () => {
    // centre [0,0] → centre [2,2] passes through corner (1,1); the wall south of [0,0]... ends there
    const { grid } = gridOf(`
      a . .
      -
      . . .
      
      . . b
    `)
    expect(contacts(grid, centreOf([0, 0]), centreOf([2, 2]))).toEqual(['edge 0,0 south touch'])
  })

  it('crosses at a corner where walls lie on both sides of the line', () => {
    const { grid } = gridOf(`
      a|. .
        -
      . . .
      
      . . b
    `)
    // the east wall of [0,0] ends at corner (1,1) from the north; the south wall of [1,0] leaves east:
    // both on the same side of the diagonal? North ray and east ray are on the same side → touch only
    expect(
      contacts(grid, centreOf([0, 0]), centreOf([2, 2])).some((c) => c.startsWith('corner')),
    ).toBe(false)
    const { grid: g2 } = gridOf(`
      a|. .
      -
      . . .
      
      . . b
    `)
    // north ray (east wall of [0,0]) and west ray (south wall of [0,0]) straddle the line leaving
    // the walled-in corner of [0,0]: it passes through the wall's bend
    expect(contacts(g2, centreOf([0, 0]), centreOf([2, 2]))).toContain('corner 1,1 cross')
    const { grid: g3 } = gridOf(`
      a .|.
      
      . . .
        -
      . . b
    `)
    // the line [0,0]→[2,2] passes corners (1,1) and (2,2); at (2,2): north ray = east wall of [1,1]?
    // no — the wall is east of [1,0]; the south wall of [1,1] is the west ray at corner (2,2) — touch
    expect(contacts(g3, centreOf([0, 0]), centreOf([2, 2]))).toEqual(['edge 1,1 south touch'])
    const { grid: g4 } = gridOf(`
      a . .
         
      . .|.
        -
      . . b
    `)
    // at corner (2,2): north ray (east wall of [1,1]) and west ray (south wall of [1,1]) straddle
    // the line as it leaves [1,1] through the bend of its walls
    expect(contacts(g4, centreOf([0, 0]), centreOf([2, 2]))).toContain('corner 2,2 cross')
    // a straight wall through the corner is crossed as well
    const { grid: g5 } = gridOf(`
      a . .
      
      . .|.
      
      . .|b
    `)
    expect(contacts(g5, centreOf([0, 0]), centreOf([2, 2]))).toContain('corner 2,2 cross')
  })

  it('classifies solid cells as crossed or touched', () => {
    const { grid } = gridOf(`
      a # .
      
      . . b
    `)
    expect(contacts(grid, centreOf([0, 0]), centreOf([2, 0]))).toEqual(['cell 1,0 cross'])
    expect(contacts(grid, centreOf([0, 0]), centreOf([2, 1]))).toEqual(['cell 1,0 cross'])
    expect(contacts(grid, centreOf([0, 1]), centreOf([2, 1]))).toEqual([])
    expect(contacts(grid, cornerPoint(1, 1), centreOf([2, 1]))).toEqual(['cell 1,0 touch'])
  })

  it('reports running along an edge and grazing at an end point as touches', () => {
    const { grid } = gridOf(`
      . . .
        -
      . . .
    `)
    // corner (0,1) to corner (3,1) runs along the wall south of [1,0]
    expect(contacts(grid, cornerPoint(0, 1), cornerPoint(3, 1))).toEqual(['edge 1,0 south touch'])
    // a line ending on the wall's interior grazes it
    expect(contacts(grid, centreOf([1, 0]), [3, 2])).toEqual(['edge 1,0 south touch'])
    // a line ending at the wall's end point, coming from the side, grazes it too
    expect(contacts(grid, centreOf([0, 0]), cornerPoint(1, 1))).toEqual(['edge 1,0 south touch'])
  })

  it('finds nothing on a clear line and reports occupied cells through the callback', () => {
    const { grid } = gridOf(`
      a . b
    `)
    expect(contacts(grid, centreOf([0, 0]), centreOf([2, 0]))).toEqual([])
    const seen: number[] = []
    traceLine(
      grid,
      centreOf([0, 0]),
      centreOf([2, 0]),
      (o) => void (o.type === 'cell' && seen.push(o.cell)),
      {
        occupied: (cell) => cell === 1,
      },
    )
    expect(seen).toEqual([1])
  })

  it('ranks obstructions and is symmetric', () => {
    const { grid } = gridOf(`
      a:. .
      
      . .|b
    `)
    const level = (o: LineObstacle) =>
      o.type === 'edge'
        ? o.code === EDGE_LOW_WALL
          ? 1
          : o.code === EDGE_WALL
            ? 2
            : 0
        : o.type === 'cell' && o.solid
          ? 2
          : 0
    const ab = obstructionLevels(grid, centreOf([0, 0]), centreOf([2, 1]), level)
    const ba = obstructionLevels(grid, centreOf([2, 1]), centreOf([0, 0]), level)
    expect(ab).toEqual(ba)
    expect(ab.cross).toBe(2)
  })
})

describe('leastCostSearch', () => {
  const line = Grid.fromSpec({ width: 6, height: 1 })
  const expandLine = (
    cell: number,
    _s: number,
    _c: number,
    emit: (a: number, b: number, c: number, d: number) => void,
  ) => {
    if (cell + 1 < 6) emit(cell + 1, 0, 2, 7)
    if (cell - 1 >= 0) emit(cell - 1, 0, 2, 7)
  }

  it('returns least costs, the reach set and paths with actions', () => {
    const result = leastCostSearch({
      cellCount: line.size,
      starts: [{ cell: 0 }],
      maxCost: 7,
      expand: expandLine,
    })
    expect(result.reach({ excludeStarts: true })).toEqual([
      { cell: 1, cost: 2 },
      { cell: 2, cost: 4 },
      { cell: 3, cost: 6 },
    ])
    expect(result.path(3)).toEqual([
      { cell: 1, state: 0, cost: 2, action: 7 },
      { cell: 2, state: 0, cost: 4, action: 7 },
      { cell: 3, state: 0, cost: 6, action: 7 },
    ])
    expect(result.path(5)).toBeNull()
  })

  it('respects pass-through and end-on callbacks', () => {
    const result = leastCostSearch({
      cellCount: line.size,
      starts: [{ cell: 0 }],
      expand: expandLine,
      canPassThrough: (cell) => cell !== 3,
      canEndOn: (cell) => cell !== 1,
    })
    expect(result.reach({ excludeStarts: true }).map((r) => r.cell)).toEqual([2, 3])
  })

  it('handles extra states and fractional costs exactly', () => {
    // state flips on every step; odd steps cost 0.5, even ones 1.5
    const result = leastCostSearch({
      cellCount: line.size,
      states: 2,
      starts: [{ cell: 0 }],
      expand(cell, state, _cost, emit) {
        if (cell + 1 < 6) emit(cell + 1, 1 - state, state === 0 ? 0.5 : 1.5, 0)
      },
    })
    expect(result.endCost(5)).toBe(0.5 + 1.5 + 0.5 + 1.5 + 0.5)
    expect(result.nodeCost(4, 0)).toBe(4)
  })
})

describe('regionWithin', () => {
  it('is the 3×3 square at 3 m, cut by walls and blocked corners', () => {
    const { grid } = gridOf(`
      . . .
      -
      . . .
      
      . . #
    `)
    const step = (dx: number, dy: number) => (dx !== 0 && dy !== 0 ? 3 : 2)
    const region = regionWithin(grid, grid.index(1, 1), 3, step)
    const cells = [...region.keys()].sort((a, b) => a - b).map((c) => grid.cellOf(c))
    // [0,0] is behind the wall south of [0,0]: the diagonal from [1,1] crosses a corner the wall meets;
    // [2,2] is solid
    expect(cells).toEqual([
      [1, 0],
      [2, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [0, 2],
      [1, 2],
    ])
  })
})

describe('vision', () => {
  it('sees around nothing, stops at walls and sees solid faces but not past them', () => {
    const { grid } = gridOf(`
      a . # .
      
      . . . .
      -------
      . . . .
    `)
    const from = grid.index(0, 0)
    expect(canSee(grid, from, grid.index(2, 0))).toBe(true)
    expect(canSee(grid, from, grid.index(3, 0))).toBe(false)
    expect(canSee(grid, from, grid.index(3, 1))).toBe(true)
    expect(canSee(grid, from, grid.index(1, 2))).toBe(false)
    const fov = fieldOfView(grid, from)
    expect(fov).toContain(grid.index(3, 1))
    expect(fov.every((c) => grid.cellOf(c)[1] < 2)).toBe(true)
  })

  it('honours the light predicate and range', () => {
    const { grid } = gridOf(`
      a . . .
    `)
    const fov = fieldOfView(grid, 0, { isLit: (c) => c !== 2, inRange: (c) => c <= 2 })
    expect(fov).toEqual([0, 1])
    expect(grid.terrainAt(0)).not.toBe(TERRAIN_SOLID)
  })
})
