// The campaign list's own verbs in Chromium through the Node host, at 1366×768 (issue 12.14):
// rename, delete to the trash (backups included), restore from the trash, and importing the same
// campaign twice: the page asks, and both "replace" and "keep both" do what they say.
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, screenshotDir, startRig, type Rig } from './harness'
import { waitConnected } from './gm-page'

const campaign = (id: string, name: string, notes = '') => ({
  schemaVersion: 2,
  id,
  name,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: id === 'caves' ? '2026-01-02T00:00:00.000Z' : '2026-01-01T00:00:00.000Z',
  maps: [
    {
      id: 'm1',
      name: 'Room',
      system: 'dnd35',
      width: 4,
      height: 4,
      cells: [],
      edges: [],
      light: { sources: [] },
      tokens: [],
      notes: '',
    },
  ],
  notes,
})

let rig: Rig
let page: Page

const row = (id: string) => page.locator(`[data-testid="campaign-row"][data-campaign-id="${id}"]`)
const names = () => page.locator('[data-testid="campaign-row-name"]').allTextContents()
const status = () => page.locator('[data-testid="status"]').textContent()
// The campaign file after the pending autosave (5 s) is written now.
const onDisk = async (id: string): Promise<{ name: string; notes: string }> =>
  JSON.parse(
    await rig.host
      .flush()
      .then(() => readFile(join(rig.dataDir, 'campaigns', `${id}.json`), 'utf8')),
  ) as {
    name: string
    notes: string
  }

