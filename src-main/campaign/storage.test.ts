import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { backupsToKeep, DEFAULT_BACKUP_POLICY } from './backups'
import { MigrationError } from './migrations'
import type { Campaign } from '@core/campaign/schema'
import { campaignSchema } from '@core/campaign/schema'
import { CampaignNotFoundError, CampaignStore, CampaignUnreadableError } from './storage'
import { makeCampaign } from '@core/campaign/test-helpers'
import { makeTempDir, removeDir } from './temp-dirs.testing'

/** A pid above Linux's pid_max: certainly not a running process. */
const DEAD_PID = 4_194_305

let dataDir: string
let clock: Date
let store: CampaignStore

beforeEach(async () => {
  dataDir = await makeTempDir()
  clock = new Date('2025-03-01T10:00:00.000Z')
  store = new CampaignStore(dataDir, { now: () => clock })
  await store.init()
})
afterEach(async () => {
  await removeDir(dataDir)
})

async function allFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
}

async function saveVersions(names: string[]): Promise<Campaign> {
  let campaign = makeCampaign()
  for (const name of names) {
    clock = new Date(clock.getTime() + 1000)
    campaign = { ...campaign, name }
    await store.save(campaign)
  }
  return campaign
}

describe('CampaignStore saving', () => {
  it('writes real files atomically and leaves no temp files behind', async () => {
    const campaign = await saveVersions(['a', 'b', 'c', 'd'])
    const file = path.join(dataDir, 'campaigns', 'c1.json')
    expect(campaignSchema.parse(JSON.parse(await fs.readFile(file, 'utf8')))).toEqual(campaign)
    const files = await allFiles(dataDir)
    expect(files.filter((f) => f.includes('.tmp-'))).toEqual([])
    expect(files.filter((f) => f.startsWith('campaigns'))).toEqual([
      path.join('campaigns', 'c1.json'),
    ])
    expect(await store.listBackups('c1')).toHaveLength(4)
  })

  it('runs concurrent saves of one campaign in call order', async () => {
    const base = makeCampaign()
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.save({ ...base, name: `n${i}` })))
    expect((await store.load('c1')).campaign.name).toBe('n19')
  })

  it('rolls backups: the newest 10 saves plus the newest save of each of the last 30 days', async () => {
    const start = Date.parse('2025-01-01T00:00:00.000Z')
    const campaign = makeCampaign()
    for (let day = 0; day < 40; day++) {
      for (const hour of [1, 2, 3]) {
        clock = new Date(start + day * 86_400_000 + hour * 3_600_000)
        await store.save({ ...campaign, name: `day${day}-h${hour}` })
      }
    }
    const kept: string[] = []
    for (const file of await store.listBackups('c1')) {
      kept.push(JSON.parse(await fs.readFile(file, 'utf8')).name)
    }
    const dailies = Array.from({ length: 30 }, (_, i) => `day${10 + i}-h3`)
    const newest = [
      'day36-h3',
      ...[37, 38, 39].flatMap((d) => [`day${d}-h1`, `day${d}-h2`, `day${d}-h3`]),
    ]
    expect(new Set(kept)).toEqual(new Set([...dailies, ...newest]))
    expect(kept).toHaveLength(36)
    // Oldest first, by name: the order the names sort in is the order of the saves.
    expect(kept.at(-1)).toBe('day39-h3')
    expect(kept[0]).toBe('day10-h3')
  })

  it('computes the kept set from names alone', () => {
    const names = [
      '20250101T010000000Z-000001.json',
      '20250102T010000000Z-000002.json',
      '20250102T020000000Z-000003.json',
    ]
    const keep = backupsToKeep(names, new Date('2025-01-02T03:00:00Z'), {
      keepRecent: 1,
      keepDays: 1,
    })
    expect([...keep]).toEqual(['20250102T020000000Z-000003.json'])
    const twoDays = backupsToKeep(names, new Date('2025-01-02T03:00:00Z'), {
      keepRecent: 1,
      keepDays: 2,
    })
    expect([...twoDays].sort()).toEqual([names[0], names[2]])
    expect(DEFAULT_BACKUP_POLICY).toEqual({ keepRecent: 10, keepDays: 30, everyMs: 180_000 })
  })
})

