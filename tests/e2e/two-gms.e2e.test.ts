// Issue 11.3 in the browser: two GM pages on the same campaign place lights and tokens at the
// same moment; none is lost (each command adds one item by id, never "here is the whole list").
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignSchema } from '@core/campaign/schema'
import { openCampaign, selectMap, waitConnected, type Cell } from './gm-page'
import { cellCentre, chooseTool } from './editor-steps'
import { eventually, startRig, type Rig } from './harness'

const CAMPAIGN = 'two-gms'
const emptyMap = (id: string) => ({
  id,
  name: id,
  system: 'arianrhod',
  width: 10,
  height: 10,
  notes: '',
})
const campaign = {
  schemaVersion: 5,
  id: CAMPAIGN,
  name: 'Two GM pages',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  notes: '',
  maps: [emptyMap('lights'), emptyMap('tokens')],
}

let rig: Rig
const pages: Page[] = []

/** Page `index` clicks the 50 squares of its half of the board with the current tool. */
async function clickHalf(page: Page, index: number, count = 50): Promise<void> {
  for (let n = 0; n < count; n++) {
    const cell: Cell = [n % 10, index * 5 + Math.floor(n / 10)]
    const p = await cellCentre(page, cell)
    await page.mouse.click(p.x, p.y)
  }
}

async function onDisk() {
  await rig.host.flush()
  return campaignSchema.parse(
    JSON.parse(await readFile(join(rig.dataDir, 'campaigns', `${CAMPAIGN}.json`), 'utf8')),
  )
}

describe('two GM pages at once', () => {
  beforeAll(async () => {
    rig = await startRig([campaign], { name: 'two-gms', viewport: { width: 1366, height: 768 } })
    for (let i = 0; i < 2; i++) {
      const page = await rig.newPage()
      await waitConnected(page)
      await openCampaign(page, CAMPAIGN)
      pages.push(page)
    }
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('place 100 lights together and lose none', async () => {
    for (const page of pages) {
      await selectMap(page, 'lights')
      await chooseTool(page, 'light')
      await page.locator('[data-testid="zoom-fit"]').click()
    }
    await Promise.all(pages.map((page, i) => clickHalf(page, i)))
    await eventually(
      async () => (await onDisk()).maps[0].light.sources.length === 100,
      '100 lights on disk',
      30_000,
    )
    const ids = new Set((await onDisk()).maps[0].light.sources.map((s) => s.id))
    expect(ids.size).toBe(100)
  }, 120_000)

  it('place 100 tokens together and lose none', async () => {
    for (const page of pages) {
      await selectMap(page, 'tokens')
      await chooseTool(page, 'token')
      await page.locator('[data-testid="zoom-fit"]').click()
    }
    await Promise.all(pages.map((page, i) => clickHalf(page, i)))
    await eventually(
      async () => (await onDisk()).maps[1].tokens.length === 100,
      '100 tokens on disk',
      30_000,
    )
    expect(rig.problems).toEqual([])
  }, 120_000)
})
