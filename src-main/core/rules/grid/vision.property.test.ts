// fieldOfView and canSee (exact slopes) against the definition (five line traces per cell), on
// random maps: walls, doors in every state, low walls, solid cells, any viewer, with and without
// range, light, a reach limit and other notions of what blocks sight.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { EdgeSpec, MapSpec } from '../model'
import { EDGE_DOOR_OPEN, EDGE_LOW_WALL, EDGE_NONE, Grid, TERRAIN_SOLID } from './grid'
import type { LineObstacle } from './lines'
import type { VisionOptions } from './vision'
import { canSee, canSeeByTracing, fieldOfView, fieldOfViewBruteForce } from './vision'
import { emptyLineReach, lineReachHas, squaresAroundEdge, squaresAroundSquare } from './line-reach'

const PARTITIONS: readonly (Pick<EdgeSpec, 'kind' | 'state'> | null)[] = [
  null,
  { kind: 'wall' },
  { kind: 'door', state: 'open' },
  { kind: 'door', state: 'closed' },
  { kind: 'door', state: 'locked' },
  { kind: 'low-wall' },
]

/** A map whose every edge slot and cell is drawn with the given densities. */
function mapArbitrary(maxSide: number): fc.Arbitrary<MapSpec> {
  return fc
    .record({
      width: fc.integer({ min: 1, max: maxSide }),
      height: fc.integer({ min: 1, max: maxSide }),
      edgeDensity: fc.constantFrom(0, 0.15, 0.35, 0.7),
      solidDensity: fc.constantFrom(0, 0.1, 0.3, 0.6),
    })
    .chain(({ width, height, edgeDensity, solidDensity }) => {
      const slots = width * height
      const partition = fc.oneof(
        { weight: Math.round(100 * (1 - edgeDensity)), arbitrary: fc.constant(0) },
        { weight: Math.round(100 * edgeDensity), arbitrary: fc.integer({ min: 1, max: 5 }) },
      )
      const solid = fc.oneof(
        { weight: Math.round(100 * (1 - solidDensity)), arbitrary: fc.constant(false) },
        { weight: Math.round(100 * solidDensity), arbitrary: fc.constant(true) },
      )
      return fc
        .record({
          east: fc.array(partition, { minLength: slots, maxLength: slots }),
          south: fc.array(partition, { minLength: slots, maxLength: slots }),
          solid: fc.array(solid, { minLength: slots, maxLength: slots }),
        })
        .map(({ east, south, solid: solids }) => {
          const edges: EdgeSpec[] = []
          const cells: NonNullable<MapSpec['cells']> = []
          for (let y = 0; y < height; y++) {
            for (let x = 0; x < width; x++) {
              const i = y * width + x
              const e = PARTITIONS[east[i]]
              if (e && x + 1 < width)
                edges.push({
                  between: [
                    [x, y],
                    [x + 1, y],
                  ],
                  ...e,
                })
              const s = PARTITIONS[south[i]]
              if (s && y + 1 < height)
                edges.push({
                  between: [
                    [x, y],
                    [x, y + 1],
                  ],
                  ...s,
                })
              if (solids[i]) cells.push({ at: [x, y], terrain: 'solid' })
            }
          }
          return { width, height, edges, cells }
        })
    })
}

/** Ways of deciding what blocks sight, the default among them. */
const SIGHT_RULES: readonly (((o: LineObstacle) => boolean) | undefined)[] = [
  undefined,
  // everything that is there blocks, open doors and low walls too
  (o) => (o.type === 'edge' ? o.code !== EDGE_NONE : o.type === 'cell'),
  // only partitions block; solid cells are glass
  (o) => o.type === 'edge' && o.code !== EDGE_DOOR_OPEN && o.code !== EDGE_LOW_WALL,
  // an arbitrary mix by position
  (o) =>
    o.type === 'edge'
      ? (o.cell * 7 + (o.side === 'east' ? 3 : 0)) % 5 < 3
      : o.type === 'cell' && o.cell % 3 !== 1,
]

interface Case {
  map: MapSpec
  viewer: number
  rule: number
  rangeMode: number
  litMask: boolean[] | null
  rangeMask: boolean[]
  reach: number
  maxDistance: number | undefined
}

function caseArbitrary(maxSide: number): fc.Arbitrary<Case> {
  return mapArbitrary(maxSide).chain((map) => {
    const slots = map.width * map.height
    return fc.record({
      map: fc.constant(map),
      viewer: fc.integer({ min: 0, max: slots - 1 }),
      rule: fc.integer({ min: 0, max: SIGHT_RULES.length - 1 }),
      rangeMode: fc.integer({ min: 0, max: 2 }),
      litMask: fc.option(fc.array(fc.boolean(), { minLength: slots, maxLength: slots }), {
        freq: 3,
      }),
      rangeMask: fc.array(fc.boolean(), { minLength: slots, maxLength: slots }),
      reach: fc.integer({ min: 0, max: maxSide }),
      maxDistance: fc.option(
        fc.oneof(fc.integer({ min: -1, max: maxSide }), fc.constantFrom(0.5, 2.5)),
        {
          freq: 4,
          nil: undefined,
        },
      ),
    })
  })
}

