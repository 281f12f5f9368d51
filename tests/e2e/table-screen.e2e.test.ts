// The table screen read from across the room (issue 23), measured from the page: the projector
// page in Chromium at 1280 × 720 fitted to the screen and at 1920 × 1080 calibrated to 1-inch
// squares (about 38 px), in all four systems. Labels at least 40 % of a square, no two name boxes
// meeting, HP bars at least 15 % of a square and on top of whatever is there, the turn banner
// naming only combatants the players see, four DysTopiA units in one square apart. Screenshots of
// each system at 1920 × 1080 go to .tmp/screenshots/table-<system>.png.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCampaign, selectMap } from './gm-page'
import { cellCentre, chooseTool, placeToken } from './editor-steps'
import { PARTY_PALETTE } from '@core/table/party-colours'
import { screenshotDir, startRig, type Rig } from './harness'
import { gmClient, type GmClient } from './player-fixture'
import { TABLE_CAMPAIGN, TABLE_MAPS, tableCampaign, type TableMap } from './table-screen-fixture'

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 })

let rig: Rig
let gm: GmClient
let player: Page
const frames: string[] = []

interface Rect {
  x: number
  y: number
  width: number
  height: number
}

interface Measured {
  squarePx: number
  labels: { slotPx: number; fontPx: number; rect: Rect; shared: boolean; text: string }[]
  names: { text: string; rect: Rect }[]
  discs: { id: string; slot: string; rect: Rect }[]
  bars: { rect: Rect; onTop: boolean }[]
  banner: string | null
  bannerNow: string | null
  bannerNext: string | null
  ringed: number
}

/** Everything the assertions need, read from the live page. */
function measure(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    const svg = document.querySelector<SVGSVGElement>('[data-testid="player-board"]')!
    const squarePx = svg.getScreenCTM()!.a
    const box = (el: Element) => {
      const r = el.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height }
    }
    const tokens = [...document.querySelectorAll('[data-testid="player-token"]')]
    const labels = tokens.map((token) => {
      const [, , slot] = token.getAttribute('data-slot')!.split(',').map(Number)
      const label = token.querySelector('[data-testid="player-token-label"]')!
      const fontUnits = parseFloat(getComputedStyle(label).fontSize)
      return {
        slotPx: slot * squarePx,
        fontPx: fontUnits * squarePx,
        rect: box(label),
        shared: slot < 1,
        text: label.textContent ?? '',
      }
    })
    const bars = [...document.querySelectorAll('[data-testid="player-hp-bar"]')].map((bar) => {
      const rect = box(bar.querySelector('rect')!)
      // Not covered: what the screen shows at the bar's middle and near its ends is the bar.
      const points = [0.5, 0.1, 0.9].map((f) => [rect.x + rect.width * f, rect.y + rect.height / 2])
      const onTop = points.every(
        ([x, y]) =>
          document.elementFromPoint(x, y)?.closest('[data-testid="player-hp-bar"]') === bar,
      )
      return { rect, onTop }
    })
    const text = (id: string) =>
      document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null
    return {
      squarePx,
      labels,
      names: [...document.querySelectorAll('[data-testid="player-name"]')].map((el) => ({
        text: el.textContent ?? '',
        rect: box(el),
      })),
      discs: tokens.map((token) => ({
        id: token.getAttribute('data-name') ?? '',
        slot: token.getAttribute('data-slot') ?? '',
        rect: box(token.querySelector('[data-testid="player-token-disc"]')!),
      })),
      bars,
      banner: text('turn-banner'),
      bannerNow: text('turn-banner-now'),
      bannerNext: text('turn-banner-next'),
      ringed: document.querySelectorAll('[data-testid="player-turn-ring"]').length,
    }
  })
}

const meet = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function show(map: TableMap): Promise<void> {
  await gm.call('player.show', { target: { campaignId: TABLE_CAMPAIGN, mapId: map.id } })
  await player.locator(`[data-testid="player-board"][data-map-id="${map.id}"]`).waitFor()
  await player.locator('[data-testid="turn-banner"]').waitFor()
  // Fonts and layout settle before measuring.
  await player.evaluate(() => document.fonts.ready.then(() => undefined))
}

