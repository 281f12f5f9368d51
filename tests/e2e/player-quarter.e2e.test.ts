// The projected view as a player across the room sees it: the projector page at a quarter and a
// half of 1366 × 768 (342 × 192, 683 × 384) and at full size, in English and Japanese, mid-fight
// with the turn order and a log of public rolls. Each roll is one line (shortened with "…", the
// whole roll on hover), the type grows with the window, the banner and the side panel stay clear
// of the board and of each other (the map's name goes to the bottom-left corner in a fight), and
// everything stays inside the window. Screenshots go to
// .tmp/screenshots/player-quarter-<width>-<locale>.png.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshotDir, startRig, type Rig } from './harness'
import { gmClient, type GmClient } from './player-fixture'
import { TABLE_CAMPAIGN, tableCampaign } from './table-screen-fixture'

const MAP = 'pf-crypt'

/** Public rolls as BCDice words them, oldest first: the GM's and the party's, short and long. */
const ROLLS: Array<{ who: string; tokenId?: string; command: string; text: string }> = [
  { who: 'GM', command: '1D20', text: '(1D20) ＞ 7' },
  {
    who: 'Valeros',
    tokenId: 'valeros',
    command: '1D20+7>=15',
    text: '(1D20+7>=15) ＞ 12[12]+7 ＞ 19 ＞ 成功',
  },
  {
    who: 'Merisiel',
    tokenId: 'merisiel',
    command: '2D6+3D8+4',
    text: '(2D6+3D8+4) ＞ 9[4,5]+14[3,5,6]+4 ＞ 27',
  },
  { who: 'GM', command: '1D100<=45', text: '(1D100<=45) ＞ 81 ＞ 失敗' },
  {
    who: 'Kyra',
    tokenId: 'kyra',
    command: '4D6K3+2',
    text: '(4D6K3+2) ＞ 13[6,5,2,1]+2 ＞ 15',
  },
]

function campaignWithRolls(): Record<string, unknown> {
  return {
    ...tableCampaign(),
    rollLog: ROLLS.map((roll, i) => ({
      id: `roll-${i}`,
      at: `2025-01-01T00:0${i}:00.000Z`,
      ...roll,
      dice: [],
      total: null,
      success: false,
      failure: false,
      critical: false,
      fumble: false,
      secret: false,
    })),
  }
}

interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

interface Layout {
  window: { width: number; height: number }
  rolls: Array<{
    text: string
    title: string | null
    height: number
    lineHeight: number
    fontPx: number
    box: Box
    /** How far the outcome (the total and BCDice's word) reaches past the row's right edge. */
    outcomeCut: number
  }>
  order: Array<{ height: number; lineHeight: number }>
  banner: Box
  bannerFontPx: number
  mapName: Box
  panel: Box
  board: Box
}

function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const box = (el: Element): Box => {
      const r = el.getBoundingClientRect()
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }
    }
    const line = (el: Element) => {
      const style = getComputedStyle(el)
      return {
        height: el.getBoundingClientRect().height,
        lineHeight: parseFloat(style.lineHeight),
        fontPx: parseFloat(style.fontSize),
      }
    }
    const visible = (el: Element) => el.getBoundingClientRect().height > 0
    return {
      window: { width: window.innerWidth, height: window.innerHeight },
      rolls: [...document.querySelectorAll('[data-testid="player-roll"]')]
        .filter(visible)
        .map((el) => ({
          text: el.textContent ?? '',
          title: el.getAttribute('title'),
          ...line(el),
          box: box(el),
          outcomeCut:
            el.querySelector('.outcome')!.getBoundingClientRect().right -
            el.getBoundingClientRect().right,
        })),
      order: [...document.querySelectorAll('[data-testid="player-order"] li')].map(line),
      banner: box(document.querySelector('[data-testid="turn-banner"]')!),
      bannerFontPx: parseFloat(
        getComputedStyle(document.querySelector('[data-testid="turn-banner"]')!).fontSize,
      ),
      panel: box(document.querySelector('[data-testid="player-side-panel"]')!),
      mapName: box(document.querySelector('[data-testid="player-map-name"]')!),
      // The map itself: the board's drawing, as fitted into its area.
      board: box(document.querySelector('[data-testid="player-board"]')!),
    }
  })
}

const meet = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
const inside = (a: Box, w: { width: number; height: number }) =>
  a.left >= -0.5 && a.top >= -0.5 && a.right <= w.width + 0.5 && a.bottom <= w.height + 0.5

let rig: Rig
let gm: GmClient
let player: Page

beforeAll(async () => {
  rig = await startRig([campaignWithRolls()], {
    name: 'player-quarter',
    viewport: { width: 342, height: 192 },
  })
  gm = await gmClient(rig.host.port)
  player = await rig.newPage('player.html')
  await player.locator('[data-testid="player-view"][data-connection="open"]').waitFor()
}, 60_000)

afterAll(async () => {
  gm?.close()
  await rig?.close()
})

