// Universal VTT import from the GM screen (issue 16): a file with walls, a door, a window and a
// light becomes a new map after the dialog shows its counts; a broken file writes nothing.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignSchema, type Campaign } from '../../src-main/campaign/schema'
import { importUvtt } from '../../src-main/uvtt/import'
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
    await page.locator('[data-testid="uvtt-error"]', { hasText: 'not valid JSON' }).waitFor()
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

  it('shows the counts, lets the GM confirm the ambient light, and imports a new map', async () => {
    await upload('cellar.dd2vtt', JSON.stringify(cellar))
    const report = page.locator('[data-testid="uvtt-report"]')
    await report.waitFor()
    await expect(report.getAttribute('data-walls')).resolves.toBe('2')
    await expect(report.getAttribute('data-doors')).resolves.toBe('1')
    await expect(report.getAttribute('data-windows')).resolves.toBe('1')
    await page.locator('[data-testid="uvtt-ambient"]').fill('2')
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
    const back = importUvtt(JSON.parse(text), 'arianrhod').map
    const map = (await onDisk()).maps.find((m) => m.id === 'cellar')!
    expect(back.edges.map((e) => [e.between, e.kind])).toEqual(
      map.edges.map((e) => [e.between, e.kind]),
    )
    expect(back.light).toEqual({ ambient: 2, sources: [{ at: [1, 1], level: 6, radius: 6 }] })
  })
})
