// What a GM does on the page, written once so the browser suite and the Electron suite share it.
import type { Page } from 'playwright-core'
import type { ProbeCell, ProbeEdge } from '../../src-renderer/gm/board/test-hook'

export type Cell = [number, number]

export const ACTION_TIMEOUT_MS = 10_000

/** Connected, and done opening what the page's address names (a reload reopens its campaign). */
export async function waitConnected(page: Page): Promise<void> {
  await page
    .locator('[data-testid="status"][data-connection="open"][data-ready="true"]')
    .waitFor({ timeout: ACTION_TIMEOUT_MS })
}

/**
 * Asks the page for its board probe (window.__gmBoard, gm/board/test-hook.ts): the static layer
 * is a canvas, so what it holds is read there. The harness sets the flag before any page script
 * runs; this covers pages it did not open (Electron's window) for boards mounted from now on.
 */
export async function enableTestHooks(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__gmTestHooks = true
  })
}

/** Opens a campaign from the list; one already open (a reloaded page reopens its own) stays. */
export async function openCampaign(page: Page, campaignId: string): Promise<void> {
  await enableTestHooks(page)
  const view = page.locator(`[data-testid="campaign-view"][data-campaign-id="${campaignId}"]`)
  if (!(await view.isVisible())) {
    // A view seen here may be one a test has just asked to close: its button goes before the view
    // does, so a click that finds no button is fine as long as the view then goes.
    await page
      .locator('[data-testid="close-campaign"]')
      .click({ timeout: 2_000 })
      .catch(() => undefined)
    await page.locator('[data-testid="campaign-view"]').waitFor({ state: 'detached' })
    await page.locator(`li[data-campaign-id="${campaignId}"] [data-testid="open-campaign"]`).click()
  }
  await view.waitFor()
  await page.locator('[data-testid="map-grid"]').waitFor()
}

export async function selectMap(page: Page, mapId: string): Promise<void> {
  await page.locator(`[data-testid="map-tab"][data-map-id="${mapId}"]`).click()
  await page.locator(`[data-testid="map-grid"][data-map-id="${mapId}"]`).waitFor()
}

/** An edge's name on the board: its two squares sorted by y, then x ("x1,y1,x2,y2"). */
export function edgeName(a: Cell, b: Cell): string {
  const [first, second] = a[1] < b[1] || (a[1] === b[1] && a[0] <= b[0]) ? [a, b] : [b, a]
  return `${first.join(',')},${second.join(',')}`
}

/** The edge between two orthogonal squares on the board's map now, or null. */
export async function boardEdge(page: Page, a: Cell, b: Cell): Promise<ProbeEdge | null> {
  return page.evaluate((id) => window.__gmBoard?.edge(id) ?? null, edgeName(a, b))
}

/** Every edge of the board's map. */
export async function boardEdges(page: Page): Promise<ProbeEdge[]> {
  return page.evaluate(() => window.__gmBoard?.edges() ?? [])
}

/** Waits until the board's map has this edge (of this kind and door state, when given). */
export async function waitForEdge(
  page: Page,
  a: Cell,
  b: Cell,
  kind?: string,
  state?: string,
  timeout = ACTION_TIMEOUT_MS,
): Promise<void> {
  await page.waitForFunction(
    ({ id, kind, state }) => {
      const found = window.__gmBoard?.edge(id)
      return (
        found !== null &&
        found !== undefined &&
        (kind === undefined || found.kind === kind) &&
        (state === undefined || found.state === state)
      )
    },
    { id: edgeName(a, b), kind, state },
    { timeout },
  )
}

/** Waits until the board's map has no edge between the two squares. */
export async function waitForNoEdge(page: Page, a: Cell, b: Cell): Promise<void> {
  await page.waitForFunction(
    (id) => window.__gmBoard !== undefined && window.__gmBoard.edge(id) === null,
    edgeName(a, b),
    { timeout: ACTION_TIMEOUT_MS },
  )
}

/** The squares the board's map lists (terrain, elevation, light, blockade). */
export async function boardCells(page: Page): Promise<ProbeCell[]> {
  return page.evaluate(() => window.__gmBoard?.cells() ?? [])
}

/** One listed square of the board's map, or null when the map holds nothing for it. */
export async function boardCell(page: Page, [x, y]: Cell): Promise<ProbeCell | null> {
  return (await boardCells(page)).find((cell) => cell.at === `${x},${y}`) ?? null
}

/**
 * Waits until `count` listed squares match `match` (terrain / elevation; count undefined: at
 * least one).
 */
export async function waitForCells(
  page: Page,
  match: { at?: Cell; terrain?: string; elevation?: number },
  count?: number,
): Promise<void> {
  await page.waitForFunction(
    ({ at, terrain, elevation, count }) => {
      const cells = (window.__gmBoard?.cells() ?? []).filter(
        (cell) =>
          (at === undefined || cell.at === at) &&
          (terrain === undefined || cell.terrain === terrain) &&
          (elevation === undefined || cell.elevation === elevation),
      )
      return count === undefined ? cells.length > 0 : cells.length === count
    },
    { at: match.at?.join(','), terrain: match.terrain, elevation: match.elevation, count },
    { timeout: ACTION_TIMEOUT_MS },
  )
}

/** DysTopiA deploy squares of the board's map: "x,y" and the faction. */
export async function boardDeploy(page: Page): Promise<Array<{ at: string; faction: string }>> {
  return page.evaluate(() => window.__gmBoard?.deploy() ?? [])
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
