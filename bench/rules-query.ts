// Benchmark: a rules question as the app asks it (issue 13): `rules.query` through the verb
// handlers and the real campaign service, on the Arianrhod bench map (200×200, 5,000 wall edges,
// 40 tokens), a 30 m 戦闘移動 reach. Three rows, interleaved in one loop so machine noise hits
// them alike:
//   - the query on an unchanged map (its battle prepared once per map revision and shared);
//   - the same query without the prepared battle (what every query cost before: the whole map
//     validated and the grid built again), which is also the first query after an edit;
//   - PathFinding.js A* across the same map at double resolution, grid built for the run (a
//     PathFinding grid is used up by one search), as a user of that library would.
// Target: ≤ 1 ms median and ≤ 0.1× one A* path.
//   npx tsx bench/rules-query.ts
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import PF from 'pathfinding'
import type { CampaignMap } from '../src-main/campaign/schema'
import { createCampaignService } from '../src-main/campaign/service'
import { createHandlers } from '../src-main/ipc/handlers'
import {
  runPrepared,
  runPreparedInFull as validateEveryQuery,
} from '../src-main/rules/scenario/run'
import { arianrhodBenchMap, pathfindingMatrix } from './arianrhod'
import { benchDataFolder } from './bench-campaign'

export interface RulesQueryBench {
  cachedMs: number
  uncachedMs: number
  astarMs: number
  reached: number
  runs: number
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

export async function runRulesQueryBench(runs = 101): Promise<RulesQueryBench> {
  const { map, tokens } = arianrhodBenchMap()
  const campaignMap: CampaignMap = {
    id: 'big',
    name: 'Bench',
    system: 'arianrhod',
    width: map.width,
    height: map.height,
    cells: [],
    edges: map.edges ?? [],
    light: { sources: [] },
    tokens: tokens.map((t) => ({ ...t, name: t.id, move: 30 })),
    notes: '',
  }
  const dataDir = await benchDataFolder('grid-gm-query-bench-', [campaignMap])
  const service = await createCampaignService({ dataDir, autosaveDelayMs: 60_000 })
  const cached = createHandlers(service, { runPrepared }, { logError: () => {} })
  const uncached = createHandlers(
    service,
    { runPrepared: validateEveryQuery },
    { logError: () => {} },
  )
  try {
    // The mover: the first token whose 戦闘移動 is allowed (not starting in an enemy's ZOC).
    let mover = tokens[0].id
    for (const token of tokens) {
      const result = await cached.handle('rules.query', {
        campaignId: 'bench',
        mapId: 'big',
        query: { type: 'reach', token: token.id, mode: 'combat' },
      })
      if (result.ok) {
        mover = token.id
        break
      }
    }
    const args = {
      campaignId: 'bench',
      mapId: 'big',
      query: { type: 'reach', token: mover, mode: 'combat' },
    }
    const matrix = pathfindingMatrix(map, tokens)
    const side = matrix.length
    const samples = { cached: [] as number[], uncached: [] as number[], astar: [] as number[] }
    let reached = 0
    for (let i = 0; i <= runs; i++) {
      let t0 = performance.now()
      const answer = await cached.handle('rules.query', args)
      const cachedMs = performance.now() - t0
      t0 = performance.now()
      await uncached.handle('rules.query', args)
      const uncachedMs = performance.now() - t0
      t0 = performance.now()
      const finder = new PF.AStarFinder({
        diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
      })
      finder.findPath(0, 0, side - 1, side - 1, new PF.Grid(matrix))
      const astarMs = performance.now() - t0
      if (i === 0) continue // warm-up
      samples.cached.push(cachedMs)
      samples.uncached.push(uncachedMs)
      samples.astar.push(astarMs)
      if (answer.ok) reached = (answer.value as { cells: unknown[] }).cells.length
    }
    return {
      cachedMs: median(samples.cached),
      uncachedMs: median(samples.uncached),
      astarMs: median(samples.astar),
      reached,
      runs,
    }
  } finally {
    cached.dispose()
    uncached.dispose()
    await service.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export function formatRulesQueryBench(r: RulesQueryBench): string {
  const ratio = (ms: number) => `${(ms / r.astarMs).toFixed(2)}×`
  return [
    `Arianrhod 200×200, 5,000 wall edges, 40 tokens; 30 m 戦闘移動 reach (${r.reached} squares) through rules.query; medians of ${r.runs} interleaved runs.`,
    '',
    '| measurement | median | vs one PathFinding.js A* path | target |',
    '| --- | ---: | ---: | --- |',
    `| rules.query, map unchanged (battle prepared once per revision) | ${r.cachedMs.toFixed(2)} ms | ${ratio(r.cachedMs)} | ≤ 1 ms, ≤ 0.1× |`,
    `| rules.query, first after an edit (map validated, grid built) | ${r.uncachedMs.toFixed(2)} ms | ${ratio(r.uncachedMs)} | — |`,
    `| PathFinding.js A* corner to corner, grid built for the run | ${r.astarMs.toFixed(2)} ms | 1× | — |`,
  ].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(formatRulesQueryBench(await runRulesQueryBench()))
}
