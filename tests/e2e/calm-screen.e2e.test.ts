// Issue 25, "tell the GM, and keep it readable", in Chromium at 1366×768 on the real host: Next
// turn selects whose turn it is and brings it into view; the Panels dock keeps the turn order in
// its place, one line a combatant; the Fight dock's templates sit above the path answer; notices
// stay until dismissed; the Japanese screen says コマ and tells its words apart.
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURRENT_SCHEMA_VERSION } from '@core/campaign/schema'
import { openCampaign, waitConnected } from './gm-page'
import { clickCell, selectToken } from './fight-steps'
import { chooseTool } from './editor-steps'
import { eventually, screenshotDir, startRig, type Rig } from './harness'

const stamp = '2025-01-01T00:00:00.000Z'
const token = (
  id: string,
  name: string,
  at: [number, number],
  faction: string,
  initiative: number,
) => ({ id, name, at, faction, move: 30, initiative })
const campaign = {
  schemaVersion: CURRENT_SCHEMA_VERSION,
  id: 'calm',
  name: 'A calm screen',
  createdAt: stamp,
  updatedAt: stamp,
  notes: '',
  maps: [
    {
      id: 'hall',
      name: 'Ogre hall',
      system: 'pathfinder',
      width: 40,
      height: 30,
      notes: '',
      tokens: [
        token('valeros', 'Valeros', [2, 2], 'party', 2),
        token('seoni', 'Seoni the Sorcerer of Varisia', [3, 2], 'party', 3),
        token('kyra', 'Kyra', [2, 3], 'party', 1),
        token('merisiel', 'Merisiel', [3, 3], 'party', 8),
        token('sk1', 'Skeleton 1', [36, 26], 'enemy', 5),
        token('sk2', 'Skeleton 2', [37, 26], 'enemy', 5),
        token('ogre', 'Ogre Chieftain of the Hall', [36, 27], 'enemy', -1),
        token('gob', 'Goblin', [20, 15], 'enemy', 4),
      ],
    },
    {
      id: 'cave',
      name: 'Cave',
      system: 'arianrhod',
      width: 8,
      height: 6,
      notes: '',
      tokens: [],
    },
  ],
}
/** d20s the players "rolled": Valeros 22, Skeleton 1 20, then the rest. */
const D20: Record<string, number> = {
  valeros: 20,
  sk1: 15,
  merisiel: 10,
  gob: 9,
  seoni: 5,
  kyra: 4,
  sk2: 3,
  ogre: 2,
}

let rig: Rig
let page: Page

async function box(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox()
  if (!found) throw new Error(`${locator} has no box`)
  return found
}

/** The token's disc lies inside the board's visible area. */
async function onBoard(tokenId: string): Promise<boolean> {
  const board = await box(page.locator('[data-testid="board"]'))
  const disc = await box(page.locator(`g.tokens > [data-token="${tokenId}"]`).first())
  return (
    disc.x >= board.x &&
    disc.y >= board.y &&
    disc.x + disc.width <= board.x + board.width &&
    disc.y + disc.height <= board.y + board.height
  )
}

/** Waits until it is this combatant's turn on the page. */
const turnOf = (tokenId: string) =>
  page.locator(`[data-testid="turn-entry"][aria-current="true"][data-token="${tokenId}"]`).waitFor()
/** Waits until the Fight dock answers for this token ('' for none). */
const selectedIs = (tokenId: string) =>
  page.locator(`[data-testid="fight-panel"][data-selected="${tokenId}"]`).waitFor()
const panelsScroll = () =>
  page.locator('[data-testid="dock-panels-body"]').evaluate((el) => el.scrollTop)

