// Hostile pictures and packs from the GM screen (issues 26 and 27): each refusal reaches the GM as
// a sentence in the UI's language (never main's English), nothing is written, and a pack import
// says how many unused files it left out. Screenshots in .tmp/screenshots/picture-refusal-*.png.
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { zipSync } from 'fflate'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cellColourPicture } from '../../src-main/art/art-fixtures'
import {
  htmlBehindPngHeader,
  onePixelPngInflatingTo2GB,
  png16384Squared,
  pngClaiming60000Squared,
  pngInflatingTo6GB,
  pngWith,
  rawZip,
  storedEntry,
} from '../../src-main/art/hostile-pictures'
import { PART_CHARS } from '@core/contract/long-message'
import { translate } from '../../src-renderer/lib/i18n'
import { ERROR_MESSAGES } from '../../src-renderer/lib/error-messages'
import { openCampaign, waitConnected } from './gm-page'
import { selectToken } from './fight-steps'
import { screenshotDir, startRig, type Rig } from './harness'

const SAMPLE = 'sample-campaign'
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** The page's sentence for a code, in one language. */
function sentence(locale: 'en' | 'ja', code: string): string {
  const status = ERROR_MESSAGES[code]
  return translate(locale, status.key, status.params)
}

async function assetFiles(rig: Rig): Promise<string[]> {
  return readdir(join(rig.dataDir, 'assets')).catch(() => [] as string[])
}

async function choosePicture(page: Page, name: string, bytes: Uint8Array): Promise<string> {
  await page
    .locator('[data-testid="art-file"]')
    .setInputFiles({ name, mimeType: 'image/png', buffer: Buffer.from(bytes) })
  const error = page.locator('[data-testid="art-error"]')
  await error.waitFor()
  await page.locator('[data-testid="art-panel"]').scrollIntoViewIfNeeded()
  return (await error.textContent()) ?? ''
}

/** A pack of the sample campaign's export whose first map names `picture` as its art. */
async function packWith(
  rig: Rig,
  files: (campaignJson: Uint8Array) => Uint8Array,
): Promise<Buffer> {
  await rig.host.flush()
  const exported = JSON.parse(
    await readFile(join(rig.dataDir, 'campaigns', `${SAMPLE}.json`), 'utf8'),
  )
  const campaignJson = new TextEncoder().encode(
    JSON.stringify({ format: 'gm-campaign-export/1', campaign: exported }),
  )
  return Buffer.from(files(campaignJson))
}

describe('pictures refused, in English', () => {
  let rig: Rig
  let page: Page
  /** The longest WebSocket message the page sent. */
  let longestFrame = 0

  beforeAll(async () => {
    rig = await startRig(undefined, {
      name: 'picture-refusals',
      viewport: { width: 1366, height: 768 },
    })
    rig.context.on('page', (opened) =>
      opened.on('websocket', (socket) =>
        socket.on('framesent', ({ payload }) => {
          longestFrame = Math.max(longestFrame, payload.length)
        }),
      ),
    )
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, SAMPLE)
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('a 16,384² map picture and a 2 GB PNG bomb: worded refusals, nothing stored', async () => {
    expect(await choosePicture(page, 'huge.png', png16384Squared())).toBe(
      sentence('en', 'asset-too-many-pixels'),
    )
    await page.screenshot({ path: join(screenshotDir, 'picture-refusal-en.png') })
    expect(await choosePicture(page, 'bomb.png', onePixelPngInflatingTo2GB())).toBe(
      sentence('en', 'asset-undecodable'),
    )
    expect(await assetFiles(rig)).toEqual([])
  })

  it('a 6.25 MB PNG bomb goes to the host in parts, so it answers others meanwhile', async () => {
    longestFrame = 0
    await page.locator('[data-testid="art-file"]').setInputFiles({
      name: 'bigger-bomb.png',
      mimeType: 'image/png',
      buffer: pngInflatingTo6GB(),
    })
    // The previous refusal stays on screen until this one is sent: wait for it to be sent and answered.
    await expect.poll(() => longestFrame, { timeout: 30_000 }).toBeGreaterThan(PART_CHARS / 2)
    await page.locator('[data-testid="art-busy"]').waitFor({ state: 'detached' })
    expect(await page.locator('[data-testid="art-error"]').textContent()).toBe(
      sentence('en', 'asset-undecodable'),
    )
    // 8.3 MB of base64, never one message: each part costs the host a few milliseconds.
    expect(longestFrame).toBeLessThan(PART_CHARS + 200)
    expect(await assetFiles(rig)).toEqual([])
  })

  it('a token picture wider than 4,096 px is refused with the token limit', async () => {
    await selectToken(page, 'pc-mage')
    const wide = pngWith(5_000, 4, new Uint8Array(0))
    await page
      .locator('[data-testid="token-image"]')
      .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: Buffer.from(wide) })
    const error = page.locator('[data-testid="token-image-error"]')
    await error.waitFor()
    expect(await error.textContent()).toBe(sentence('en', 'asset-too-many-pixels'))
    expect(await assetFiles(rig)).toEqual([])
  })

  it('a pack with unused files is imported and says how many it left out; two campaign.json are refused', async () => {
    await page.locator('[data-testid="close-campaign"]').click()
    const unused = await packWith(rig, (campaignJson) => {
      const files: Record<string, Uint8Array> = { 'campaign.json': campaignJson }
      for (let i = 0; i < 20; i++) {
        const bytes = cellColourPicture(1 + i, 1, 2).png
        files[`assets/${sha256(bytes)}.png`] = bytes
      }
      files['readme.txt'] = new TextEncoder().encode('exported by another tool')
      return zipSync(files)
    })
    await page
      .locator('[data-testid="import-campaign"]')
      .setInputFiles({ name: 'unused.gmcampaign.zip', mimeType: 'application/zip', buffer: unused })
    await page.locator('[data-testid="import-keep-both"]').click()
    const status = page.locator('[data-testid="status"]', { hasText: '21 files' })
    await status.waitFor()
    expect(await status.textContent()).toContain(
      translate('en', 'status.importedIgnoring', { name: 'x', count: 21 }).split('”')[1],
    )
    expect(await assetFiles(rig)).toEqual([])
    await page.screenshot({ path: join(screenshotDir, 'picture-refusal-pack-en.png') })

    const twice = await packWith(rig, (campaignJson) =>
      rawZip([
        storedEntry('campaign.json', campaignJson),
        storedEntry('campaign.json', campaignJson),
      ]),
    )
    const before = await page.locator('[data-testid="campaign-row"]').count()
    await page
      .locator('[data-testid="import-campaign"]')
      .setInputFiles({ name: 'twice.gmcampaign.zip', mimeType: 'application/zip', buffer: twice })
    const refused = page.locator('[data-testid="status"][data-tone="error"]')
    await refused.waitFor()
    expect(await refused.textContent()).toContain(sentence('en', 'pack-duplicate-entry'))
    expect(await page.locator('[data-testid="campaign-row"]').count()).toBe(before)
    expect(rig.problems).toEqual([])
  })
})

