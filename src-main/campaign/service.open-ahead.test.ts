// A campaign read ahead of its open (issue 29, open-ahead.ts): once a page has listed the
// campaigns, the one opened last is read and parsed while the GM looks at the list, and the open
// takes it only while the file still holds those bytes. Nothing is written until the open.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { createCampaignService, type CampaignService } from './service'
import { makeTempDir, removeDir } from './temp-dirs.testing'

// The battle the engine answers on (map-battle.ts), counted by the map asked for.
const battles = vi.hoisted(() => ({ asked: [] as unknown[] }))
vi.mock('@core/campaign/map-battle', async (importOriginal) =>
  (await import('./counted-battles.testing')).countingBattles(await importOriginal(), battles),
)

let dataDir: string
const running: CampaignService[] = []

beforeEach(async () => {
  dataDir = await makeTempDir('gm-open-ahead-')
})
afterEach(async () => {
  for (const service of running.splice(0)) await service.dispose().catch(() => undefined)
  await removeDir(dataDir)
})

async function start(trust = true, now?: () => Date): Promise<CampaignService> {
  const service = await createCampaignService({
    dataDir,
    autosaveDelayMs: 3_600_000,
    trustWrittenFiles: trust,
    ...(now ? { now } : {}),
  })
  running.push(service)
  return service
}

async function stop(service: CampaignService): Promise<void> {
  running.splice(running.indexOf(service), 1)
  await service.dispose()
}

const campaignFile = (id: string) => path.join(dataDir, 'campaigns', `${id}.json`)

/**
 * Two campaigns saved by the app: "newer" changed last, "older" opened last (within the same
 * millisecond as "newer": a fast machine opens both in one).
 */
async function twoCampaigns(): Promise<void> {
  const service = await start(true, () => new Date('2026-11-27T12:00:00.000Z'))
  await service.importCampaign(
    JSON.stringify(
      makeCampaign({ id: 'newer', name: 'Newer', updatedAt: '2026-01-02T00:00:00.000Z' }),
    ),
  )
  await service.importCampaign(
    JSON.stringify(
      makeCampaign({
        id: 'older',
        name: 'Older',
        updatedAt: '2026-01-01T00:00:00.000Z',
        maps: [makeMap({ id: 'm1' }), makeMap({ id: 'm2', name: 'Second' })],
      }),
    ),
  )
  for (const id of ['newer', 'older']) {
    await service.open(id)
    await service.close(id)
  }
  await stop(service)
}

describe('a campaign read ahead of its open', () => {
  it('after a restart, the list reads the campaign opened last, and its open takes it', async () => {
    await twoCampaigns()
    const full = await start(false)
    const expected = (await full.open('older')).campaign
    await stop(full)

    const service = await start()
    expect((await service.list()).map((c) => c.id)).toEqual(['newer', 'older'])
    await service.readAheadSettled()
    expect(service.store.reads.readsAhead).toBe(1)
    const opened = await service.open('older')
    expect(service.store.reads.opensReadAhead).toBe(1)
    expect(service.store.reads.readsAhead).toBe(1)
    expect(opened.campaign).toEqual(expected)
  })

  it("builds the battle of the campaign's first map ahead too: the one an open from the list shows", async () => {
    await twoCampaigns()
    const service = await start()
    await service.list()
    battles.asked = []
    await service.readAheadSettled()
    expect(battles.asked).toHaveLength(1)
    const opened = await service.open('older')
    expect(battles.asked[0]).toBe(opened.campaign.maps[0])
  })

  it('an open arriving while the campaign is read ahead waits for that work: one parse', async () => {
    await twoCampaigns()
    const service = await start()
    void service.store.readAhead('older')
    const opened = await service.open('older')
    expect(opened.campaign.name).toBe('Older')
    expect(service.store.reads.readsAhead).toBe(1)
    expect(service.store.reads.opensReadAhead).toBe(1)
  })

  it('a file changed on disk after it was read ahead opens as it is now, checked in full', async () => {
    await twoCampaigns()
    const service = await start()
    await service.list()
    await service.readAheadSettled()
    expect(service.store.reads.readsAhead).toBe(1)
    const edited = JSON.parse(await fs.readFile(campaignFile('older'), 'utf8')) as {
      name: string
    }
    edited.name = 'Edited by hand'
    await fs.writeFile(campaignFile('older'), JSON.stringify(edited))
    const opened = await service.open('older')
    expect(opened.campaign.name).toBe('Edited by hand')
    expect(service.store.reads.opensReadAhead).toBe(0)
    expect(service.store.trustedOpens).toBe(0)
  })

  it("another campaign's open drops what was read ahead; reopening reads the file again", async () => {
    await twoCampaigns()
    const service = await start()
    await service.list()
    await service.readAheadSettled()
    await service.open('newer')
    await service.close('newer')
    const opened = await service.open('older')
    expect(opened.campaign.maps).toHaveLength(2)
    expect(service.store.reads.opensReadAhead).toBe(0)
  })

  it('nothing is written until the open: a file needing repair is backed up only then', async () => {
    await fs.mkdir(path.dirname(campaignFile('copy')), { recursive: true })
    await fs.writeFile(
      campaignFile('copy'),
      JSON.stringify(makeCampaign({ id: 'victim', name: 'A copy' }), null, 2),
    )
    const service = await start()
    await service.list()
    await service.readAheadSettled()
    expect(service.store.reads.readsAhead).toBe(1)
    expect(await service.store.listBackups('copy')).toEqual([])
    const opened = await service.open('copy')
    expect(service.store.reads.opensReadAhead).toBe(1)
    expect(opened.repaired).toEqual([
      { code: 'campaign-id-mismatch', innerId: 'victim', fileId: 'copy' },
    ])
    expect(opened.campaign.id).toBe('copy')
    expect(await service.store.listBackups('copy')).toHaveLength(1)
  })

  it('reads nothing ahead while a campaign is open', async () => {
    await twoCampaigns()
    const service = await start()
    await service.open('newer')
    await service.list()
    await service.readAheadSettled()
    expect(service.store.reads.readsAhead).toBe(0)
  })
})
