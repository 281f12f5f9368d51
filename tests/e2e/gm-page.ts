// What a GM does on the page, written once so the browser suite and the Electron suite share it.
import type { Locator, Page } from 'playwright-core'

export type Cell = [number, number]

export const ACTION_TIMEOUT_MS = 10_000

/** Connected, and done opening what the page's address names (a reload reopens its campaign). */
export async function waitConnected(page: Page): Promise<void> {
  await page
    .locator('[data-testid="status"][data-connection="open"][data-ready="true"]')
    .waitFor({ timeout: ACTION_TIMEOUT_MS })
}

/** Opens a campaign from the list; one already open (a reloaded page reopens its own) stays. */
export async function openCampaign(page: Page, campaignId: string): Promise<void> {
  const view = page.locator(`[data-testid="campaign-view"][data-campaign-id="${campaignId}"]`)
  if (!(await view.isVisible())) {
    if (await page.locator('[data-testid="campaign-view"]').isVisible()) {
      await page.locator('[data-testid="close-campaign"]').click()
      await page.locator('[data-testid="campaign-view"]').waitFor({ state: 'detached' })
    }
    await page.locator(`li[data-campaign-id="${campaignId}"] [data-testid="open-campaign"]`).click()
  }
  await view.waitFor()
  await page.locator('[data-testid="map-grid"]').waitFor()
}

export async function selectMap(page: Page, mapId: string): Promise<void> {
  await page.locator(`[data-testid="map-tab"][data-map-id="${mapId}"]`).click()
  await page.locator(`[data-testid="map-grid"][data-map-id="${mapId}"]`).waitFor()
}

/**
 * The drawn edge between two orthogonal squares (named with its cells sorted by y, then x). A
 * straight SVG line has a zero-width box, which Playwright calls hidden: wait for 'attached'.
 */
export function edge(page: Page, a: Cell, b: Cell): Locator {
  const [first, second] = a[1] < b[1] || (a[1] === b[1] && a[0] <= b[0]) ? [a, b] : [b, a]
  return page.locator(
    `[data-testid="map-grid"] [data-edge="${first.join(',')},${second.join(',')}"]`,
  )
}

/**
 * Clicks the middle of the grid line between two squares, where a GM would, with an edge tool
 * (the Wall tool when another tool is active: campaigns open on Select).
 */
export async function clickEdge(page: Page, a: Cell, b: Cell): Promise<void> {
  const tool = await page.locator('[data-testid="board"]').getAttribute('data-tool')
  if (!['wall', 'door', 'low-wall', 'window'].includes(tool ?? '')) {
    await page.locator('[data-testid="tool-wall"]').click()
    await page.locator('[data-testid="board"][data-tool="wall"]').waitFor()
  }
  const grid = page.locator('[data-testid="map-grid"]')
  const box = await grid.boundingBox()
  if (!box) throw new Error('map grid is not visible')
  const width = Number(await grid.getAttribute('data-width'))
  const height = Number(await grid.getAttribute('data-height'))
  const cellW = box.width / width
  const cellH = box.height / height
  // Midpoint of the two squares' centres lies on their shared side.
  const fx = (a[0] + b[0]) / 2 + 0.5
  const fy = (a[1] + b[1]) / 2 + 0.5
  await page.mouse.click(box.x + fx * cellW, box.y + fy * cellH)
}