describe('pictures refused, in Japanese', () => {
  let rig: Rig
  let page: Page

  beforeAll(async () => {
    rig = await startRig(undefined, {
      name: 'picture-refusals-ja',
      locale: 'ja-JP',
      viewport: { width: 1366, height: 768 },
    })
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, SAMPLE)
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('HTML behind a PNG header is refused in Japanese, nothing stored', async () => {
    expect(await choosePicture(page, 'page.png', htmlBehindPngHeader())).toBe(
      sentence('ja', 'asset-undecodable'),
    )
    await page.screenshot({ path: join(screenshotDir, 'picture-refusal-ja.png') })
    expect(await assetFiles(rig)).toEqual([])
    expect(rig.problems).toEqual([])
  })

  it('a Universal VTT file whose picture claims 60,000² is refused in Japanese, nothing imported', async () => {
    const maps = await page.locator('[data-testid="map-tab"]').count()
    const file = JSON.stringify({
      format: 0.3,
      resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: 4, y: 3 }, pixels_per_grid: 10 },
      line_of_sight: [],
      portals: [],
      lights: [],
      image: Buffer.from(pngClaiming60000Squared()).toString('base64'),
    })
    await page.locator('[data-testid="uvtt-file"]').setInputFiles({
      name: 'huge.dd2vtt',
      mimeType: 'application/json',
      buffer: Buffer.from(file),
    })
    const error = page.locator('[data-testid="uvtt-error"]')
    await error.waitFor()
    await page.locator('[data-testid="uvtt-import"]').scrollIntoViewIfNeeded()
    expect(await error.textContent()).toBe(sentence('ja', 'asset-too-many-pixels'))
    await page.screenshot({ path: join(screenshotDir, 'picture-refusal-uvtt-ja.png') })
    expect(await page.locator('[data-testid="map-tab"]').count()).toBe(maps)
    expect(await assetFiles(rig)).toEqual([])
    // The import dialog stays over the board until the GM closes it (Esc, like Cancel).
    await page.keyboard.press('Escape')
    await page.locator('[data-testid="uvtt-dialog"]').waitFor({ state: 'detached' })
  })

  it('a pack with two campaign.json is refused in Japanese; one with unused files says so in Japanese', async () => {
    await page.locator('[data-testid="close-campaign"]').click()
    // The list is asked for again on close: count its rows once they are there.
    await page.locator('[data-testid="campaign-row"]').first().waitFor()
    const twice = await packWith(rig, (campaignJson) =>
      rawZip([
        storedEntry('campaign.json', campaignJson),
        storedEntry('campaign.json', campaignJson),
      ]),
    )
    const before = await page.locator('[data-testid="campaign-row"]').count()
    await page
      .locator('[data-testid="import-campaign"]')
      .setInputFiles({ name: 'twice.gmcampaign.zip', mimeType: 'application/zip', buffer: twice })
    const refused = page.locator('[data-testid="status"][data-tone="error"]')
    await refused.waitFor()
    expect(await refused.textContent()).toContain(sentence('ja', 'pack-duplicate-entry'))
    await page.screenshot({ path: join(screenshotDir, 'picture-refusal-pack-ja.png') })
    expect(await page.locator('[data-testid="campaign-row"]').count()).toBe(before)

    const unused = await packWith(rig, (campaignJson) =>
      zipSync({ 'campaign.json': campaignJson, 'readme.txt': new TextEncoder().encode('x') }),
    )
    await page
      .locator('[data-testid="import-campaign"]')
      .setInputFiles({ name: 'unused.gmcampaign.zip', mimeType: 'application/zip', buffer: unused })
    await page.locator('[data-testid="import-keep-both"]').click()
    const done = translate('ja', 'status.importedIgnoring.one', { name: '' }).split('」')[1]
    await page.locator('[data-testid="status"]', { hasText: done }).waitFor()
    expect(await page.locator('[data-testid="campaign-row"]').count()).toBe(before + 1)
    expect(rig.problems).toEqual([])
  })
})
