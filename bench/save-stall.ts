// Saving a large campaign (issue 13: "save stalls main ≤ 16 ms"; issue 29: "save after one map
// changed ≤ 30 ms of CPU"). A 50-map campaign of about 9 MB is opened in the real campaign
// service; each run moves a token on one map and saves (service.flush, the autosave's own path)
// while a setImmediate ticker records the longest time the event loop went without a turn, then
// moves a token on another map and saves again with nothing else running, while process.cpuUsage
// takes the CPU that save cost (every thread: main, libuv's pool, the kernel's share). The two are
// separate saves because the ticker spins the event loop while the save waits for the disk, and
// that spinning is CPU too (it made a 25 ms save read 105 ms).
// Interleaved in the same runs: the save before issue 29 (bench/legacy/: verbatim copies of that
// commit's serializer, atomic write and backup, run as its CampaignStore.save ran them, into a
// second data folder), and one synchronous JSON.stringify of the whole campaign plus its hash.
import { mkdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Low } from 'lowdb'
import { createCampaignService } from '../src-main/campaign/service'
import { hashSnapshot } from '../src-main/campaign/journal'
import { serializeCampaign } from '../src-main/campaign/storage'
import type { Campaign, CampaignMap } from '@core/campaign/schema'
import { BENCH_CAMPAIGN, benchDataFolder } from './bench-campaign'
import { seededRandom } from './random-map'
import { AtomicJsonFile, FileChunks } from './legacy/atomicFile'
import { DEFAULT_BACKUP_POLICY, writeBackup } from './legacy/backups'
import {
  byteLengthOf as legacyByteLength,
  serializeCampaignInSlices as legacySerialize,
} from './legacy/serialize'

export const SAVE_BENCH_MAPS = 50

/** A 60×60 map with a third of its squares described and 400 walls: about 150 KB of JSON. */
export function heavyMap(index: number): CampaignMap {
  const random = seededRandom(1000 + index)
  const side = 60
  const cells = []
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      if (random() > 0.33) continue
      cells.push({
        at: [x, y] as [number, number],
        terrain: random() < 0.2 ? ('difficult' as const) : ('floor' as const),
        elevation: Math.floor(random() * 4),
      })
    }
  const edges = []
  for (let i = 0; i < 400; i++) {
    const x = Math.floor(random() * (side - 1))
    const y = Math.floor(random() * side)
    edges.push({
      between: [
        [x, y],
        [x + 1, y],
      ] as [[number, number], [number, number]],
      kind: 'wall' as const,
    })
  }
  return {
    id: `m${index}`,
    name: `Map ${index}`,
    system: 'arianrhod',
    width: side,
    height: side,
    cells,
    edges,
    light: { sources: [] },
    tokens: [{ id: 'pc', name: 'PC', at: [0, 0], faction: 'party' }],
    notes: '',
  }
}

