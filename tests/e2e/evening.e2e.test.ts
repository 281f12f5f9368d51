// Issue 25, a whole evening at 1366×768: typing right after a click with the Trap or Token tool
// names the new thing (the keys never switch tools), and each campaign keeps its undo history when
// the GM switches to another campaign and back. In Chromium on the real host.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignSchema, type Campaign } from '@core/campaign/schema'
import { clickEdge, openCampaign, waitConnected, waitForEdge, waitForNoEdge } from './gm-page'
import { cellCentre, chooseTool } from './editor-steps'
import { eventually, startRig, type Rig } from './harness'

const stamp = '2025-01-01T00:00:00.000Z'
const arianrhod = (id: string, name: string) => ({
  schemaVersion: 5,
  id,
  name,
  createdAt: stamp,
  updatedAt: stamp,
  notes: '',
  maps: [
    {
      id: 'crypt',
      name: 'Crypt',
      system: 'arianrhod',
      width: 10,
      height: 8,
      tokens: [{ id: 'seoni', name: 'Seoni', at: [1, 1], faction: 'party', move: 10 }],
      notes: '',
    },
  ],
})

let rig: Rig
let page: Page

async function onDisk(id: string): Promise<Campaign> {
  await rig.host.flush()
  return campaignSchema.parse(
    JSON.parse(await readFile(join(rig.dataDir, 'campaigns', `${id}.json`), 'utf8')),
  )
}

async function clickCell(cell: [number, number]): Promise<void> {
  const p = await cellCentre(page, cell)
  await page.mouse.click(p.x, p.y)
}

async function backToList(): Promise<void> {
  await page.locator('[data-testid="close-campaign"]').click()
  await page.locator('[data-testid="campaign-view"]').waitFor({ state: 'detached' })
}

describe('an evening at the table', () => {
  beforeAll(async () => {
    rig = await startRig([arianrhod('first', 'First'), arianrhod('second', 'Second')], {
      name: 'evening',
      viewport: { width: 1366, height: 768 },
    })
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, 'first')
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('after a click with the Trap tool, typing names the new trap instead of switching tools', async () => {
    await chooseTool(page, 'trap')
    await clickCell([4, 4])
    await page.locator('[data-testid="trap-name"]:focus').waitFor()
    // "k" is the Token tool's key and "p" the deploy tool's: neither may fire.
    await page.keyboard.type('Spiked pit')
    await page.keyboard.press('Enter')
    await eventually(
      async () => (await onDisk('first')).maps[0].traps?.[0]?.name === 'Spiked pit',
      'the trap named on disk',
    )
    await expect(page.locator('[data-testid="board"]').getAttribute('data-tool')).resolves.toBe(
      'trap',
    )
    // Enter gave the keyboard back to the board: its keys work again.
    await page.keyboard.press('v')
    await page.locator('[data-testid="board"][data-tool="select"]').waitFor()
  })

  it('after a click with the Token tool, typing names the new token', async () => {
    await chooseTool(page, 'token')
    await clickCell([6, 2])
    await page.locator('[data-testid="token-name"]:focus').waitFor()
    await page.keyboard.type('Kyra')
    await page.keyboard.press('Enter')
    await eventually(
      async () => (await onDisk('first')).maps[0].tokens.some((t) => t.name === 'Kyra'),
      'the token named on disk',
    )
    await expect(page.locator('[data-testid="board"]').getAttribute('data-tool')).resolves.toBe(
      'token',
    )
  })

  it('keeps each campaign’s undo history when switching campaigns and back', async () => {
    await clickEdge(page, [2, 5], [3, 5])
    await waitForEdge(page, [2, 5], [3, 5])
    await backToList()
    await openCampaign(page, 'second')
    await clickEdge(page, [7, 6], [8, 6])
    await waitForEdge(page, [7, 6], [8, 6])
    await backToList()
    await openCampaign(page, 'first')
    await expect(page.locator('[data-testid="undo"]').isDisabled()).resolves.toBe(false)
    await page.locator('[data-testid="undo"]').click()
    await waitForNoEdge(page, [2, 5], [3, 5])
    await eventually(
      async () => (await onDisk('first')).maps[0].edges.length === 0,
      'the wall undone on disk',
    )
    await backToList()
    await openCampaign(page, 'second')
    await page.locator('[data-testid="undo"]').click()
    await waitForNoEdge(page, [7, 6], [8, 6])
    expect(rig.problems).toEqual([])
  })
})
