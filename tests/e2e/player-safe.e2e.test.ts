// Issue 12.15 and 12.16 in Chromium through the Node host at 1366×768: HP bars (GM-only or shown
// to players, per token) and the player-safe PNG next to the GM's. The player-safe picture comes
// from main's player view (`player.viewOf`, fog included); the test decodes both PNGs and reads
// pixels where a hidden token, a secret door, a locked door and a GM-only bar are.
import { copyFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCampaign, waitConnected, type Cell } from './gm-page'
import { clickCell, screenshotDir } from './fight-steps'
import { startRig, type Rig } from './harness'
import {
  FOG_CAMPAIGN,
  FOG_MAP,
  GM_NOTE,
  HIDDEN_ID,
  HIDDEN_NAME,
  SECRET_DOOR,
  fogCampaign,
  gmClient,
  type GmClient,
} from './player-fixture'
import { spansToMask } from '@core/campaign/fog'
import { tokenParts } from '../../src-renderer/lib/token-layout'
import type { PlayerView } from '@core/contract/contract'
import type { PlayerMapView } from '@core/table/player-view-schema'
import { applyPlayerViewPatch } from '@core/table/player-view-patch'
import type { PlayerViewMessage } from '@core/table/player-view-patch-schema'

const LOCKED_DOOR: [Cell, Cell] = [
  [4, 5],
  [5, 5],
]
/** Pixels per square in both exports of a 14 × 8 map (png-export.ts exportScale). */
const S = 64

let rig: Rig
let gm: Page
let player: Page
let client: GmClient
const playerFrames: string[] = []
const gmFrames: string[] = []

type Rgb = [number, number, number]

/** Decodes a PNG in the page (createImageBitmap) and reads the pixels at points given in squares. */
async function pixels(file: string, points: [number, number][]): Promise<Rgb[]> {
  const base64 = (await readFile(file)).toString('base64')
  return gm.evaluate(
    async ({ base64, points, scale }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const canvas = document.createElement('canvas')
      canvas.width = bitmap.width
      canvas.height = bitmap.height
      const ctx = canvas.getContext('2d')!
      ctx.drawImage(bitmap, 0, 0)
      return points.map(([x, y]) => {
        const [r, g, b] = ctx.getImageData(Math.floor(x * scale), Math.floor(y * scale), 1, 1).data
        return [r, g, b] as [number, number, number]
      })
    },
    { base64, points, scale: S },
  )
}

const near = (a: Rgb, b: Rgb, tolerance = 12) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance)
const hex = (h: string): Rgb => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb

async function exportPng(testId: string, name: string): Promise<string> {
  const [download] = await Promise.all([
    gm.waitForEvent('download'),
    gm.locator(`[data-testid="${testId}"]`).click(),
  ])
  const file = join(rig.dataDir, name)
  await download.saveAs(file)
  return file
}

async function setHp(
  tokenId: string,
  at: Cell,
  current: number,
  max: number,
  shown: boolean,
): Promise<void> {
  await gm.locator('[data-testid="tool-select"]').click()
  await clickCell(gm, at)
  await gm.locator(`[data-testid="token-panel"][data-token-id="${tokenId}"]`).waitFor()
  await gm.locator('[data-testid="token-hp-max"]').fill(String(max))
  await gm.locator('[data-testid="token-hp-max"]').press('Enter')
  await gm
    .locator(`[data-token="${tokenId}"] [data-testid="token-hp-bar"]`)
    .waitFor({ state: 'attached' })
  await gm.locator('[data-testid="token-hp-current"]').fill(String(current))
  await gm.locator('[data-testid="token-hp-current"]').press('Enter')
  await gm
    .locator(`[data-token="${tokenId}"] [data-testid="token-hp-bar"][data-hp="${current}/${max}"]`)
    .waitFor({ state: 'attached' })
  if (shown) {
    await gm.locator('[data-testid="token-hp-shown"]').check()
    await gm
      .locator(`[data-token="${tokenId}"] [data-testid="token-hp-bar"][data-shown="true"]`)
      .waitFor({ state: 'attached' })
  }
}

/**
 * Every player view the player page held, in order: the whole views it received (`player.view`
 * pushes carrying a view, `player.current` answers) and each view after a patch, rebuilt the
 * way the page does (issue 29: changes arrive as patches).
 */
