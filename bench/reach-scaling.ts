// Whole-map reach per square (issue 13: "a whole-map reach costs the same per square at 800² as
// at 200²", target within 1.2×). A token whose move covers the whole map asks `reach` through the
// app's own path (campaign/map-battle.ts: the revision's prepared battle, then runPrepared), on
// maps with 15 % solid squares; nanoseconds per square reached, medians of alternating runs.
import type { CampaignMap } from '@core/campaign/schema'
import { preparedBattleOf } from '@core/campaign/map-battle'
import { runPrepared } from '@core/rules/scenario/run'
import { pathfinderBenchMap } from './pathfinder'
import { campaignMapOf } from './bench-campaign'

export interface ReachScalingRow {
  system: CampaignMap['system']
  size: number
  ms: number
  squares: number
  nsPerSquare: number
}

const SIZES = [200, 800]
const MODES = { arianrhod: 'full', pathfinder: 'double' } as const

function benchMap(system: 'arianrhod' | 'pathfinder', size: number): CampaignMap {
  const move = system === 'arianrhod' ? size * 4 : size * 10
  return campaignMapOf(`reach-${size}`, system, pathfinderBenchMap(size), [
    { id: 'runner', at: [1, 1], faction: 'party', move },
  ])
}

export function runReachScalingBench(runs = 9): ReachScalingRow[] {
  const rows: ReachScalingRow[] = []
  for (const system of ['arianrhod', 'pathfinder'] as const) {
    const maps = SIZES.map((size) => benchMap(system, size))
    const samples = SIZES.map(() => [] as number[])
    const squares = SIZES.map(() => 0)
    for (let run = -2; run < runs; run++) {
      maps.forEach((map, i) => {
        const prepared = preparedBattleOf(map)
        if (!prepared.ok) throw new Error(prepared.error.message)
        const t0 = performance.now()
        const result = runPrepared(prepared.prepared, {
          type: 'reach',
          token: 'runner',
          mode: MODES[system],
        })
        const ms = performance.now() - t0
        if (!result.ok) throw new Error(JSON.stringify(result.error))
        squares[i] = (result.answer as { cells: unknown[] }).cells.length
        if (run >= 0) samples[i].push(ms)
      })
    }
    SIZES.forEach((size, i) => {
      const ms = [...samples[i]].sort((a, b) => a - b)[samples[i].length >> 1]
      rows.push({ system, size, ms, squares: squares[i], nsPerSquare: (ms * 1e6) / squares[i] })
    })
  }
  return rows
}

export function formatReachScalingRows(rows: ReachScalingRow[]): string {
  const lines = [
    '| system | map | reach | squares reached | ns / square | vs 200² |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ]
  for (const row of rows) {
    const small = rows.find((r) => r.system === row.system && r.size === SIZES[0])!
    const ratio = row.nsPerSquare / small.nsPerSquare
    lines.push(
      `| ${row.system} | ${row.size}² | ${row.ms.toFixed(1)} ms | ${row.squares} | ${row.nsPerSquare.toFixed(0)} | ${ratio.toFixed(2)}× ${row.size === SIZES[0] ? '' : ratio <= 1.2 ? '✓' : '✗'} |`,
    )
  }
  return lines.join('\n')
}
