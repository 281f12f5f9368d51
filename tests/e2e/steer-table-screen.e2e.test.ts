// The table screen under the GM's hand (issue 23, "Steered by the GM"), end to end in Chromium:
// the projector (player.html at 1920 × 1080) keeps its map, fog, turn highlight and frame while
// the GM (1366 × 768) switches map tabs, reloads the page and opens another campaign; the GM moves
// the frame by dragging it and with Shift+arrows, zooms it, locks it and lets it follow the turn.
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCampaign, selectMap, waitConnected } from './gm-page'
import { screenshotDir, startRig, type Rig } from './harness'
import { gmClient, type GmClient } from './player-fixture'

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 })

/** An Arianrhod hall: the hero in the west, a goblin far east; fog by hand (rows 4–10 revealed). */
function hallCampaign(id: string, name: string): Record<string, unknown> {
  return {
    schemaVersion: 6,
    id,
    name,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: id === 'second' ? '2026-03-01T00:00:00.000Z' : '2026-02-01T00:00:00.000Z',
    notes: '',
    maps: [
      {
        id: 'hall',
        name: `${name} hall`,
        system: 'arianrhod',
        width: 24,
        height: 14,
        tokens: [
          { id: 'hero', name: 'Hero', at: [2, 7], faction: 'party', initiative: 12 },
          {
            id: 'goblin',
            name: 'Goblin',
            at: [20, 7],
            faction: 'enemy',
            initiative: 8,
            known: true,
          },
        ],
        fog: {
          mode: 'manual',
          explored: [],
          revealed: [4, 5, 6, 7, 8, 9, 10].map((y) => [y, 0, 23]),
        },
      },
      { id: 'cellar', name: `${name} cellar`, system: 'arianrhod', width: 10, height: 8 },
    ],
  }
}

let rig: Rig
let api: GmClient
let gm: Page
let projectorContext: BrowserContext
let projector: Page

/** What the projector shows: its map, visible squares, highlighted token and frame (viewBox). */
async function tableScreen(): Promise<{
  map: string | null
  visible: string | null
  turn: string | null
  viewBox: string | null
}> {
  const board = projector.locator('[data-testid="player-board"]')
  return {
    map: await board.getAttribute('data-map-id'),
    visible: await board.getAttribute('data-visible-count'),
    turn: await projector
      .locator('[data-testid="player-token"][data-turn="true"]')
      .getAttribute('data-name', { timeout: 2_000 })
      .catch(() => null),
    viewBox: await board.getAttribute('viewBox'),
  }
}

/** The frame the GM board draws: x, y, width, height in squares. */
async function gmFrame(): Promise<number[]> {
  const frame = gm.locator('[data-testid="table-frame"]')
  return Promise.all(
    ['data-x', 'data-y', 'data-width', 'data-height'].map(async (a) =>
      Number(await frame.getAttribute(a)),
    ),
  )
}

/** The projector's viewBox as numbers. */
async function projectorBox(): Promise<number[]> {
  const viewBox = await projector.locator('[data-testid="player-board"]').getAttribute('viewBox')
  return (viewBox ?? '').split(' ').map(Number)
}

/** Screen pixels per square on the GM board. */
async function squarePx(): Promise<number> {
  const grid = gm.locator('[data-testid="map-grid"]')
  const box = (await grid.boundingBox())!
  return box.width / Number(await grid.getAttribute('data-width'))
}

async function dragTab(dx: number, dy: number): Promise<void> {
  const tab = (await gm.locator('[data-testid="table-frame-tab"]').boundingBox())!
  const [x, y] = [tab.x + 20, tab.y + tab.height / 2]
  await gm.mouse.move(x, y)
  await gm.mouse.down()
  await gm.mouse.move(x + dx / 2, y + dy / 2)
  await gm.mouse.move(x + dx, y + dy)
  await gm.mouse.up()
}

beforeAll(async () => {
  rig = await startRig([hallCampaign('first', 'First'), hallCampaign('second', 'Second')], {
    name: 'steer-table-screen',
    viewport: { width: 1366, height: 768 },
  })
  api = await gmClient(rig.host.port)
  gm = await rig.newPage()
  await waitConnected(gm)
  projectorContext = await rig.browser.newContext({ viewport: { width: 1920, height: 1080 } })
  projector = await projectorContext.newPage()
  projector.on('pageerror', (error) => rig.problems.push(`projector: ${error.message}`))
  await projector.goto(`${rig.host.url}player.html`)
}, 60_000)

afterAll(async () => {
  api?.close()
  await projectorContext?.close()
  await rig?.close()
})

