// External test vectors: the path maps of rot.js (tests/spec/path.js, MAP48) and PathFinding.js
// (test/PathTestScenarios.js, shipped in node_modules/pathfinding), run through our rules and
// compared with what those libraries compute themselves.
import { describe, expect, it } from 'vitest'
import PF from 'pathfinding'
import * as ROT from 'rot-js'
import { runScenario } from '../../scenario/run'
import { alternatingDiagonalFeet } from './creatures'

function pathCost(
  width: number,
  height: number,
  solid: (x: number, y: number) => boolean,
  from: number[],
  to: number[],
) {
  const cells = []
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if (solid(x, y)) cells.push({ at: [x, y], terrain: 'solid' })
  const result = runScenario({
    format: 'gm-scenario/1',
    system: 'pathfinder',
    map: { width, height, cells },
    tokens: [{ id: 'f', at: from, faction: 'party', move: 1000 }],
    query: { type: 'path', token: 'f', to, mode: 'move' },
  })
  if (!result.ok) throw new Error(result.error.message)
  const answer = result.answer as { reachable: boolean; cost?: number }
  return answer.reachable ? answer.cost : null
}

/** 5/10/5 cost of a path given as a list of [x, y]. */
function feetOf(path: number[][]): number {
  let parity = 0
  let feet = 0
  for (let i = 1; i < path.length; i++) {
    const diagonal = path[i][0] !== path[i - 1][0] && path[i][1] !== path[i - 1][1]
    feet += diagonal ? (parity ? 10 : 5) : 5
    if (diagonal) parity = 1 - parity
  }
  return feet
}

describe("rot.js path spec (MAP48), whose 8-topology paths cut a wall's corner", () => {
  // ........
  // A###.###
  // ..B#.#X#
  // .###.###
  // ....Z...
  const MAP48 = [
    [0, 0, 0, 0, 0],
    [0, 1, 0, 1, 0],
    [0, 1, 0, 1, 0],
    [0, 1, 1, 1, 0],
    [0, 0, 0, 0, 0],
    [0, 1, 1, 1, 0],
    [0, 1, 0, 1, 0],
    [0, 1, 1, 1, 0],
  ] // transposed: MAP48[x][y]
  const solid = (x: number, y: number) => MAP48[x][y] === 1
  const A = [0, 1]
  const B = [2, 2]
  const X = [6, 2]
  const Z = [4, 4]

  function rotPath(from: number[]): number[][] {
    const astar = new ROT.Path.AStar(
      Z[0],
      Z[1],
      (x, y) => x >= 0 && y >= 0 && x < 8 && y < 5 && !solid(x, y),
      { topology: 8 },
    )
    const path: number[][] = []
    astar.compute(from[0], from[1], (x, y) => {
      path.push([x, y])
    })
    return path
  }

  it('rot.js finds the published paths, 30 ft and 35 ft by 5/10/5', () => {
    expect(rotPath(A).flat()).toEqual([0, 1, 0, 2, 0, 3, 1, 4, 2, 4, 3, 4, 4, 4])
    expect(rotPath(B).flat()).toEqual([2, 2, 1, 2, 0, 3, 1, 4, 2, 4, 3, 4, 4, 4])
    expect(feetOf(rotPath(A))).toBe(30)
    expect(feetOf(rotPath(B))).toBe(35)
  })

  it('under the no-cutting-corners rule the same trips cost 35 ft and 40 ft', () => {
    expect(pathCost(8, 5, solid, A, Z)).toBe(35)
    expect(pathCost(8, 5, solid, B, Z)).toBe(40)
  })

  it('X is walled in for both', () => {
    expect(rotPath(X)).toEqual([])
    expect(pathCost(8, 5, solid, X, Z)).toBeNull()
  })
})

describe('PathFinding.js test scenarios', () => {
  // node_modules/pathfinding/test/PathTestScenarios.js: expectedLength counts nodes of the
  // 4-direction optimum; OnlyWhenNoObstacles is PathFinding.js's own no-corner-cutting mode.
  const scenarios = [
    {
      start: [0, 0],
      end: [1, 1],
      matrix: [
        [0, 0],
        [1, 0],
      ],
      expectedLength: 3,
      ours: 10,
    },
    {
      start: [1, 1],
      end: [4, 4],
      matrix: [
        [0, 0, 0, 0, 0],
        [1, 0, 1, 1, 0],
        [1, 0, 1, 0, 0],
        [0, 1, 0, 0, 0],
        [1, 0, 1, 1, 0],
        [0, 0, 1, 0, 0],
      ],
      expectedLength: 9,
      ours: 40,
    },
    {
      start: [0, 3],
      end: [3, 3],
      matrix: [
        [0, 0, 0, 0, 0],
        [0, 0, 1, 1, 0],
        [0, 0, 1, 0, 0],
        [0, 0, 1, 0, 0],
        [1, 0, 1, 1, 0],
        [0, 0, 0, 0, 0],
      ],
      expectedLength: 10,
      ours: 45,
    },
    {
      start: [4, 4],
      end: [19, 19],
      matrix: Array.from({ length: 20 }, () => Array(20).fill(0)),
      expectedLength: 31,
      ours: 110,
    },
  ]

  scenarios.forEach((s, i) => {
    it(`maze ${i + 1}: our least 5/10/5 cost beats or equals both PathFinding.js paths`, () => {
      const width = s.matrix[0].length
      const height = s.matrix.length
      const ours = pathCost(width, height, (x, y) => s.matrix[y][x] === 1, s.start, s.end)
      expect(ours).toBe(s.ours)
      const four = new PF.AStarFinder().findPath(
        s.start[0],
        s.start[1],
        s.end[0],
        s.end[1],
        new PF.Grid(s.matrix),
      )
      expect(four.length).toBe(s.expectedLength)
      expect(ours).toBeLessThanOrEqual(5 * (four.length - 1))
      const eight = new PF.AStarFinder({
        diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
      }).findPath(s.start[0], s.start[1], s.end[0], s.end[1], new PF.Grid(s.matrix))
      expect(ours).toBeLessThanOrEqual(feetOf(eight))
      expect(ours).toBeGreaterThanOrEqual(
        alternatingDiagonalFeet(s.start as [number, number], s.end as [number, number]),
      )
    })
  })
})