/** The targets, for one map at one size. */
function check(map: TableMap, m: Measured, names: { now: string; next: string }): void {
  expect(m.squarePx).toBeGreaterThan(20)
  // Labels: type at 40 % of the token's square (of its quarter, for a shared DysTopiA square).
  expect(m.labels.length).toBeGreaterThan(3)
  for (const label of m.labels) {
    expect(label.fontPx, `label ${label.text}`).toBeGreaterThanOrEqual(0.4 * label.slotPx - 0.01)
    expect(label.rect.height, `label ${label.text} drawn`).toBeGreaterThanOrEqual(
      0.4 * label.slotPx,
    )
    if (!label.shared) expect(label.fontPx).toBeGreaterThanOrEqual(0.4 * m.squarePx - 0.01)
  }
  // Names: none meets another, a token's disc or an HP bar.
  expect(m.names.length).toBeGreaterThan(2)
  for (const [i, a] of m.names.entries()) {
    for (const b of m.names.slice(i + 1))
      expect(meet(a.rect, b.rect), `${a.text} / ${b.text}`).toBe(false)
    for (const disc of m.discs)
      expect(meet(a.rect, disc.rect), `${a.text} on ${disc.id}`).toBe(false)
    for (const bar of m.bars) expect(meet(a.rect, bar.rect), `${a.text} on a bar`).toBe(false)
  }
  // HP bars: 15 % of a square high, nothing drawn over them.
  expect(m.bars.length).toBeGreaterThan(1)
  for (const bar of m.bars) {
    expect(bar.rect.height).toBeGreaterThanOrEqual(0.15 * m.squarePx)
    expect(bar.onTop).toBe(true)
  }
  // Discs never overlap, even four in one square.
  for (const [i, a] of m.discs.entries())
    for (const b of m.discs.slice(i + 1))
      expect(meet(a.rect, b.rect), `${a.id} / ${b.id}`).toBe(false)
  // The banner: the round, whose turn, who is next; never a combatant the players cannot see.
  expect(m.banner).toContain('2')
  expect(m.bannerNow).toContain(names.now)
  expect(m.bannerNext).toContain(names.next)
  for (const secret of map.secretNames) expect(m.banner).not.toContain(secret)
  expect(m.ringed).toBe(1)
}

beforeAll(async () => {
  rig = await startRig([tableCampaign()], {
    name: 'table-screen',
    viewport: { width: 1280, height: 720 },
  })
  gm = await gmClient(rig.host.port)
  player = await rig.newPage('player.html')
  player.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => frames.push(String(frame.payload))),
  )
  await player.locator('[data-testid="player-view"][data-connection="open"]').waitFor()
})

afterAll(async () => {
  gm?.close()
  await rig?.close()
})

describe('the table screen, fitted to a 1280 × 720 projector', () => {
  for (const map of TABLE_MAPS) {
    it(`reads from across the room: ${map.system}`, async () => {
      await show(map)
      check(map, await measure(player), map)
      await player.screenshot({ path: join(screenshotDir, `table-fit-${map.system}.png`) })
    })
  }
})

