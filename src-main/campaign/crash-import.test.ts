// The import crash test (issue 26): a child process takes in campaign packs, Universal VTT files
// and pictures through the real handlers, one after another (crash/import-child.ts); the parent
// SIGKILLs it 100 times at random points inside an import (a random number of acknowledged
// imports, then a random delay drawn from how long an import takes on this machine, so the kills
// spread over every step of one whatever its speed). After each kill it starts again as the app
// does (campaign service, then the assets clean-up) and checks that nothing half-written is
// visible: no temp file in assets/, every picture there whole (its bytes hash to its name, its
// header says its type), every campaign opening cleanly and naming only pictures that are there,
// every imported campaign complete, and every acknowledged import present.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AssetStore, cleanUpAssets } from '../art/assets'
import { assetsOf } from '../art/campaign-pack'
import { pictureHeader } from '@core/art/image-info'
import { isTempFileName } from './atomicFile'
import { IMPORT_BASE_ID, importBase, IMPORTED_NAME, importPicture } from './crash/import-fixture'
import { createCampaignService } from './service'
import { makeTempDir, removeDir } from './temp-dirs.testing'

const RUNS = 100
const LANES = 4
/** About how many file-system steps one import takes (pictures, campaign file, journal, index). */
const STEPS_PER_IMPORT = 30
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
// The child and the workers it starts, bundled side by side as the desktop build lays them out.
const BUNDLE_DIR = path.join(REPO_ROOT, '.tmp', 'crash-import')
const CHILD = path.join(BUNDLE_DIR, 'import-child.js')

let root: string

beforeAll(async () => {
  // Every worker the desktop build lays beside its main bundle, under the same names.
  const { default: config } = await import('../../electron.vite.config')
  const { index: _main, ...workers } = (
    config as { main: { build: { lib: { entry: Record<string, string> } } } }
  ).main.build.lib.entry
  await build({
    entryPoints: {
      'import-child': fileURLToPath(new URL('./crash/import-child.ts', import.meta.url)),
      ...workers,
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: BUNDLE_DIR,
    logLevel: 'error',
  })
  root = await makeTempDir('gm-crash-import-')
})
afterAll(async () => {
  await removeDir(root)
})

async function seededFolder(lane: number): Promise<string> {
  const dataDir = path.join(root, `lane-${lane}`)
  const service = await createCampaignService({ dataDir })
  await service.importCampaign(JSON.stringify(importBase))
  await service.dispose()
  return dataDir
}

type Kind = 'pack' | 'uvtt' | 'picture'
interface Ack {
  kind: Kind
  n: number
  at: number
}

/**
 * Starts the child at import `first`; kills it after `acks` acknowledgements and `delayMs` more,
 * or lets it kill itself before its `step`-th file-system step.
 */
async function runAndKill(
  dataDir: string,
  first: number,
  kill: { acks: number; delayMs: number } | { step: number },
): Promise<Ack[]> {
  const { acks, delayMs } = 'step' in kill ? { acks: -1, delayMs: 0 } : kill
  const args = [CHILD, dataDir, String(first), ...('step' in kill ? [String(kill.step)] : [])]
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('close', (_code, signal) => resolve(signal)),
  )
  const acked: Ack[] = []
  const killLater = (): void => void setTimeout(() => child.kill('SIGKILL'), delayMs)
  let buffered = ''
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    let newline: number
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline)
      buffered = buffered.slice(newline + 1)
      if (line === 'ready' && acks === 0) killLater()
      const ack = /^ack (pack|uvtt|picture) (\d+)$/.exec(line)
      if (!ack) continue
      acked.push({ kind: ack[1] as Kind, n: Number(ack[2]), at: Date.now() })
      if (acked.length === acks) killLater()
    }
  })
  const signal = await exited
  expect(signal, `the child should die by SIGKILL; stderr: ${stderr}`).toBe('SIGKILL')
  return acked
}

const hashOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

interface Checked {
  campaigns: number
  pictures: number
  /** Temp files a kill left in assets/, removed by the restart (each a half-written picture). */
  assetTempsSwept: number
  /** Temp files of campaign writes a kill cut short, left beside the campaigns (never listed). */
  campaignTemps: number
}

