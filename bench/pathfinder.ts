// Pathfinder bench rows: on one 200×200 map, (1) the `double` reach set of a realistic token
// (speed 30 ft: double = 60 ft, what the GM's move preview asks for) against one PathFinding.js A*
// path across the same map; (2) a stress row: the same for a token whose speed covers the whole
// map (a full 5/10/5 search with diagonal parity); and (3) party vision for 6 PCs against rot.js
// PreciseShadowcasting from the same squares. Ratio = ours / theirs; target ≤ 1.0× (the stress
// row is for watching, not a target: it searches the whole map where A* only follows one path).
//
// Standalone: `npx tsx bench/pathfinder.ts`. From bench/run.ts: `await runPathfinderBench(map)`.
import PF from 'pathfinding'
import * as ROT from 'rot-js'
import type { MapSpec } from '@core/rules/model'
import { Grid, TERRAIN_SOLID } from '@core/rules/grid/grid'
import type { Battle } from '@core/rules/system'
import { Battlefield } from '@core/rules/systems/pathfinder/creatures'
import { visibleCells } from '@core/rules/systems/pathfinder/light'
import { MoveSearch } from '@core/rules/systems/pathfinder/movement'
import { PATHFINDER_RULES } from '@core/rules/systems/pathfinder/rules'

export interface BenchRow {
  name: string
  oursMs: number
  theirsMs: number
  ratio: number
  note: string
}

/** A reproducible 200×200 map: about 15 % solid squares in short runs (mulberry32 seed). */
export function pathfinderBenchMap(size = 200, seed = 1234): MapSpec {
  let state = seed >>> 0
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const cells: NonNullable<MapSpec['cells']> = []
  const taken = new Set<number>()
  for (let run = 0; run < (size * size * 0.15) / 4; run++) {
    let x = Math.floor(random() * size)
    let y = Math.floor(random() * size)
    const horizontal = random() < 0.5
    for (let k = 0; k < 4 && x < size && y < size; k++) {
      if (!taken.has(y * size + x) && (x > 8 || y > 8)) {
        taken.add(y * size + x)
        cells.push({ at: [x, y], terrain: 'solid' })
      }
      if (horizontal) x++
      else y++
    }
  }
  return { width: size, height: size, cells }
}

/** Median milliseconds of `repeat` runs after a warm-up (the median: the machine is shared and noisy). */
function time(repeat: number, fn: () => void): number {
  fn() // warm-up
  const runs: number[] = []
  for (let i = 0; i < Math.max(1, repeat); i++) {
    const start = performance.now()
    fn()
    runs.push(performance.now() - start)
  }
  runs.sort((a, b) => a - b)
  const mid = runs.length >> 1
  return runs.length % 2 === 1 ? runs[mid] : (runs[mid - 1] + runs[mid]) / 2
}

function battleOf(map: MapSpec, tokens: Battle['tokens']): Battle {
  return {
    system: 'pathfinder',
    grid: Grid.fromSpec(map),
    tokens,
    tokenById: new Map(tokens.map((t) => [t.id, t])),
    scenario: { map, tokens },
  }
}

export function runPathfinderBench(map: MapSpec = pathfinderBenchMap(), repeat = 3): BenchRow[] {
  const grid = Grid.fromSpec(map)
  const free = (x: number, y: number) =>
    grid.inBounds(x, y) && grid.terrain[grid.index(x, y)] !== TERRAIN_SOLID
  const corner = (x0: number, y0: number, dx: number, dy: number): [number, number] => {
    let [x, y] = [x0, y0]
    while (!free(x, y)) [x, y] = [x + dx, y + dy]
    return [x, y]
  }
  const start = corner(1, 1, 1, 0)
  const goal = corner(map.width - 2, map.height - 2, -1, 0)
  const rows: BenchRow[] = []

  const matrix = Array.from({ length: map.height }, (_, y) =>
    Array.from({ length: map.width }, (_, x) => (free(x, y) ? 0 : 1)),
  )
  let pathLength = 0
  const theirs = time(repeat, () => {
    const finder = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles })
    pathLength = finder.findPath(start[0], start[1], goal[0], goal[1], new PF.Grid(matrix)).length
  })
  const doubleReach = (speed: number, at: [number, number]) => {
    const battle = battleOf(map, [{ id: 'f', at, faction: 'party', move: speed }])
    let reached = 0
    // More repeats for the short search: a few milliseconds are noisy.
    const ms = time(speed <= 60 ? repeat * 10 : repeat, () => {
      const field = new Battlefield(battle, PATHFINDER_RULES)
      reached = new MoveSearch(field, field.creatures[0], 'double').reach().length
    })
    return { ms, reached }
  }

  // (1) realistic double reach set (speed 30 ft) vs one A* path.
  // From the middle of the map, so the 60 ft disc is not clipped by the map's edge.
  const middle = corner(Math.floor(map.width / 2), Math.floor(map.height / 2), 1, 0)
  const realistic = doubleReach(30, middle)
  rows.push({
    name: 'pathfinder double reach set, speed 30 ft, vs PathFinding.js A* path',
    oursMs: realistic.ms,
    theirsMs: theirs,
    ratio: realistic.ms / theirs,
    note: `${realistic.reached} cells reached (60 ft from the middle); A* path of ${pathLength} nodes corner to corner`,
  })

  // (2) stress: a token whose double move covers the whole map.
  const stress = doubleReach(5 * map.width, start)
  rows.push({
    name: 'pathfinder double reach set, whole map (stress), vs PathFinding.js A*',
    oursMs: stress.ms,
    theirsMs: theirs,
    ratio: stress.ms / theirs,
    note: `${stress.reached} cells reached; stress row, no target`,
  })

  // (3) party vision for 6 PCs vs rot.js PreciseShadowcasting.
  const pcs: [number, number][] = []
  for (let i = 0; pcs.length < 6; i++) {
    const [x, y] = corner(
      20 + ((i * 37) % (map.width - 40)),
      20 + ((i * 53) % (map.height - 40)),
      1,
      0,
    )
    pcs.push([x, y])
  }
  const party = battleOf(
    map,
    pcs.map((at, i) => ({ id: `pc${i}`, at, faction: 'party' })),
  )
  let seen = 0
  const vision = time(repeat, () => {
    const field = new Battlefield(party, PATHFINDER_RULES)
    seen = field.creatures.reduce((n, pc) => n + visibleCells(field, pc).length, 0)
  })
  let rotSeen = 0
  const radius = Math.max(map.width, map.height)
  const rot = time(repeat, () => {
    const fov = new ROT.FOV.PreciseShadowcasting((x, y) => free(x, y))
    rotSeen = 0
    for (const [x, y] of pcs) fov.compute(x, y, radius, () => rotSeen++)
  })
  rows.push({
    name: 'pathfinder party vision (6 PCs) vs rot.js PreciseShadowcasting',
    oursMs: vision,
    theirsMs: rot,
    ratio: vision / rot,
    note: `${seen} cells seen by us, ${rotSeen} by rot.js (different line rules)`,
  })
  return rows
}

export function formatRows(rows: readonly BenchRow[]): string {
  return rows
    .map(
      (r) =>
        `${r.name.padEnd(66)} ours ${r.oursMs.toFixed(1).padStart(8)} ms  theirs ${r.theirsMs.toFixed(1).padStart(8)} ms  ratio ${r.ratio.toFixed(2)}×  (${r.note})`,
    )
    .join('\n')
}

if (process.argv[1] && /bench[/\\]pathfinder\.ts$/.test(process.argv[1])) {
  console.log(formatRows(runPathfinderBench()))
}