function receivedViews(): PlayerMapView[] {
  const views: PlayerMapView[] = []
  let view: PlayerView | null = null
  let seq: number | null = null
  for (const frame of playerFrames) {
    const message = JSON.parse(frame) as {
      event?: string
      data?: PlayerViewMessage<PlayerView>
      result?: { ok: boolean; value?: PlayerView & { seq?: number } }
    }
    const data = message.event === 'player.view' ? message.data : undefined
    const answer = message.result?.ok ? message.result.value : undefined
    if (data && 'view' in data) {
      view = data.view
      seq = data.seq
    } else if (data && view && data.base === seq) {
      view = applyPlayerViewPatch(view, data.patch)
      seq = data.seq
    } else if (answer && typeof answer === 'object' && 'map' in answer) {
      const { seq: answered, ...whole } = answer
      view = whole
      seq = answered ?? null
    } else continue
    if (view?.map) views.push(view.map)
  }
  return views
}

beforeAll(async () => {
  rig = await startRig([fogCampaign()], {
    name: 'player-safe-e2e',
    viewport: { width: 1366, height: 768 },
    acceptDownloads: true,
  })
  client = await gmClient(rig.host.port)
  await client.call('campaign.open', { id: FOG_CAMPAIGN })
  // A locked door in lit room A's east wall: players see a closed door, the GM a locked one.
  await client.call('campaign.dispatch', {
    id: FOG_CAMPAIGN,
    command: {
      type: 'edge.set',
      mapId: FOG_MAP,
      between: LOCKED_DOOR,
      edge: { kind: 'door', state: 'locked' },
    },
  })
  // The hidden assassin's bar is marked shown: hidden, it must still never reach the players.
  await client.call('campaign.dispatch', {
    id: FOG_CAMPAIGN,
    command: {
      type: 'token.update',
      mapId: FOG_MAP,
      tokenId: HIDDEN_ID,
      patch: { hp: { current: 3, max: 9, shownToPlayers: true } },
    },
  })
  gm = await rig.newPage()
  gm.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => gmFrames.push(String(frame.payload))),
  )
  await gm.reload()
  await waitConnected(gm)
  await openCampaign(gm, FOG_CAMPAIGN)
  await gm.locator('[data-testid="zoom-fit"]').click()
  player = await rig.newPage('player.html')
  player.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => playerFrames.push(String(frame.payload))),
  )
  await player.reload()
  await player.locator('[data-testid="player-waiting"]').waitFor()
  await gm.locator('[data-testid="show-to-players"]').click()
  await player.locator(`[data-testid="player-board"][data-map-id="${FOG_MAP}"]`).waitFor()
})

afterAll(async () => {
  client?.close()
  await rig?.close()
})

describe('HP bars (issue 12.16)', () => {
  it('the GM sets HP in the token panel; a bar shown to players reaches them as a length, a GM-only one never', async () => {
    await setHp('pc-hero', [1, 3], 8, 10, true)
    await setHp('goblin', [9, 3], 5, 10, false)
    const heroBar = player.locator(
      '[data-testid="player-token"][data-name="Hero"] [data-testid="player-hp-bar"]',
    )
    await heroBar.waitFor({ state: 'attached' })
    await expect(heroBar.getAttribute('data-length')).resolves.toBe('0.8')
    await player
      .locator('[data-testid="player-token"][data-name="Goblin"]')
      .waitFor({ state: 'attached' })
    await expect(
      player
        .locator('[data-testid="player-token"][data-name="Goblin"] [data-testid="player-hp-bar"]')
        .count(),
    ).resolves.toBe(0)
    // The goblin's bar on the GM board is dashed (GM-only); the hero's solid (shown).
    await expect(
      gm.locator('[data-token="goblin"] [data-testid="token-hp-bar"]').getAttribute('data-shown'),
    ).resolves.toBe('false')

    // Shown, then GM-only again: the players' bar comes and goes.
    await gm.locator('[data-testid="token-hp-shown"]').check()
    const goblinBar = player.locator(
      '[data-testid="player-token"][data-name="Goblin"] [data-testid="player-hp-bar"]',
    )
    await goblinBar.waitFor({ state: 'attached' })
    await expect(goblinBar.getAttribute('data-length')).resolves.toBe('0.5')
    await gm.locator('[data-testid="token-hp-shown"]').uncheck()
    await goblinBar.waitFor({ state: 'detached' })

    // A bad maximum is refused with a message; nothing changes.
    await gm.locator('[data-testid="token-hp-max"]').fill('0')
    await gm.locator('[data-testid="token-hp-max"]').press('Enter')
    await gm.locator('[data-testid="token-hp"] [data-testid="field-refusal"]').waitFor()
    await expect(
      gm.locator('[data-token="goblin"] [data-testid="token-hp-bar"]').getAttribute('data-hp'),
    ).resolves.toBe('5/10')
    await gm.screenshot({ path: join(screenshotDir, 'hp-bars-gm.png') })
    await player.screenshot({ path: join(screenshotDir, 'hp-bars-player.png') })

    // No payload the player page ever received holds hit points, the hidden token, or a GM-only bar.
    const views = receivedViews()
    expect(views.length).toBeGreaterThan(2)
    for (const frame of playerFrames) {
      expect(frame).not.toMatch(/"(hp|current|max|shownToPlayers)"/)
      expect(frame).not.toContain(HIDDEN_ID)
    }
    const goblinWhileGmOnly = views.filter((v) =>
      v.tokens.some((t) => t.name === 'Goblin' && t.hpBar === undefined),
    )
    expect(goblinWhileGmOnly.length).toBeGreaterThan(0)
    expect(views.at(-1)!.tokens.find((t) => t.name === 'Goblin')!.hpBar).toBeUndefined()
    expect(rig.problems).toEqual([])
  })
})

