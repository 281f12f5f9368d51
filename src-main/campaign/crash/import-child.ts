// Child process of crash-import.test.ts: takes in pictures, campaign packs and Universal VTT files
// through the real handlers (assets folder, decode and pack workers, campaign service) one after
// another, as fast as it can, and prints "ack <kind> <n>" once import n is acknowledged, until it
// is SIGKILLed somewhere in the middle of one: by the parent at a random moment, or by itself just
// before its k-th file-system step (open, write, fsync, close, rename), so that kills also land on
// every step of a file write, however short it is.
// Usage: node import-child.js <dataDir> <first import number> [<k>]
import { createHash } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { AssetStore } from '../../art/assets'
import { createHandlers } from '../../ipc/handlers'
import { runPrepared } from '@core/rules/scenario/run'
import { createCampaignService } from '../service'
import { printLine } from './print-line'
import { IMPORT_BASE_ID, importPack, importPicture, importUvtt, mapArt } from './import-fixture'

const dataDir = process.argv[2]
let n = Number(process.argv[3] ?? 0)
const killAtStep = Number(process.argv[4] ?? 0)
if (!dataDir) throw new Error('usage: import-child <dataDir> <first import number> [<k>]')

let steps = -1
/** Counts the file-system steps after "ready"; SIGKILLs this process just before step k. */
function step(): void {
  if (steps < 0 || killAtStep === 0) return
  if (++steps === killAtStep) process.kill(process.pid, 'SIGKILL')
}
function counted<T extends object>(target: T, names: Array<keyof T & string>): void {
  for (const name of names) {
    const original = target[name] as (...args: unknown[]) => unknown
    Object.assign(target, {
      [name](this: unknown, ...args: unknown[]) {
        step()
        return original.apply(this, args)
      },
    })
  }
}
counted(fs, ['open', 'rename', 'writeFile', 'appendFile', 'copyFile', 'rm', 'unlink'])
const probe = await fs.open(process.execPath, 'r')
counted(
  Object.getPrototypeOf(probe) as object as Record<string, unknown>,
  ['writeFile', 'write', 'sync', 'datasync', 'close'] as never,
)
await probe.close()

const service = await createCampaignService({ dataDir, autosaveDelayMs: 20 })
const handlers = createHandlers(
  service,
  { runPrepared },
  { assets: new AssetStore(dataDir), logError: () => {} },
)
await service.open(IMPORT_BASE_ID)
await printLine('ready\n')
steps = 0

async function call(verb: string, args: unknown): Promise<unknown> {
  const result = await handlers.handle(verb, args)
  if (!result.ok) throw new Error(`${verb}: ${result.error.code} ${result.error.message}`)
  return result.value
}

const KINDS = ['pack', 'uvtt', 'picture'] as const
for (;;) {
  const kind = KINDS[n % KINDS.length]
  const picture = importPicture(n)
  const hash = createHash('sha256').update(picture).digest('hex')
  if (kind === 'pack') {
    const base64 = Buffer.from(importPack(n, picture, hash)).toString('base64')
    await call('campaign.importPack', { base64, onConflict: 'keep-both' })
  } else if (kind === 'uvtt') {
    await call('map.importUvtt', {
      campaignId: IMPORT_BASE_ID,
      json: importUvtt(picture),
      name: `uvtt ${n}`,
      system: 'arianrhod',
    })
  } else {
    const base64 = Buffer.from(picture).toString('base64')
    await call('asset.put', { base64 })
    await call('campaign.dispatch', {
      id: IMPORT_BASE_ID,
      command: { type: 'map.art', mapId: 'm1', art: mapArt(hash) },
    })
  }
  await printLine(`ack ${kind} ${n}\n`)
  n++
}
