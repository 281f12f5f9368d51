// DysTopiA target shapes end to end: the sample campaign's dystopia-sample map (three factions
// on the 6 × 6 board) in headless Chromium over the real host. Each shape is previewed by hovering
// and confirmed by clicking; the squares and units shown must be the engine's answer.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cell } from './gm-page'
import { openCampaign, selectMap, waitConnected } from './gm-page'
import {
  campaignOnDisk,
  clickCell,
  engine,
  expectedReach,
  hoverCell,
  newPage,
  reachOnPage,
  repo,
  screenshotDir,
  selectToken,
  startRig,
  waitReach,
  type FightRig,
} from './fight-steps'

const SAMPLE = 'sample-campaign'
const MAP = 'dystopia-sample'
const USER = 'hero-c'

let rig: FightRig
let page: Page

async function storedMap() {
  return (await campaignOnDisk(rig, SAMPLE)).maps.find((m) => m.id === MAP)!
}

type Targets = { cells: Cell[]; units: string[] }

function cellsAttr(cells: Cell[]): string {
  return cells.map((c) => c.join(',')).join(' ')
}

/** Waits for the panel to show exactly the engine's answer to `query`, then returns it. */
async function expectTargets(query: Record<string, unknown>, confirmed: boolean): Promise<Targets> {
  const expected = engine(await storedMap(), { type: 'targets', token: USER, ...query }) as Targets
  const result = page.locator(
    `[data-testid="fight-template-result"][data-confirmed="${confirmed}"][data-cells="${cellsAttr(expected.cells)}"]`,
  )
  await result.waitFor()
  await expect(result.getAttribute('data-units')).resolves.toBe(expected.units.join(' '))
  await expect(page.locator('[data-overlay="template"]').count()).resolves.toBe(
    expected.cells.length,
  )
  const listed = await page
    .locator('[data-overlay="template-unit-item"]')
    .evaluateAll((n) => n.map((e) => e.getAttribute('data-token')))
  expect(listed).toEqual(expected.units)
  return expected
}

async function setRange(range: string): Promise<void> {
  await page.locator('[data-testid="fight-range"]').fill(range)
  await page.locator('[data-testid="fight-range"]').press('Enter')
  await page.locator('[data-testid="fight-range"]').blur()
}

beforeAll(async () => {
  const sample = JSON.parse(
    await readFile(join(repo, 'resources', 'sample-campaign.json'), 'utf8'),
  ) as unknown
  rig = await startRig([sample])
  page = await newPage(rig)
  await waitConnected(page)
  await openCampaign(page, SAMPLE)
  await selectMap(page, MAP)
  await selectToken(page, USER)
})

afterAll(async () => {
  await rig?.close()
})

describe('DysTopiA target shapes over the Node host', () => {
  it('shows three factions and the sub / main move reach the engine answers', async () => {
    const map = await storedMap()
    expect(new Set(map.tokens.map((t) => t.faction)).size).toBe(3)
    for (const mode of ['sub', 'main']) {
      await page.locator(`[data-testid="fight-mode-${mode}"]`).click()
      await waitReach(page, mode)
      expect(await reachOnPage(page)).toEqual(
        expectedReach(engine(map, { type: 'reach', token: USER, mode })),
      )
    }
  })

  it('previews 範囲(選択) on hover and confirms it on click', async () => {
    await page.locator('[data-testid="fight-template-toggle"]').click()
    await page.locator('[data-testid="fight-shape-area"]').click()
    await setRange('0-3')
    await hoverCell(page, [1, 3])
    await expectTargets({ shape: 'area', range: '0-3', pick: [[1, 3]] }, false)
    await hoverCell(page, [2, 4])
    await expectTargets({ shape: 'area', range: '0-3', pick: [[2, 4]] }, false)
    await clickCell(page, [2, 4])
    await hoverCell(page, [4, 1])
    // Confirmed: the pointer no longer moves the shape.
    await expectTargets({ shape: 'area', range: '0-3', pick: [[2, 4]] }, true)
  })

  it('covers the board for 場面(選択) and lists every unit of all three factions', async () => {
    await page.locator('[data-testid="fight-shape-scene"]').click()
    await setRange('0-10')
    const answer = await expectTargets({ shape: 'scene', range: '0-10' }, true)
    expect(answer.cells).toHaveLength(36)
    expect(answer.units).toHaveLength(8)
  })

  it('builds nマス指定 from clicked squares, previewing the next one', async () => {
    await page.locator('[data-testid="fight-shape-squares"]').click()
    await setRange('0-4')
    await page.locator('[data-testid="fight-n"]').fill('2')
    await page.locator('[data-testid="fight-n"]').press('Enter')
    await clickCell(page, [2, 2])
    await hoverCell(page, [4, 5])
    await expectTargets(
      {
        shape: 'squares',
        range: '0-4',
        n: 2,
        pick: [
          [2, 2],
          [4, 5],
        ],
      },
      false,
    )
    await clickCell(page, [4, 5])
    await hoverCell(page, [0, 0])
    await expectTargets(
      {
        shape: 'squares',
        range: '0-4',
        n: 2,
        pick: [
          [2, 2],
          [4, 5],
        ],
      },
      true,
    )
  })

  it('draws 各マス1体 lines A–H, following the pointer or a chosen letter', async () => {
    await page.locator('[data-testid="fight-shape-line"]').click()
    await setRange('0-3')
    await page.locator('[data-testid="fight-direction-C"]').click()
    await expectTargets({ shape: 'line', range: '0-3', direction: 'C' }, true)
    await page.locator('[data-testid="fight-direction-follow"]').click()
    await hoverCell(page, [4, 5])
    await expectTargets({ shape: 'line', range: '0-3', direction: 'E' }, true)
    await hoverCell(page, [4, 2])
    await expectTargets({ shape: 'line', range: '0-3', direction: 'D' }, true)
  })

  it('takes the screenshot of a confirmed area with its units listed', async () => {
    await page.locator('[data-testid="fight-shape-area"]').click()
    await setRange('0-4')
    await clickCell(page, [2, 2])
    const answer = await expectTargets({ shape: 'area', range: '0-4', pick: [[2, 2]] }, true)
    expect(answer.units).toContain('mutant-2')
    await page.locator('[data-testid="fight-template-result"]').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(screenshotDir, 'dystopia-targets.png') })
    expect(rig.problems).toEqual([])
  })
})