describe('the table screen at 1920 × 1080 with 1-inch squares', () => {
  beforeAll(async () => {
    // A 58-inch screen at 1920 × 1080: 25.4 mm is 38 px.
    await gm.call('calibration.set', {
      settings: {
        squareMm: 25.4,
        diagonalInches: 58,
        widthPx: 1920,
        heightPx: 1080,
        rulerFactor: 1,
      },
      ruler: false,
    })
    await player.setViewportSize({ width: 1920, height: 1080 })
  })

  for (const map of TABLE_MAPS) {
    it(`reads from across the room: ${map.system}`, async () => {
      await show(map)
      const m = await measure(player)
      expect(m.squarePx).toBeGreaterThan(37)
      expect(m.squarePx).toBeLessThan(39)
      check(map, m, map)
      await player.screenshot({ path: join(screenshotDir, `table-${map.system}.png`) })
    })
  }

  it('names tokens in the page’s language: 「敵1」 and 「手番」 in Japanese', async () => {
    await player.evaluate(() => localStorage.setItem('grid-gm.locale', 'ja'))
    await player.reload()
    const arianrhod = TABLE_MAPS.find((m) => m.system === 'arianrhod')!
    await show(arianrhod)
    await poll(() => player.locator('[data-testid="turn-banner-now"]').textContent()).toBe(
      '手番：ガルム',
    )
    await expect(player.locator('[data-testid="turn-banner-round"]').textContent()).resolves.toBe(
      '第2ラウンド',
    )
    // The unknown goblin is 「敵1」: its label in the disc and its name beside it.
    const names = await player.locator('[data-testid="player-name"]').allTextContents()
    expect(names).toContain('敵1')
    expect(names).not.toContain('ゴブリン1')
    check(arianrhod, await measure(player), { now: 'ガルム', next: 'ゴブリン2' })
    await player.screenshot({ path: join(screenshotDir, 'table-arianrhod-ja.png') })
    await player.evaluate(() => localStorage.setItem('grid-gm.locale', 'en'))
    await player.reload()
  })

  it('shows a public roll as a large toast, then in the log; a secret roll never', async () => {
    const pf = TABLE_MAPS.find((m) => m.system === 'pathfinder')!
    await show(pf)
    await gm.call('dice.roll', {
      system: 'pathfinder',
      command: '1d20+5',
      campaignId: TABLE_CAMPAIGN,
      who: 'Valeros',
      tokenId: 'valeros',
    })
    const toast = player.locator('[data-testid="roll-toast"]')
    await toast.waitFor()
    await expect(toast.textContent()).resolves.toMatch(/^Valeros\s*\(1D20\+5\)/)
    const toastPx = await toast.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))
    expect(toastPx).toBeGreaterThanOrEqual(40)
    await player.locator('[data-testid="player-roll"]', { hasText: '(1D20+5)' }).waitFor()
    await player.screenshot({ path: join(screenshotDir, 'table-roll-toast.png') })

    await gm.call('dice.roll', {
      system: 'pathfinder',
      command: '3d6',
      secret: true,
      campaignId: TABLE_CAMPAIGN,
      who: 'GM',
    })
    // The GM closes the log: the panel goes, the order stays, and no frame ever held the secret.
    await gm.call('campaign.dispatch', {
      id: TABLE_CAMPAIGN,
      command: { type: 'fight.options', mapId: pf.id, hideRollLog: true },
    })
    await poll(() => player.locator('[data-testid="player-rolls"]').count()).toBe(0)
    await expect(player.locator('[data-testid="player-order"]').count()).resolves.toBe(1)
    const all = frames.join('\n')
    expect(all).toContain('(1D20+5)')
    expect(all).not.toContain('(3D6)')
    for (const map of TABLE_MAPS)
      for (const secret of map.secretNames) expect(all).not.toContain(secret)
    expect(rig.problems).toEqual([])
  })
})

