// Issue 12.7: a map opens fitted to the view at 1366×768 (a 6 × 6 DysTopiA board used to fill a
// quarter of the area at 175 %).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCampaign, selectMap, waitConnected } from './gm-page'
import { startRig, type Rig } from './harness'

let rig: Rig
let page: Page

async function filled(): Promise<number> {
  const board = (await page.locator('[data-testid="board"]').boundingBox())!
  const grid = (await page.locator('[data-testid="map-grid"]').boundingBox())!
  return Math.max(grid.width / board.width, grid.height / board.height)
}

describe('maps open fitted', () => {
  beforeAll(async () => {
    rig = await startRig(undefined, { name: 'fit', viewport: { width: 1366, height: 768 } })
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, 'sample-campaign')
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('fits the DysTopiA board and every other map when it opens', async () => {
    for (const mapId of ['dystopia-sample', 'arianrhod-sample']) {
      await selectMap(page, mapId)
      await expect.poll(filled, { timeout: 10_000 }).toBeGreaterThan(0.85)
      expect(await filled()).toBeLessThanOrEqual(1.001)
    }
    expect(rig.problems).toEqual([])
  })
})
