// Vision bench rows: party vision (fieldOfView from 6 PCs' squares) against rot.js
// PreciseShadowcasting from the same squares, with no range limit and with a 12-square range.
// Ratio = ours / rot.js; target ≤ 1.0×. rot.js sees solid cells as walls but cannot express
// walls or doors on the edges between cells, so on a map of edge walls it is timed on an open
// map (same squares, less to do for it per ring, more cells in view) — the rows say so.
//
// Standalone: `npx tsx bench/vision.ts`. From bench/run.ts: `formatVisionRows(runVisionBench())`.
import * as ROT from 'rot-js'
import type { MapSpec } from '@core/rules/model'
import { Grid, TERRAIN_SOLID } from '@core/rules/grid/grid'
import type { VisionOptions } from '@core/rules/grid/vision'
import { fieldOfView, fieldOfViewBruteForce } from '@core/rules/grid/vision'
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

/**
 * Medians of two bodies timed in alternation, so that load on the machine hits both alike; each
 * sample runs a body `repeat` times (short bodies are too close to the timer's resolution).
 */
function timePair(
  runs: number,
  ours: () => void,
  theirs: () => void,
  repeat: number,
): [number, number] {
  for (let i = 0; i < 5; i++) {
    ours() // warm-up
    theirs()
  }
  const a: number[] = []
  const b: number[] = []
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now()
    for (let r = 0; r < repeat; r++) ours()
    a.push((performance.now() - t0) / repeat)
    t0 = performance.now()
    for (let r = 0; r < repeat; r++) theirs()
    b.push((performance.now() - t0) / repeat)
  }
  return [median(a), median(b)]
}

/** The 6 PC squares pathfinder's bench uses: spread over the map, first free square to the east. */
export function partySquares(grid: Grid, count = 6): [number, number][] {
  const free = (x: number, y: number) =>
    grid.inBounds(x, y) && grid.terrain[grid.index(x, y)] !== TERRAIN_SOLID
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
      ? `rot.js cannot express edge walls: it gets the ${solid} solid cells only (the ${edgeWalls} edge walls are invisible to it), so it works on a more open map than ours`
      : 'rot.js gets the same solid cells as walls'
  const free = (x: number, y: number) =>
    grid.inBounds(x, y) && grid.terrain[grid.index(x, y)] !== TERRAIN_SOLID
  const rows: VisionBenchRow[] = []
  const party = (options: (eye: number) => VisionOptions): number => {
    let seen = 0
    for (const eye of eyes) seen += fieldOfView(grid, eye, options(eye)).length
    return seen
  }
  const rotParty = (radius: number): number => {
    const fov = new ROT.FOV.PreciseShadowcasting((x, y) => free(x, y))
    let seen = 0
    for (const [x, y] of pcs) fov.compute(x, y, radius, () => seen++)
    return seen
  }
  const row = (
    name: string,
    options: (eye: number) => VisionOptions,
    radius: number,
    note: string,
    context = false,
  ) => {
    let seen = 0
    let rotSeen = 0
    const [ours, rot] = timePair(
      runs,
      () => (seen = party(options)),
      () => (rotSeen = rotParty(radius)),
      radius < 50 ? 10 : 1,
    )
    rows.push({
      name: `${label}: ${name}`,
      oursMs: ours,
      rotMs: rot,
      ratio: ours / rot,
      target: context ? 'none (context)' : 'ratio ≤ 1.0×',
      pass: context || ours / rot <= 1,
      note: `${seen} cells seen by us, ${rotSeen} callbacks from rot.js (its own line rule); ${note}${rotNote}`,
    })
    return seen
  }
  row('party vision, 6 PCs, no range limit', () => ({}), Math.max(map.width, map.height), '')
  const short = row(
    'party vision, 6 PCs, 12 squares (maxDistance: 12)',
    () => ({ maxDistance: 12 }),
    12,
    '',
  )
  const chebyshev = (eye: number): VisionOptions => {
    const [ex, ey] = grid.cellOf(eye)
    return {
      inRange: (cell) => {
        const [x, y] = grid.cellOf(cell)
        return Math.max(Math.abs(x - ex), Math.abs(y - ey)) <= 12
      },
    }
  }
  const viaPredicate = row(
    'context: the same 12 squares as an inRange predicate only',
    chebyshev,
    12,
    'a predicate does not say where the range ends, so the sweep follows sight to its end; ',
    true,
  )
  if (viaPredicate !== short)
    throw new Error(`maxDistance and inRange disagree: ${short} vs ${viaPredicate}`)
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
  runs = 61,
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
