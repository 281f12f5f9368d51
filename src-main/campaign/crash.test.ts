// The crash test: a child process edits a campaign through the real service with autosave
// writing constantly, and is SIGKILLed at a random moment, 100 times. After each kill a fresh
// service must open the campaign cleanly (no recovery, no repair) in a consistent state:
// exactly the first k edges of the child's fixed sequence, with k never going backwards.
import { spawn } from 'node:child_process'
import { promises as fs } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CRASH_CAMPAIGN_ID, CRASH_MAP_ID, crashEdge, crashMap } from './crash/fixture'
import { createCampaignService } from './service'
import { makeCampaign, makeTempDir, removeDir } from './test-helpers'

const RUNS = 100
const CHILD = fileURLToPath(new URL('./crash/child.ts', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

let dataDir: string

beforeAll(async () => {
  dataDir = await makeTempDir('gm-crash-')
  const service = await createCampaignService({ dataDir })
  await service.importCampaign(
    JSON.stringify(makeCampaign({ id: CRASH_CAMPAIGN_ID, name: 'Crash', maps: [crashMap] })),
  )
  await service.dispose()
})
afterAll(async () => {
  await removeDir(dataDir)
})

/** Starts the child, waits until it is editing, lets it write for `writeMs`, then SIGKILLs it. */
async function runAndKill(writeMs: number): Promise<{ startedAt: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const ready = await new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /ready (\d+)\n/.exec(out)
      if (match) resolve(Number(match[1]))
    })
    void exited.then(({ code }) =>
      reject(new Error(`child exited early (code ${code}): ${stderr}`)),
    )
  })
  await new Promise((resolve) => setTimeout(resolve, writeMs))
  child.kill('SIGKILL')
  const { signal } = await exited
  expect(signal, `child should die by SIGKILL, stderr: ${stderr}`).toBe('SIGKILL')
  return { startedAt: ready }
}

async function countTempFiles(): Promise<number> {
  const entries = await fs.readdir(dataDir, { recursive: true })
  return entries.filter((name) => String(name).includes('.tmp-')).length
}

describe('crash safety', () => {
  it(`survives ${RUNS} SIGKILLs during constant autosave with a consistent campaign`, async () => {
    const started = Date.now()
    let previous = 0
    let grew = 0
    let killedMidWrite = 0
    for (let run = 0; run < RUNS; run++) {
      const writeMs = 30 + Math.floor(Math.random() * 121)
      const { startedAt } = await runAndKill(writeMs)
      expect(startedAt).toBe(previous)
      if ((await countTempFiles()) > 0) killedMidWrite++

      const service = await createCampaignService({ dataDir })
      try {
        const opened = await service.open(CRASH_CAMPAIGN_ID)
        expect(opened.recovered, `run ${run}`).toBeUndefined()
        expect(opened.repaired, `run ${run}`).toBeUndefined()
        const edges = opened.campaign.maps.find((m) => m.id === CRASH_MAP_ID)!.edges
        const k = edges.length
        expect(k, `run ${run}: the saved state never goes back`).toBeGreaterThanOrEqual(previous)
        expect(edges).toEqual(Array.from({ length: k }, (_, i) => crashEdge(i)))
        if (k > previous) grew++
        previous = k
      } finally {
        await service.dispose()
      }
      // Opening cleaned up the temp files the killed writer left behind.
      expect(await countTempFiles()).toBe(0)
    }
    const seconds = (Date.now() - started) / 1000
    console.log(
      `[crash test] ${RUNS} kills in ${seconds.toFixed(1)} s; ${previous} edges saved in total; ` +
        `state advanced in ${grew} runs; ${killedMidWrite} kills left a temp file (killed mid-write)`,
    )
    // Most runs must have saved something, or the test was not exercising the writer at all.
    expect(grew).toBeGreaterThan(RUNS / 2)
  }, 600_000)
})
