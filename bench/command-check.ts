// What keeping every campaign openable costs a command (issue 27): the loader's checks on what the
// command touched (campaign/loadable.ts) and the file-size budget (campaign/file-budget.ts), next
// to applying the command and diffing it, and to validating the whole campaign once, which is what
// checking the campaign after every command would cost instead. The 50-map save-bench campaign.
import { applyCommand } from '@core/campaign/commands'
import { FileBudget } from '../src-main/campaign/file-budget'
import { checkChange } from '@core/campaign/loadable'
import { diff } from '@core/campaign/patch'
import {
  campaignSchema,
  CURRENT_SCHEMA_VERSION,
  type Campaign,
  type Command,
} from '@core/campaign/schema'
import { serializeCampaign } from '../src-main/campaign/serialize'
import { heavyMap, SAVE_BENCH_MAPS } from './save-stall'

const RUNS = 200

const COMMANDS: [string, (i: number) => Command][] = [
  [
    'token.move',
    (i) => ({ type: 'token.move', mapId: `m${i % 50}`, tokenId: 'pc', to: [i % 60, 1] }),
  ],
  [
    'cells.set (10 × 10 brush)',
    (i) => ({
      type: 'cells.set',
      mapId: `m${i % 50}`,
      cells: Array.from({ length: 100 }, (_, k) => ({
        at: [k % 10, Math.floor(k / 10) + (i % 40)] as [number, number],
        terrain: i % 2 ? 'difficult' : 'pit',
      })),
    }),
  ],
  [
    'map.notes (10 KB)',
    (i) => ({ type: 'map.notes', mapId: `m${i % 50}`, notes: 'x'.repeat(10_000 + i) }),
  ],
  [
    'condition.add',
    (i) => ({
      type: 'condition.add',
      mapId: `m${i % 50}`,
      condition: { id: `c${i}`, tokenId: 'pc', name: 'Dazed' },
    }),
  ],
]

export interface CommandCheckRow {
  command: string
  apply: number[]
  check: number[]
}

export interface CommandCheckResult {
  megabytes: number
  fullValidationMs: number
  rows: CommandCheckRow[]
}

export function runCommandCheckBench(): CommandCheckResult {
  const maps = Array.from({ length: SAVE_BENCH_MAPS }, (_, i) => heavyMap(i))
  let campaign: Campaign = {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    id: 'bench',
    name: 'Bench',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    maps,
    notes: '',
  }
  const bytes = Buffer.byteLength(serializeCampaign(campaign))
  const budget = new FileBudget(64 * 1024 * 1024, bytes)
  const started = performance.now()
  campaignSchema.parse(campaign)
  const fullValidationMs = performance.now() - started
  const rows = COMMANDS.map(([name, make]) => {
    const row: CommandCheckRow = { command: name, apply: [], check: [] }
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now()
      const next = { ...applyCommand(campaign, make(i)), updatedAt: `2025-01-01T00:00:${i}` }
      const patch = diff(campaign, next)
      row.apply.push(performance.now() - t)
      t = performance.now()
      checkChange(next, patch)
      budget.admit(next, patch)
      row.check.push(performance.now() - t)
      campaign = next
    }
    return row
  })
  return { megabytes: bytes / 1e6, fullValidationMs, rows }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

export function formatCommandCheckBench(r: CommandCheckResult): string {
  const f = (ms: number) => ms.toFixed(2)
  return [
    `${SAVE_BENCH_MAPS} maps, ${r.megabytes.toFixed(1)} MB of JSON, ${RUNS} commands each; validating the whole campaign once takes ${f(r.fullValidationMs)} ms.`,
    '',
    '| command | apply + diff, median | p95 | checks, median | p95 |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...r.rows.map(
      (row) =>
        `| ${row.command} | ${f(percentile(row.apply, 50))} ms | ${f(percentile(row.apply, 95))} ms | ${f(percentile(row.check, 50))} ms | ${f(percentile(row.check, 95))} ms |`,
    ),
  ].join('\n')
}
