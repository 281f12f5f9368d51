// Steps shared by the fight and DysTopiA end-to-end suites: a host on a temp data folder seeded
// with real campaign files, a page, pointing at squares, and reading the fight overlays' data
// attributes.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { campaignSchema, type Campaign, type CampaignMap } from '@core/campaign/schema'
import { mapScenario } from '@core/campaign/map-battle'
import { runScenario } from '@core/rules/scenario/run'
import { boardPoint } from './editor-steps'
import type { Cell } from './gm-page'
import { startRig as startHarnessRig, type Rig } from './harness'

export { repo, screenshotDir } from './harness'

export type FightRig = Rig

/** Starts the real host on a fresh folder holding exactly these campaign files, and Chromium. */
export function startRig(campaigns: unknown[], locale = 'en-US'): Promise<FightRig> {
  return startHarnessRig(campaigns, { locale, name: 'fight-e2e' })
}

/** Opens the GM screen (or `path`) on the rig's host, collecting its errors in rig.problems. */
export function newPage(rig: FightRig, path = 'gm.html'): Promise<Page> {
  return rig.newPage(path)
}

/** The campaign as stored on disk right now, parsed with the app's own schema. */
/** The campaign file, once every pending autosave is written (the host's flush). */
export async function campaignOnDisk(rig: FightRig, id: string): Promise<Campaign> {
  await rig.host.flush()
  return campaignSchema.parse(
    JSON.parse(await readFile(join(rig.dataDir, 'campaigns', `${id}.json`), 'utf8')),
  )
}

/** What the engine answers for this map, the way main asks it (mapScenario + runScenario). */
export function engine(map: CampaignMap, query: Record<string, unknown>): Record<string, unknown> {
  const result = runScenario(mapScenario(map, query))
  if (!result.ok)
    throw new Error(
      `engine refused ${JSON.stringify(query)}: ${result.error.code} ${result.error.message}`,
    )
  return result.answer as Record<string, unknown>
}

/** Screen position of a square's centre (or any point in cell units) on the board. */
export function cellPoint(
  page: Page,
  cell: Cell,
  dx = 0.5,
  dy = 0.5,
): Promise<{ x: number; y: number }> {
  return boardPoint(page, cell[0] + dx, cell[1] + dy)
}

export async function hoverCell(page: Page, cell: Cell): Promise<void> {
  const p = await cellPoint(page, cell)
  await page.mouse.move(p.x, p.y, { steps: 2 })
  await page.locator(`[data-testid="hover-readout"][data-at="${cell.join(',')}"]`).waitFor()
}

export async function clickCell(page: Page, cell: Cell): Promise<void> {
  const p = await cellPoint(page, cell)
  await page.mouse.click(p.x, p.y)
}

/** Picks the select tool, fits the map on screen and selects a token by pressing on it. */
export async function selectToken(page: Page, tokenId: string): Promise<void> {
  await page.locator('[data-testid="tool-select"]').click()
  await page.locator('[data-testid="zoom-fit"]').click()
  const at = (await page.locator(`[data-token="${tokenId}"]`).first().getAttribute('data-at'))!
    .split(',')
    .map(Number) as Cell
  await clickCell(page, at)
  await page.locator(`[data-testid="fight-panel"][data-selected="${tokenId}"]`).waitFor()
}

/** Every reach cell drawn: "x,y" → cost. */
export async function reachOnPage(page: Page): Promise<Map<string, number>> {
  const cells = await page
    .locator('[data-overlay="reach"]')
    .evaluateAll((nodes) =>
      nodes.map(
        (n) => [n.getAttribute('data-cell') ?? '', Number(n.getAttribute('data-cost'))] as const,
      ),
    )
  return new Map(cells)
}

/** Waits until the reach overlay shows the answer for `mode` (no request under way). */
export async function waitReach(page: Page, mode: string): Promise<void> {
  await page
    .locator(`[data-testid="fight-layer"][data-mode="${mode}"][data-reach-pending="false"]`)
    .waitFor({ state: 'attached' })
  await page
    .locator('[data-testid="fight-reach-status"][data-count]:not([data-count=""])')
    .waitFor()
}

export function expectedReach(answer: Record<string, unknown>): Map<string, number> {
  const cells = answer.cells as { at: Cell; cost: number }[]
  return new Map(cells.map((c) => [c.at.join(','), c.cost]))
}
