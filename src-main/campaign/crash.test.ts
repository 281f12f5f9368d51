// The crash test (issue 11.2): a child process edits a campaign through the real service and
// prints a line for every acknowledged change; the parent SIGKILLs it, 200 times, each time after
// a random number of acknowledgements (never after a time, so a slow machine changes nothing but
// the duration). The autosave delay varies between runs, so kills land during snapshot writes,
// journal appends and both. After every kill a fresh service must open the campaign cleanly (no
// recovery, no repair, no journal set aside: nothing corrupt) in a state that holds every change
// the child reported as acknowledged: exactly the first k edges of the child's fixed sequence,
// with k at least what the acknowledgements require.
import { spawn } from 'node:child_process'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  allowedEdgeCounts,
  CRASH_CAMPAIGN_ID,
  CRASH_MAP_ID,
  crashEdge,
  crashMap,
  crashSteps,
  type CrashStep,
} from './crash/fixture'
import { decodeCampaign } from './migrations'
import { createCampaignService } from './service'
import { parseCampaignBytes } from './campaign-file'
import { makeCampaign } from '@core/campaign/test-helpers'
import { makeTempDir, removeDir } from './temp-dirs.testing'

const RUNS = 200
/** Independent data folders killed in parallel: a child mostly waits on fsync, so lanes overlap. */
const LANES = 4
const AUTOSAVE_DELAYS_MS = [1, 20, 500]
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
// Bundled once: starting a plain .mjs takes a fraction of what tsx needs to compile the service.
const CHILD_BUNDLE = path.join(REPO_ROOT, '.tmp', 'crash-child.mjs')

let root: string

