// Fog the GM can work fast (issue 23), end to end: with the fog tools the GM drags a rectangle (R)
// and clicks a room (F), each one command and one undo step; with the map's option on, opening a
// door with the Select tool reveals the rooms behind it. Measured on the projector's page.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCampaign, waitConnected, type Cell } from './gm-page'
import { screenshotDir, startRig, type Rig } from './harness'

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 })

const wall = (a: Cell, b: Cell, kind = 'wall', state?: string) => ({
  between: [a, b],
  kind,
  ...(state ? { state } : {}),
})

/**
 * 8 × 6 Pathfinder cellar, no party tokens (physical minis): room A (x 0–2, y 0–2) and room B
 * (x 3–7, y 0–2) share a wall with a closed door at y = 1; a wall with a window at x = 1 closes
 * them from the hall below (rows 3–5).
 */
function cellar(): Record<string, unknown> {
  const edges = []
  for (let y = 0; y < 3; y++)
    edges.push(wall([2, y], [3, y], y === 1 ? 'door' : 'wall', y === 1 ? 'closed' : undefined))
  for (let x = 0; x < 8; x++) edges.push(wall([x, 2], [x, 3], x === 1 ? 'window' : 'wall'))
  return {
    schemaVersion: 7,
    id: 'minis',
    name: 'Minis night',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    notes: '',
    maps: [
      {
        id: 'cellar',
        name: 'Cellar',
        system: 'pathfinder',
        width: 8,
        height: 6,
        edges,
        tokens: [],
        fog: { mode: 'manual', explored: [], revealed: [] },
      },
    ],
  }
}

let rig: Rig
let gm: Page
let projector: Page

/** The squares the projector draws as visible, "x,y" sorted. */
async function shown(): Promise<string[]> {
  const spans = await projector
    .locator('[data-testid="visible-span"]')
    .evaluateAll((els) =>
      els.map((el) => ['data-row', 'data-from', 'data-to'].map((a) => Number(el.getAttribute(a)))),
    )
  const out: string[] = []
  for (const [y, x0, x1] of spans) for (let x = x0; x <= x1; x++) out.push(`${x},${y}`)
  return out.sort()
}

function square(x0: number, y0: number, x1: number, y1: number): string[] {
  const out: string[] = []
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out.push(`${x},${y}`)
  return out.sort()
}

/** The page point of a spot on the map, in squares from its top-left corner. */
async function at(fx: number, fy: number): Promise<[number, number]> {
  const grid = gm.locator('[data-testid="map-grid"]')
  const box = (await grid.boundingBox())!
  const side = box.width / Number(await grid.getAttribute('data-width'))
  return [box.x + fx * side, box.y + fy * side]
}

async function drag(from: Cell, to: Cell): Promise<void> {
  await gm.mouse.move(...(await at(from[0] + 0.5, from[1] + 0.5)))
  await gm.mouse.down()
  await gm.mouse.move(...(await at((from[0] + to[0]) / 2 + 0.5, (from[1] + to[1]) / 2 + 0.5)))
  await gm.mouse.move(...(await at(to[0] + 0.5, to[1] + 0.5)))
  await gm.mouse.up()
}

async function key(name: string): Promise<void> {
  await gm.locator('[data-testid="board"]').focus()
  await gm.keyboard.press(name)
}

beforeAll(async () => {
  rig = await startRig([cellar()], { name: 'fog-fast', viewport: { width: 1366, height: 768 } })
  gm = await rig.newPage()
  await waitConnected(gm)
  await openCampaign(gm, 'minis')
  projector = await rig.newPage('player.html')
  await gm.locator('[data-testid="show-to-players"]').click()
  await projector.locator('[data-testid="player-board"][data-map-id="cellar"]').waitFor()
}, 60_000)

afterAll(async () => {
  await rig?.close()
})

describe('fog the GM can work fast', () => {
  it('reveals a rectangle by dragging and a room by one click, each undone in one step', async () => {
    expect(await shown()).toEqual([])
    await key('o')
    await key('r')
    await gm.locator('[data-testid="board"][data-tool="fog-reveal"]').waitFor()
    await drag([5, 5], [1, 3])
    await poll(shown).toEqual(square(1, 3, 5, 5))

    // F: the room around the clicked square, to its walls, the closed door and the window.
    await key('f')
    await expect(gm.locator('[data-testid="shape-fill"]').textContent()).resolves.toBe('Room')
    await gm.mouse.click(...(await at(1.5, 1.5)))
    await poll(shown).toEqual([...square(1, 3, 5, 5), ...square(0, 0, 2, 2)].sort())
    await gm.screenshot({ path: join(screenshotDir, 'fog-room-gm.png') })

    await gm.keyboard.press('Control+z')
    await poll(shown).toEqual(square(1, 3, 5, 5))
    // Shift hides, here the whole hall as a room: revealed and explored alike.
    await gm.keyboard.down('Shift')
    await gm.mouse.click(...(await at(6.5, 4.5)))
    await gm.keyboard.up('Shift')
    await poll(shown).toEqual([])
    await gm.keyboard.press('Control+z')
    await poll(shown).toEqual(square(1, 3, 5, 5))
    expect(rig.problems).toEqual([])
  })

  it('reveals the rooms behind a door the GM opens, when the map asks for it', async () => {
    await gm.locator('[data-testid="pv-door-rooms"]').check()
    await gm.locator('[data-testid="pv-door-rooms"]:checked').waitFor()
    await key('v')
    // A click on the door between [2, 1] and [3, 1] with Select opens it.
    await gm.mouse.click(...(await at(3, 1.5)))
    await poll(shown).toEqual([...square(1, 3, 5, 5), ...square(0, 0, 7, 2)].sort())
    await projector.screenshot({ path: join(screenshotDir, 'fog-door-rooms-projector.png') })
    // One step: undo closes the door and hides the rooms again.
    await gm.keyboard.press('Control+z')
    await poll(shown).toEqual(square(1, 3, 5, 5))
    expect(rig.problems).toEqual([])
  })
})
