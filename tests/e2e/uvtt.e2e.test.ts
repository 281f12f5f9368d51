// Universal VTT import from the GM screen (issue 16): a file with walls, a door, a window and a
// light becomes a new map after the dialog shows its counts; a broken file writes nothing.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignSchema, type Campaign } from '@core/campaign/schema'
import { longDiagonalWalls, uvttFile } from '../../src-main/uvtt/hostile-files.testing'
import { importUvtt, uvttMap } from '@core/uvtt/import'
import { openCampaign, waitConnected } from './gm-page'
import { eventually, startRig, type Rig } from './harness'

const SAMPLE = 'sample-campaign'
let rig: Rig
let page: Page

const cellar = {
  format: 0.3,
  resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: 6, y: 4 }, pixels_per_grid: 70 },
  line_of_sight: [
    [
      { x: 3, y: 0 },
      { x: 3, y: 4 },
    ],
  ],
  portals: [
    {
      position: { x: 3, y: 1.5 },
      bounds: [
        { x: 3, y: 1 },
        { x: 3, y: 2 },
      ],
      rotation: 1.5708,
      closed: true,
    },
    {
      position: { x: 3, y: 3.5 },
      bounds: [
        { x: 3, y: 3 },
        { x: 3, y: 4 },
      ],
      rotation: 1.5708,
      closed: false,
    },
  ],
  lights: [
    { position: { x: 1.5, y: 1.5 }, range: 3, intensity: 1, color: 'ffffffff', shadows: true },
  ],
  environment: { baked_lighting: false, ambient_light: 'ff202020' },
}

async function onDisk(): Promise<Campaign> {
  await rig.host.flush()
  return campaignSchema.parse(
    JSON.parse(await readFile(join(rig.dataDir, 'campaigns', `${SAMPLE}.json`), 'utf8')),
  )
}

async function upload(name: string, text: string): Promise<void> {
  await page
    .locator('[data-testid="uvtt-file"]')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) })
}

