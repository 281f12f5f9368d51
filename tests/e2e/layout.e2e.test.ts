// Issue 12.6: at 1366×768 and 1280×720 the board and the rules answers (move mode, path, checks,
// a refused move's reason) are on screen together, the page itself never scrolls (not even after
// clicks on the board), and the side docks fold away with a key and stay as the GM left them.
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cellCentre } from './editor-steps'
import { openCampaign, selectMap, waitConnected } from './gm-page'
import { startRig, type Rig } from './harness'

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
]
const MAP = 'arianrhod-sample'
// The climber at [6, 2] climbing to the ledge at [8, 2] needs two climb checks (sample campaign).
const CLIMBER = 'pc-climber'
const LEDGE: [number, number] = [8, 2]

let rig: Rig
let page: Page

interface Box {
  x: number
  y: number
  width: number
  height: number
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  if (!found) throw new Error(`${locator} has no box`)
  return found
}

/** Inside the window, and inside its scrolling dock's visible part when it has one. */
async function expectOnScreen(locator: Locator, within?: Locator): Promise<void> {
  const size = page.viewportSize()!
  const b = await box(locator)
  expect(b.x, `${locator} left`).toBeGreaterThanOrEqual(0)
  expect(b.y, `${locator} top`).toBeGreaterThanOrEqual(0)
  expect(b.x + b.width, `${locator} right`).toBeLessThanOrEqual(size.width + 0.5)
  expect(b.y + b.height, `${locator} bottom`).toBeLessThanOrEqual(size.height + 0.5)
  if (within) {
    const area = await box(within)
    expect(b.y, `${locator} top in its dock`).toBeGreaterThanOrEqual(area.y - 0.5)
    expect(b.y + b.height, `${locator} bottom in its dock`).toBeLessThanOrEqual(
      area.y + area.height + 0.5,
    )
  }
}

/** The page has nothing to scroll and is not scrolled. */
async function expectPageStill(): Promise<void> {
  const state = await page.evaluate(() => {
    const root = document.scrollingElement!
    return {
      top: root.scrollTop,
      left: root.scrollLeft,
      height: root.scrollHeight,
      window: window.innerHeight,
    }
  })
  expect(state.top).toBe(0)
  expect(state.left).toBe(0)
  expect(state.height).toBeLessThanOrEqual(state.window)
}

async function clickCell(cell: [number, number]): Promise<void> {
  const p = await cellCentre(page, cell)
  await page.mouse.click(p.x, p.y)
}

