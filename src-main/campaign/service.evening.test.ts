// Issue 25, a whole evening: undo history stays with each campaign when the GM switches to
// another and back, and an autosave that fails is told to the GM pages (not only logged).
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CampaignNotice } from '@core/contract/campaign-service'
import type { CampaignService } from './service'
import { createCampaignService } from './service'
import type { Command } from '@core/campaign/schema'
import { makeCampaign } from '@core/campaign/test-helpers'
import { makeTempDir, removeDir } from './temp-dirs.testing'

let dataDir: string
let services: CampaignService[]

async function startService(options: Partial<Parameters<typeof createCampaignService>[0]> = {}) {
  const service = await createCampaignService({
    dataDir,
    autosaveDelayMs: 10_000,
    onSaveError: () => {},
    ...options,
  })
  services.push(service)
  return service
}

const wall = (x: number): Command => ({
  type: 'edge.set',
  mapId: 'm1',
  between: [
    [x, 0],
    [x + 1, 0],
  ],
  edge: { kind: 'wall' },
})

beforeEach(async () => {
  dataDir = await makeTempDir()
  services = []
})
afterEach(async () => {
  for (const service of services) await service.dispose().catch(() => {})
  await removeDir(dataDir)
})

describe('an evening of campaigns', () => {
  it('keeps each campaign’s undo history across closing it and opening another', async () => {
    const service = await startService()
    await service.store.save(makeCampaign({ id: 'c1' }))
    await service.store.save(makeCampaign({ id: 'c2' }))
    await service.open('c1')
    await service.dispatch('c1', wall(0))
    await service.dispatch('c1', wall(1))
    await service.close('c1')
    await service.open('c2')
    await service.dispatch('c2', wall(2))
    await service.close('c2')
    await service.open('c1')
    expect(service.canUndo('c1')).toBe(true)
    expect((await service.undo('c1')).maps[0].edges).toHaveLength(1)
    expect((await service.undo('c1')).maps[0].edges).toHaveLength(0)
    expect(service.canUndo('c1')).toBe(false)
    expect(service.canRedo('c1')).toBe(true)
    await service.open('c2')
    expect((await service.undo('c2')).maps[0].edges).toHaveLength(0)
  })

  it('drops a kept history when the file changed while the campaign was closed', async () => {
    const service = await startService()
    await service.store.save(makeCampaign({ id: 'c1' }))
    await service.open('c1')
    await service.dispatch('c1', wall(0))
    await service.close('c1')
    // Replaced by hand (or by an import): the history would undo into a campaign that is gone.
    await service.store.save(makeCampaign({ id: 'c1', name: 'Edited by hand' }))
    await service.open('c1')
    expect(service.canUndo('c1')).toBe(false)
  })

  it('tells the pages when an autosave fails, with the error code', async () => {
    const service = await startService({
      autosaveDelayMs: 20,
      now: () => new Date('2025-05-05T05:05:05.000Z'),
    })
    await service.store.save(makeCampaign({ id: 'c1' }))
    await service.open('c1')
    const notices: CampaignNotice[] = []
    service.subscribeNotices((notice) => notices.push(notice))
    // A directory where the campaign file was: the rename of the save's temp file fails.
    const file = path.join(dataDir, 'campaigns', 'c1.json')
    await fs.rm(file)
    await fs.mkdir(file)
    await fs.writeFile(path.join(file, 'in-the-way'), '')
    await service.dispatch('c1', wall(0))
    await expect.poll(() => notices.length, { timeout: 5000 }).toBeGreaterThan(0)
    expect(notices[0]).toMatchObject({
      campaignId: 'c1',
      kind: 'save-failed',
      at: '2025-05-05T05:05:05.000Z',
    })
    expect(notices[0].errno).toMatch(/^E[A-Z]+$/)
    await fs.rm(file, { recursive: true })
  })
})
