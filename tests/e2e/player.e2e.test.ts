// The player view end to end: the GM page and the player page (a second page) in headless
// Chromium, both on the real Node host and real campaign files. Checks what the players' page
// receives (WebSocket frames) and draws (DOM), never what the GM sees.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCampaign, waitConnected } from './gm-page'
import { screenshotDir, startRig, type Rig } from './harness'
import {
  FOG_CAMPAIGN,
  FOG_MAP,
  GM_NOTE,
  HIDDEN_ID,
  HIDDEN_NAME,
  SECRET_DOOR,
  TORCH,
  fogCampaign,
  gmClient,
  withinFeet,
  type GmClient,
} from './player-fixture'

/** Waits generously: the machine running the suite is shared and slow. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 })

let rig: Rig
let gmApi: GmClient
let problems: string[] = []

function newPage(path: string): Promise<Page> {
  return rig.newPage(path)
}

/** The cells drawn as visible on a page's player board ("x,y", sorted). */
async function drawnCells(
  page: Page,
  scope: string,
  kind: 'visible' | 'explored',
): Promise<string[]> {
  const spans = await page
    .locator(`${scope} [data-testid="${kind}-span"]`)
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

const inRoomB = (cell: string) => {
  const x = Number(cell.split(',')[0])
  return x >= 5 && x <= 10
}

async function moveHero(to: [number, number]): Promise<void> {
  await gmApi.call('campaign.dispatch', {
    id: FOG_CAMPAIGN,
    command: { type: 'token.move', mapId: FOG_MAP, tokenId: 'pc-hero', to },
  })
}

beforeAll(async () => {
  // The fog campaign is what the host seeds on its first start, in place of the bundled sample.
  rig = await startRig(undefined, {
    name: 'player-e2e',
    viewport: { width: 1280, height: 860 },
    firstStartSample: fogCampaign(),
  })
  problems = rig.problems
  gmApi = await gmClient(rig.host.port)
})

afterAll(async () => {
  gmApi?.close()
  await rig?.close()
})

describe('player view over the Node host', () => {
  it('shows only what the party sees: torch light in a dark room, no hidden enemy, secret door as a wall until found', async () => {
    const gm = await newPage('gm.html')
    await waitConnected(gm)
    await openCampaign(gm, FOG_CAMPAIGN)

    const player = await newPage('player.html')
    const frames: string[] = []
    player.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => frames.push(String(frame.payload))),
    )
    await player.reload()
    await player.locator('[data-testid="player-waiting"]').waitFor()

    await gm.locator('[data-testid="show-to-players"]').click()
    const board = player.locator(`[data-testid="player-board"][data-map-id="${FOG_MAP}"]`)
    await board.waitFor()
    // the GM's preview shows the same payload
    await gm.locator('[data-testid="pv-preview"] [data-testid="player-board"]').waitFor()
    await expect
      .poll(() =>
        gm
          .locator('[data-testid="pv-preview"] [data-testid="player-board"]')
          .getAttribute('data-visible-count'),
      )
      .toBe(await board.getAttribute('data-visible-count'))

    // Before: the hero stands in lit room A; through the open door it sees part of the torch light.
    await player.locator('[data-testid="player-token"][data-name="Hero"]').waitFor()
    await mkdir(screenshotDir, { recursive: true })
    await player.screenshot({ path: join(screenshotDir, 'player-before.png') })
    const before = await drawnCells(player, '', 'visible')
    expect(before).toContain('1,3')
    expect(
      before.filter(inRoomB).every((c) => withinFeet(TORCH, 10, [5, 10], [0, 7]).includes(c)),
    ).toBe(true)

    // Into the dark room: exactly the torch-lit squares of room B become visible.
    await moveHero([6, 3])
    await player.locator('[data-testid="player-token"][data-name="Hero"][data-x="6"]').waitFor()
    const lit = withinFeet(TORCH, 10, [5, 10], [0, 7])
    await poll(async () => (await drawnCells(player, '', 'visible')).filter(inRoomB)).toEqual(lit)
    expect(lit).toHaveLength(21)
    expect(lit).not.toContain('5,3')
    await player.locator('[data-testid="player-token"][data-name="Goblin"]').waitFor()
    await player.screenshot({ path: join(screenshotDir, 'player-after.png') })

    // The secret door is a wall to the players; room C behind it is unknown.
    const secret = player.locator(`[data-testid="player-edge"][data-between="10,3|11,3"]`)
    await expect(secret.getAttribute('data-kind')).resolves.toBe('wall')
    expect(
      (await drawnCells(player, '', 'visible')).some((c) => Number(c.split(',')[0]) >= 11),
    ).toBe(false)

    // The GM marks it found: it appears as a (closed) door.
    await gm.locator(`[data-testid="pv-secret-door"] [data-testid="pv-door-toggle"]`).click()
    await poll(() => secret.getAttribute('data-kind')).toBe('door')
    await expect(secret.getAttribute('data-state')).resolves.toBe('closed')
    // Opening it lets the hero see into room C, and the keeper there.
    await gmApi.call('campaign.dispatch', {
      id: FOG_CAMPAIGN,
      command: {
        type: 'edge.set',
        mapId: FOG_MAP,
        between: SECRET_DOOR,
        edge: { kind: 'door', state: 'open', secret: true, revealed: true },
      },
    })
    await poll(() => secret.getAttribute('data-state')).toBe('open')
    await moveHero([10, 3])
    await player.locator('[data-testid="player-token"][data-name="Keeper"]').waitFor()

    // Back in room A: room B is remembered (explored, dimmed) but its tokens are gone.
    await moveHero([1, 1])
    await player.locator('[data-testid="player-token"][data-name="Hero"][data-y="1"]').waitFor()
    await poll(async () => (await drawnCells(player, '', 'explored')).includes('7,1')).toBe(true)
    await expect(
      player.locator('[data-testid="player-token"][data-name="Goblin"]').count(),
    ).resolves.toBe(0)

    // Nothing GM-only ever reached the page: not in any frame, not in the DOM.
    const html = await player.content()
    for (const secretText of [
      HIDDEN_ID,
      HIDDEN_NAME,
      GM_NOTE,
      'poisoned blade',
      '"notes"',
      '"hidden"',
      '"radius"',
    ]) {
      expect(html).not.toContain(secretText)
      expect(frames.some((f) => f.includes(secretText))).toBe(false)
    }
    expect(frames.length).toBeGreaterThan(3)
    expect(frames.some((f) => f.includes('"Goblin"'))).toBe(true)
    // Players know tokens by session aliases, never by their stored ids (issue 11.9).
    for (const storedId of ['pc-hero', '"goblin"', 'treasure-keeper'])
      expect(frames.some((f) => f.includes(storedId))).toBe(false)

    // Blackout and freeze from the GM's controls.
    await gm.locator('[data-testid="pv-blackout"]').click()
    await player.locator('[data-testid="player-blackout"]').waitFor()
    await gm.locator('[data-testid="pv-blackout"]').click()
    await board.waitFor()
    await gm.locator('[data-testid="pv-freeze"]').click()
    await poll(() => gm.locator('[data-testid="pv-freeze"]').getAttribute('aria-pressed')).toBe(
      'true',
    )
    await moveHero([2, 2])
    await gm.locator('[data-testid="pv-freeze"]').click()
    await player
      .locator('[data-testid="player-token"][data-name="Hero"][data-x="2"][data-y="2"]')
      .waitFor()

    expect(problems).toEqual([])
    await player.close()
    await gm.close()
  })
})