describe('CampaignStore loading damaged files', () => {
  const damages: Array<[string, (good: string) => string, RegExp]> = [
    [
      'a truncated file',
      (good) => good.slice(0, Math.floor(good.length / 2)),
      /JSON|Unexpected|Unterminated/i,
    ],
    [
      'a schema-invalid file',
      (good) => good.replace('"maps": [', '"maps": 7, "x": ['),
      /schema at maps/,
    ],
  ]

  for (const [label, damage, reasonPattern] of damages) {
    it(`recovers ${label} from the newest good backup and keeps the bad bytes`, async () => {
      await saveVersions(['v1', 'v2', 'v3'])
      const file = store.campaignFile('c1')
      const badBytes = damage(await fs.readFile(file, 'utf8'))
      await fs.writeFile(file, badBytes)
      const backups = await store.listBackups('c1')

      const result = await store.load('c1')
      expect(result.campaign.name).toBe('v3')
      expect(result.recovered).toBeDefined()
      expect(result.recovered!.reason).toMatch(/damaged/)
      expect(result.recovered!.reason).toMatch(reasonPattern)
      expect(result.recovered!.backupFile).toBe(backups.at(-1))
      expect(path.dirname(result.recovered!.badFile)).toBe(path.dirname(file))
      expect(path.basename(result.recovered!.badFile)).toMatch(/^c1\.json\.bad-\d{8}T\d{9}Z$/)
      expect(await fs.readFile(result.recovered!.badFile, 'utf8')).toBe(badBytes)

      // The good state is the campaign file again, and opening it is now uneventful.
      const again = await store.load('c1')
      expect(again.recovered).toBeUndefined()
      expect(again.campaign.name).toBe('v3')
      expect(await fs.readFile(result.recovered!.badFile, 'utf8')).toBe(badBytes)
    })
  }

  it('skips damaged backups and opens the newest one that validates', async () => {
    await saveVersions(['v1', 'v2', 'v3'])
    const backups = await store.listBackups('c1')
    await fs.writeFile(backups[2], '{"schemaVersion": 1')
    await fs.writeFile(store.campaignFile('c1'), '')
    const result = await store.load('c1')
    expect(result.campaign.name).toBe('v2')
    expect(result.recovered!.backupFile).toBe(backups[1])
    expect(await fs.readFile(result.recovered!.badFile, 'utf8')).toBe('')
  })

  it('throws a clear error and touches nothing when no backup is good', async () => {
    await saveVersions(['v1'])
    for (const backup of await store.listBackups('c1')) await fs.writeFile(backup, 'garbage')
    const file = store.campaignFile('c1')
    await fs.writeFile(file, '{"truncated": ')
    const before = await allFiles(dataDir)
    await expect(store.load('c1')).rejects.toThrow(CampaignUnreadableError)
    await expect(store.load('c1')).rejects.toThrow(/none of its 1 backups could be read/)
    expect(await allFiles(dataDir)).toEqual(before)
    expect(await fs.readFile(file, 'utf8')).toBe('{"truncated": ')
  })

  it('refuses a file from a newer app version without moving it', async () => {
    await saveVersions(['v1'])
    const file = store.campaignFile('c1')
    const newer = JSON.stringify({ ...makeCampaign(), schemaVersion: 99 })
    await fs.writeFile(file, newer)
    await expect(store.load('c1')).rejects.toThrow(MigrationError)
    expect(await fs.readFile(file, 'utf8')).toBe(newer)
  })

  it('reports a missing campaign and refuses ids that are not plain names', async () => {
    await expect(store.load('nope')).rejects.toThrow(CampaignNotFoundError)
    await expect(store.load('../c1')).rejects.toThrow(CampaignNotFoundError)
    expect(() => store.campaignFile('a/b')).toThrow(CampaignNotFoundError)
  })
})

describe('CampaignStore housekeeping', () => {
  it('removes temp files of dead writers on load, not those of a live one', async () => {
    await saveVersions(['v1'])
    const stale = `${store.campaignFile('c1')}.tmp-${DEAD_PID}-3`
    const live = `${store.campaignFile('c1')}.tmp-${process.pid}-999`
    const staleBackup = path.join(
      store.backupDir('c1'),
      `20250101T000000000Z-000001.json.tmp-${DEAD_PID}-1`,
    )
    for (const f of [stale, live, staleBackup]) await fs.writeFile(f, 'partial')
    await store.load('c1')
    const files = await allFiles(dataDir)
    expect(files.filter((f) => f.includes('.tmp-'))).toEqual([path.relative(dataDir, live)])
  })

  it('keeps the original bytes of a migrated file as a backup before any save', async () => {
    const file = store.campaignFile('old')
    const original = JSON.stringify({ id: 'old', name: 'Old', maps: [] })
    await fs.writeFile(file, original)
    const result = await store.load('old')
    expect(result.fromVersion).toBe(0)
    const backups = await store.listBackups('old')
    expect(backups).toHaveLength(1)
    expect(await fs.readFile(backups[0], 'utf8')).toBe(original)
  })

  it('lists a campaign being saved without reading its file (issue 26)', async () => {
    const campaign = makeCampaign({ id: 'a', name: 'Alpha' })
    await store.save(campaign)
    const summaries = vi.spyOn(store.reader, 'summary')
    const next = { ...campaign, name: 'Alpha 2', updatedAt: '2025-03-01T00:00:00.000Z' }
    let saved = false
    const saving = store.save(next).finally(() => (saved = true))
    // Asked at every turn of the event loop while the save runs: between its rename and the
    // index learning the new file, the file looked edited by hand and was read again.
    const names = new Set<string>()
    while (!saved) {
      for (const summary of await store.list()) names.add(summary.name)
      await new Promise((resolve) => setImmediate(resolve))
    }
    await saving
    expect(summaries).not.toHaveBeenCalled()
    expect([...names].every((name) => name === 'Alpha' || name === 'Alpha 2')).toBe(true)
    expect(await store.list()).toMatchObject([{ id: 'a', name: 'Alpha 2' }])
  })

  it('lists campaigns newest first and flags unreadable files', async () => {
    await store.save(
      makeCampaign({ id: 'a', name: 'Alpha', updatedAt: '2025-01-01T00:00:00.000Z' }),
    )
    await store.save(makeCampaign({ id: 'b', name: 'Beta', updatedAt: '2025-02-01T00:00:00.000Z' }))
    await fs.writeFile(path.join(store.campaignsDir, 'broken.json'), '{')
    await fs.writeFile(path.join(store.campaignsDir, 'a.json.bad-20250101T000000000Z'), '{')
    expect(await store.list()).toEqual([
      { id: 'b', name: 'Beta', updatedAt: '2025-02-01T00:00:00.000Z', mapCount: 1 },
      { id: 'a', name: 'Alpha', updatedAt: '2025-01-01T00:00:00.000Z', mapCount: 1 },
      { id: 'broken', name: 'broken', updatedAt: '', mapCount: 0, unreadable: true },
    ])
  })
})
