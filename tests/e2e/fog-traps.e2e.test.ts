// The GM's fog brushes and trap markers on the main board, end to end: the GM page and the
// player page in headless Chromium on the real Node host and a temp data folder. What counts is
// what the player page draws (its data attributes) and receives (its WebSocket frames).
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cellCentre, dragOnBoard } from './editor-steps'
import { openCampaign, waitConnected, type Cell } from './gm-page'
import { screenshotDir, startRig, type Rig } from './harness'

const CAMPAIGN = 'fog-traps'
const MAP = 'crypt'
const TRAP_NAME = 'Whispering Scythe'
const TRAP_NOTE = 'GM ONLY: DC 24 Perception, 3d8 slashing'

/** Waits generously: the machine running the suite is shared and slow. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 })

let rig: Rig

/** 10 × 6 Pathfinder crypt in manual fog: the players see only what the GM reveals. */
function crypt(): Record<string, unknown> {
  return {
    schemaVersion: 5,
    id: CAMPAIGN,
    name: 'Fog and traps',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    notes: '',
    maps: [
      {
        id: MAP,
        name: 'Crypt',
        system: 'pathfinder',
        width: 10,
        height: 6,
        cells: [],
        edges: [],
        light: { sources: [] },
        tokens: [{ id: 'pc-rogue', name: 'Rogue', at: [0, 0], faction: 'party' }],
        notes: '',
        fog: { mode: 'manual', explored: [], revealed: [] },
      },
    ],
  }
}

/** Cells ("x,y", sorted) covered by the row spans (data-row, data-from, data-to) matching `selector`. */
async function spanCells(page: Page, selector: string): Promise<string[]> {
  const spans = await page
    .locator(selector)
    .evaluateAll((els) =>
      els.map((el) => [
        Number(el.getAttribute('data-row')),
        Number(el.getAttribute('data-from')),
        Number(el.getAttribute('data-to')),
      ]),
    )
  const out: string[] = []
  for (const [y, x0, x1] of spans) for (let x = x0; x <= x1; x++) out.push(`${x},${y}`)
  return out.sort()
}

const playerVisible = (page: Page) =>
  spanCells(page, '[data-testid="player-board"] [data-testid="visible-span"]')

/** Drags with the pointer from one square's centre to another's (Shift for the opposite brush). */
function drag(page: Page, from: Cell, to: Cell, shift = false): Promise<void> {
  return dragOnBoard(
    page,
    [from[0] + 0.5, from[1] + 0.5],
    [to[0] + 0.5, to[1] + 0.5],
    shift ? ['Shift'] : [],
  )
}

/** Picks a tool with its keyboard shortcut, as a GM would. */
async function pressTool(page: Page, key: string, tool: string): Promise<void> {
  await page.locator('[data-testid="board"]').focus()
  await page.keyboard.press(key)
  await page.locator(`[data-testid="board"][data-tool="${tool}"]`).waitFor()
}

const row = (y: number, x0: number, x1: number) =>
  Array.from({ length: x1 - x0 + 1 }, (_, i) => `${x0 + i},${y}`).sort()

beforeAll(async () => {
  // The crypt is what the host seeds on its first start, as it would the bundled sample.
  rig = await startRig(undefined, {
    firstStartSample: crypt(),
    name: 'fog-traps',
    viewport: { width: 1280, height: 860 },
  })
})

afterAll(async () => {
  await rig?.close()
})

