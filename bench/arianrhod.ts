// Arianrhod bench rows, all on one random 200×200 map with 5,000 wall edges and 40 tokens:
// (1) the reach set of 戦闘移動 with 【移動力】 30 m against one PathFinding.js A* path across the
//     map (ratio = ours / A*, target ≤ 1.0×);
// (2) cover (射線と遮蔽) for all pairs of the 40 tokens (target ≤ 10 ms median).
//
// Standalone: `npx tsx bench/arianrhod.ts`. From bench/run.ts: `arianrhodBenchRows()`.
import PF from 'pathfinding'
import type { MapSpec, TokenSpec } from '@core/rules/model'
import { Grid } from '@core/rules/grid/grid'
import type { Battle } from '@core/rules/system'
import { coverBetween } from '@core/rules/systems/arianrhod/combat'
import { Field } from '@core/rules/systems/arianrhod/field'
import { planMove } from '@core/rules/systems/arianrhod/movement'

export interface ArianrhodBenchRow {
  name: string
  medianMs: number
  referenceMs?: number
  ratio?: number
  target: string
  pass: boolean
  note: string
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The bench map: 200×200, 5,000 distinct wall edges, 40 tokens (20 per side), reproducible. */
export function arianrhodBenchMap(
  seed = 42,
  size = 200,
  walls = 5000,
  tokenCount = 40,
): { map: MapSpec; tokens: TokenSpec[] } {
  const random = mulberry32(seed)
  const pick = (n: number) => Math.floor(random() * n)
  const edges: NonNullable<MapSpec['edges']> = []
  const seen = new Set<string>()
  while (edges.length < walls) {
    const x = pick(size)
    const y = pick(size)
    const east = random() < 0.5
    if (east ? x + 1 >= size : y + 1 >= size) continue
    const key = `${x},${y},${east}`
    if (seen.has(key)) continue
    seen.add(key)
    edges.push({ between: [[x, y], east ? [x + 1, y] : [x, y + 1]], kind: 'wall' })
  }
  const tokens: TokenSpec[] = []
  const taken = new Set<string>()
  while (tokens.length < tokenCount) {
    const at: [number, number] = [pick(size), pick(size)]
    if (taken.has(at.join(','))) continue
    taken.add(at.join(','))
    tokens.push({
      id: `t${tokens.length}`,
      at,
      faction: tokens.length % 2 === 0 ? 'party' : 'enemy',
      move: 30,
    })
  }
  return { map: { width: size, height: size, edges }, tokens }
}

/**
 * The map for PathFinding.js, which has no walls between squares: node (2x, 2y) is cell (x, y), the
 * node between two cells is blocked by a wall on that edge, and a corner node is blocked when any
 * wall meets that corner (decision 1). Token squares stay open.
 */
export function pathfindingMatrix(map: MapSpec, tokens: readonly TokenSpec[]): number[][] {
  const side = 2 * map.width - 1
  const matrix = Array.from({ length: side }, () => new Array<number>(side).fill(0))
  for (const edge of map.edges ?? []) {
    const [[ax, ay], [bx, by]] = edge.between
    const ex = ax + bx
    const ey = ay + by
    matrix[ey][ex] = 1
    // the two corners at the ends of this edge
    if (ax !== bx) {
      if (ey - 1 >= 0) matrix[ey - 1][ex] = 1
      if (ey + 1 < side) matrix[ey + 1][ex] = 1
    } else {
      if (ex - 1 >= 0) matrix[ey][ex - 1] = 1
      if (ex + 1 < side) matrix[ey][ex + 1] = 1
    }
  }
  for (const t of tokens) matrix[2 * t.at[1]][2 * t.at[0]] = 0
  return matrix
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

export function arianrhodBenchRows(runs = 101): ArianrhodBenchRow[] {
  const { map, tokens } = arianrhodBenchMap()
  const grid = Grid.fromSpec(map)
  const battle: Battle = {
    system: 'arianrhod',
    grid,
    tokens,
    tokenById: new Map(tokens.map((t) => [t.id, t])),
    scenario: { map, tokens },
  }
  const rows: ArianrhodBenchRow[] = []

  // (1) reach: a fresh Field each run (occupancy, enemy ZOC mask), then the search
  const probe = new Field(battle)
  const mover = probe.tokens.find((t) => planMove(probe, t, 'combat').allowed) ?? probe.tokens[0]
  let reached = 0
  const reachMs = timeMedian(runs, () => {
    const field = new Field(battle)
    const plan = planMove(field, field.byId.get(mover.id)!, 'combat')
    reached = plan.search ? plan.search.reach({ excludeStarts: true }).length : 0
  })
  // PathFinding.js has no edges, so it gets the same map at double resolution (pathfindingMatrix).
  const matrix = pathfindingMatrix(map, tokens)
  const side = matrix.length
  const pfGrids = Array.from({ length: runs + 1 }, () => new PF.Grid(matrix))
  let pathLength = 0
  let next = 0
  const astarMs = timeMedian(runs, () => {
    const finder = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles })
    pathLength = finder.findPath(0, 0, side - 1, side - 1, pfGrids[next++ % pfGrids.length]).length
  })
  rows.push({
    name: 'arianrhod 戦闘移動 reach set (【移動力】 30 m) vs one PathFinding.js A* path across the map',
    medianMs: reachMs,
    referenceMs: astarMs,
    ratio: reachMs / astarMs,
    target: 'ratio ≤ 1.0×',
    pass: reachMs / astarMs <= 1,
    note: `${reached} cells reached; A* path of ${pathLength} nodes corner to corner on the ${side}×${side} double-resolution grid (grids pre-built, not timed)`,
  })

