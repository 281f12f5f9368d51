// The campaign list's verbs (issue 12.14): rename with the one name rule, delete to the trash with
// every backup, restore, and importing a campaign that is already there.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCampaignService, type CampaignService } from './service'
import { makeCampaign } from '@core/campaign/test-helpers'
import { makeTempDir, removeDir } from './temp-dirs.testing'

let dataDir: string
let service: CampaignService

const exported = (name = 'Original', notes = '') =>
  JSON.stringify(makeCampaign({ id: 'c1', name, notes }))
const backups = async (dir: string): Promise<string[]> =>
  (await fs.readdir(dir).catch(() => [] as string[])).sort()

beforeEach(async () => {
  dataDir = await makeTempDir('gm-library-')
  service = await createCampaignService({ dataDir, autosaveDelayMs: 3_600_000 })
  await service.importCampaign(exported())
})
afterEach(async () => {
  await service.dispose()
  await removeDir(dataDir)
})

describe('campaign library', () => {
  it('renames with the shared name rule, open or not, undoably', async () => {
    await expect(service.rename('c1', '   ')).rejects.toThrow(/blank/)
    await expect(service.rename('c1', 'evil\u202eeman')).rejects.toThrow(/text-direction/)
    await expect(service.rename('c1', 'bell\u0007')).rejects.toThrow(/control characters/)
    expect((await service.rename('c1', '  New name ')).name).toBe('New name')
    expect(service.getCampaign('c1')).toBeUndefined() // it was closed and stays closed
    expect((await service.list()).find((c) => c.id === 'c1')?.name).toBe('New name')

    await service.open('c1')
    await service.rename('c1', 'Open rename')
    expect((await service.undo('c1')).name).toBe('New name')
  })

  it('deletes to the trash with every backup, and restores it as it was', async () => {
    await service.open('c1')
    await service.dispatch('c1', { type: 'campaign.rename', name: 'Edited' })
    await service.flush('c1')
    const backupDir = path.join(dataDir, 'backups', 'c1')
    const before = await backups(backupDir)
    expect(before.length).toBeGreaterThanOrEqual(2)
    const original = await fs.readFile(path.join(dataDir, 'campaigns', 'c1.json'))

    const entry = await service.deleteCampaign('c1')
    expect(entry).toMatchObject({ id: 'c1', name: 'Edited', mapCount: 1 })
    expect(service.getCampaign('c1')).toBeUndefined()
    expect(await service.list()).toEqual([])
    await expect(service.open('c1')).rejects.toMatchObject({ code: 'not-found' })
    // Everything of it is in the trash folder, inside the data folder.
    const trashed = path.join(dataDir, 'trash', entry.trashId)
    expect(await backups(path.join(trashed, 'backups'))).toEqual(before)
    expect(await fs.readFile(path.join(trashed, 'campaign.json'))).toEqual(original)
    expect(await service.listTrash()).toEqual([entry])

    expect(await service.restore(entry.trashId)).toEqual({ id: 'c1', name: 'Edited' })
    expect(await service.listTrash()).toEqual([])
    expect(await backups(backupDir)).toEqual(before)
    expect((await service.open('c1')).campaign.name).toBe('Edited')
    await expect(service.restore(entry.trashId)).rejects.toMatchObject({ code: 'not-in-trash' })
    await expect(service.restore('../../etc')).rejects.toMatchObject({ code: 'not-in-trash' })
  })

  it('restores under a new id and a distinct name when the id was taken meanwhile', async () => {
    const entry = await service.deleteCampaign('c1')
    await service.importCampaign(exported('Original'))
    const restored = await service.restore(entry.trashId)
    expect(restored).toEqual({ id: 'c1 (restored)', name: 'Original (2)' })
    expect((await service.list()).map((c) => `${c.id} = ${c.name}`).sort()).toEqual([
      'c1 (restored) = Original (2)',
      'c1 = Original',
    ])
  })

  it('asks before importing a campaign that is already there; replace keeps the old one in the trash', async () => {
    await expect(service.importCampaign(exported('Second copy'))).rejects.toMatchObject({
      code: 'import-conflict',
    })
    expect((await service.list()).map((c) => c.name)).toEqual(['Original'])

    const replaced = await service.importCampaign(exported('Second copy', 'new notes'), 'replace')
    expect(replaced.id).toBe('c1')
    expect((await service.open('c1')).campaign.notes).toBe('new notes')
    const [trashed] = await service.listTrash()
    expect(trashed).toMatchObject({ id: 'c1', name: 'Original' })
    expect(
      (await backups(path.join(dataDir, 'trash', trashed.trashId, 'backups'))).length,
    ).toBeGreaterThan(0)

    const both = await service.importCampaign(exported('Second copy'), 'keep-both')
    expect(both.id).not.toBe('c1')
    expect(both.name).toBe('Second copy (2)')
    expect((await service.list()).map((c) => c.name).sort()).toEqual([
      'Second copy',
      'Second copy (2)',
    ])
  })
})
