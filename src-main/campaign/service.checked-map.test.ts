// A map checked where it was made (an imported Universal VTT map, on its import worker) is added
// as one record, journaled like any change, and still kept within the file-size budget (issue 26).
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChangeEvent } from '@core/contract/campaign-service'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import type { Campaign } from '@core/campaign/schema'
import { createCampaignService, type CampaignService } from './service'
import { copyCrashImage, makeTempDir, removeDir } from './temp-dirs.testing'
import { JOURNAL_WRITE_CHARS } from './journal'

let dataDir: string
const services: CampaignService[] = []

async function start(options: { maxBytes?: number } = {}): Promise<CampaignService> {
  const service = await createCampaignService({
    dataDir,
    autosaveDelayMs: 3_600_000,
    ...(options.maxBytes ? { files: { maxBytes: options.maxBytes } } : {}),
  })
  services.push(service)
  return service
}

/** Opens campaign c1 from a copy of the data folder as a crash would leave it, then checks it. */
async function afterCrash(
  check: (again: CampaignService, reopened: Campaign) => Promise<void>,
): Promise<void> {
  const image = `${dataDir}-image`
  await copyCrashImage(dataDir, image)
  try {
    const again = await createCampaignService({ dataDir: image, autosaveDelayMs: 3_600_000 })
    services.push(again)
    await check(again, (await again.open('c1')).campaign)
  } finally {
    await removeDir(image)
  }
}

const imported = makeMap({
  id: 'imported',
  name: 'Imported',
  width: 40,
  height: 40,
  tokens: [],
  edges: Array.from({ length: 300 }, (_, i) => ({
    between: [
      [i % 40, Math.floor(i / 40)],
      [(i % 40) + 1, Math.floor(i / 40)],
    ] as [[number, number], [number, number]],
    kind: 'wall' as const,
  })),
})

beforeEach(async () => {
  dataDir = await makeTempDir('gm-checked-map-')
  const seed = await start()
  await seed.importCampaign(JSON.stringify(makeCampaign()))
})
afterEach(async () => {
  for (const service of services.splice(0)) await service.dispose().catch(() => undefined)
  await removeDir(dataDir)
})

describe('addCheckedMap', () => {
  it('adds the map as one put, sent to listeners and journaled, so a crash keeps it', async () => {
    const service = await start()
    await service.open('c1')
    const events: ChangeEvent[] = []
    service.subscribe((event) => events.push(event))
    const event = await service.addCheckedMap('c1', imported, 20_000)
    expect(event.changes.filter((c) => c.kind === 'map')).toEqual([
      { op: 'put', kind: 'map', id: 'imported', record: imported },
    ])
    expect(events).toHaveLength(1)
    expect(service.canUndo('c1')).toBe(true)
    // A copy of the folder as a crash would leave it: the journal alone holds the map.
    await afterCrash(async (again, reopened) => {
      expect(reopened.maps.map((m) => m.id)).toEqual(['m1', 'imported'])
      expect(reopened.maps[1].edges).toHaveLength(300)
      expect((await again.undo('c1')).maps.map((m) => m.id)).toEqual(['m1'])
    })
  })

  it('is refused when the bytes the worker measured would pass the file cap', async () => {
    const file = path.join(dataDir, 'campaigns', 'c1.json')
    const size = (await fs.stat(file)).size
    const service = await start({ maxBytes: size + 5_000 })
    await service.open('c1')
    await expect(service.addCheckedMap('c1', imported, 1_000_000)).rejects.toMatchObject({
      code: 'campaign-limit',
    })
    expect(service.getCampaign('c1')?.maps.map((m) => m.id)).toEqual(['m1'])
  })

  it('journals a large map a part at a time: no write encodes the whole line at once', async () => {
    // 11,940 edges: a journal line of about 540,000 characters, over two parts.
    const large = makeMap({
      id: 'large',
      name: 'Large',
      width: 200,
      height: 60,
      tokens: [],
      edges: Array.from({ length: 199 * 60 }, (_, i) => ({
        between: [
          [i % 199, Math.floor(i / 199)],
          [(i % 199) + 1, Math.floor(i / 199)],
        ] as [[number, number], [number, number]],
        kind: 'wall' as const,
      })),
    })
    const service = await start()
    await service.open('c1')
    const probe = await fs.open(path.join(dataDir, 'probe'), 'w')
    const handle = Object.getPrototypeOf(probe) as {
      appendFile: (...args: unknown[]) => Promise<void>
    }
    await probe.close()
    const original = handle.appendFile
    const written: number[] = []
    const spy = vi.spyOn(handle, 'appendFile').mockImplementation(function (
      this: unknown,
      ...args: unknown[]
    ) {
      if (typeof args[0] === 'string') written.push(args[0].length)
      return original.apply(this, args)
    })
    try {
      await service.addCheckedMap('c1', large, 600_000)
    } finally {
      spy.mockRestore()
    }
    expect(written.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(500_000)
    // A part is about JOURNAL_WRITE_CHARS (stringifyInParts ends one after the piece that passes it).
    expect(Math.max(...written)).toBeLessThan(1.5 * JOURNAL_WRITE_CHARS)
    await afterCrash(async (_again, reopened) => {
      expect(reopened.maps[1]).toEqual(large)
    })
  })
})