describe('a calm screen through a fight', () => {
  beforeAll(async () => {
    rig = await startRig([campaign], { name: 'calm', viewport: { width: 1366, height: 768 } })
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, 'calm')
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('Next turn selects whose turn it is and brings it into view when it is off screen', async () => {
    for (const [id, roll] of Object.entries(D20))
      await page
        .locator(
          `li:has([data-testid="turn-include"][data-token="${id}"]) [data-testid="turn-d20"]`,
        )
        .fill(String(roll))
    await page.locator('[data-testid="turn-start"]').click()
    await turnOf('valeros')
    // The order starts at the top of the Panels dock, not scrolled to its end.
    await expect(panelsScroll()).resolves.toBe(0)
    // Zoomed in on the middle of the hall: neither end of it is on screen.
    for (let i = 0; i < 4; i++) await page.locator('[data-testid="zoom-in"]').click()
    expect(await onBoard('sk1')).toBe(false)
    await page.locator('[data-testid="turn-next"]').click()
    await turnOf('sk1')
    await selectedIs('sk1')
    await eventually(() => onBoard('sk1'), 'Skeleton 1 brought into view')
    // PageUp goes back, and the board follows to the other end of the hall.
    await page.keyboard.press('PageUp')
    await turnOf('valeros')
    await selectedIs('valeros')
    await eventually(() => onBoard('valeros'), 'Valeros brought into view')
    expect(await onBoard('sk1')).toBe(false)
    // Off: Next turn leaves the selection and the board alone.
    await page.locator('[data-testid="turn-follow"]').uncheck()
    await page.locator('[data-testid="turn-next"]').click()
    await turnOf('sk1')
    // One more round trip through main, so a follow would have happened by now.
    await page.locator('[data-testid="turn-previous"]').click()
    await turnOf('valeros')
    await page.locator('[data-testid="turn-next"]').click()
    await turnOf('sk1')
    await selectedIs('valeros')
    expect(await onBoard('sk1')).toBe(false)
    await page.locator('[data-testid="turn-follow"]').check()
  })

  it('keeps the turn order in its place, one line a combatant, as tokens are selected', async () => {
    await page.keyboard.press('Escape')
    await page.locator('[data-testid="fight-panel"][data-selected=""]').waitFor()
    const before = await box(page.locator('[data-testid="turn-order"]'))
    await selectToken(page, 'merisiel')
    await page.locator('[data-testid="token-panel"]').waitFor()
    const after = await box(page.locator('[data-testid="turn-order"]'))
    expect(after.y).toBe(before.y)
    await expect(panelsScroll()).resolves.toBe(0)
    const rows = page.locator('[data-testid="turn-entry"]')
    const heights = await rows.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().height),
    )
    expect(heights).toHaveLength(8)
    // Count, name, badges and buttons on one line: no row is taller than one line of buttons.
    for (const height of heights) expect(height).toBeLessThan(28)
    // And nothing on a row is cut off at the dock's edge.
    const overflow = await rows.evaluateAll((els) =>
      els
        .filter((el) => el.scrollWidth > el.clientWidth)
        .map((el) => el.getAttribute('data-token')),
    )
    expect(overflow).toEqual([])
    // The long name is shortened on its line, and whole on hover.
    const ogre = page.locator('[data-testid="turn-entry"][data-token="ogre"] .who')
    await expect(ogre.getAttribute('title')).resolves.toBe('Ogre Chieftain of the Hall')
    // Round the whole order: the current row is always in view, the dock never jumps.
    const dock = await box(page.locator('[data-testid="dock-panels-body"]'))
    const order = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-token')!))
    const at = order.indexOf(
      (await page
        .locator('[data-testid="turn-entry"][aria-current="true"]')
        .getAttribute('data-token'))!,
    )
    for (let i = 1; i <= 8; i++) {
      await page.locator('[data-testid="turn-next"]').click()
      await turnOf(order[(at + i) % order.length])
      const row = await box(page.locator('[data-testid="turn-entry"][aria-current="true"]'))
      expect(row.y).toBeGreaterThanOrEqual(dock.y)
      expect(row.y + row.height).toBeLessThanOrEqual(dock.y + dock.height)
    }
    // The GM scrolled down the dock (to the conditions); PageDown brings back the current row
    // with the round and the Next turn button above it, not the row alone at the dock's top edge.
    const body = page.locator('[data-testid="dock-panels-body"]')
    await body.evaluate((el) => (el.scrollTop = el.scrollHeight))
    expect(await panelsScroll()).toBeGreaterThan(0)
    await page.keyboard.press('PageDown')
    await turnOf(order[(at + 9) % order.length])
    for (const shown of [
      page.locator('[data-testid="turn-entry"][aria-current="true"]'),
      page.locator('[data-testid="turn-next"]'),
    ]) {
      const found = await box(shown)
      expect(found.y).toBeGreaterThanOrEqual(dock.y)
      expect(found.y + found.height).toBeLessThanOrEqual(dock.y + dock.height)
    }
  })

  it('shows the area templates above a long path answer in the Fight dock', async () => {
    await selectToken(page, 'merisiel')
    await page.locator('[data-testid="fight-mode-double"]').click()
    // Twelve squares east along the top of the hall: a long list of steps.
    await clickCell(page, [15, 3])
    await page.locator('[data-testid="fight-path"][data-reachable="true"]').waitFor()
    const dock = await box(page.locator('[data-testid="dock-fight-body"]'))
    const toggle = await box(page.locator('[data-testid="fight-template-toggle"]'))
    const path = await box(page.locator('[data-testid="fight-path"]'))
    expect(toggle.y + toggle.height).toBeLessThanOrEqual(dock.y + dock.height)
    expect(toggle.y).toBeLessThan(path.y)
    await expect(
      page.locator('[data-testid="dock-fight-body"]').evaluate((el) => el.scrollTop),
    ).resolves.toBe(0)
    await page.screenshot({ path: join(screenshotDir, 'dock-fight-en.png') })
    await page.locator('[data-testid="lang-ja"]').click()
    await page.locator('[data-testid="fight-path"][data-reachable="true"]').waitFor()
    await page.screenshot({ path: join(screenshotDir, 'dock-fight-ja.png') })
    await page.locator('[data-testid="lang-en"]').click()
  })

  it('keeps a notice (a condition ended) until the GM dismisses it', async () => {
    await selectToken(page, 'gob')
    await page.locator('[data-testid="condition-name"]').fill('shaken')
    await page.locator('[data-testid="condition-rounds"]').fill('1')
    await page.locator('[data-testid="condition-add"]').click()
    await page.locator('[data-testid="condition"][data-token="gob"]').waitFor()
    const ended = page.locator('[data-testid="notice"][data-key="notice.conditionsEnded"]')
    for (let i = 0; i < 9 && (await ended.count()) === 0; i++)
      await page.locator('[data-testid="turn-next"]').click()
    await expect(ended.textContent()).resolves.toContain('Goblin: shaken')
    // The next actions overwrite the status line, never the notice.
    await page.locator('[data-testid="turn-next"]').click()
    await page.locator('[data-testid="turn-next"]').click()
    await expect(ended.count()).resolves.toBe(1)
    await page.screenshot({ path: join(screenshotDir, 'notices-en.png') })
    await page.locator('[data-testid="lang-ja"]').click()
    await expect(ended.textContent()).resolves.toContain('Goblin: shaken')
    await page.screenshot({ path: join(screenshotDir, 'notices-ja.png') })
    await page.locator('[data-testid="lang-en"]').click()
    await ended.locator('[data-testid="notice-dismiss"]').click()
    await expect(ended.count()).resolves.toBe(0)
  })

  it('says コマ throughout in Japanese, and tells its size words apart', async () => {
    await page.locator('[data-testid="lang-ja"]').click()
    await selectToken(page, 'ogre')
    const sizes = await page
      .locator('[data-testid="token-size"] option')
      .evaluateAll((els) => els.map((el) => el.textContent?.trim() ?? ''))
    expect(new Set(sizes).size).toBe(sizes.length)
    expect(sizes).toEqual(expect.arrayContaining(['極小', '微小', '超小型']))
    const display = await page.locator('[data-testid="pv-display"]').textContent()
    expect(display).not.toContain('Browser')
    expect(display).toContain('ブラウザー')
    await page.keyboard.press('Escape')
    const text = await page.locator('body').innerText()
    expect(text).not.toContain('トークン')
    expect(text).toContain('コマ')
    // The terrain hint lists the terrain the map's system has: Arianrhod has no 移動困難.
    await chooseTool(page, 'terrain')
    const hint = page.locator('[data-testid="tool-hint"]')
    await expect(hint.textContent()).resolves.toContain('床／移動困難／穴／岩')
    await page.locator('[data-testid="map-tab"][data-map-id="cave"]').click()
    await page
      .locator('[data-testid="map-tab"][data-map-id="cave"][aria-selected="true"]')
      .waitFor()
    await expect(hint.textContent()).resolves.toContain('床／穴／岩')
    await expect(hint.textContent()).resolves.toContain('このシステムに移動困難はありません')
    await page.locator('[data-testid="lang-en"]').click()
    await expect(hint.textContent()).resolves.toContain('floor, pit, solid')
    await page.locator('[data-testid="map-tab"][data-map-id="hall"]').click()
    await page
      .locator('[data-testid="map-tab"][data-map-id="hall"][aria-selected="true"]')
      .waitFor()
    await expect(hint.textContent()).resolves.toContain('floor, difficult, pit, solid')
    expect(rig.problems).toEqual([])
  })
})
