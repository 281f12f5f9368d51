// Issue 12.1: fight overlays keep working after switching campaigns (they died with
// svelte.dev/e/derived_inert until a reload). Switch five times and use them each time.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCampaign, selectMap, waitConnected } from './gm-page'
import type { CampaignMap } from '@core/campaign/schema'
import { engine, expectedReach, reachOnPage, selectToken, waitReach } from './fight-steps'
import { repo, startRig, type Rig } from './harness'

let rig: Rig
let page: Page
let maps: Record<string, CampaignMap>

describe('switching campaigns', () => {
  beforeAll(async () => {
    const sample = JSON.parse(
      await readFile(join(repo, 'resources', 'sample-campaign.json'), 'utf8'),
    ) as { maps: CampaignMap[] }
    // The second campaign differs where it shows: its mage stands two squares further south, so
    // an overlay still answering for the first campaign is seen (the two used to be identical).
    const moved = sample.maps.map((m) =>
      m.id === 'arianrhod-sample'
        ? {
            ...m,
            tokens: m.tokens.map((tk) =>
              tk.id === 'pc-mage' ? { ...tk, at: [tk.at[0], tk.at[1] + 2] } : tk,
            ),
          }
        : m,
    ) as CampaignMap[]
    const second = { ...sample, id: 'second', name: 'Second campaign', maps: moved }
    maps = {
      'sample-campaign': sample.maps.find((m) => m.id === 'arianrhod-sample')!,
      second: moved.find((m) => m.id === 'arianrhod-sample')!,
    }
    rig = await startRig([sample, second], {
      name: 'switch',
      viewport: { width: 1366, height: 768 },
    })
    page = await rig.newPage()
    await waitConnected(page)
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('shows reach and the fight panel for a selected token after five switches', async () => {
    for (let round = 0; round < 5; round++) {
      const id = round % 2 === 0 ? 'sample-campaign' : 'second'
      await openCampaign(page, id)
      await selectMap(page, 'arianrhod-sample')
      await selectToken(page, 'pc-mage')
      await waitReach(page, 'combat')
      await expect(page.locator('[data-overlay="reach"]').count()).resolves.toBeGreaterThan(0)
      // The reach drawn is the engine's answer for the campaign on screen, not the last one's.
      const expected = expectedReach(
        engine(maps[id], { type: 'reach', token: 'pc-mage', mode: 'combat' }),
      )
      await expect.poll(() => reachOnPage(page)).toEqual(expected)
      await page.locator('[data-testid="close-campaign"]').click()
      await page.locator('[data-testid="campaign-view"]').waitFor({ state: 'detached' })
    }
    expect(rig.problems.filter((p) => p.includes('derived_inert'))).toEqual([])
    expect(rig.problems).toEqual([])
  }, 120_000)
})
