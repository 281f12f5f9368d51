// Issue 12.5: placing tokens during prep is free: a drag with the Token tool across a wall moves
// the token. Issue 25: outside a fight a drag with Select moves it freely too (exploration); the
// movement rules apply once the GM picks a move mode, and during a fight.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignSchema } from '@core/campaign/schema'
import { openCampaign, waitConnected } from './gm-page'
import { chooseTool, dragOnBoard } from './editor-steps'
import { eventually, startRig, type Rig } from './harness'

const CAMPAIGN = 'prep-moves'
// A wall runs down between x = 2 and x = 3 across the whole map.
const wall = (y: number) => ({
  between: [
    [2, y],
    [3, y],
  ],
  kind: 'wall',
})
const campaign = {
  schemaVersion: 5,
  id: CAMPAIGN,
  name: 'Prep moves',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  notes: '',
  maps: [
    {
      id: 'hall',
      name: 'Hall',
      system: 'arianrhod',
      width: 6,
      height: 4,
      edges: [0, 1, 2, 3].map(wall),
      tokens: [{ id: 'pc', name: 'Aria', at: [2, 1], faction: 'party', move: 10 }],
      notes: '',
    },
  ],
}

let rig: Rig
let page: Page

async function tokenAt(): Promise<[number, number]> {
  await rig.host.flush()
  const saved = campaignSchema.parse(
    JSON.parse(await readFile(join(rig.dataDir, 'campaigns', `${CAMPAIGN}.json`), 'utf8')),
  )
  return saved.maps[0].tokens[0].at as [number, number]
}

describe('prep placement and exploration', () => {
  beforeAll(async () => {
    rig = await startRig([campaign], { name: 'prep-moves', viewport: { width: 1366, height: 768 } })
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, CAMPAIGN)
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('moves a token across a wall with the Token tool, and with Select outside a fight', async () => {
    await chooseTool(page, 'token')
    await dragOnBoard(page, [2.5, 1.5], [3.5, 1.5])
    await eventually(
      async () => (await tokenAt()).join() === '3,1',
      'the token moved across the wall',
    )

    await chooseTool(page, 'select')
    await dragOnBoard(page, [3.5, 1.5], [2.5, 1.5])
    await page.locator('[data-testid="fight-move-outcome"][data-kind="free"]').waitFor()
    await page.locator('[data-testid="fight-mode-free"][aria-checked="true"]').waitFor()
    await eventually(
      async () => (await tokenAt()).join() === '2,1',
      'the token moved back across the wall, exploring',
    )
  })

  it('applies the movement rules once the GM picks a move mode, and during a fight', async () => {
    await page.locator('[data-testid="fight-mode-combat"]').click()
    await dragOnBoard(page, [2.5, 1.5], [3.5, 1.5])
    await page.locator('[data-testid="fight-move-outcome"][data-kind="refused"]').waitFor()
    expect((await tokenAt()).join()).toBe('2,1')
    // Back to free: exploring again.
    await page.locator('[data-testid="fight-mode-free"]').click()
    await page.locator('[data-testid="turn-start"]').click()
    await page.locator('[data-testid="turn-order"]').waitFor()
    // In a fight there is no free mode: the rules apply to every drag.
    await expect(page.locator('[data-testid="fight-mode-free"]').count()).resolves.toBe(0)
    await dragOnBoard(page, [2.5, 1.5], [3.5, 2.5])
    await page
      .locator('[data-testid="fight-move-outcome"][data-kind="refused"][data-to="3,2"]')
      .waitFor()
    expect((await tokenAt()).join()).toBe('2,1')
    expect(rig.problems).toEqual([])
  })
})