/** Restarts as the app does and checks that nothing half-written is visible. */
async function restartAndCheck(dataDir: string, acked: Ack[], label: string): Promise<Checked> {
  const service = await createCampaignService({ dataDir })
  const assets = new AssetStore(dataDir)
  const assetsDir = path.join(dataDir, 'assets')
  const left = (await fs.readdir(assetsDir).catch(() => [] as string[])).filter(isTempFileName)
  await cleanUpAssets(assets)
  try {
    const names = await fs.readdir(assetsDir).catch(() => [] as string[])
    for (const name of names) {
      expect(isTempFileName(name), `${label}: a temp file in assets/: ${name}`).toBe(false)
      const bytes = await fs.readFile(path.join(assetsDir, name))
      expect(`${hashOf(bytes)}.png`, `${label}: a picture cut short`).toBe(name)
      expect(pictureHeader(bytes)?.type, `${label}: ${name} is not a PNG`).toBe('png')
    }
    const listed = await service.list()
    for (const summary of listed) {
      const opened = await service.open(summary.id)
      expect(opened.recovered, `${label}: ${summary.id} was recovered`).toBeFalsy()
      expect(opened.repaired, `${label}: ${summary.id} was repaired`).toBeFalsy()
      for (const hash of assetsOf(opened.campaign))
        expect(await assets.has(hash), `${label}: ${summary.id} names a missing picture`).toBe(true)
      const imported = new RegExp(`^${IMPORTED_NAME} (\\d+)`).exec(opened.campaign.name)
      if (imported) {
        // A whole campaign: every map, under its own picture.
        const picture = hashOf(importPicture(Number(imported[1])))
        expect(
          opened.campaign.maps.map((m) => m.art?.asset),
          `${label}: ${summary.id}`,
        ).toEqual(importBase.maps.map(() => picture))
      }
    }
    const base = (await service.open(IMPORT_BASE_ID)).campaign
    for (const ack of acked) {
      if (ack.kind === 'pack')
        expect(
          listed.some((c) => c.name.startsWith(`${IMPORTED_NAME} ${ack.n}`)),
          `${label}: acknowledged pack ${ack.n} is missing`,
        ).toBe(true)
      if (ack.kind === 'uvtt') {
        const map = base.maps.find((m) => m.name === `uvtt ${ack.n}`)
        expect(map?.art?.asset, `${label}: acknowledged map uvtt ${ack.n}`).toBe(
          hashOf(importPicture(ack.n)),
        )
      }
    }
    const lastPicture = acked.filter((a) => a.kind === 'picture').at(-1)
    if (lastPicture) {
      // That picture, or one put after it whose acknowledgement the kill cut off.
      const art = base.maps.find((m) => m.id === 'm1')?.art?.asset
      const later = [0, 3].map((step) => hashOf(importPicture(lastPicture.n + step)))
      expect(later, `${label}: the acknowledged picture ${lastPicture.n}`).toContain(art)
    }
    const campaignNames = await fs.readdir(path.join(dataDir, 'campaigns'))
    return {
      campaigns: listed.length,
      pictures: names.length,
      assetTempsSwept: left.length,
      campaignTemps: campaignNames.filter(isTempFileName).length,
    }
  } finally {
    await service.dispose()
  }
}

interface LaneResult {
  kills: number
  acked: number
  /** Half-written pictures the restarts removed, over all kills. */
  swept: number
  checked: Checked
}

async function lane(index: number, runs: number): Promise<LaneResult> {
  const dataDir = await seededFolder(index)
  let next = index * 100_000
  let importMs = 500
  const result: LaneResult = {
    kills: 0,
    acked: 0,
    swept: 0,
    checked: { campaigns: 0, pictures: 0, assetTempsSwept: 0, campaignTemps: 0 },
  }
  for (let run = 0; run < runs; run++) {
    const label = `lane ${index} run ${run}`
    // Half the kills at a random moment, half just before a random file-system step.
    const kill =
      run % 2 === 0
        ? { acks: Math.floor(Math.random() * 3), delayMs: Math.random() * importMs * 1.2 }
        : { step: 1 + Math.floor(Math.random() * STEPS_PER_IMPORT * 2) }
    const acked = await runAndKill(dataDir, next, kill)
    result.kills++
    result.acked += acked.length
    // How long an import takes here: the kills spread over one whatever the machine's speed.
    for (let i = 1; i < acked.length; i++)
      importMs = 0.8 * importMs + 0.2 * (acked[i].at - acked[i - 1].at)
    // The import in progress at the kill may have finished: never reuse its number.
    next = (acked.at(-1)?.n ?? next - 1) + 2
    const checked = await restartAndCheck(dataDir, acked, label)
    result.swept += checked.assetTempsSwept
    result.checked = checked
  }
  return result
}

describe('crash safety of imports', () => {
  it(`leaves nothing half-written visible after ${RUNS} SIGKILLs during pack, Universal VTT and picture imports`, async () => {
    const started = Date.now()
    const lanes = await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i, RUNS / LANES)))
    const sum = (pick: (l: LaneResult) => number): number => lanes.reduce((s, l) => s + pick(l), 0)
    console.log(
      `[import crash test] kills: ${sum((l) => l.kills)}, acknowledged imports: ${sum((l) => l.acked)}, ` +
        `half-written pictures removed at restart: ${sum((l) => l.swept)}, campaigns in the end: ${sum((l) => l.checked.campaigns)}, pictures: ${sum((l) => l.checked.pictures)}, ` +
        `campaign temp files left: ${sum((l) => l.checked.campaignTemps)}; ${((Date.now() - started) / 1000).toFixed(0)} s`,
    )
    expect(sum((l) => l.kills)).toBe(RUNS)
    expect(sum((l) => l.acked)).toBeGreaterThan(RUNS / 2)
  }, 1_800_000)
})
