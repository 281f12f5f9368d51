// Vision bench rows: party vision (fieldOfView from 6 PCs' squares) against rot.js
// PreciseShadowcasting from the same squares, with no range limit and with a 12-square range.
// Ratio = ours / rot.js; target ≤ 1.0×. rot.js sees solid cells as walls but cannot express
// walls or doors on the edges between cells, so on a map of edge walls it is timed on an open
// map (same squares, less to do for it per ring, more cells in view) — the rows say so.
//
// Standalone: `npx tsx bench/vision.ts`. From bench/run.ts: `formatVisionRows(runVisionBench())`.
import * as ROT from 'rot-js'
import type { MapSpec } from '../src-main/rules/model'
import { Grid, TERRAIN_SOLID } from '../src-main/rules/grid/grid'
import { fieldOfView, fieldOfViewBruteForce } from '../src-main/rules/grid/vision'
import { arianrhodBenchMap } from './arianrhod'
import { pathfinderBenchMap } from './pathfinder'

export interface VisionBenchRow {
  name: string
  oursMs: number
  rotMs?: number
  ratio?: number
  target: string
  pass: boolean
  note: string
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

function timeMedian(runs: number, body: () => void): number {
  body() // warm-up
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    body()
    samples.push(performance.now() - t0)
  }
  return median(samples)
}

/** The 6 PC squares pathfinder's bench uses: spread over the map, first free square to the east. */
export function partySquares(grid: Grid, count = 6): [number, number][] {
  const free = (x: number, y: number) => grid.inBounds(x, y) && grid.terrain[grid.index(x, y)] !== TERRAIN_SOLID
  const squares: [number, number][] = []
  for (let i = 0; squares.length < count; i++) {
    let x = 20 + ((i * 37) % (grid.width - 40))
    const y = 20 + ((i * 53) % (grid.height - 40))
    while (!free(x, y)) x++
    squares.push([x, y])
  }
  return squares
}

function mapRows(label: string, map: MapSpec, runs: number): VisionBenchRow[] {
  const grid = Grid.fromSpec(map)
  const pcs = partySquares(grid)
  const eyes = pcs.map(([x, y]) => grid.index(x, y))
  const edgeWalls = map.edges?.length ?? 0
  const solid = (map.cells ?? []).filter((c) => c.terrain === 'solid').length
  const rotNote =
    edgeWalls > 0
      ? `rot.js cannot express edge walls: it gets the ${solid} solid cells only, so it works on a more open map than ours`
      : 'rot.js gets the same solid cells as walls'
  const free = (x: number, y: number) => grid.inBounds(x, y) && grid.terrain[grid.index(x, y)] !== TERRAIN_SOLID
  const rows: VisionBenchRow[] = []
  for (const range of [Infinity, 12]) {
    const limited = range !== Infinity
    const inRange = limited
      ? (eye: number) => {
          const [ex, ey] = grid.cellOf(eye)
          return (cell: number) => {
            const [x, y] = grid.cellOf(cell)
            return Math.max(Math.abs(x - ex), Math.abs(y - ey)) <= range
          }
        }
      : undefined
    let seen = 0
    const ours = timeMedian(runs, () => {
      seen = 0
      for (const eye of eyes) seen += fieldOfView(grid, eye, { inRange: inRange?.(eye) }).length
    })
    let rotSeen = 0
    const radius = limited ? range : Math.max(map.width, map.height)
    const rot = timeMedian(runs, () => {
      const fov = new ROT.FOV.PreciseShadowcasting((x, y) => free(x, y))
      rotSeen = 0
      for (const [x, y] of pcs) fov.compute(x, y, radius, () => rotSeen++)
    })
    const what = limited ? `within ${range} squares (inRange predicate only)` : 'no range limit'
    rows.push({
      name: `${label}: party vision, 6 PCs, ${what}`,
      oursMs: ours,
      rotMs: rot,
      ratio: ours / rot,
      target: 'ratio ≤ 1.0×',
      pass: ours / rot <= 1,
      note: `${seen} cells seen by us, ${rotSeen} callbacks from rot.js (its own line rule); ${rotNote}`,
    })
    if (limited) {
      let hinted = 0
      const withHint = timeMedian(runs, () => {
        hinted = 0
        for (const eye of eyes) hinted += fieldOfView(grid, eye, { inRange: inRange?.(eye), maxDistance: range }).length
      })
      rows.push({
        name: `${label}: the same with maxDistance: ${range} (sweep stops at the range)`,
        oursMs: withHint,
        rotMs: rot,
        ratio: withHint / rot,
        target: 'ratio ≤ 1.0×',
        pass: withHint / rot <= 1 && hinted === seen,
        note: `${hinted} cells seen (must equal the row above)`,
      })
    }
  }
  // context: the line-trace definition this replaces, once, from the first PC only
  const t0 = performance.now()
  const reference = fieldOfViewBruteForce(grid, eyes[0])
  const bruteMs = performance.now() - t0
  const fast = fieldOfView(grid, eyes[0])
  const same = fast.length === reference.length && fast.every((c, i) => c === reference[i])
  rows.push({
    name: `${label}: context — the five-line-trace definition, 1 PC, no range (1 run)`,
    oursMs: bruteMs,
    target: 'same cells as fieldOfView',
    pass: same,
    note: `${reference.length} cells; fieldOfView gives ${same ? 'the same set' : 'A DIFFERENT SET'}`,
  })
  return rows
}

/** Rows for the shared arianrhod map (5,000 edge walls) and pathfinder's map (15 % solid cells). */
export function runVisionBench(
  map: MapSpec = arianrhodBenchMap().map,
  solidMap: MapSpec = pathfinderBenchMap(),
  runs = 21,
): VisionBenchRow[] {
  return [...mapRows('edge-wall map', map, runs), ...mapRows('solid-cell map', solidMap, runs)]
}

export function formatVisionRows(rows: readonly VisionBenchRow[]): string {
  const lines = [
    '| measurement | ours (median) | rot.js | ratio | target | result | note |',
    '| --- | ---: | ---: | ---: | --- | --- | --- |',
  ]
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.oursMs.toFixed(2)} ms | ${r.rotMs !== undefined ? `${r.rotMs.toFixed(2)} ms` : '—'} | ${
        r.ratio !== undefined ? `${r.ratio.toFixed(2)}×` : '—'
      } | ${r.target} | ${r.pass ? 'ok' : 'OVER TARGET'} | ${r.note} |`,
    )
  }
  return lines.join('\n')
}

if (process.argv[1] && /bench[/\\]vision\.ts$/.test(process.argv[1])) {
  console.log(formatVisionRows(runVisionBench()))
}