describe('fog brushes and traps on the GM board', () => {
  it('a reveal stroke reaches the players and undoes in one step; a trap never reaches them', async () => {
    const gm = await rig.newPage('gm.html')
    await waitConnected(gm)
    await openCampaign(gm, CAMPAIGN)
    await gm.locator('[data-testid="zoom-fit"]').click()

    const player = await rig.newPage('player.html')
    const frames: string[] = []
    player.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => frames.push(String(frame.payload))),
    )
    await player.reload()
    await player.locator('[data-testid="player-waiting"]').waitFor()
    await gm.locator('[data-testid="show-to-players"]').click()
    const board = player.locator(`[data-testid="player-board"][data-map-id="${MAP}"]`)
    await board.waitFor()
    await poll(() => board.getAttribute('data-visible-count')).toBe('0')

    // Reveal brush (O): one stroke along row 1 from x = 1 to x = 5.
    await pressTool(gm, 'o', 'fog-reveal')
    await gm.locator('[data-testid="shape-brush"]').click()
    await drag(gm, [1, 1], [5, 1])
    await poll(() => playerVisible(player)).toEqual(row(1, 1, 5))
    // the GM board tints the revealed squares while a fog tool is on
    await poll(() => spanCells(gm, '[data-testid="gm-revealed-span"]')).toEqual(row(1, 1, 5))

    // The whole stroke is one undo step.
    await gm.locator('[data-testid="undo"]').click()
    await poll(() => board.getAttribute('data-visible-count')).toBe('0')
    expect(await playerVisible(player)).toEqual([])
    await poll(() => gm.locator('[data-testid="gm-revealed-span"]').count()).toBe(0)

    // Rectangle reveal, then the hide brush (U) takes one square back.
    await gm.locator('[data-testid="shape-rect"]').click()
    await drag(gm, [2, 2], [4, 3])
    await poll(() => playerVisible(player)).toEqual([...row(2, 2, 4), ...row(3, 2, 4)].sort())
    await pressTool(gm, 'u', 'fog-hide')
    await gm.locator('[data-testid="shape-brush"]').click()
    await drag(gm, [3, 3], [3, 3])
    await poll(() => playerVisible(player)).toEqual([...row(2, 2, 4), '2,3', '4,3'].sort())

    // A trap (J) on a square the players can see, named and annotated in its panel.
    await pressTool(gm, 'j', 'trap')
    const at = await cellCentre(gm, [2, 2])
    await gm.mouse.click(at.x, at.y)
    const marker = gm.locator('[data-testid="trap-marker"][data-at="2,2"]')
    await marker.waitFor()
    const trapId = (await marker.getAttribute('data-trap-id'))!
    await gm.locator(`[data-testid="trap-selected"][data-trap-id="${trapId}"]`).waitFor()
    await gm.locator('[data-testid="trap-name"]').fill(TRAP_NAME)
    await gm.locator('[data-testid="trap-name"]').press('Tab')
    await poll(() =>
      gm.locator(`[data-testid="trap-item"][data-trap-id="${trapId}"]`).textContent(),
    ).toContain(TRAP_NAME)
    await gm.locator('[data-testid="trap-notes"]').fill(TRAP_NOTE)
    await gm.locator('[data-testid="trap-notes"]').press('Tab')
    await poll(() => gm.locator('[data-testid="trap-notes"]').inputValue()).toBe(TRAP_NOTE)

    // The players' view keeps updating after the trap edits (one more reveal), trap-free.
    const framesBefore = frames.length
    await pressTool(gm, 'o', 'fog-reveal')
    await drag(gm, [7, 4], [7, 4])
    await poll(() => playerVisible(player)).toContain('7,4')
    expect(frames.length).toBeGreaterThan(framesBefore)
    await mkdir(screenshotDir, { recursive: true })
    await gm.screenshot({ path: join(screenshotDir, 'fog-traps-gm.png') })
    await player.screenshot({ path: join(screenshotDir, 'fog-traps-player.png') })

    const html = await player.content()
    for (const secret of [TRAP_NAME, TRAP_NOTE, trapId, '"traps"', 'trap-marker']) {
      expect(html).not.toContain(secret)
      expect(frames.some((f) => f.includes(secret))).toBe(false)
    }
    // the frames checked are the player view itself (the rogue stands in the fog, so not in them)
    expect(frames.some((f) => f.includes(`"${MAP}"`) && f.includes('"visible"'))).toBe(true)
    expect(frames.some((f) => f.includes('"pc-rogue"'))).toBe(false)

    // Shift+click removes the trap.
    await pressTool(gm, 'j', 'trap')
    await gm.keyboard.down('Shift')
    await gm.mouse.click(at.x, at.y)
    await gm.keyboard.up('Shift')
    await poll(() => gm.locator('[data-testid="trap-marker"]').count()).toBe(0)

    expect(rig.problems).toEqual([])
    await player.close()
    await gm.close()
  })
})
