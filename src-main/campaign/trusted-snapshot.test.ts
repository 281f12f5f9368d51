// Trusted snapshots (issue 29): a file that still holds the bytes the app wrote opens without the
// full check, and gives exactly what the full check gives; any other file takes the full path and
// is repaired, recovered or refused as before.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CommandError } from '@core/campaign/commands'
import { CampaignLimitError } from '@core/campaign/loadable'
import {
  limitStepsArbitrary,
  nearLimitCampaign,
  nearLimitsArbitrary,
} from '@core/campaign/limits-testing'
import type { Campaign, Command } from '@core/campaign/schema'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { hashSnapshot } from './journal'
import { serializeCampaign, serializeCampaignInSlices } from './serialize'
import { createCampaignService, type CampaignService } from './service'
import { CampaignUnreadableError } from './storage'
import { makeTempDir, removeDir } from './temp-dirs.testing'

const SAMPLE_FILE = new URL('../../resources/sample-campaign.json', import.meta.url).pathname

let root: string
let folders = 0
const running: CampaignService[] = []

beforeEach(async () => {
  root = await makeTempDir('gm-trusted-')
})
afterEach(async () => {
  for (const service of running.splice(0)) await service.dispose().catch(() => undefined)
  await removeDir(root)
})

async function serviceOn(dataDir: string, trust = true, sample?: string): Promise<CampaignService> {
  const service = await createCampaignService({
    dataDir,
    autosaveDelayMs: 3_600_000,
    trustWrittenFiles: trust,
    ...(sample ? { sampleCampaignFile: sample } : {}),
  })
  running.push(service)
  return service
}

async function stop(service: CampaignService): Promise<void> {
  running.splice(running.indexOf(service), 1)
  await service.dispose()
}

/** Opens `id` in a fresh service both ways (the app restarted): [trusted path, full path]. */
async function openBothWays(dataDir: string, id: string) {
  const trusted = await serviceOn(dataDir)
  const viaTrust = await trusted.open(id)
  const trustedOpens = trusted.store.trustedOpens
  await stop(trusted)
  const full = await serviceOn(dataDir, false)
  const viaFull = await full.open(id)
  await stop(full)
  return { viaTrust, viaFull, trustedOpens }
}

async function withCampaign(campaign: Campaign, commands: (Command | 'undo' | 'redo')[] = []) {
  const dataDir = path.join(root, `data-${++folders}`)
  const service = await serviceOn(dataDir)
  await service.importCampaign(JSON.stringify(campaign))
  await service.open(campaign.id)
  for (const step of commands) {
    try {
      if (step === 'undo') await service.undo(campaign.id)
      else if (step === 'redo') await service.redo(campaign.id)
      else await service.dispatch(campaign.id, step)
    } catch (error) {
      if (!(error instanceof CommandError || error instanceof CampaignLimitError)) throw error
    }
  }
  const current = service.getCampaign(campaign.id)!
  await stop(service)
  return { dataDir, current, file: path.join(dataDir, 'campaigns', `${campaign.id}.json`) }
}

describe('trusted open', () => {
  it('gives exactly what the full path gives for the sample campaign, across a restart', async () => {
    const dataDir = path.join(root, 'sample')
    await stop(await serviceOn(dataDir, true, SAMPLE_FILE))
    const id = JSON.parse(await fs.readFile(SAMPLE_FILE, 'utf8')).id as string
    const { viaTrust, viaFull, trustedOpens } = await openBothWays(dataDir, id)
    expect(trustedOpens).toBe(1)
    expect(viaTrust).toEqual(viaFull)
  })

  it('gives exactly what the full path gives after random commands near the limits', async () => {
    await fc.assert(
      fc.asyncProperty(nearLimitsArbitrary, limitStepsArbitrary, async (near, steps) => {
        const { dataDir, current } = await withCampaign(nearLimitCampaign(near), steps)
        const { viaTrust, viaFull, trustedOpens } = await openBothWays(dataDir, 'c1')
        expect(trustedOpens).toBe(1)
        expect(viaTrust).toEqual(viaFull)
        expect(viaTrust.campaign).toEqual(current)
      }),
      { numRuns: 15 },
    )
  })

  it('saves a campaign opened trusted byte for byte, reusing the file for unchanged maps', async () => {
    const maps = [1, 2, 3].map((n) =>
      makeMap({ id: `m${n}`, name: `Map ${n}`, notes: `日本語 ${'x'.repeat(n * 100)}` }),
    )
    const { dataDir, file } = await withCampaign(makeCampaign({ maps }))
    const service = await serviceOn(dataDir)
    const { campaign } = await service.open('c1')
    expect(service.store.trustedOpens).toBe(1)
    const bytes = await fs.readFile(file)
    const again = await serializeCampaignInSlices(campaign)
    expect(again.hash).toBe(hashSnapshot(bytes))
    // Each unchanged map's bytes are the file's own (no copy, no new encoding).
    const views = again.parts.filter((part) => part.buffer.byteLength === bytes.length)
    expect(views).toHaveLength(3)
    expect(new Set(views.map((part) => part.buffer)).size).toBe(1)
    await service.dispatch('c1', { type: 'token.move', mapId: 'm2', tokenId: 'pc', to: [3, 2] })
    await service.flush('c1')
    expect(await fs.readFile(file, 'utf8')).toBe(serializeCampaign(service.getCampaign('c1')!))
  })
})

