// Campaign files as people actually have them (issue 11.5): with a byte-order mark, with bytes
// that are not UTF-8, named with spaces or in Japanese, far too big, from a newer app, and big
// enough that parsing belongs on the worker thread. Listing reads what the index does not know,
// and nothing else.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Campaign } from '@core/campaign/schema'
import { createCampaignService, type CampaignService } from './service'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { makeTempDir, removeDir } from './temp-dirs.testing'

let dataDir: string
let services: CampaignService[]

/** Small thresholds so the test files stay small: worker above 20 KB, nothing above 400 KB. */
const FILES = { inlineBytes: 20_000, maxBytes: 400_000 }

async function startService(): Promise<CampaignService> {
  const service = await createCampaignService({ dataDir, autosaveDelayMs: 3_600_000, files: FILES })
  services.push(service)
  return service
}

const campaignFile = (id: string): string => path.join(dataDir, 'campaigns', `${id}.json`)

async function writeCampaign(
  id: string,
  campaign: Campaign | Record<string, unknown>,
  prefix = '',
): Promise<void> {
  await fs.writeFile(campaignFile(id), prefix + JSON.stringify(campaign, null, 2))
}

/** A valid campaign of about `bytes` bytes (long GM notes). */
function bigCampaign(id: string, bytes: number): Campaign {
  return makeCampaign({
    id,
    name: `Big ${id}`,
    notes: 'x'.repeat(Math.min(bytes, 999_000)),
    maps: [makeMap({ notes: 'y'.repeat(Math.max(0, bytes - 999_000)) })],
  })
}

beforeEach(async () => {
  dataDir = await makeTempDir('gm-files-')
  await fs.mkdir(path.join(dataDir, 'campaigns'), { recursive: true })
  services = []
})
afterEach(async () => {
  for (const service of services) await service.dispose().catch(() => undefined)
  vi.restoreAllMocks()
  await removeDir(dataDir)
})

