// The GM screen at 1366×768, prep and fight, in English and Japanese (issue 12): written to
// .tmp/screenshots/{prep,fight}-{en,ja}.png for a person to look at. The copies the README names
// live in tests/e2e/screenshots/ and are refreshed by hand.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cellCentre, chooseTool } from './editor-steps'
import { openCampaign, selectMap, waitConnected } from './gm-page'
import { screenshotDir, startRig, type Rig } from './harness'

let rig: Rig
let page: Page

async function pageStill(): Promise<void> {
  const root = await page.evaluate(() => [
    document.scrollingElement!.scrollTop,
    document.scrollingElement!.scrollHeight,
    innerHeight,
  ])
  expect(root[0]).toBe(0)
  expect(root[1]).toBeLessThanOrEqual(root[2])
}

async function clickCell(cell: [number, number]): Promise<void> {
  const p = await cellCentre(page, cell)
  await page.mouse.click(p.x, p.y)
}

describe('GM screen screenshots at 1366×768', () => {
  beforeAll(async () => {
    rig = await startRig(undefined, {
      name: 'gm-screenshots',
      viewport: { width: 1366, height: 768 },
    })
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, 'sample-campaign')
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  for (const locale of ['en', 'ja'] as const) {
    it(`prep and fight in ${locale === 'en' ? 'English' : 'Japanese'}`, async () => {
      await page.locator(`[data-testid="lang-${locale}"]`).click()
      await page.locator(`html[lang="${locale}"]`).waitFor({ state: 'attached' })

      // Prep: the Token tool on the Arianrhod map, a token picked for editing.
      await selectMap(page, 'arianrhod-sample')
      await page.locator('[data-testid="zoom-fit"]').click()
      await chooseTool(page, 'token')
      await clickCell([1, 2])
      await page.locator('[data-testid="token-panel"][data-token-id="pc-mage"]').waitFor()
      await page.mouse.move(5, 5)
      await pageStill()
      await page.screenshot({ path: join(screenshotDir, `prep-${locale}.png`) })

      // Fight: the climber's climb to the ledge, with its checks, beside the board.
      await chooseTool(page, 'select')
      await clickCell([6, 2])
      await page.locator('[data-testid="fight-panel"][data-selected="pc-climber"]').waitFor()
      await page.locator('[data-testid="fight-mode-climb"]').click()
      const ledge = await cellCentre(page, [8, 2])
      await page.mouse.move(ledge.x, ledge.y, { steps: 2 })
      await page
        .locator('[data-testid="fight-path"][data-to="8,2"][data-reachable="true"]')
        .waitFor()
      await page.locator('[data-overlay="path-check"]').first().waitFor()
      await page
        .locator(
          '[data-testid="fight-layer"][data-reach-pending="false"][data-path-pending="false"]',
        )
        .waitFor({ state: 'attached' })
      await pageStill()
      await page.screenshot({ path: join(screenshotDir, `fight-${locale}.png`) })
      await page.keyboard.press('Escape')
    })
  }

  it('reports no page errors', () => {
    expect(rig.problems).toEqual([])
  })
})
