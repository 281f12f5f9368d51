// The journal (issue 11.2): an acknowledged change is on disk before the answer, whether or not
// the snapshot (campaign file) has been written since. A "crash" here is a copy of the data
// folder taken while the service is still running (what a kill -9 would leave), opened by a
// fresh service; src-main/campaign/crash.test.ts does the same with real SIGKILLs.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listGenerations } from './journal'
import type { Command } from '@core/campaign/schema'
import { createCampaignService, type CampaignService } from './service'
import { makeCampaign } from '@core/campaign/test-helpers'
import { copyCrashImage, makeTempDir, removeDir } from './temp-dirs.testing'

let root: string
let dataDir: string
let services: CampaignService[]
let images = 0

const wall = (x: number): Command => ({
  type: 'edge.set',
  mapId: 'm1',
  between: [
    [x, 0],
    [x + 1, 0],
  ],
  edge: { kind: 'wall' },
})
const walls = (campaign: { maps: { edges: { between: unknown }[] }[] }): number[] =>
  campaign.maps[0].edges.map((e) => (e.between as [[number, number]])[0][0])

async function startService(dir: string): Promise<CampaignService> {
  // No autosave during the test: only the journal holds the changes.
  const service = await createCampaignService({ dataDir: dir, autosaveDelayMs: 3_600_000 })
  services.push(service)
  return service
}

/** The data folder as a crash would leave it now: a copy, while the service keeps running. */
async function crashImage(): Promise<string> {
  const image = path.join(root, `image-${++images}`)
  await copyCrashImage(dataDir, image)
  return image
}

async function journalFiles(dir: string, id = 'c1'): Promise<string[]> {
  return (await fs.readdir(path.join(dir, 'journal', id)).catch(() => [] as string[])).sort()
}

beforeEach(async () => {
  root = await makeTempDir('gm-journal-')
  dataDir = path.join(root, 'data')
  services = []
  const seed = await createCampaignService({ dataDir })
  await seed.importCampaign(
    JSON.stringify(makeCampaign({ maps: [{ ...makeCampaign().maps[0], width: 20 }] })),
  )
  await seed.dispose()
})
afterEach(async () => {
  // The "crashed" services never wrote anything after their image; stop their timers.
  for (const service of services) await service.dispose().catch(() => undefined)
  await removeDir(root)
})

describe('campaign journal', () => {
  it('an acknowledged change survives a crash that comes before the autosave', async () => {
    const service = await startService(dataDir)
    await service.open('c1')
    await service.dispatch('c1', wall(0))
    await Promise.all([service.dispatch('c1', wall(1)), service.dispatch('c1', wall(2))])
    const image = await crashImage()

    // The campaign file itself still holds none of them…
    const onDisk = JSON.parse(
      await fs.readFile(path.join(image, 'campaigns', 'c1.json'), 'utf8'),
    ) as ReturnType<typeof makeCampaign>
    expect(walls(onDisk)).toEqual([])
    // …the journal holds all three, and opening replays them, quietly.
    const reopened = await startService(image)
    const opened = await reopened.open('c1')
    expect(walls(opened.campaign)).toEqual([0, 1, 2])
    expect(opened.repaired).toBeUndefined()
    expect(opened.recovered).toBeUndefined()
    // Replayed changes are folded into the file at once, and the journal starts afresh.
    const saved = JSON.parse(
      await fs.readFile(path.join(image, 'campaigns', 'c1.json'), 'utf8'),
    ) as ReturnType<typeof makeCampaign>
    expect(walls(saved)).toEqual([0, 1, 2])
    expect(await listGenerations(path.join(image, 'journal', 'c1'))).toHaveLength(1)
  })

  it('replays undo and redo, even of changes folded into the snapshot, and undo works after the replay', async () => {
    const service = await startService(dataDir)
    await service.open('c1')
    for (const x of [0, 1, 2]) await service.dispatch('c1', wall(x))
    await service.flush('c1') // the snapshot holds walls 0, 1, 2; the history before it is gone after a crash
    await service.undo('c1') // 0 1
    await service.undo('c1') // 0
    await service.redo('c1') // 0 1
    await service.dispatch('c1', wall(3)) // 0 1 3
    const image = await crashImage()

    const reopened = await startService(image)
    expect(walls((await reopened.open('c1')).campaign)).toEqual([0, 1, 3])
    expect(reopened.canUndo('c1')).toBe(true)
    expect(walls(await reopened.undo('c1'))).toEqual([0, 1])
    expect(walls(await reopened.undo('c1'))).toEqual([0])
    expect(walls(await reopened.redo('c1'))).toEqual([0, 1])
    expect(walls(await reopened.redo('c1'))).toEqual([0, 1, 3])
    // …and those undos and redos are journaled in turn: a second crash keeps them.
    await reopened.undo('c1')
    const second = await startService(await copyOf(image))
    expect(walls((await second.open('c1')).campaign)).toEqual([0, 1])
  })

  it('ignores a torn last line (a crash in the middle of an append): the campaign is not damaged', async () => {
    const service = await startService(dataDir)
    await service.open('c1')
    await service.dispatch('c1', wall(0))
    await service.dispatch('c1', wall(1))
    const image = await crashImage()
    const [generation] = await journalFiles(image)
    const file = path.join(image, 'journal', 'c1', generation)
    const lines = (await fs.readFile(file, 'utf8')).split('\n')
    // A third record whose append was cut short: half a line, no newline.
    await fs.appendFile(file, lines[2].replace('"seq":2', '"seq":3').slice(0, 25))

    const reopened = await startService(image)
    const opened = await reopened.open('c1')
    expect(walls(opened.campaign)).toEqual([0, 1])
    expect(opened.recovered).toBeUndefined()
    expect(opened.repaired).toBeUndefined()
    expect((await reopened.list()).find((c) => c.id === 'c1')?.unreadable).toBeUndefined()
  })

  it('sets aside a journal that belongs to another version of the file, and never replays it', async () => {
    const service = await startService(dataDir)
    await service.open('c1')
    await service.dispatch('c1', wall(0))
    const image = await crashImage()
    // The file replaced by hand while the app was down.
    await fs.writeFile(
      path.join(image, 'campaigns', 'c1.json'),
      JSON.stringify(makeCampaign({ name: 'Edited by hand' })),
    )

    const reopened = await startService(image)
    const opened = await reopened.open('c1')
    expect(opened.campaign.name).toBe('Edited by hand')
    expect(walls(opened.campaign)).toEqual([])
    expect(opened.journal).toEqual([
      expect.objectContaining({ problem: 'unmatched', file: '00000001.jsonl', setAside: 1 }),
    ])
    expect(opened.repaired).toBeUndefined()
    expect((await journalFiles(image)).some((name) => name.includes('.unmatched-'))).toBe(true)
  })

  it('keeps changes made while a snapshot is being written (they go to the next generation)', async () => {
    const service = await startService(dataDir)
    await service.open('c1')
    await service.dispatch('c1', wall(0))
    const saving = service.flush('c1')
    await service.dispatch('c1', wall(1))
    await service.dispatch('c1', wall(2))
    const image = await crashImage()
    await saving
    const reopened = await startService(image)
    expect(walls((await reopened.open('c1')).campaign)).toEqual([0, 1, 2])
  })
})

async function copyOf(dir: string): Promise<string> {
  const copy = `${dir}-copy`
  await copyCrashImage(dir, copy)
  return copy
}