describe('Universal VTT import', () => {
  beforeAll(async () => {
    rig = await startRig(undefined, {
      name: 'uvtt',
      viewport: { width: 1366, height: 768 },
      acceptDownloads: true,
    })
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, SAMPLE)
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('refuses a broken file with a clear message and writes nothing', async () => {
    const before = (await onDisk()).maps.length
    await upload('broken.uvtt', '{"format": 0.3, "resolution": ')
    await page.locator('[data-testid="uvtt-error"]', { hasText: 'not JSON' }).waitFor()
    await upload(
      'wrong.uvtt',
      JSON.stringify({
        ...cellar,
        resolution: { map_size: { x: 6, y: 4 }, pixels_per_grid: 'big' },
      }),
    )
    await page
      .locator('[data-testid="uvtt-error"]', { hasText: '/resolution/pixels_per_grid' })
      .waitFor()
    expect((await onDisk()).maps.length).toBe(before)
  })

  it('says a limit crossed in the GM’s language, naming the limit', async () => {
    const before = (await onDisk()).maps.length
    const far = JSON.stringify({
      ...cellar,
      lights: [{ position: { x: 1.5, y: 1.5 }, range: 1e308, intensity: 1 }],
    })
    await upload('far.uvtt', far)
    await page
      .locator('[data-testid="uvtt-error"]', { hasText: 'reaches more than 10,000 squares' })
      .waitFor()
    await page.locator('[data-testid="lang-ja"]').click()
    await upload('far.uvtt', far)
    await page
      .locator('[data-testid="uvtt-error"]', { hasText: '10,000 マスより遠くまで届く光源' })
      .waitFor()
    await page
      .locator('[data-testid="uvtt-dialog"], [data-testid="uvtt-import"]')
      .first()
      .screenshot({
        path: '.tmp/screenshots/uvtt-refusal-ja.png',
      })
    await page.locator('[data-testid="lang-en"]').click()
    expect((await onDisk()).maps.length).toBe(before)
  })

  it('shows how far a big file is, and the GM can stop it: nothing is added', async () => {
    const before = (await onDisk()).maps.length
    // 2,000 long diagonal walls on a 1000 × 1000 map: more walls than a campaign keeps, so the
    // import would be refused at its end; the GM stops it first.
    await upload('mesh.uvtt', JSON.stringify(uvttFile(1000, longDiagonalWalls(1000, 2000))))
    const stop = page.locator('[data-testid="uvtt-stop"]')
    await stop.waitFor()
    await page.screenshot({ path: '.tmp/screenshots/uvtt-progress.png' })
    await stop.click()
    await page.locator('[data-testid="uvtt-notice"]', { hasText: 'Import stopped' }).waitFor()
    await expect(page.locator('[data-testid="uvtt-busy"]').count()).resolves.toBe(0)
    await expect(page.locator('[data-testid="uvtt-error"]').count()).resolves.toBe(0)
    expect((await onDisk()).maps.length).toBe(before)
  })

  it('shows the counts, lets the GM confirm the ambient light, and imports a new map', async () => {
    await upload('cellar.dd2vtt', JSON.stringify(cellar))
    const report = page.locator('[data-testid="uvtt-report"]')
    await report.waitFor()
    await expect(report.getAttribute('data-walls')).resolves.toBe('2')
    await expect(report.getAttribute('data-doors')).resolves.toBe('1')
    await expect(report.getAttribute('data-windows')).resolves.toBe('1')
    await page.locator('[data-testid="uvtt-preview"][data-drawn="true"]').waitFor()
    // The preview at a usable size (issue 25; it was 300 px wide): the whole map, most of the
    // screen, nothing cut off.
    const preview = (await page.locator('[data-testid="uvtt-preview"]').boundingBox())!
    expect(preview.width).toBeGreaterThanOrEqual(600)
    expect(preview.x).toBeGreaterThanOrEqual(0)
    expect(preview.y + preview.height).toBeLessThanOrEqual(768)
    await page.screenshot({ path: '.tmp/screenshots/uvtt-dialog.png' })
    // The light in the map's system words (issue 25), not a bare number: Arianrhod's 明度 says
    // what a level does…
    const ambientField = page.locator('[data-testid="uvtt-ambient-field"]')
    await expect(ambientField.textContent()).resolves.toContain('明度')
    const meaning = page.locator('[data-testid="uvtt-ambient-meaning"]')
    await page.locator('[data-testid="uvtt-ambient"]').fill('3')
    await expect(meaning.textContent()).resolves.toBe('明度 3: cannot see into a neighbouring area')
    await page.locator('[data-testid="uvtt-ambient"]').fill('6')
    await expect(meaning.textContent()).resolves.toBe('明度 6: no penalty')
    // …and Pathfinder names its light categories.
    await page.locator('[data-testid="uvtt-system"]').selectOption('pathfinder')
    await page.locator('[data-testid="uvtt-ambient-field"][data-system="pathfinder"]').waitFor()
    await page.locator('[data-testid="uvtt-report"]').waitFor()
    const categories = await page
      .locator('select[data-testid="uvtt-ambient"] option')
      .evaluateAll((els) => els.map((el) => el.textContent?.trim()))
    expect(categories.slice(1)).toEqual(['darkness', 'dim light', 'normal light', 'bright light'])
    expect(categories[0]).toBe('system default (normal light)')
    await expect(meaning.count()).resolves.toBe(0)
    await page.locator('[data-testid="uvtt-system"]').selectOption('arianrhod')
    await page.locator('[data-testid="uvtt-ambient-field"][data-system="arianrhod"]').waitFor()
    await page.locator('[data-testid="uvtt-report"]').waitFor()
    await page.locator('[data-testid="uvtt-ambient"]').fill('2')
    await expect(meaning.textContent()).resolves.toBe(
      '明度 2: cannot see into a neighbouring area; every check loses one die',
    )
    await page.screenshot({ path: '.tmp/screenshots/uvtt-dialog-2.png' })
    await page.locator('[data-testid="uvtt-confirm"]').click()
    await page
      .locator('[data-testid="map-tab"][data-map-id="cellar"][aria-selected="true"]')
      .waitFor()
    await eventually(
      async () => (await onDisk()).maps.some((m) => m.id === 'cellar'),
      'the imported map on disk',
    )
    const map = (await onDisk()).maps.find((m) => m.id === 'cellar')!
    expect(map).toMatchObject({
      width: 6,
      height: 4,
      system: 'arianrhod',
      light: { ambient: 2, sources: [{ at: [1, 1], level: 6, radius: 6 }] },
    })
    expect(map.edges.map((e) => [e.between, e.kind, e.state])).toEqual([
      [
        [
          [2, 0],
          [3, 0],
        ],
        'wall',
        undefined,
      ],
      [
        [
          [2, 1],
          [3, 1],
        ],
        'door',
        'closed',
      ],
      [
        [
          [2, 2],
          [3, 2],
        ],
        'wall',
        undefined,
      ],
      [
        [
          [2, 3],
          [3, 3],
        ],
        'window',
        undefined,
      ],
    ])
    expect(rig.problems).toEqual([])
  })

  it('exports the map as Universal VTT 0.3 that imports back to the same walls, door and window', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid="map-export-uvtt"]').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.uvtt$/)
    const text = await readFile((await download.path())!, 'utf8')
    const back = uvttMap(importUvtt(JSON.parse(text), 'arianrhod'))
    const map = (await onDisk()).maps.find((m) => m.id === 'cellar')!
    expect(back.edges.map((e) => [e.between, e.kind])).toEqual(
      map.edges.map((e) => [e.between, e.kind]),
    )
    expect(back.light).toEqual({ ambient: 2, sources: [{ at: [1, 1], level: 6, radius: 6 }] })
  })
})