describe('the player view read from across the room', () => {
  for (const locale of ['en', 'ja'] as const) {
    for (const size of [
      { width: 342, height: 192 },
      { width: 683, height: 384 },
      { width: 1366, height: 768 },
    ]) {
      it(`${size.width} × ${size.height}, ${locale}: one line per roll, nothing over the board`, async () => {
        await player.setViewportSize(size)
        if ((await player.evaluate(() => document.documentElement.lang)) !== locale) {
          await player.evaluate((l) => localStorage.setItem('grid-gm.locale', l), locale)
          await player.reload()
          await player.locator('[data-testid="player-view"][data-connection="open"]').waitFor()
        }
        await gm.call('player.show', { target: { campaignId: TABLE_CAMPAIGN, mapId: MAP } })
        await player.locator(`[data-testid="player-board"][data-map-id="${MAP}"]`).waitFor()
        await player.locator('[data-testid="player-roll"]').first().waitFor()
        await player.evaluate(() => document.fonts.ready.then(() => undefined))
        const m = await measure(player)
        await player.screenshot({
          path: join(screenshotDir, `player-quarter-${size.width}-${locale}.png`),
        })

        expect(m.rolls.length).toBeGreaterThanOrEqual(2)
        for (const roll of m.rolls) {
          // One line: the row is as high as one line of its type (no wrap), the whole on hover.
          expect(roll.height, `"${roll.text}" on one line`).toBeLessThan(roll.lineHeight * 1.5)
          // The whole roll on hover; the row's own text reads the same, spaces included.
          expect(roll.title, `"${roll.text}" whole on hover`).toBe(roll.text)
          expect(inside(roll.box, m.window), `"${roll.text}" inside the window`).toBe(true)
          // The outcome is read first from across the room: the name and working give way, not it.
          expect(roll.outcomeCut, `"${roll.text}": its outcome whole`).toBeLessThanOrEqual(0.5)
        }
        for (const row of m.order) expect(row.height).toBeLessThan(row.lineHeight * 1.5)
        // BCDice writes its outcome words in Japanese; the table reads them in its own language.
        const rollTexts = m.rolls.map((roll) => roll.text).join('\n')
        expect(rollTexts).not.toMatch(locale === 'en' ? /成功|失敗/ : /Success|Failure/)
        if (size.width === 1366)
          expect(rollTexts).toMatch(locale === 'en' ? /19 ＞ Success/ : /19 ＞ 成功/)
        // Readable across the room: the log's type grows with the window's height (2.6 % of it
        // at least, as on a full-size projector), and is never under 12 px in a small window.
        for (const roll of m.rolls)
          expect(roll.fontPx, 'roll type').toBeGreaterThanOrEqual(
            Math.max(12, m.window.height * 0.026),
          )
        // The banner and the panel cover neither the board nor each other.
        expect(meet(m.panel, m.board), 'panel over the board').toBe(false)
        expect(meet(m.banner, m.board), 'banner over the board').toBe(false)
        expect(meet(m.banner, m.panel), 'banner over the panel').toBe(false)
        expect(inside(m.panel, m.window), 'panel inside the window').toBe(true)
        // The map's name stays readable: under neither the banner nor the panel.
        expect(meet(m.banner, m.mapName), 'banner over the map name').toBe(false)
        expect(meet(m.panel, m.mapName), 'panel over the map name').toBe(false)
        expect(inside(m.mapName, m.window), 'map name inside the window').toBe(true)
      })
    }
  }

  it("342 × 192: a new roll's toast is one line inside the window, its outcome whole", async () => {
    await player.setViewportSize({ width: 342, height: 192 })
    await gm.call('dice.roll', {
      system: 'pathfinder',
      command: '2d6+3d8+4',
      campaignId: TABLE_CAMPAIGN,
      who: 'Merisiel',
      tokenId: 'merisiel',
    })
    const toast = player.locator('[data-testid="roll-toast"]')
    await toast.waitFor()
    // Measured where it stays, not while it slides in from half a line below (CI measured it
    // mid-animation: its bottom then under the window's).
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
    const m = await toast.evaluate((el) => {
      const r = el.getBoundingClientRect()
      const outcome = el.querySelector('.outcome')!
      return {
        box: { left: r.left, top: r.top, right: r.right, bottom: r.bottom },
        height: r.height,
        lineHeight: parseFloat(getComputedStyle(el).lineHeight),
        outcomeCut: outcome.scrollWidth - outcome.clientWidth,
        window: { width: window.innerWidth, height: window.innerHeight },
      }
    })
    await player.screenshot({ path: join(screenshotDir, 'player-quarter-toast-342.png') })
    // One line and its padding and border, not two.
    expect(m.height).toBeLessThan(m.lineHeight * 2)
    expect(m.outcomeCut).toBeLessThanOrEqual(0)
    expect(inside(m.box, m.window)).toBe(true)
    expect(rig.problems).toEqual([])
  })
})