  // context: A* on a plain 200×200 grid (no walls at all), the cheapest A* across this map size
  const plain = Array.from({ length: map.height }, () => new Array<number>(map.width).fill(0))
  const plainGrids = Array.from({ length: runs + 1 }, () => new PF.Grid(plain))
  next = 0
  const plainMs = timeMedian(runs, () => {
    const finder = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles })
    finder.findPath(0, 0, map.width - 1, map.height - 1, plainGrids[next++ % plainGrids.length])
  })
  rows.push({
    name: 'context: the same reach set vs A* on a wall-less 200×200 grid (straight diagonal)',
    medianMs: reachMs,
    referenceMs: plainMs,
    ratio: reachMs / plainMs,
    target: 'none (context)',
    pass: true,
    note: 'A* with nothing in the way is its best case; not the target comparison',
  })

  // (2) all-pairs cover for the 40 tokens
  const cells = tokens.map((t) => grid.index(t.at[0], t.at[1]))
  const counts = { none: 0, partial: 0, full: 0 }
  const coverMs = timeMedian(runs, () => {
    counts.none = counts.partial = counts.full = 0
    for (let i = 0; i < cells.length; i++) {
      for (let j = i + 1; j < cells.length; j++) counts[coverBetween(grid, cells[i], cells[j])]++
    }
  })
  rows.push({
    name: 'arianrhod all-pairs cover (射線と遮蔽), 40 tokens = 780 lines',
    medianMs: coverMs,
    target: '≤ 10 ms median',
    pass: coverMs <= 10,
    note: `none ${counts.none}, partial ${counts.partial}, full ${counts.full}`,
  })
  return rows
}

export function formatArianrhodRows(rows: readonly ArianrhodBenchRow[]): string {
  const lines = [
    '| measurement | median | reference | ratio | target | result | note |',
    '| --- | ---: | ---: | ---: | --- | --- | --- |',
  ]
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.medianMs.toFixed(2)} ms | ${r.referenceMs !== undefined ? `${r.referenceMs.toFixed(2)} ms` : '—'} | ${
        r.ratio !== undefined ? `${r.ratio.toFixed(2)}×` : '—'
      } | ${r.target} | ${r.pass ? 'ok' : 'OVER TARGET'} | ${r.note} |`,
    )
  }
  return lines.join('\n')
}

if (process.argv[1] && /bench[/\\]arianrhod\.ts$/.test(process.argv[1])) {
  console.log(formatArianrhodRows(arianrhodBenchRows()))
}
