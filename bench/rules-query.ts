// Benchmark: a rules question as the app asks it (issue 13): `rules.query` through the verb
// handlers and the real campaign service, on the Arianrhod bench map (200×200, 5,000 wall edges,
// 40 tokens), a 30 m 戦闘移動 reach. Three rows, interleaved in one loop so machine noise hits
// them alike:
//   - the query on an unchanged map (its battle built once per map revision and shared);
//   - the first query after a token moved (a new revision on the same layout: tokens checked);
//   - the first query after a wall edit (a new layout: the battle built from the campaign map,
//     its grid derived from the one before, Grid.withEdges);
//   - the same query as the CLI answers it (the whole scenario document validated and the grid
//     built again, every time);
//   - PathFinding.js A* across the same map at double resolution, grid built for the run (a
//     PathFinding grid is used up by one search), as a user of that library would.
// Target: ≤ 1 ms median and ≤ 0.1× one A* path.
//   npx tsx bench/rules-query.ts
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import PF from 'pathfinding'
import { createCampaignService } from '../src-main/campaign/service'
import { createHandlers } from '../src-main/ipc/handlers'
import { runPrepared, runPreparedInFull as validateEveryQuery } from '@core/rules/scenario/run'
import { arianrhodBenchMap, pathfindingMatrix } from './arianrhod'
import { benchDataFolder, campaignMapOf } from './bench-campaign'

export interface RulesQueryBench {
  cachedMs: number
  /** The first query after another token moved: a new revision on the same layout. */
  afterMoveMs: number
  /** The first query after a wall was drawn or erased: a new layout, its grid built. */
  afterWallMs: number
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
  const campaignMap = campaignMapOf(
    'big',
    'arianrhod',
    { ...map, cells: [] },
    tokens.map((t) => ({ ...t, move: 30 })),
  )
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
    // Another token steps back and forth: each step is a new map revision with the same layout.
    const walker = tokens[tokens.length - 1]
    const taken = new Set(tokens.map((t) => `${t.at[0]},${t.at[1]}`))
    const home = walker.at as [number, number]
    const away = (
      [
        [home[0] + 1, home[1]],
        [home[0] - 1, home[1]],
        [home[0], home[1] + 1],
        [home[0], home[1] - 1],
      ] as [number, number][]
    ).find(
      ([x, y]) => x >= 0 && y >= 0 && x < map.width && y < map.height && !taken.has(`${x},${y}`),
    )
    if (!away) throw new Error('the walker has no free square beside it')
    const samples = {
      cached: [] as number[],
      afterMove: [] as number[],
      afterWall: [] as number[],
      uncached: [] as number[],
      astar: [] as number[],
    }
    let reached = 0
    for (let i = 0; i <= runs; i++) {
      await service.dispatch('bench', {
        type: 'token.move',
        mapId: 'big',
        tokenId: walker.id,
        to: i % 2 === 0 ? away : home,
      })
      let t0 = performance.now()
      await cached.handle('rules.query', args)
      const afterMoveMs = performance.now() - t0
      t0 = performance.now()
      const answer = await cached.handle('rules.query', args)
      const cachedMs = performance.now() - t0
      t0 = performance.now()
      await uncached.handle('rules.query', args)
      const uncachedMs = performance.now() - t0
      // A wall drawn or erased in a far corner: a new layout (the edges list changes).
      await service.dispatch('bench', {
        type: 'edge.set',
        mapId: 'big',
        between: [
          [0, 0],
          [1, 0],
        ],
        edge: i % 2 === 0 ? { kind: 'wall' } : null,
      })
      t0 = performance.now()
      await cached.handle('rules.query', args)
      const afterWallMs = performance.now() - t0
      t0 = performance.now()
      const finder = new PF.AStarFinder({
        diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
      })
      finder.findPath(0, 0, side - 1, side - 1, new PF.Grid(matrix))
      const astarMs = performance.now() - t0
      if (i === 0) continue // warm-up
      samples.cached.push(cachedMs)
      samples.afterMove.push(afterMoveMs)
      samples.afterWall.push(afterWallMs)
      samples.uncached.push(uncachedMs)
      samples.astar.push(astarMs)
      if (answer.ok) reached = (answer.value as { cells: unknown[] }).cells.length
    }
    return {
      cachedMs: median(samples.cached),
      afterMoveMs: median(samples.afterMove),
      afterWallMs: median(samples.afterWall),
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
    `| rules.query, map unchanged (one battle per revision) | ${r.cachedMs.toFixed(2)} ms | ${ratio(r.cachedMs)} | ≤ 1 ms, ≤ 0.1× |`,
    `| rules.query, first after a token moved (tokens checked, the layout's grid shared) | ${r.afterMoveMs.toFixed(2)} ms | ${ratio(r.afterMoveMs)} | — |`,
    `| rules.query, first after a wall edit (battle built from the campaign map, grid derived) | ${r.afterWallMs.toFixed(2)} ms | ${ratio(r.afterWallMs)} | — |`,
    `| the same query as the CLI answers it (scenario document validated, grid built) | ${r.uncachedMs.toFixed(2)} ms | ${ratio(r.uncachedMs)} | — |`,
    `| PathFinding.js A* corner to corner, grid built for the run | ${r.astarMs.toFixed(2)} ms | 1× | — |`,
  ].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(formatRulesQueryBench(await runRulesQueryBench()))
}