describe('campaign list: rename, delete, restore, import twice', () => {
  beforeAll(async () => {
    rig = await startRig([campaign('keep', 'Keep'), campaign('caves', 'Goblin caves')], {
      name: 'library',
      viewport: { width: 1366, height: 768 },
    })
    page = await rig.newPage()
    await waitConnected(page)
    await row('caves').waitFor()
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('renames a campaign in place, with the name rule checked in main', async () => {
    await row('caves').locator('[data-testid="rename-campaign"]').click()
    const input = row('caves').locator('[data-testid="rename-input"]')
    await input.fill('Goblin caves (revised)')
    await input.press('Enter')
    await page
      .locator('[data-testid="status"]', { hasText: 'Renamed to “Goblin caves (revised)”' })
      .waitFor()
    await row('caves')
      .locator('[data-testid="campaign-row-name"]', { hasText: 'Goblin caves (revised)' })
      .waitFor()
    expect((await onDisk('caves')).name).toBe('Goblin caves (revised)')

    // Esc cancels; a name main refuses (a text-direction override) changes nothing and says why.
    await row('caves').locator('[data-testid="rename-campaign"]').click()
    await row('caves').locator('[data-testid="rename-input"]').press('Escape')
    await row('caves').locator('[data-testid="rename-campaign"]').click()
    await row('caves').locator('[data-testid="rename-input"]').fill('evil\u202egnp.exe')
    await row('caves').locator('[data-testid="rename-save"]').click()
    await page.locator('[data-testid="status"][data-tone="error"]').waitFor()
    await expect(status()).resolves.toContain('text-direction')
    await row('caves').locator('[data-testid="rename-cancel"]').click()
    expect((await onDisk('caves')).name).toBe('Goblin caves (revised)')
  })

  it('deletes to the trash with its backups, and restores it from the campaign list', async () => {
    const backups = join(rig.dataDir, 'backups', 'caves')
    const backupsBefore = (await readdir(backups)).sort()
    expect(backupsBefore.length).toBeGreaterThan(0)

    await row('caves').locator('[data-testid="delete-campaign"]').click()
    await expect(
      row('caves').locator('[data-testid="delete-confirm-text"]').textContent(),
    ).resolves.toContain('moves to the trash')
    await page.screenshot({ path: join(screenshotDir, 'campaign-list-delete.png') })
    await row('caves').locator('[data-testid="delete-confirm"]').click()
    await row('caves').waitFor({ state: 'detached' })
    await expect(names()).resolves.toEqual(['Keep'])
    expect(existsSync(join(rig.dataDir, 'campaigns', 'caves.json'))).toBe(false)
    expect(existsSync(backups)).toBe(false)

    await page.locator('[data-testid="trash-toggle"]', { hasText: 'Trash (1)' }).click()
    const entry = page.locator('[data-testid="trash-entry"]')
    await expect(entry.textContent()).resolves.toContain('Goblin caves (revised)')
    // In the trash folder inside the data folder: the file and every backup.
    const trashId = (await entry.getAttribute('data-trash-id'))!
    expect((await readdir(join(rig.dataDir, 'trash', trashId, 'backups'))).sort()).toEqual(
      backupsBefore,
    )
    await page.screenshot({ path: join(screenshotDir, 'campaign-list-trash.png') })

    await entry.locator('[data-testid="restore-campaign"]').click()
    await row('caves').waitFor()
    await page.locator('[data-testid="trash-toggle"]', { hasText: 'Trash (0)' }).waitFor()
    expect((await readdir(backups)).sort()).toEqual(backupsBefore)
    expect((await onDisk('caves')).name).toBe('Goblin caves (revised)')
  })

  it('imports the same campaign twice: asks, then replaces it or keeps both with a distinct name', async () => {
    const file = join(rig.dataDir, '..', 'keep.json')
    await writeFile(file, JSON.stringify(campaign('keep', 'Keep', 'from the file')))

    await page.locator('[data-testid="import-campaign"]').setInputFiles(file)
    await expect(page.locator('[data-testid="import-conflict"]').textContent()).resolves.toContain(
      '“keep.json” is a campaign already in your list',
    )
    await page.screenshot({ path: join(screenshotDir, 'campaign-list-import-conflict.png') })
    await page.locator('[data-testid="import-replace"]').click()
    await page.locator('[data-testid="import-conflict"]').waitFor({ state: 'detached' })
    await page.locator('[data-testid="status"]', { hasText: 'Replaced “Keep”' }).waitFor()
    await eventually(
      async () => (await onDisk('keep')).notes === 'from the file',
      'the replaced campaign on disk',
    )
    // The one it replaced is in the trash, restorable.
    await page.locator('[data-testid="trash-toggle"]', { hasText: 'Trash (1)' }).waitFor()

    await page.locator('[data-testid="import-campaign"]').setInputFiles(file)
    await page.locator('[data-testid="import-keep-both"]').click()
    await page.locator('[data-testid="campaign-row-name"]', { hasText: 'Keep (2)' }).waitFor()
    expect((await names()).sort()).toEqual(['Goblin caves (revised)', 'Keep', 'Keep (2)'])
    expect(
      (await readdir(join(rig.dataDir, 'campaigns'))).filter((n) => n.endsWith('.json')),
    ).toHaveLength(3)

    // Cancel imports nothing.
    await page.locator('[data-testid="import-campaign"]').setInputFiles(file)
    await page.locator('[data-testid="import-cancel"]').click()
    await page.locator('[data-testid="import-conflict"]').waitFor({ state: 'detached' })
    expect(await names()).toHaveLength(3)
  })

  it('speaks Japanese too', async () => {
    await page.locator('[data-testid="lang-ja"]').click()
    await expect(
      row('caves').locator('[data-testid="rename-campaign"]').textContent(),
    ).resolves.toContain('名前を変更')
    await row('caves').locator('[data-testid="delete-campaign"]').click()
    await expect(
      row('caves').locator('[data-testid="delete-confirm-text"]').textContent(),
    ).resolves.toContain('ごみ箱')
    await page.screenshot({ path: join(screenshotDir, 'campaign-list-ja.png') })
    await row('caves').locator('[data-testid="delete-cancel"]').click()
    await page.locator('[data-testid="lang-en"]').click()
    expect(rig.problems).toEqual([])
  })
})
