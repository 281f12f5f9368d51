// Issue 11 item 1: the file name is the campaign's identity. A copy whose inner id names another
// campaign must never save over that campaign, and a hostile inner id must not lose edits.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCampaignService, type CampaignService } from './service'
import { campaignSchema } from '@core/campaign/schema'
import { makeCampaign } from '@core/campaign/test-helpers'
import { makeTempDir, removeDir } from './temp-dirs.testing'

let dataDir: string
let service: CampaignService

const file = (id: string) => path.join(dataDir, 'campaigns', `${id}.json`)

beforeEach(async () => {
  dataDir = await makeTempDir()
  await fs.mkdir(path.join(dataDir, 'campaigns'), { recursive: true })
  service = await createCampaignService({ dataDir, autosaveDelayMs: 10_000 })
})

afterEach(async () => {
  await service.dispose()
  await removeDir(dataDir)
})

describe('campaign identity', () => {
  it('opens copy.json holding "id": "victim" as "copy" and never writes victim.json', async () => {
    const victim = JSON.stringify(makeCampaign({ id: 'victim', name: 'The original' }), null, 2)
    await fs.writeFile(file('victim'), victim)
    await fs.writeFile(file('copy'), JSON.stringify(makeCampaign({ id: 'victim', name: 'A copy' })))
    const opened = await service.open('copy')
    expect(opened.campaign.id).toBe('copy')
    expect(opened.repaired).toEqual([
      { code: 'campaign-id-mismatch', innerId: 'victim', fileId: 'copy' },
    ])
    await service.dispatch('copy', { type: 'campaign.rename', name: 'Edited copy' })
    await service.flush('copy')
    expect(await fs.readFile(file('victim'), 'utf8')).toBe(victim)
    const saved = campaignSchema.parse(JSON.parse(await fs.readFile(file('copy'), 'utf8')))
    expect(saved).toMatchObject({ id: 'copy', name: 'Edited copy' })
  })

  it('keeps the edits of a file whose inner id is a path', async () => {
    await fs.writeFile(file('odd'), JSON.stringify(makeCampaign({ id: '../../x', name: 'Odd' })))
    await service.open('odd')
    await service.dispatch('odd', { type: 'campaign.rename', name: 'Kept' })
    await service.flush('odd')
    expect(campaignSchema.parse(JSON.parse(await fs.readFile(file('odd'), 'utf8')))).toMatchObject({
      id: 'odd',
      name: 'Kept',
    })
    const listed = await service.list()
    expect(listed.map((c) => c.id)).toEqual(['odd'])
  })
})
