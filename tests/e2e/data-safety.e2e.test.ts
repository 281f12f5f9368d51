// Issue 27 on the GM screen, at 1366×768: a change the loader would not accept is refused with a
// sentence naming the limit (English and Japanese) and nothing changes; a journal line that no
// longer applies opens the campaign anyway, with a notice naming the file it is kept in; a
// hand-edited file opens repaired, the status line saying what was repaired in the GM's language.
import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignSchema } from '@core/campaign/schema'
import { FAR_FROM_LIMITS, MAX_GOLD, nearLimitCampaign } from '@core/campaign/limits-testing'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { openCampaign, waitConnected } from './gm-page'
import { eventually, screenshotDir, startRig, type Rig } from './harness'

const ID = 'c1'
let rig: Rig
let page: Page

const campaign = nearLimitCampaign({ ...FAR_FROM_LIMITS, funds: MAX_GOLD })
/** Edited by hand: two cell entries that only hold defaults, a token off the 6×5 map. */
const handEdited = makeCampaign({
  id: 'hand',
  name: 'Hand edited',
  maps: [
    makeMap({
      name: 'Cellar',
      cells: [{ at: [0, 0] }, { at: [1, 0] }],
      tokens: [{ id: 'pc', name: 'PC', at: [40, 40], faction: 'party' }],
    }),
  ],
})

async function onDisk() {
  await rig.host.flush()
  return campaignSchema.parse(
    JSON.parse(await readFile(join(rig.dataDir, 'campaigns', `${ID}.json`), 'utf8')),
  )
}

async function language(code: 'en' | 'ja'): Promise<void> {
  await page.locator(`[data-testid="lang-${code}"]`).click()
}

const status = () => page.locator('[data-testid="status"]')

describe('keeping every campaign openable (issue 27)', () => {
  beforeAll(async () => {
    rig = await startRig([campaign, handEdited], {
      name: 'data-safety',
      viewport: { width: 1366, height: 768 },
    })
    page = await rig.newPage()
    await mkdir(screenshotDir, { recursive: true })
    await waitConnected(page)
    await language('en')
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('refuses a sale that would take guild funds over 10¹² G, in the GM’s language', async () => {
    await openCampaign(page, ID)
    await page.locator('[data-testid="guild-open"]').click()
    await page.locator('[data-testid="guild-book"]').waitFor()
    await page.locator('[data-testid="guild-tab"][data-tab="items"]').click()
    const item = page.locator('[data-testid="guild-item"]').first()
    await item.locator('[data-testid="item-price"]').fill(String(MAX_GOLD))
    await item.locator('button').last().click()
    await eventually(
      async () => (await status().getAttribute('data-tone')) === 'error',
      'the refusal in the status line',
    )
    await expect(status().textContent()).resolves.toMatch(
      /guild funds would pass their limit of 1,000,000,000,000 G/,
    )
    await page.screenshot({ path: join(screenshotDir, 'data-safety-limit-en.png') })
    await language('ja')
    await expect(status().textContent()).resolves.toMatch(/ギルド資金が上限の 1,000,000,000,000 G/)
    await page.screenshot({ path: join(screenshotDir, 'data-safety-limit-ja.png') })
    await language('en')
    // Nothing changed: the item is still there and the funds are what they were.
    await expect(page.locator('[data-testid="guild-item"]').count()).resolves.toBe(2)
    const saved = await onDisk()
    expect(saved.guild?.funds).toBe(MAX_GOLD)
    expect(saved.guild?.items.map((i) => i.id)).toEqual(['i1', 'i2'])
  })

  it('opens a campaign whose journal holds a change that no longer applies, and says so', async () => {
    await page.locator('[data-testid="close-campaign"]').click()
    await page.locator('[data-testid="campaign-view"]').waitFor({ state: 'detached' })
    await rig.restartHost(async () => {
      // The journal as a session would have left it: one good move, then a move of a token that
      // is not on the map (a hand edit, or a journal from another version of the campaign).
      const file = await readFile(join(rig.dataDir, 'campaigns', `${ID}.json`))
      const base = createHash('sha256').update(file).digest('hex')
      const record = (seq: number, tokenId: string) =>
        JSON.stringify({
          seq,
          at: '2025-05-05T00:00:00.000Z',
          command: { type: 'token.move', mapId: 'm1', tokenId, to: [5, 5] },
        })
      const dir = join(rig.dataDir, 'journal', ID)
      await mkdir(dir, { recursive: true })
      await writeFile(
        join(dir, '00000009.jsonl'),
        `${JSON.stringify({ format: 'grid-gm-journal/1', base, after: 0 })}\n${record(1, 'pc')}\n${record(2, 'ghost')}\n`,
      )
    })
    await page.reload()
    await waitConnected(page)
    await openCampaign(page, ID)
    const notice = page.locator('[data-testid="journal-notice"]')
    await notice.waitFor()
    await expect(notice.getAttribute('role')).resolves.toBe('alert')
    await expect(notice.textContent()).resolves.toMatch(
      /00000009\.jsonl \(line 3\) does not apply.*the change before it was replayed.*00000009\.jsonl\.not-applicable-line-3-/s,
    )
    await expect(status().getAttribute('data-tone')).resolves.toBe('warn')
    await page.screenshot({ path: join(screenshotDir, 'data-safety-journal-en.png') })
    await language('ja')
    await expect(notice.textContent()).resolves.toMatch(
      /3 行目の変更はこのキャンペーンに適用できません/,
    )
    await page.screenshot({ path: join(screenshotDir, 'data-safety-journal-ja.png') })
    await language('en')
    // The move before it was kept.
    const pc = (await onDisk()).maps[0].tokens.find((t) => t.id === 'pc')
    expect(pc?.at).toEqual([5, 5])
    await notice.locator('button').click()
    await notice.waitFor({ state: 'detached' })
  })

  it('opens a hand-edited campaign repaired, saying what it repaired in the GM’s language', async () => {
    await openCampaign(page, 'hand')
    await expect(status().getAttribute('data-tone')).resolves.toBe('warn')
    await expect(status().textContent()).resolves.toBe(
      'Opened with repairs: Map “Cellar”: dropped 2 cell entries that only held defaults. ' +
        'Map “Cellar”: moved 1 token back onto the map.',
    )
    // A long status stays one line ending in "…" in a narrow window, the whole on hover.
    await page.setViewportSize({ width: 640, height: 768 })
    const line = await status().evaluate((el) => ({
      title: el.getAttribute('title'),
      text: el.textContent?.trim(),
      clipped: el.scrollWidth > el.clientWidth,
      overflow: getComputedStyle(el).textOverflow,
    }))
    await page.setViewportSize({ width: 1366, height: 768 })
    expect(line.title).toBe(line.text)
    expect(line.clipped).toBe(true)
    expect(line.overflow).toBe('ellipsis')
    await language('ja')
    await expect(status().textContent()).resolves.toBe(
      '修復して開きました：マップ「Cellar」：既定値しか持たないマスの記述 2 件を削除しました。' +
        'マップ「Cellar」：コマ 1 個をマップ内に戻しました。',
    )
    await page.screenshot({ path: join(screenshotDir, 'data-safety-repaired-ja.png') })
    await language('en')
  })

  it('ran every page without console errors', () => {
    expect(rig.problems).toEqual([])
  })
})