describe('the GM board and the 3D view follow the same rules (1366 × 768)', () => {
  let page: Page
  beforeAll(async () => {
    page = await rig.newPage('gm.html')
    await page.setViewportSize({ width: 1366, height: 768 })
    await openCampaign(page, TABLE_CAMPAIGN)
  })

  for (const map of TABLE_MAPS) {
    it(`places names apart and never draws a token over another: ${map.system}`, async () => {
      await selectMap(page, map.id)
      await page.locator(`g.tokens > [data-token]`).first().waitFor()
      const { names, discs } = await page.evaluate(() => {
        const box = (el: Element) => {
          const r = el.getBoundingClientRect()
          return { x: r.x, y: r.y, width: r.width, height: r.height }
        }
        return {
          names: [...document.querySelectorAll('[data-testid="token-name-label"]')].map((el) => ({
            text: el.textContent ?? '',
            rect: box(el),
          })),
          discs: [...document.querySelectorAll('g.tokens > g[data-token]')].map((el) => ({
            id: el.getAttribute('data-token') ?? '',
            rect: box(el.querySelector('[data-testid="token-disc"]')!),
          })),
        }
      })
      // The GM sees every token, hidden ones too, each with its own name where one fits.
      expect(discs.length).toBeGreaterThan(4)
      expect(names.length).toBeGreaterThan(2)
      for (const [i, a] of names.entries()) {
        for (const b of names.slice(i + 1))
          expect(meet(a.rect, b.rect), `${a.text} / ${b.text}`).toBe(false)
        for (const disc of discs)
          expect(meet(a.rect, disc.rect), `${a.text} on ${disc.id}`).toBe(false)
      }
      for (const [i, a] of discs.entries())
        for (const b of discs.slice(i + 1))
          expect(meet(a.rect, b.rect), `${a.id} / ${b.id}`).toBe(false)
    })
  }

  it('lets the GM mark a token known, pick a PC’s colour and show a condition to the players', async () => {
    const pf = TABLE_MAPS.find((m) => m.system === 'pathfinder')!
    await selectMap(page, pf.id)
    await show(pf)
    const before = frames.length
    // A token placed without a name: the GM's page names it, the players see "Enemy 2".
    await chooseTool(page, 'token')
    await page.locator('[data-testid="new-token-name"]').fill('')
    await page.locator('[data-testid="new-token-faction"]').fill('enemy')
    await page.locator('[data-testid="token-place-hidden"]').uncheck()
    const id = await placeToken(page, [9, 6], 'enemy')
    await page.locator(`[data-testid="token-panel"][data-token-id="${id}"]`).waitFor()
    const stored = await page.locator('[data-testid="token-name"]').inputValue()
    expect(stored).not.toBe('')
    const placed = player.locator('[data-testid="player-token"][data-x="9"][data-y="6"]')
    await poll(() => placed.getAttribute('data-name')).toBe('Enemy 2')
    expect(frames.slice(before).join('\n')).not.toContain(stored)
    // Marked known: now the players read the name the GM's page gave it.
    await page.locator('[data-testid="token-known"]').check()
    await poll(() => placed.getAttribute('data-name')).toBe(stored)

    // Valeros wears the first palette colour until the GM picks another swatch.
    const valerosDisc = player.locator(
      '[data-testid="player-token"][data-name="Valeros"] [data-testid="player-token-disc"]',
    )
    await expect(valerosDisc.getAttribute('fill')).resolves.toBe(PARTY_PALETTE[0])
    await chooseTool(page, 'select')
    const valeros = await cellCentre(page, [4, 4])
    await page.mouse.click(valeros.x, valeros.y)
    await page.locator('[data-testid="token-panel"][data-token-id="valeros"]').waitFor()
    await page
      .locator(`[data-testid="token-palette-colour"][data-colour="${PARTY_PALETTE[5]}"]`)
      .click()
    await poll(() => valerosDisc.getAttribute('fill')).toBe(PARTY_PALETTE[5])
    await expect(page.locator('[data-testid="token-known"]').count()).resolves.toBe(0)

    // "Bless of the GM" was the GM's alone; ticked, it becomes a badge on Valeros.
    const badge = player.locator(
      '[data-testid="player-token"][data-name="Valeros"] [data-testid="player-badge"]',
    )
    await expect(badge.count()).resolves.toBe(0)
    await page
      .locator('[data-testid="condition"]', { hasText: 'Bless of the GM' })
      .locator('[data-testid="condition-shown"]')
      .check()
    await poll(() => badge.getAttribute('data-condition')).toBe('Bless of the GM')
    // The roll log the GM closed opens again from the turn panel.
    await expect(page.locator('[data-testid="turn-show-roll-log"]').isChecked()).resolves.toBe(
      false,
    )
    await page.locator('[data-testid="turn-show-roll-log"]').check()
    await player.locator('[data-testid="player-rolls"]').waitFor()
  })

  it('gives four DysTopiA units in one square their own quarters and labels in the 3D view', async () => {
    await selectMap(page, 'dt-plaza')
    await expect(
      page
        .locator('g.tokens > [data-token][data-at="2,2"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-chip')).sort()),
    ).resolves.toEqual(['0', '1', '2', '3'])
    await page.screenshot({ path: join(screenshotDir, 'table-gm-dystopia.png') })
    await page.locator('[data-testid="toggle-3d"]').click()
    await page.locator('[data-testid="height-view"][data-ready="yes"]').waitFor({ timeout: 60_000 })
    await page.evaluate(() => window.__gmHeightView?.renderNow())
    const labels = await page.evaluate(() => window.__gmHeightView?.labelRects() ?? [])
    const shared = labels.filter((l) =>
      ['hero-a', 'hero-b', 'guard-1', 'guard-2'].includes(l.tokenId),
    )
    expect(shared.map((l) => l.tokenId).sort()).toEqual(['guard-1', 'guard-2', 'hero-a', 'hero-b'])
    for (const [i, a] of shared.entries())
      for (const b of shared.slice(i + 1)) expect(meet(a, b), `${a.text} / ${b.text}`).toBe(false)
    const bodies = await page.evaluate(() =>
      ['hero-a', 'hero-b', 'guard-1', 'guard-2'].map((id) => window.__gmHeightView?.tokenPoint(id)),
    )
    for (const [i, a] of bodies.entries())
      for (const b of bodies.slice(i + 1))
        expect(Math.hypot(a!.x - b!.x, a!.y - b!.y)).toBeGreaterThan(5)
    await page.screenshot({ path: join(screenshotDir, 'table-gm-dystopia-3d.png') })
    await page.locator('[data-testid="toggle-3d"]').click()
    expect(rig.problems).toEqual([])
  })
})