/** Runs `work` while a setImmediate ticker measures the longest event-loop turn, in ms. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let longest = 0
  let last = performance.now()
  let running = true
  const tick = (): void => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
    if (running) setImmediate(tick)
  }
  setImmediate(tick)
  await work()
  running = false
  await new Promise((resolve) => setImmediate(resolve))
  return longest
}

/** CPU (user + system, every thread of the process) that `work` took, in ms. */
export async function cpuOf(work: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage()
  await work()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

/**
 * The snapshot save as it ran before issue 29 (CampaignStore.save and the service's byte count at
 * 999981f): text pieces hashed as strings, written one by one, fsynced, renamed, and the backup a
 * fsynced copy. Its campaign-index update and the journal's rotation are left out (both cheap).
 */
export async function legacySave(dataDir: string, campaign: Campaign): Promise<void> {
  const { parts } = await legacySerialize(campaign)
  legacyByteLength(parts)
  const file = join(dataDir, 'campaigns', `${campaign.id}.json`)
  const db = new Low<unknown>(new AtomicJsonFile(file, () => new FileChunks(parts)), null)
  db.data = campaign
  await db.write()
  const backups = join(dataDir, 'backups', campaign.id)
  await writeBackup(backups, file, new Date(), DEFAULT_BACKUP_POLICY)
  await stat(file)
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

export interface SaveStallResult {
  megabytes: number
  firstSaveMs: number
  editSave: number[]
  syncStringify: number[]
  /** CPU of the save after one map changed: the app's, and the save before issue 29. */
  editSaveCpu: number[]
  legacySaveCpu: number[]
  legacySaveStall: number[]
  runs: number
}

export async function runSaveStallBench(runs = 21): Promise<SaveStallResult> {
  const maps = Array.from({ length: SAVE_BENCH_MAPS }, (_, i) => heavyMap(i))
  const dataDir = await benchDataFolder('grid-gm-save-bench-', maps)
  const service = await createCampaignService({ dataDir, autosaveDelayMs: 60_000 })
  const legacyDir = join(dataDir, 'legacy')
  await mkdir(join(legacyDir, 'campaigns'), { recursive: true })
  try {
    const { campaign } = await service.open(BENCH_CAMPAIGN)
    const megabytes = serializeCampaign(campaign).length / 1e6
    // The first save after opening stringifies every map (nothing is cached yet).
    await service.dispatch(BENCH_CAMPAIGN, { type: 'campaign.rename', name: 'Bench 0' })
    const firstSaveMs = await longestStall(() => service.flush(BENCH_CAMPAIGN))
    await legacySave(legacyDir, service.getCampaign(BENCH_CAMPAIGN)!)
    const editSave: number[] = []
    const syncStringify: number[] = []
    const editSaveCpu: number[] = []
    const legacySaveCpu: number[] = []
    const legacySaveStall: number[] = []
    /** One token moved on one map: the edit before each save. */
    const edit = async (mapIndex: number, row: number): Promise<Campaign> => {
      await service.dispatch(BENCH_CAMPAIGN, {
        type: 'token.move',
        mapId: `m${mapIndex % SAVE_BENCH_MAPS}`,
        tokenId: 'pc',
        to: [mapIndex % 60, row],
      })
      return service.getCampaign(BENCH_CAMPAIGN)!
    }
    for (let i = 1; i <= runs; i++) {
      // Alternate which path goes first, so neither always meets a warmer cache.
      const app = async () => {
        await edit(i, 1)
        editSave.push(await longestStall(() => service.flush(BENCH_CAMPAIGN)))
        await edit(i + SAVE_BENCH_MAPS / 2, 2)
        editSaveCpu.push(await cpuOf(() => service.flush(BENCH_CAMPAIGN)))
      }
      const legacy = async () => {
        const stalled = await edit(i + 1, 3)
        legacySaveStall.push(await longestStall(() => legacySave(legacyDir, stalled)))
        const timed = await edit(i + 1 + SAVE_BENCH_MAPS / 2, 4)
        legacySaveCpu.push(await cpuOf(() => legacySave(legacyDir, timed)))
      }
      if (i % 2 === 0) await app().then(legacy)
      else await legacy().then(app)
      const current = service.getCampaign(BENCH_CAMPAIGN)!
      syncStringify.push(
        await longestStall(async () => {
          const text = serializeCampaign(current)
          hashSnapshot(text)
          hashSnapshot(text)
        }),
      )
    }
    return {
      megabytes,
      firstSaveMs,
      editSave,
      syncStringify,
      editSaveCpu,
      legacySaveCpu,
      legacySaveStall,
      runs,
    }
  } finally {
    await service.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export function formatSaveStallBench(r: SaveStallResult): string {
  const f = (ms: number) => ms.toFixed(1)
  return [
    `${SAVE_BENCH_MAPS} maps, ${r.megabytes.toFixed(1)} MB of JSON; longest event-loop turn while saving, ${r.runs} runs (one edit each, interleaved):`,
    '',
    '| save | median | p95 | max |',
    '| --- | ---: | ---: | ---: |',
    `| app: edit + service.flush (sliced, cached pieces) | ${f(percentile(r.editSave, 50))} ms | ${f(percentile(r.editSave, 95))} ms | ${f(Math.max(...r.editSave))} ms |`,
    `| before issue 29: the same save | ${f(percentile(r.legacySaveStall, 50))} ms | ${f(percentile(r.legacySaveStall, 95))} ms | ${f(Math.max(...r.legacySaveStall))} ms |`,
    `| old: one JSON.stringify + 2 hashes | ${f(percentile(r.syncStringify, 50))} ms | ${f(percentile(r.syncStringify, 95))} ms | ${f(Math.max(...r.syncStringify))} ms |`,
    '',
    `CPU of one save after one map changed (user + system, every thread; target ≤ 30 ms):`,
    '',
    '| save | median | p95 | max |',
    '| --- | ---: | ---: | ---: |',
    `| app: cached bytes per map, one gathered write + fdatasync, backup copy | ${f(percentile(r.editSaveCpu, 50))} ms | ${f(percentile(r.editSaveCpu, 95))} ms | ${f(Math.max(...r.editSaveCpu))} ms |`,
    `| before issue 29 (bench/legacy/, same runs) | ${f(percentile(r.legacySaveCpu, 50))} ms | ${f(percentile(r.legacySaveCpu, 95))} ms | ${f(Math.max(...r.legacySaveCpu))} ms |`,
    '',
    `First save after opening (nothing cached): longest turn ${f(r.firstSaveMs)} ms.`,
  ].join('\n')
}