describe('the GM screen fits a laptop (issue 12.6)', () => {
  beforeAll(async () => {
    rig = await startRig(undefined, { name: 'layout', viewport: SIZES[0] })
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, 'sample-campaign')
    await selectMap(page, MAP)
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  for (const size of SIZES) {
    it(`board, move mode, path, checks and a refused move's reason are all visible at ${size.width}×${size.height}`, async () => {
      await page.setViewportSize(size)
      await page.locator('[data-testid="tool-select"]').click()
      await page.locator('[data-testid="zoom-fit"]').click()
      await expectPageStill()
      await expectOnScreen(page.locator('[data-testid="board"]'))
      await expectOnScreen(page.locator('[data-testid="map-grid"]'))

      const dock = page.locator('[data-testid="dock-fight-body"]')
      await clickCell([6, 2])
      await page.locator(`[data-testid="fight-panel"][data-selected="${CLIMBER}"]`).waitFor()
      await expectPageStill()

      await page.locator('[data-testid="fight-mode-climb"]').click()
      const ledge = await cellCentre(page, LEDGE)
      await page.mouse.move(ledge.x, ledge.y, { steps: 2 })
      await page
        .locator(`[data-testid="fight-path"][data-to="${LEDGE.join(',')}"][data-reachable="true"]`)
        .waitFor()
      await page.locator('[data-overlay="path-check"][data-check-kind="climb"]').first().waitFor()
      await expectOnScreen(page.locator('[data-testid="fight-mode-climb"]'), dock)
      await expectOnScreen(page.locator('[data-testid="fight-path"] h4'), dock)
      for (const check of await page.locator('[data-overlay="path-check"]').all())
        await expectOnScreen(check, dock)

      // The combat move (戦闘移動) cannot reach the ledge: click it, ask to move there, and read why not.
      await page.locator('[data-testid="fight-mode-combat"]').click()
      await clickCell(LEDGE)
      await expectPageStill()
      await page.locator('[data-testid="fight-move-here"]').click()
      const outcome = page.locator('[data-testid="fight-move-outcome"][data-kind="refused"]')
      await outcome.waitFor()
      expect(await outcome.getAttribute('data-reason')).toBeTruthy()
      await expectOnScreen(outcome, dock)
      await expectOnScreen(page.locator('[data-testid="fight-path-reason"]'), dock)
      await expectOnScreen(page.locator('[data-testid="board"]'))
      await expectPageStill()

      // Clicks anywhere on the board never scroll the page.
      for (const cell of [
        [0, 0],
        [11, 9],
        [5, 5],
        [0, 9],
      ] as [number, number][]) {
        await clickCell(cell)
        await expectPageStill()
      }
      await page.keyboard.press('Escape')
    })
  }

  // Issue 29: a box that is positioned paints as a layer of its own, so a change on the board (the
  // hovered square, a wall click) repaints the board's layer without walking the tab row, the
  // tool bar and the docks again (gm.css). Their place on screen is the same as unpositioned.
  it("the board's neighbours are layers of their own, so a board change does not repaint them", async () => {
    await page.setViewportSize(SIZES[0])
    const positions = await page.evaluate(() =>
      [
        '[data-testid="campaign-view"] .campaign-head',
        '[data-testid="campaign-view"] .toolbar',
        '[data-testid="dock-fight"]',
        '[data-testid="dock-panels"]',
      ].map((selector) => {
        const element = document.querySelector(selector)
        return [selector, element ? getComputedStyle(element).position : 'missing']
      }),
    )
    for (const [selector, position] of positions) expect(position, selector).toBe('relative')
  })

  it('the docks fold with a key and the button, and stay folded after a reload', async () => {
    await page.setViewportSize(SIZES[0])
    const board = page.locator('[data-testid="board"]')
    const wide = (await box(board)).width
    await board.focus()
    await page.keyboard.press('2')
    await page.locator('[data-testid="dock-panels"][data-open="false"]').waitFor()
    await expect.poll(async () => (await box(board)).width).toBeGreaterThan(wide + 200)
    await page.keyboard.press('1')
    await page.locator('[data-testid="dock-fight"][data-open="false"]').waitFor()
    await expectPageStill()

    await page.reload()
    await waitConnected(page)
    await openCampaign(page, 'sample-campaign')
    await page.locator('[data-testid="dock-panels"][data-open="false"]').waitFor()
    await page.locator('[data-testid="dock-fight"][data-open="false"]').waitFor()

    await page.locator('[data-testid="dock-fight-toggle"]').click()
    await page.locator('[data-testid="dock-fight"][data-open="true"]').waitFor()
    await page.locator('[data-testid="board"]').focus()
    await page.keyboard.press('2')
    await page.locator('[data-testid="dock-panels"][data-open="true"]').waitFor()

    // A section of the Panels dock folds to its heading, and unfolds with what it held.
    await page.locator('[data-testid="section-notes-toggle"]').click()
    await page.locator('[data-testid="section-notes"][data-folded="true"]').waitFor()
    expect(await page.locator('[data-testid="map-notes"]').isVisible()).toBe(false)
    await page.locator('[data-testid="section-notes-toggle"]').click()
    await page.locator('[data-testid="map-notes"]').waitFor()
    await expectPageStill()
    expect(rig.problems).toEqual([])
  })
})
