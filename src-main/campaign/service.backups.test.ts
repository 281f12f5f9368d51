// The autosave backs up every few minutes, not on every save (backups.ts, issue 29), and a damaged
// file still opens as the newest backup with every acknowledged change replayed on top: the
// journal keeps its generations from that backup's on.
import { promises as fs } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_BACKUP_POLICY } from './backups'
import { createCampaignService, type CampaignService } from './service'
import { makeTempDir, removeDir } from './temp-dirs.testing'

let dataDir: string
let services: CampaignService[]
let clock: number

beforeEach(async () => {
  dataDir = await makeTempDir('gm-backups-')
  services = []
  clock = Date.parse('2026-01-01T10:00:00.000Z')
})
afterEach(async () => {
  for (const service of services) await service.dispose().catch(() => undefined)
  await removeDir(dataDir)
})

async function start(): Promise<CampaignService> {
  const service = await createCampaignService({
    dataDir,
    autosaveDelayMs: 3_600_000,
    now: () => new Date(clock),
  })
  services.push(service)
  return service
}

/** The campaign's file broken by hand, then opened by a new start: the open recovers from it. */
async function openedAfterDamage(service: CampaignService, id: string) {
  await fs.writeFile(service.store.campaignFile(id), '{"schemaVersion": 1, "id": ')
  const opened = await (await start()).open(id)
  expect(opened.recovered?.damage).toMatch(/JSON/)
  return opened
}

/** A rename, saved as the autosave saves (flush), `seconds` later. */
async function renamedAndSaved(service: CampaignService, id: string, name: string, seconds = 10) {
  clock += seconds * 1000
  await service.dispatch(id, { type: 'campaign.rename', name })
  await service.flush(id)
}

const backups = (service: CampaignService, id: string) => service.store.listBackups(id)

describe('backups', () => {
  it('are made by a save only once the newest is the policy’s interval old', async () => {
    const service = await start()
    const { id } = await service.create('c')
    expect(await backups(service, id)).toHaveLength(1)
    await renamedAndSaved(service, id, 'r1')
    await renamedAndSaved(service, id, 'r2', 60)
    expect(await backups(service, id)).toHaveLength(1)
    await renamedAndSaved(service, id, 'r3', DEFAULT_BACKUP_POLICY.everyMs / 1000)
    const made = await backups(service, id)
    expect(made).toHaveLength(2)
    expect(await fs.readFile(made[1], 'utf8')).toBe(
      await fs.readFile(service.store.campaignFile(id), 'utf8'),
    )
  })

  it('leave a damaged file opening as the newest backup with every change since', async () => {
    const crashed = await start()
    const { id } = await crashed.create('c')
    await renamedAndSaved(crashed, id, 'r1')
    await renamedAndSaved(crashed, id, 'r2')
    clock += 1000
    await crashed.dispatch(id, { type: 'campaign.rename', name: 'r3' }) // in the journal only
    // The app stops without closing anything; then the file is broken by hand.
    const opened = await openedAfterDamage(crashed, id)
    expect(opened.campaign.name).toBe('r3')
  })

  it('leave a damaged file opening with every change after a crash and an open that saved nothing', async () => {
    const crashed = await start()
    const { id } = await crashed.create('c')
    await renamedAndSaved(crashed, id, 'r1')
    await renamedAndSaved(crashed, id, 'r2') // saved, and no backup made of it
    // The app stops without closing anything; the next start opens the file as it is (nothing to
    // replay, so nothing saved), and the file is broken before that session saves.
    const reopened = await (await start()).open(id)
    expect(reopened.campaign.name).toBe('r2')
    const opened = await openedAfterDamage(crashed, id)
    expect(opened.campaign.name).toBe('r2')
  })

  it('are made on close when the last save made none', async () => {
    const service = await start()
    const { id } = await service.create('c')
    await renamedAndSaved(service, id, 'r1')
    expect(await backups(service, id)).toHaveLength(1)
    await service.close(id)
    const made = await backups(service, id)
    expect(made).toHaveLength(2)
    expect(await fs.readFile(made[1], 'utf8')).toBe(
      await fs.readFile(service.store.campaignFile(id), 'utf8'),
    )
    // Nothing since: no journal generation is left to replay.
    const reopened = await service.open(id)
    expect(reopened.campaign.name).toBe('r1')
    expect(reopened.journal).toBeUndefined()
  })
})