beforeAll(async () => {
  await build({
    entryPoints: [fileURLToPath(new URL('./crash/child.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: CHILD_BUNDLE,
    logLevel: 'error',
  })
  root = await makeTempDir('gm-crash-')
})
afterAll(async () => {
  await removeDir(root)
})

async function seededFolder(lane: number): Promise<string> {
  const dataDir = path.join(root, `lane-${lane}`)
  const service = await createCampaignService({ dataDir })
  await service.importCampaign(
    JSON.stringify(makeCampaign({ id: CRASH_CAMPAIGN_ID, name: 'Crash', maps: [crashMap] })),
  )
  await service.dispose()
  return dataDir
}

interface Run {
  startedAt: number
  /** Steps of the script the child reported as acknowledged. */
  acks: number
  /** The edge count the child said it held at its last acknowledgement. */
  lastHeld: number
}

/** Starts the child, waits for `killAfter` acknowledgements, then SIGKILLs it at once. */
async function runAndKill(
  dataDir: string,
  killAfter: number,
  autosaveDelayMs: number,
): Promise<Run> {
  const child = spawn(process.execPath, [CHILD_BUNDLE, dataDir, String(autosaveDelayMs)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close', not 'exit': every line the child wrote has been read by then.
    child.once('close', (code, signal) => resolve({ code, signal })),
  )
  const run: Run = { startedAt: -1, acks: 0, lastHeld: -1 }
  let buffered = ''
  const read = (chunk: Buffer): void => {
    buffered += chunk.toString()
    let newline: number
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline)
      buffered = buffered.slice(newline + 1)
      const ready = /^ready (\d+)$/.exec(line)
      if (ready) run.startedAt = Number(ready[1])
      const ack = /^ack \d+ (-?\d+)$/.exec(line)
      if (ack) {
        run.acks++
        run.lastHeld = Number(ack[1])
        if (run.acks === killAfter) child.kill('SIGKILL')
      }
    }
  }
  child.stdout.on('data', read)
  const { signal } = await exited
  // Lines already in the pipe when the child died still count: they were acknowledged.
  expect(signal, `child should die by SIGKILL, stderr: ${stderr}`).toBe('SIGKILL')
  return run
}

/** Every backup must still be a readable campaign. */
async function corruptBackups(dataDir: string): Promise<number> {
  const dir = path.join(dataDir, 'backups', CRASH_CAMPAIGN_ID)
  let corrupt = 0
  for (const name of await fs.readdir(dir)) {
    if (!name.endsWith('.json')) continue
    try {
      decodeCampaign(parseCampaignBytes(await fs.readFile(path.join(dir, name))))
    } catch {
      corrupt++
    }
  }
  return corrupt
}

interface LaneResult {
  corrupt: number
  lost: number
  acked: number
  edges: number
}

/** `runs` kills on one data folder, each checked by reopening the campaign in this process. */
async function lane(index: number, runs: number): Promise<LaneResult> {
  const dataDir = await seededFolder(index)
  const result: LaneResult = { corrupt: 0, lost: 0, acked: 0, edges: 0 }
  for (let run = 0; run < runs; run++) {
    const label = `lane ${index} run ${run}`
    const killAfter = 1 + Math.floor(Math.random() * 30)
    const autosaveDelayMs = AUTOSAVE_DELAYS_MS[(run + index) % AUTOSAVE_DELAYS_MS.length]
    const child = await runAndKill(dataDir, killAfter, autosaveDelayMs)
    expect(child.startedAt, `${label}: the child started where the last reopen left off`).toBe(
      result.edges,
    )
    // The edge count right after the last acknowledged step, and how many changes were acknowledged.
    let afterAcks = child.startedAt
    const steps = crashSteps(child.startedAt)
    for (let i = 0; i < child.acks; i++) {
      for (const change of (steps.next().value as CrashStep).changes) {
        afterAcks += change.kind === 'undo' ? -1 : 1
        result.acked++
      }
    }

    const service = await createCampaignService({ dataDir })
    try {
      const opened = await service.open(CRASH_CAMPAIGN_ID).catch((error: unknown) => ({ error }))
      if ('error' in opened || opened.recovered || opened.repaired || opened.journal) {
        result.corrupt++
        throw new Error(`${label}: the campaign did not open cleanly: ${JSON.stringify(opened)}`)
      }
      const edges = opened.campaign.maps.find((m) => m.id === CRASH_MAP_ID)!.edges
      const k = edges.length
      expect(edges, `${label}: exactly the first ${k} edges`).toEqual(
        Array.from({ length: k }, (_, i) => crashEdge(i)),
      )
      const allowed = allowedEdgeCounts(child.startedAt, child.acks)
      if (!allowed.has(k)) {
        // Acknowledged edges missing (at least one: an acknowledged undo or redo that is missing).
        result.lost += Math.max(1, afterAcks - k)
        console.log(
          `[crash test] ${label}: ${k} edges, but ${child.acks} acknowledged steps from ${child.startedAt} allow only ${[...allowed].join(', ')} (the child held ${child.lastHeld} at its last ack)`,
        )
      }
      result.edges = k
    } finally {
      await service.dispose()
    }
    result.corrupt += await corruptBackups(dataDir)
  }
  return result
}

describe('crash safety', () => {
  it(`loses no acknowledged change over ${RUNS} SIGKILLs during a stream of edits, and corrupts no file`, async () => {
    const started = Date.now()
    const lanes = await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i, RUNS / LANES)))
    const total = (key: keyof LaneResult): number => lanes.reduce((sum, l) => sum + l[key], 0)
    const seconds = (Date.now() - started) / 1000
    console.log(
      `[crash test] kills: ${RUNS}, corrupt: ${total('corrupt')}, acknowledged changes: ${total('acked')}, ` +
        `lost: ${total('lost')}; ${total('edges')} edges in the end; ${seconds.toFixed(0)} s`,
    )
    expect({ corrupt: total('corrupt'), lost: total('lost') }).toEqual({ corrupt: 0, lost: 0 })
    expect(total('acked')).toBeGreaterThanOrEqual(RUNS)
  }, 1_200_000)
})