describe('player-safe PNG export (issue 12.15)', () => {
  it('exports the GM picture and, next to it, exactly what the player view shows', async () => {
    await expect(gm.locator('[data-testid="export-png-players"]').innerText()).resolves.toBe(
      'Export PNG (player-safe)',
    )
    const gmFile = await exportPng('export-png', 'gm.png')
    const before = gmFrames.length
    const [download] = await Promise.all([
      gm.waitForEvent('download'),
      gm.locator('[data-testid="export-png-players"]').click(),
    ])
    expect(download.suggestedFilename()).toBe('Dark dungeon (players).png')
    const playerFile = join(rig.dataDir, 'players.png')
    await download.saveAs(playerFile)
    await copyFile(gmFile, join(screenshotDir, 'export-gm.png'))
    await copyFile(playerFile, join(screenshotDir, 'export-player-safe.png'))

    // What it was drawn from: main's player view of the map, nothing GM-only in it.
    const answer = gmFrames.slice(before).find((f) => f.includes('"screen":"live"'))
    expect(answer).toBeDefined()
    for (const secret of [
      GM_NOTE,
      HIDDEN_ID,
      HIDDEN_NAME,
      'poisoned blade',
      '"secret"',
      'locked',
      '"hp"',
    ])
      expect(answer).not.toContain(secret)
    const view = (JSON.parse(answer!) as { result: { value: { map: PlayerMapView } } }).result.value
      .map
    const visible = spansToMask(view.visible, view.width, view.height)
    const seen = ([x, y]: Cell) => visible[y * view.width + x] === 1
    expect(seen([8, 2])).toBe(true)

    // Both boards draw a token's parts in its slot the same way (lib/token-layout.ts).
    const barIn = (x: number, y: number) =>
      tokenParts({ x, y, width: 1, height: 1 }, { hpBar: true }).hpBar!
    const heroBar = barIn(1, 3)
    const goblinPlayerBar = barIn(9, 3)
    const goblinGmBar = barIn(9, 3)
    const points: [number, number][] = [
      [8.5, 2.2], // the hidden assassin's square, above its label
      [SECRET_DOOR[1][0], 3.5], // the secret door's edge
      [LOCKED_DOOR[1][0], 5.5], // the locked door's edge
      [heroBar.x + 0.05, heroBar.y + heroBar.height / 2], // the hero's shown bar
      [goblinPlayerBar.x + 0.02, goblinPlayerBar.y + goblinPlayerBar.height / 2], // where a player bar for the goblin would be
      [goblinGmBar.x + 0.05, goblinGmBar.y + goblinGmBar.height / 2], // the goblin's GM-only bar, GM geometry
    ]
    const [gmHidden, gmSecret, gmLocked, , , gmGoblinBar] = await pixels(gmFile, points)
    const [plHidden, plSecret, plLocked, plHeroBar, plGoblinBar] = await pixels(playerFile, points)

    // Hidden token: drawn for the GM, absent for the players (a lit, seen floor square there).
    expect(near(plHidden, hex('#d8d2c4'))).toBe(true)
    expect(near(gmHidden, plHidden)).toBe(false)
    // Secret door: a door for the GM, a wall for the players.
    expect(near(plSecret, hex('#111111'))).toBe(true)
    expect(near(gmSecret, hex('#111111'), 40)).toBe(false)
    // Locked door: red for the GM, a plain closed door for the players.
    expect(near(gmLocked, hex('#b3261e'), 30)).toBe(true)
    expect(near(plLocked, hex('#8b5a2b'))).toBe(true)
    // HP: the shown bar is in the players' picture (green, 8/10); the GM-only one only in the GM's.
    expect(plHeroBar[1]).toBeGreaterThan(plHeroBar[0])
    expect(plHeroBar[1]).toBeGreaterThan(plHeroBar[2] + 60)
    expect(near(plGoblinBar, hex('#d8d2c4'))).toBe(true)
    expect(gmGoblinBar[2]).toBeLessThan(80) // 5/10: the yellow of a half-full bar
    expect(gmGoblinBar[0]).toBeGreaterThan(120)
    expect(rig.problems).toEqual([])
  })
})