function optionsOf(c: Case, grid: Grid): VisionOptions {
  const options: VisionOptions = {}
  const [vx, vy] = grid.cellOf(c.viewer)
  if (c.rangeMode === 1) options.inRange = (cell) => c.rangeMask[cell]
  if (c.rangeMode === 2)
    options.inRange = (cell) => {
      const [x, y] = grid.cellOf(cell)
      return (x - vx) ** 2 + (y - vy) ** 2 <= c.reach ** 2
    }
  if (c.litMask) {
    const lit = c.litMask
    options.isLit = (cell) => lit[cell]
  }
  const rule = SIGHT_RULES[c.rule]
  if (rule) options.blocksSight = rule
  if (c.maxDistance !== undefined) options.maxDistance = c.maxDistance
  return options
}

function checkCase(c: Case): void {
  const grid = Grid.fromSpec(c.map)
  const options = optionsOf(c, grid)
  expect(fieldOfView(grid, c.viewer, options)).toEqual(
    fieldOfViewBruteForce(grid, c.viewer, options),
  )
  for (let to = 0; to < grid.size; to++) {
    expect(canSee(grid, c.viewer, to, options), `cell ${grid.cellOf(to).join(',')}`).toBe(
      canSeeByTracing(grid, c.viewer, to, options),
    )
  }
}

describe('fieldOfView and canSee equal the line-trace definition', () => {
  it('on 4,000 random maps up to 7×7', () => {
    fc.assert(fc.property(caseArbitrary(7), checkCase), { numRuns: 4000 })
  })

  it('on 600 random maps up to 16×16', () => {
    fc.assert(fc.property(caseArbitrary(16), checkCase), { numRuns: 600 })
  })

  it('on 150 sparse random maps up to 40×40 (long lines, shallow slopes)', () => {
    const sparse = fc
      .record({
        width: fc.integer({ min: 20, max: 40 }),
        height: fc.integer({ min: 20, max: 40 }),
        walls: fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.integer({ min: 1, max: 5 })), {
          maxLength: 40,
        }),
        solids: fc.array(fc.nat(), { maxLength: 25 }),
        viewer: fc.nat(),
      })
      .map(({ width, height, walls, solids, viewer }): Case => {
        const edges: EdgeSpec[] = []
        for (const [slot, east, code] of walls) {
          const x = slot % width
          const y = Math.floor(slot / width) % height
          if (east ? x + 1 >= width : y + 1 >= height) continue
          edges.push({ between: [[x, y], east ? [x + 1, y] : [x, y + 1]], ...PARTITIONS[code]! })
        }
        const cells = solids.map((slot) => ({
          at: [slot % width, Math.floor(slot / width) % height] as [number, number],
          terrain: 'solid' as const,
        }))
        return {
          map: { width, height, edges, cells },
          viewer: viewer % (width * height),
          rule: 0,
          rangeMode: 0,
          litMask: null,
          rangeMask: [],
          reach: 0,
          maxDistance: undefined,
        }
      })
    fc.assert(fc.property(sparse, checkCase), { numRuns: 150 })
  })
})

/**
 * line-reach.ts's claim: an edit of an edge (or of a square's solidity) none of whose squares
 * around a viewer's lines reach leaves its field of view as it was, under any notion of what
 * blocks sight, range, light or reach limit.
 */
function checkLineReach(c: Case, slot: number, kind: number, code: number): void {
  const grid = Grid.fromSpec(c.map)
  const options = optionsOf(c, grid)
  const reached = emptyLineReach(grid)
  const seen = fieldOfView(grid, c.viewer, { ...options, reached })
  expect(seen.filter((cell) => !lineReachHas(reached, cell))).toEqual([])
  const [x, y] = grid.cellOf(slot % grid.size)
  let around: number[] | null
  let edited: MapSpec
  if (kind < 2) {
    const other: [number, number] = kind === 0 ? [x + 1, y] : [x, y + 1]
    around = squaresAroundEdge(grid, [x, y], other)
    const partition = PARTITIONS[code]
    edited = {
      ...c.map,
      edges: [
        ...(c.map.edges ?? []),
        ...(partition ? [{ between: [[x, y], other], ...partition }] : []),
      ],
    } as MapSpec
    if (!partition) {
      const same = (e: EdgeSpec) => JSON.stringify(e.between) === JSON.stringify([[x, y], other])
      edited.edges = (c.map.edges ?? []).filter((e) => !same(e))
    }
  } else {
    around = squaresAroundSquare(grid, [x, y])
    const solid = grid.terrain[y * grid.width + x] === TERRAIN_SOLID
    edited = {
      ...c.map,
      cells: [...(c.map.cells ?? []), { at: [x, y], terrain: solid ? 'floor' : 'solid' }],
    } as MapSpec
  }
  if (!around || around.some((cell) => lineReachHas(reached, cell))) return
  const editedGrid = Grid.fromSpec(edited)
  expect(fieldOfView(editedGrid, c.viewer, optionsOf(c, editedGrid))).toEqual(seen)
}

describe('line reach: where a viewer’s lines of sight reach', () => {
  // an edge east or south of a square, or the square made solid or floor
  const edit = fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 5 }))
  it('holds what it sees, and an edit around no square of it changes nothing (2,000 maps up to 12×12)', () => {
    fc.assert(
      fc.property(caseArbitrary(12), edit, (c, [slot, kind, code]) =>
        checkLineReach(c, slot, kind, code),
      ),
      { numRuns: 2000 },
    )
  })
})