describe('the table screen, steered by the GM', () => {
  it('keeps its map, fog, turn and frame through tab switches, a reload and another campaign', async () => {
    await openCampaign(gm, 'first')
    await selectMap(gm, 'hall')
    await api.call('campaign.dispatch', {
      id: 'first',
      command: {
        type: 'fight.start',
        mapId: 'hall',
        tokenIds: ['hero', 'goblin'],
        unaware: [],
        rolls: {},
        d20s: [],
        at: '2026-05-23T20:00:00.000Z',
      },
    })
    await gm.locator('[data-testid="show-to-players"]').click()
    await projector.locator('[data-testid="player-board"][data-map-id="hall"]').waitFor()
    // The host highlights the fight's current combatant by itself.
    await poll(async () => (await tableScreen()).turn).toBe('Hero')
    expect((await tableScreen()).visible).toBe(String(7 * 24))

    // The frame on the GM board is the projector's: zoom in, then drag it three squares east.
    await gm.locator('[data-testid="pv-frame-zoom-in"]').click()
    await gm.locator('[data-testid="pv-frame-zoom-in"]').click()
    await poll(() => gm.locator('[data-testid="pv-frame-zoom"]').textContent()).toContain('156%')
    await poll(gmFrame).toEqual(await projectorBox())
    const zoomed = await gmFrame()
    await dragTab(3.2 * (await squarePx()), 0)
    const dragged = Math.round(zoomed[0] + 3.2)
    await poll(async () => (await projectorBox())[0]).toBe(dragged)
    expect(await gmFrame()).toEqual(await projectorBox())
    // Shift+→ moves it one more square.
    await gm.locator('[data-testid="board"]').focus()
    await gm.keyboard.press('Shift+ArrowRight')
    await poll(async () => (await projectorBox())[0]).toBe(dragged + 1)
    await gm.screenshot({ path: join(screenshotDir, 'table-frame-gm.png') })
    await projector.screenshot({ path: join(screenshotDir, 'table-frame-projector.png') })
    const shown = await tableScreen()

    // Another map's tab: the table screen does not change.
    await selectMap(gm, 'cellar')
    await expect(gm.locator('[data-testid="table-frame"]').count()).resolves.toBe(0)
    expect(await tableScreen()).toEqual(shown)

    // A reload reopens the campaign and map the address names, and the table screen stays.
    await gm.reload()
    await waitConnected(gm)
    await gm.locator('[data-testid="campaign-view"][data-campaign-id="first"]').waitFor()
    await gm.locator('[data-testid="map-grid"][data-map-id="cellar"]').waitFor()
    expect(await tableScreen()).toEqual(shown)
    // The fight goes on from the reloaded page: the highlight follows the host's fight.
    await selectMap(gm, 'hall')
    await poll(gmFrame).toEqual(await projectorBox())
    await gm.locator('[data-testid="board"]').focus()
    await gm.keyboard.press('PageDown')
    await poll(async () => (await tableScreen()).turn).toBe('Goblin')
    const goblinTurn = await tableScreen()
    expect({ ...goblinTurn, turn: 'Hero' }).toEqual(shown)

    // Another campaign in the GM window, its map with the same id: still the first one's hall.
    await openCampaign(gm, 'second')
    await selectMap(gm, 'hall')
    await gm.locator('[data-testid="pv-elsewhere"]').waitFor()
    await expect(gm.locator('[data-testid="table-frame"]').count()).resolves.toBe(0)
    await expect(
      gm.locator('[data-testid="show-to-players"]').getAttribute('aria-pressed'),
    ).resolves.toBe('false')
    await api.call('campaign.dispatch', {
      id: 'second',
      command: { type: 'token.move', mapId: 'hall', tokenId: 'hero', to: [5, 7] },
    })
    expect(await tableScreen()).toEqual(goblinTurn)
    expect(rig.problems).toEqual([])
  }, 180_000)

  it('locks: the frame is drawn without handles and does not move; unlocked it follows the turn', async () => {
    await openCampaign(gm, 'first')
    await selectMap(gm, 'hall')
    await gm.locator('[data-testid="table-frame"]').waitFor()
    // The goblin's turn, outside a frame put back west.
    await gm.locator('[data-testid="board"]').focus()
    for (let i = 0; i < 6; i++) await gm.keyboard.press('Shift+ArrowLeft')
    await poll(async () => (await projectorBox())[0]).toBeLessThan(4)
    const west = await projectorBox()
    expect(west[0] + west[2]).toBeLessThan(20)

    await gm.locator('[data-testid="pv-lock"]').check()
    await gm.locator('[data-testid="table-frame"][data-locked="true"]').waitFor()
    await expect(gm.locator('[data-testid="table-frame-corner"]').count()).resolves.toBe(0)
    await gm.locator('[data-testid="pv-follow-turn"]').check()
    await gm.locator('[data-testid="board"]').focus()
    await gm.keyboard.press('Shift+ArrowRight')
    await dragTab(4 * (await squarePx()), 0)
    await api.call('campaign.dispatch', {
      id: 'first',
      command: { type: 'token.move', mapId: 'hall', tokenId: 'goblin', to: [22, 8] },
    })
    await projector
      .locator('[data-testid="player-token"][data-name="Goblin"][data-x="22"]')
      .waitFor()
    expect(await projectorBox()).toEqual(west)
    await gm.screenshot({ path: join(screenshotDir, 'table-frame-locked-gm.png') })

    // Unlocked, following the turn brings the goblin in.
    await gm.locator('[data-testid="pv-lock"]').uncheck()
    await poll(async () => {
      const [x, , width] = await projectorBox()
      return x + width >= 24 && x <= 21
    }).toBe(true)
    // The GM's drawing of the frame follows the projector's over its own event (CI read it before).
    await poll(gmFrame).toEqual(await projectorBox())
    expect(rig.problems).toEqual([])
  }, 120_000)
})