describe('campaign files', () => {
  it('a UTF-8 byte-order mark does not make a valid file damaged', async () => {
    await writeCampaign('bom', makeCampaign({ id: 'bom', name: 'With BOM' }), '\ufeff')
    const service = await startService()
    expect(await service.list()).toEqual([expect.objectContaining({ id: 'bom', name: 'With BOM' })])
    expect((await service.list())[0].unreadable).toBeUndefined()
    const opened = await service.open('bom')
    expect(opened.recovered).toBeUndefined()
    expect(opened.campaign.name).toBe('With BOM')
  })

  it('bytes that are not UTF-8 are damage: the original is kept byte for byte as .bad-*, never rewritten', async () => {
    const good = makeCampaign({ id: 'latin', name: 'Caf\u00e9' })
    const service = await startService()
    await service.importCampaign(JSON.stringify(good)) // writes a backup of the good file
    // The same text saved as Latin-1 by some editor: é is the single byte 0xE9.
    const latin1 = Buffer.from(JSON.stringify({ ...good, name: 'Caf\u00e9 (edited)' }), 'latin1')
    await fs.writeFile(campaignFile('latin'), latin1)

    expect((await service.list()).find((c) => c.id === 'latin')?.unreadable).toBe(true)
    const opened = await service.open('latin')
    expect(opened.recovered?.damage).toMatch(/not valid UTF-8/)
    expect(opened.campaign.name).toBe('Caf\u00e9')
    // The page is told the file name only; the bytes are kept beside the campaign.
    expect(opened.recovered!.badFile).toMatch(/^latin\.json\.bad-/)
    expect(
      await fs.readFile(path.join(path.dirname(campaignFile('latin')), opened.recovered!.badFile)),
    ).toEqual(latin1)
  })

  it('without a backup, a file that is not UTF-8 is left exactly as it is', async () => {
    const latin1 = Buffer.from(
      JSON.stringify(makeCampaign({ id: 'latin', name: 'Caf\u00e9' })),
      'latin1',
    )
    await fs.writeFile(campaignFile('latin'), latin1)
    const service = await startService()
    await expect(service.open('latin')).rejects.toMatchObject({ code: 'campaign-unreadable' })
    expect(await fs.readFile(campaignFile('latin'))).toEqual(latin1)
  })

  it('lists and opens files named with spaces or in Japanese, and saves them under the same name', async () => {
    await writeCampaign('My campaign', makeCampaign({ id: 'whatever', name: 'Spaces' }))
    await writeCampaign('ドラゴン退治', makeCampaign({ id: 'ドラゴン退治', name: '竜退治' }))
    await fs.writeFile(path.join(dataDir, 'campaigns', '.hidden.json'), '{}')
    const service = await startService()
    const listed = await service.list()
    expect(listed.map((c) => [c.id, c.name]).sort()).toEqual([
      ['My campaign', 'Spaces'],
      ['ドラゴン退治', '竜退治'],
    ])
    const opened = await service.open('ドラゴン退治')
    expect(opened.campaign.id).toBe('ドラゴン退治')
    await service.dispatch('ドラゴン退治', { type: 'campaign.rename', name: '竜退治 第2部' })
    await service.open('My campaign')
    await service.dispatch('My campaign', { type: 'campaign.rename', name: 'Still spaces' })
    await service.flush()
    expect(JSON.parse(await fs.readFile(campaignFile('ドラゴン退治'), 'utf8'))).toMatchObject({
      id: 'ドラゴン退治',
      name: '竜退治 第2部',
    })
    expect(JSON.parse(await fs.readFile(campaignFile('My campaign'), 'utf8'))).toMatchObject({
      id: 'My campaign',
      name: 'Still spaces',
    })
    // Names that could leave the folder are still no campaign at all.
    for (const bad of ['..', '../x', 'a/b', 'a\\b', '.hidden', 'CON', 'trailing.', ' lead']) {
      await expect(service.open(bad), bad).rejects.toMatchObject({ code: 'not-found' })
    }
  })

  it('lists a file over the size cap without reading it, and refuses to open it with a clear code', async () => {
    await writeCampaign('huge', bigCampaign('huge', 500_000))
    const service = await startService()
    const readFile = vi.spyOn(fs, 'readFile')
    const [summary] = await service.list()
    expect(summary).toMatchObject({ id: 'huge', name: 'huge', tooLarge: true })
    expect(readFile.mock.calls.filter(([file]) => String(file).endsWith('huge.json'))).toEqual([])
    expect(service.store.reader.parsed).toEqual({ inline: 0, worker: 0 })
    await expect(service.open('huge')).rejects.toMatchObject({
      code: 'campaign-too-large',
      message: expect.stringMatching(/MB/),
    })
  })

  it('lists from the index: files it knows are not read again, whatever their size', async () => {
    const service = await startService()
    await service.importCampaign(JSON.stringify(bigCampaign('big', 300_000)))
    await service.importCampaign(JSON.stringify(makeCampaign({ id: 'small' })))
    const importsParsed = { ...service.store.reader.parsed }
    const readFile = vi.spyOn(fs, 'readFile')
    expect((await service.list()).map((c) => c.id).sort()).toEqual(['big', 'small'])
    expect(
      readFile.mock.calls.filter(([file]) =>
        String(file).includes(`${path.sep}campaigns${path.sep}`),
      ),
    ).toEqual([])
    expect(service.store.reader.parsed).toEqual(importsParsed)
    await service.dispose()

    // A restart reads the index from disk: still nothing parsed…
    const restarted = await startService()
    await restarted.list()
    expect(restarted.store.reader.parsed).toEqual({ inline: 0, worker: 0 })
    // (The list's choice read ahead of its open, as the app wrote it: still nothing parsed in full.)
    await restarted.readAheadSettled()
    expect(restarted.store.reader.parsed).toEqual({ inline: 0, worker: 0 })
    // …until a file changes behind the app's back; a big one is parsed on the worker thread.
    await writeCampaign('big', { ...bigCampaign('big', 300_000), name: 'Edited by hand' })
    expect((await restarted.list()).find((c) => c.id === 'big')?.name).toBe('Edited by hand')
    expect(restarted.store.reader.parsed).toEqual({ inline: 0, worker: 1 })
  })

  it('parses a big file on the worker thread and a small one in place, with the same results', async () => {
    await writeCampaign('big', bigCampaign('big', 100_000))
    const service = await startService()
    const opened = await service.open('big')
    expect(opened.campaign.notes).toHaveLength(100_000)
    expect(service.store.reader.parsed).toEqual({ inline: 0, worker: 1 })
    // Damage found on the worker is damage here too: recovered from the backup, bytes kept.
    await service.dispatch('big', { type: 'campaign.rename', name: 'Saved once' })
    await service.close('big')
    await fs.appendFile(campaignFile('big'), '{ broken')
    const recovered = await service.open('big')
    expect(recovered.recovered?.damage).toBeTruthy()
    expect(recovered.campaign.name).toBe('Saved once')
  })

  it('starts the worker when the list shows a big file, before it is opened (issue 29)', async () => {
    await writeCampaign('small', makeCampaign({ id: 'small' }))
    await writeCampaign('big', bigCampaign('big', 100_000))
    const first = await startService()
    await first.list()
    await first.dispose()
    // Restarted: the index knows both files, so listing parses neither…
    const service = await startService()
    expect(service.store.reader.workerRunning).toBe(false)
    await service.list()
    expect(service.store.reader.parsed).toEqual({ inline: 0, worker: 0 })
    // …but the big one would be parsed on the worker if opened: it is already up.
    expect(service.store.reader.workerRunning).toBe(true)
    expect((await service.open('big')).campaign.notes).toHaveLength(100_000)
    expect(service.store.reader.parsed).toEqual({ inline: 0, worker: 1 })
  })

  it('leaves the worker unstarted for a big file still as the app wrote it (issue 29)', async () => {
    await writeCampaign('big', bigCampaign('big', 100_000))
    const first = await startService()
    // Saved by the app: the index records the bytes it wrote.
    await first.open('big')
    await first.dispatch('big', { type: 'campaign.rename', name: 'Saved by the app' })
    await first.dispose()
    const service = await startService()
    await service.list()
    // It opens on this thread without the full check: a worker booting now would only compete.
    expect(service.store.reader.workerRunning).toBe(false)
    expect((await service.open('big')).campaign.name).toBe('Saved by the app')
    expect(service.store.trustedOpens).toBe(1)
    expect(service.store.reader.parsed).toEqual({ inline: 0, worker: 0 })
    await service.dispose()
    // Edited by hand afterwards: the list starts the worker for it again.
    const text = await fs.readFile(campaignFile('big'), 'utf8')
    await fs.writeFile(campaignFile('big'), text.replace('Saved by the app', 'Edited by hand'))
    const after = await startService()
    await after.list()
    expect(after.store.reader.workerRunning).toBe(true)
    expect((await after.open('big')).campaign.name).toBe('Edited by hand')
  })

  it('opens a big file the list just checked on the worker without checking it again (issue 29)', async () => {
    await writeCampaign('big', { ...bigCampaign('big', 100_000), id: 'inner' })
    const service = await startService()
    await service.list()
    expect(service.store.reader.parsed).toEqual({ inline: 0, worker: 1 })
    const opened = await service.open('big')
    expect(service.store.reader.checkedForListOpens).toBe(1)
    // What the full check gives: repaired to its file name, told as such.
    expect(opened.campaign.id).toBe('big')
    expect(opened.repaired).toHaveLength(1)
    expect(opened.campaign.notes).toHaveLength(100_000)
  })

  it('checks a big file again when it changed between the list and the open', async () => {
    await writeCampaign('big', bigCampaign('big', 100_000))
    const service = await startService()
    await service.list()
    await writeCampaign('big', { ...bigCampaign('big', 100_000), name: 'Changed meanwhile' })
    const opened = await service.open('big')
    expect(service.store.reader.checkedForListOpens).toBe(0)
    expect(opened.campaign.name).toBe('Changed meanwhile')
  })

  it('lists a file from a newer version as such (not damaged), and leaves it alone', async () => {
    const newer = JSON.stringify({
      ...makeCampaign({ id: 'future', name: 'From the future' }),
      schemaVersion: 99,
    })
    await fs.writeFile(campaignFile('future'), newer)
    const service = await startService()
    expect((await service.list())[0]).toMatchObject({ id: 'future', newer: true })
    expect((await service.list())[0].unreadable).toBeUndefined()
    await expect(service.open('future')).rejects.toMatchObject({ code: 'newer-version' })
    expect(await fs.readFile(campaignFile('future'), 'utf8')).toBe(newer)
    expect((await fs.readdir(path.join(dataDir, 'campaigns'))).sort()).toEqual(['future.json'])
  })

  it('refuses an import over the size cap with its own code', async () => {
    const service = await startService()
    await expect(
      service.importCampaign(JSON.stringify(bigCampaign('huge', 500_000))),
    ).rejects.toMatchObject({ code: 'campaign-too-large' })
    // A big one under the cap is decoded on the worker.
    await service.importCampaign(JSON.stringify(bigCampaign('fits', 100_000)))
    expect(service.store.reader.parsed.worker).toBe(1)
  })
})
