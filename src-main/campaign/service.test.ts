import { promises as fs } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChangeEvent } from '@core/contract/campaign-service'
import { openResultSchema } from '@core/contract/contract'
import type { CampaignService } from './service'
import { createCampaignService, EXPORT_FORMAT } from './service'
import type { Command } from '@core/campaign/schema'
import { campaignSchema, CURRENT_SCHEMA_VERSION } from '@core/campaign/schema'
import { makeCampaign } from '@core/campaign/test-helpers'
import { makeTempDir, removeDir } from './temp-dirs.testing'

const SAMPLE_FILE = fileURLToPath(new URL('../../resources/sample-campaign.json', import.meta.url))

let dataDir: string
let services: CampaignService[]

async function startService(options: Partial<Parameters<typeof createCampaignService>[0]> = {}) {
  const service = await createCampaignService({ dataDir, autosaveDelayMs: 10_000, ...options })
  services.push(service)
  return service
}

async function readSaved(id: string) {
  return campaignSchema.parse(
    JSON.parse(await fs.readFile(path.join(dataDir, 'campaigns', `${id}.json`), 'utf8')),
  )
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
  for (const service of services) await service.dispose()
  await removeDir(dataDir)
})

describe('campaign service', () => {
  it('seeds the sample campaign on first start only', async () => {
    const first = await startService({ sampleCampaignFile: SAMPLE_FILE })
    expect((await first.list()).map((s) => [s.id, s.mapCount])).toEqual([['sample-campaign', 4]])
    await fs.rm(path.join(dataDir, 'campaigns', 'sample-campaign.json'))
    await first.dispose()
    const second = await startService({ sampleCampaignFile: SAMPLE_FILE })
    expect(await second.list()).toEqual([])
  })

  it('creates, dispatches, undoes and redoes, with change events', async () => {
    const service = await startService({ now: () => new Date('2025-05-05T05:05:05.000Z') })
    const events: ChangeEvent[] = []
    const unsubscribe = service.subscribe((e) => events.push(e))
    const created = await service.create('  My campaign ')
    expect(created.name).toBe('My campaign')
    await expect(service.create('   ')).rejects.toMatchObject({ code: 'invalid-name' })
    const id = created.id
    await service.dispatch(id, { type: 'map.add', map: makeCampaign().maps[0] })
    await service.dispatch(id, wall(0))
    await service.dispatch(id, wall(1))
    expect(service.getCampaign(id)!.maps[0].edges).toHaveLength(2)
    expect(service.canUndo(id)).toBe(true)

    expect((await service.undo(id)).maps[0].edges).toHaveLength(1)
    expect((await service.undo(id)).maps[0].edges).toHaveLength(0)
    expect(service.canRedo(id)).toBe(true)
    expect((await service.redo(id)).maps[0].edges).toHaveLength(1)
    await service.dispatch(id, { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [3, 3] })
    expect(service.canRedo(id)).toBe(false)

    expect(events.map((e) => e.cause.type)).toEqual([
      'map.add',
      'edge.set',
      'edge.set',
      'undo',
      'undo',
      'redo',
      'token.move',
    ])
    expect(events.at(-1)).toMatchObject({ campaignId: id, canUndo: true, canRedo: false })
    expect(events.at(-1)!.campaign).toBe(service.getCampaign(id))
    expect(events.at(-1)!.campaign.updatedAt).toBe('2025-05-05T05:05:05.000Z')
    unsubscribe()
    await service.dispatch(id, wall(2))
    expect(events).toHaveLength(7)
  })

  it('rejects invalid commands, unopened campaigns and failing commands without recording them', async () => {
    const service = await startService()
    const { id } = await service.create('c')
    await expect(service.dispatch('not-open', wall(0))).rejects.toMatchObject({ code: 'not-open' })
    await expect(service.dispatch(id, { type: 'nonsense' } as unknown as Command)).rejects.toThrow()
    await expect(service.dispatch(id, wall(0))).rejects.toMatchObject({ code: 'command-rejected' })
    expect(service.canUndo(id)).toBe(false)
    // A command that changes nothing is not an undo step.
    await service.dispatch(id, { type: 'map.add', map: makeCampaign().maps[0] })
    await service.dispatch(id, {
      type: 'edge.set',
      mapId: 'm1',
      between: [
        [0, 0],
        [1, 0],
      ],
      edge: null,
    })
    await service.undo(id)
    expect(service.getCampaign(id)!.maps).toEqual([])
    expect(await service.undo(id)).toBe(service.getCampaign(id))
  })

  it('autosaves once, the default 5 s after the first change, and flush writes at once', async () => {
    const service = await startService({ autosaveDelayMs: undefined })
    const { id } = await service.create('c')
    const backupsAfter = async () => (await service.store.listBackups(id)).length
    expect(await backupsAfter()).toBe(1)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      await service.dispatch(id, { type: 'campaign.rename', name: 'r1' })
      vi.advanceTimersByTime(4900)
      // A later change does not push the save back: the delay runs from the first unsaved change.
      await service.dispatch(id, { type: 'campaign.rename', name: 'r2' })
      vi.advanceTimersByTime(99)
      expect(vi.getTimerCount()).toBe(1)
      expect((await readSaved(id)).name).toBe('c')
      vi.advanceTimersByTime(1)
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
    // The timer started the save; flush only waits for it (nothing is left to write).
    await service.flush(id)
    expect((await readSaved(id)).name).toBe('r2')
    // Saved without a backup: the one the create made is not a backup interval old (backups.ts).
    expect(await backupsAfter()).toBe(1)

    await service.dispatch(id, { type: 'campaign.rename', name: 'flushed' })
    await service.flush(id)
    expect((await readSaved(id)).name).toBe('flushed')
    expect(await backupsAfter()).toBe(1)
  })

  it('writes pending changes on close and dispose', async () => {
    const service = await startService()
    const a = await service.create('a')
    const b = await service.create('b')
    await service.dispatch(a.id, { type: 'campaign.rename', name: 'a2' })
    await service.dispatch(b.id, { type: 'campaign.rename', name: 'b2' })
    await service.close(a.id)
    expect(service.getCampaign(a.id)).toBeUndefined()
    expect((await readSaved(a.id)).name).toBe('a2')
    await service.dispose()
    expect((await readSaved(b.id)).name).toBe('b2')
    await expect(service.dispatch(b.id, wall(0))).rejects.toMatchObject({ code: 'disposed' })
  })

  it('reopens what it saved, and returns the in-memory state while open', async () => {
    const service = await startService()
    const { id } = await service.create('c')
    await service.dispatch(id, { type: 'map.add', map: makeCampaign().maps[0] })
    await service.dispatch(id, wall(3))
    expect((await service.open(id)).campaign).toBe(service.getCampaign(id))
    await service.dispose()
    const fresh = await startService()
    const opened = await fresh.open(id)
    expect(opened.recovered).toBeUndefined()
    expect(opened.repaired).toBeUndefined()
    expect(opened.campaign.maps[0].edges).toEqual([
      {
        between: [
          [3, 0],
          [4, 0],
        ],
        kind: 'wall',
      },
    ])
    expect(fresh.canUndo(id)).toBe(false)
  })

  it('reports migration and repair on open, then saves the repaired campaign', async () => {
    const service = await startService({ autosaveDelayMs: 5 })
    await fs.writeFile(
      path.join(dataDir, 'campaigns', 'legacy.json'),
      JSON.stringify({
        id: 'legacy',
        name: 'Legacy',
        maps: [
          {
            system: 'dnd35',
            width: 3,
            height: 3,
            edges: [
              {
                between: [
                  [0, 0],
                  [2, 2],
                ],
                kind: 'wall',
              },
            ],
          },
        ],
      }),
    )
    const opened = await service.open('legacy')
    expect(opened.repaired).toEqual([
      { code: 'schema-upgraded', fromVersion: 0, toVersion: CURRENT_SCHEMA_VERSION },
      { code: 'edges-not-neighbours-dropped', mapId: 'map-1', mapName: 'Map 1', count: 1 },
    ])
    // The answer is what the contract promises: codes the page words, never main's sentences.
    expect(openResultSchema.shape.repaired.parse(opened.repaired)).toEqual(opened.repaired)
    await service.flush('legacy')
    expect((await readSaved('legacy')).maps[0]).toMatchObject({ id: 'map-1', edges: [] })
  })

  it('passes recovery from a damaged file through open()', async () => {
    const service = await startService()
    const { id } = await service.create('good')
    await service.close(id)
    const file = path.join(dataDir, 'campaigns', `${id}.json`)
    await fs.writeFile(file, '{"schemaVersion": 1, "id": ')
    // Two windows asking at once share one load: one recovery, one moved-aside file.
    const [opened, twice] = await Promise.all([service.open(id), service.open(id)])
    expect(twice).toBe(opened)
    const damaged = (await fs.readdir(path.dirname(file))).filter((n) => n.includes('.bad-'))
    expect(damaged).toHaveLength(1)
    expect(opened.campaign.name).toBe('good')
    // The page is told what was wrong and which backup opened, by name, never the data folder's path.
    expect(opened.recovered?.damage).toMatch(/JSON/)
    expect(opened.recovered?.badFile).toBe(damaged[0])
    expect(opened.recovered?.backupFile).toMatch(/^\d{8}T\d{9}Z-\d{6}\.json$/)
    expect(opened.recovered?.backupSavedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(JSON.stringify(opened.recovered)).not.toContain(dataDir)
    expect(
      await fs.readFile(path.join(path.dirname(file), opened.recovered!.badFile), 'utf8'),
    ).toBe('{"schemaVersion": 1, "id": ')
  })

  it('round-trips export and import, keeping both with a fresh id and name when asked to', async () => {
    const service = await startService({ sampleCampaignFile: SAMPLE_FILE })
    const { campaign } = await service.open('sample-campaign')
    await service.dispatch('sample-campaign', {
      type: 'map.notes',
      mapId: 'arianrhod-sample',
      notes: 'edited',
    })
    const exported = await service.exportCampaign('sample-campaign')
    const wrapper = JSON.parse(exported)
    expect(wrapper.format).toBe(EXPORT_FORMAT)
    expect(wrapper.campaign.schemaVersion).toBe(CURRENT_SCHEMA_VERSION)

    await expect(service.importCampaign(exported)).rejects.toMatchObject({
      code: 'import-conflict',
    })
    const imported = await service.importCampaign(exported, 'keep-both')
    expect(imported.id).not.toBe('sample-campaign')
    expect(imported.name).toBe(`${campaign.name} (2)`)
    expect({ ...imported, id: 'x', name: 'y' }).toEqual({
      ...service.getCampaign('sample-campaign')!,
      id: 'x',
      name: 'y',
    })
    expect(imported.maps[0].notes).toBe('edited')
    expect(campaign.maps[0].notes).not.toBe('edited')
    expect((await readSaved(imported.id)).name).toBe(imported.name)

    // Into an empty data folder the id is kept.
    const elsewhere = await makeTempDir()
    try {
      const other = await createCampaignService({ dataDir: elsewhere })
      expect((await other.importCampaign(exported)).id).toBe('sample-campaign')
      expect((await other.list()).map((s) => s.id)).toEqual(['sample-campaign'])
      await other.dispose()
    } finally {
      await removeDir(elsewhere)
    }
  })

  it('imports a bare (even old) campaign file and refuses what is not a campaign', async () => {
    const service = await startService()
    const bare = await service.importCampaign(
      JSON.stringify({ id: '../../evil', name: 'Old', maps: [] }),
    )
    expect(bare.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(bare.schemaVersion).toBe(CURRENT_SCHEMA_VERSION)
    await expect(service.importCampaign('{not json')).rejects.toMatchObject({
      code: 'invalid-import',
    })
    await expect(
      service.importCampaign(JSON.stringify({ format: 'other/1', campaign: {} })),
    ).rejects.toThrow(/unknown export format/)
    await expect(
      service.importCampaign(JSON.stringify({ ...makeCampaign(), maps: 3 })),
    ).rejects.toMatchObject({
      code: 'invalid-import',
    })
    expect((await service.list()).map((s) => s.id)).toEqual([bare.id])
  })
})