describe('a file not as the app wrote it', () => {
  it('a hand edit takes the full path and is repaired as before', async () => {
    const { dataDir, file } = await withCampaign(makeCampaign())
    const text = await fs.readFile(file, 'utf8')
    // A token moved off the 6×5 map by hand: the repair pass brings it back inside.
    await fs.writeFile(file, text.replace('"at":[0,0]', '"at": [9, 9]'))
    const { viaTrust, viaFull, trustedOpens } = await openBothWays(dataDir, 'c1')
    expect(trustedOpens).toBe(0)
    expect(viaTrust.repaired).toEqual([
      { code: 'tokens-moved-onto-map', mapId: 'm1', mapName: 'Test map', count: 1 },
    ])
    // The first open saved the repaired campaign; the full path reads that file back the same.
    expect(viaTrust.campaign).toEqual(viaFull.campaign)
  })

  it('a hand edit the schema refuses opens the last good backup, with the clear message', async () => {
    const { dataDir, file } = await withCampaign(makeCampaign({ name: 'Good' }))
    const text = await fs.readFile(file, 'utf8')
    await fs.writeFile(file, text.replace('"maps": [', '"maps": 7, "x": ['))
    const service = await serviceOn(dataDir)
    const opened = await service.open('c1')
    expect(service.store.trustedOpens).toBe(0)
    expect(opened.recovered?.damage).toMatch(/schema at maps/)
    expect(opened.recovered?.badFile).toMatch(/^c1\.json\.bad-/)
    expect(opened.campaign.name).toBe('Good')
  })

  it('a truncated file opens the last good backup, and with none the clear refusal', async () => {
    const { dataDir, file } = await withCampaign(makeCampaign({ name: 'Kept' }))
    const good = await fs.readFile(file, 'utf8')
    await fs.writeFile(file, good.slice(0, good.length / 2))
    const service = await serviceOn(dataDir)
    const opened = await service.open('c1')
    expect(opened.recovered?.damage).toMatch(/JSON|Unexpected|Unterminated/i)
    expect(opened.campaign.name).toBe('Kept')
    await stop(service)

    await fs.rm(path.join(dataDir, 'backups'), { recursive: true })
    await fs.writeFile(file, good.slice(0, good.length / 3))
    const bare = await serviceOn(dataDir)
    await expect(bare.open('c1')).rejects.toBeInstanceOf(CampaignUnreadableError)
  })

  it('a file put back to bytes the app wrote earlier, or by another loader, is checked in full', async () => {
    const { dataDir, file } = await withCampaign(makeCampaign({ name: 'One' }), [
      { type: 'campaign.rename', name: 'Two' },
    ])
    const backups = await fs.readdir(path.join(dataDir, 'backups', 'c1'))
    const first = path.join(dataDir, 'backups', 'c1', backups.sort()[0])
    await fs.copyFile(first, file)
    const service = await serviceOn(dataDir)
    expect((await service.open('c1')).campaign.name).toBe('One')
    expect(service.store.trustedOpens).toBe(0)
    await stop(service)

    const index = path.join(dataDir, 'campaign-index.json')
    const saved = JSON.parse(await fs.readFile(index, 'utf8'))
    // Reopened and saved by the full path above: the record is the app's again. Claim another loader.
    saved.entries['c1.json'].written.loader = 'schema-0/0'
    await fs.writeFile(index, JSON.stringify(saved))
    const other = await serviceOn(dataDir)
    await other.open('c1')
    expect(other.store.trustedOpens).toBe(0)
  })
})
