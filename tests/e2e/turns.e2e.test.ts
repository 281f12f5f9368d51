// Running a fight at the table (issue 15), in Chromium through the Node host at 1366×768 with
// scripted dice: a Pathfinder fight with a surprise round, a delay, a 3-round condition that
// expires at the right count and a reload in the middle; a secret roll that never reaches any
// player-view frame (projector or LAN tablet); an Arianrhod fight ordered by 【行動値】 with a tie
// broken by dragging; a check and a 【行動値】 contest rolled from the path preview; a DysTopiA fight
// in the GM's order with the board's own actions.
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cell } from './gm-page'
import { openCampaign, selectMap, waitConnected } from './gm-page'
import { clickCell, selectToken, waitReach } from './fight-steps'
import { eventually, repo, startRig, type Rig } from './harness'

const CAMPAIGN = 'turns-e2e'
const PF = 'pf-room'
const AR = 'ar-room'
const RAISED: Cell = [5, 2]
const ones = (n: number) => Array.from({ length: n }, () => 1)
// Initiative (4 combatants: 20 d20s drawn, the first 4 used): rogue 10+4 = 14, fighter 15+1 = 16,
// orc 12+0 = 12, ghost 5+2 = 7. Then a public 1D20 (7), a secret 2D6 (3, 4), a public 2D6 (2, 2),
// a climb check 2D6 (6, 5) and a 【行動値】 contest: the mage 2D6 (3, 3) + 14 = 20 against the
// guard's 2D6 (2, 2) + 8 = 12.
const DICE = [10, 15, 12, 5, ...ones(16), 7, 3, 4, 2, 2, 6, 5, 3, 3, 2, 2]
const DY = 'dy-board'
const LEDGE: Cell = [1, 3]

const campaign = {
  schemaVersion: 5,
  id: CAMPAIGN,
  name: 'Turn order e2e',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  notes: '',
  maps: [
    {
      id: PF,
      name: 'Pathfinder room',
      system: 'pathfinder',
      width: 8,
      height: 6,
      tokens: [
        { id: 'rogue', name: 'Rogue', at: [1, 1], faction: 'party', initiative: 4 },
        { id: 'fighter', name: 'Fighter', at: [2, 1], faction: 'party', initiative: 1 },
        { id: 'orc', name: 'Orc', at: [5, 3], faction: 'enemy', initiative: 0 },
        { id: 'ghost', name: 'Ghost', at: [6, 4], faction: 'enemy', initiative: 2, hidden: true },
      ],
      notes: '',
    },
    {
      id: AR,
      name: 'Arianrhod wall',
      system: 'arianrhod',
      width: 10,
      height: 6,
      // The mage stands on a 封鎖 square next to the guard: a [離脱] from there needs a 【行動値】 contest.
      cells: [
        ...[1, 2, 3, 4].map((y) => ({ at: [5, y], elevation: 6 })),
        { at: [1, 1], blockade: true },
      ],
      tokens: [
        { id: 'pc', name: 'Aria', at: [4, 2], faction: 'party', move: 16, initiative: 11 },
        { id: 'goblin', name: 'Goblin', at: [8, 4], faction: 'enemy', move: 10, initiative: 13 },
        { id: 'mage', name: 'Mage', at: [1, 1], faction: 'party', move: 10, initiative: 11 },
        { id: 'guard', name: 'Guard', at: [2, 1], faction: 'enemy', move: 10, initiative: 8 },
      ],
      notes: '',
    },
    {
      id: DY,
      name: 'DysTopiA board',
      system: 'dystopia',
      width: 6,
      height: 6,
      tokens: [
        { id: 'red', name: 'Red', at: [1, 1], faction: 'red' },
        { id: 'blue', name: 'Blue', at: [4, 4], faction: 'blue' },
        { id: 'green', name: 'Green', at: [2, 4], faction: 'green' },
        { id: 'grey', name: 'Grey', at: [5, 0], faction: 'grey' },
      ],
      notes: '',
    },
  ],
}

let rig: Rig
let page: Page
const shots = join(repo, '.tmp', 'screenshots')

const order = () =>
  page
    .locator('[data-testid="turn-entry"]')
    .evaluateAll((n) => n.map((e) => e.getAttribute('data-token')))
const currentTurn = () =>
  page.locator('[data-testid="turn-entry"][aria-current="true"]').getAttribute('data-token')

/** Each turn-order row is one line, nothing on it cut off (issue 25). */
async function expectOneLineRows(): Promise<void> {
  const rows = await page.locator('[data-testid="turn-entry"]').evaluateAll((els) =>
    els.map((el) => ({
      token: el.getAttribute('data-token'),
      height: el.getBoundingClientRect().height,
      overflow: el.scrollWidth - el.clientWidth,
    })),
  )
  for (const row of rows) {
    expect(row.height, `${row.token} on one line`).toBeLessThan(28)
    expect(row.overflow, `${row.token} whole`).toBeLessThanOrEqual(0)
  }
}

/** Each name of the players' turn order on one line, inside the window (a quarter-size view). */
async function expectOneLineOrder(player: Page): Promise<void> {
  const rows = await player.locator('[data-testid="player-order"] li').evaluateAll((els) =>
    els.map((el) => ({
      name: el.textContent,
      title: el.querySelector('[title]')?.getAttribute('title') ?? null,
      height: el.getBoundingClientRect().height,
      fontSize: parseFloat(getComputedStyle(el).fontSize),
      right: el.getBoundingClientRect().right,
      windowWidth: window.innerWidth,
    })),
  )
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) {
    expect(row.height, `${row.name} on one line`).toBeLessThan(row.fontSize * 1.8)
    expect(row.right, `${row.name} inside the window`).toBeLessThanOrEqual(row.windowWidth)
    // A shortened name keeps the whole one on hover.
    expect(row.title, `${row.name}'s whole name`).toBeTruthy()
  }
}

async function next(expected: string, expectedRound: number): Promise<void> {
  await page.locator('[data-testid="turn-next"]').click()
  await page
    .locator(`[data-testid="turn-entry"][aria-current="true"][data-token="${expected}"]`)
    .waitFor()
  await page.locator(`[data-testid="turn-round"][data-round="${expectedRound}"]`).waitFor()
}

async function openMap(mapId: string): Promise<void> {
  await waitConnected(page)
  await openCampaign(page, CAMPAIGN)
  await selectMap(page, mapId)
}

describe('turn order, conditions and dice', () => {
  beforeAll(async () => {
    rig = await startRig([campaign], {
      name: 'turns',
      viewport: { width: 1366, height: 768 },
      dice: DICE,
    })
    page = await rig.newPage()
    await openMap(PF)
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('starts a Pathfinder fight with a surprise round: only the aware act, everyone flat-footed until their turn begins', async () => {
    await page.locator('[data-testid="turn-unaware"][data-token="rogue"]').check()
    await page.locator('[data-testid="turn-unaware"][data-token="fighter"]').check()
    await page.locator('[data-testid="turn-start"]').click()
    await page.locator('[data-testid="turn-round"][data-round="0"]').waitFor()
    expect(await order()).toEqual(['fighter', 'rogue', 'orc', 'ghost'])
    await expect(
      page
        .locator('[data-testid="turn-entry"]')
        .evaluateAll((n) => n.map((e) => e.getAttribute('data-count'))),
    ).resolves.toEqual(['16', '14', '12', '7'])
    expect(await currentTurn()).toBe('orc')
    // 「自分の最初のターンを迎える前」: the orc's turn has begun, so it is no longer flat-footed.
    await expect(page.locator('[data-testid="flat-footed"]').count()).resolves.toBe(3)
    // …and on the tokens on the board.
    await expect(page.locator('[data-testid="token-flat-footed"]').count()).resolves.toBe(3)
    await page.locator('[data-testid="turn-surprise-hint"]').waitFor()
    await page
      .locator('[data-token="orc"][data-turn="true"]')
      .first()
      .waitFor({ state: 'attached' })
    await next('ghost', 0)
    await next('fighter', 1)
    // Orc and ghost had their surprise turns; the fighter's turn is under way (no longer
    // flat-footed), the rogue waits.
    await expect(page.locator('[data-testid="flat-footed"]').count()).resolves.toBe(1)
    await expect(page.locator('[data-testid="token-flat-footed"]').count()).resolves.toBe(1)
  })

  it("delays the fighter, adds a 3-round condition, and the fighter acts later at the orc's count", async () => {
    await page.locator('[data-testid="turn-delay"]').click()
    await page
      .locator('[data-testid="turn-entry"][aria-current="true"][data-token="rogue"]')
      .waitFor()
    await selectToken(page, 'orc')
    await page.locator('[data-testid="condition-name"]').fill('shaken')
    await page.locator('[data-testid="condition-rounds"]').fill('3')
    await page.locator('[data-testid="condition-add"]').click()
    await page.locator('[data-testid="condition"][data-token="orc"]').waitFor()
    await next('orc', 1)
    // The delaying fighter's row is one line too, with its Act now button whole, in both languages.
    await expectOneLineRows()
    await page.locator('[data-testid="lang-ja"]').click()
    await expectOneLineRows()
    await page.locator('[data-testid="lang-en"]').click()
    await page.locator('[data-testid="turn-act"]').click()
    await page
      .locator('[data-testid="turn-entry"][aria-current="true"][data-token="fighter"]')
      .waitFor()
    expect(await order()).toEqual(['rogue', 'fighter', 'orc', 'ghost'])
    // 「君のイニシアチブ・カウントは遅延していたアクションを取った時のカウントに変更される」
    await expect(
      page.locator('[data-testid="turn-entry"][data-token="fighter"]').getAttribute('data-count'),
    ).resolves.toBe('12')
    await next('orc', 1)
    await next('ghost', 1)
    await next('rogue', 2)
    // PageUp / PageDown step back and on, like the buttons.
    await page.keyboard.press('PageUp')
    await page
      .locator('[data-testid="turn-entry"][aria-current="true"][data-token="ghost"]')
      .waitFor()
    await page.locator('[data-testid="turn-round"][data-round="1"]').waitFor()
    await page.keyboard.press('PageDown')
    await page
      .locator('[data-testid="turn-entry"][aria-current="true"][data-token="rogue"]')
      .waitFor()
    await page.locator('[data-testid="turn-round"][data-round="2"]').waitFor()
  })

  it('survives a reload in the middle and expires the condition just before its count three rounds on', async () => {
    await page.reload()
    await openMap(PF)
    await page.locator('[data-testid="turn-round"][data-round="2"]').waitFor()
    expect(await currentTurn()).toBe('rogue')
    await expect(page.locator('[data-testid="condition"]').count()).resolves.toBe(1)
    for (const [who, r] of [
      ['fighter', 2],
      ['orc', 2],
      ['ghost', 2],
      ['rogue', 3],
      ['fighter', 3],
      ['orc', 3],
      ['ghost', 3],
    ] as const) {
      await next(who, r)
    }
    // Begun on the rogue's turn (count 14) in round 1: still on through round 3.
    await expect(page.locator('[data-testid="condition"]').count()).resolves.toBe(1)
    await next('rogue', 4)
    await page.locator('[data-testid="turn-expired"]').waitFor()
    await expect(page.locator('[data-testid="turn-expired"]').textContent()).resolves.toContain(
      'Orc: shaken',
    )
    await expect(page.locator('[data-testid="condition"]').count()).resolves.toBe(0)
  })

  it('shows public rolls and the visible order on the player view and a LAN tablet, and never a secret roll or a hidden combatant', async () => {
    const player = await rig.context.newPage()
    const frames: string[] = []
    player.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => frames.push(String(frame.payload))),
    )
    await player.goto(`${rig.host.url}player.html`)
    await page.locator('[data-testid="show-to-players"]').click()
    await player.locator(`[data-testid="player-map-name"][data-map-id="${PF}"]`).waitFor()
    // A tablet on the LAN view (loopback only), capturing its frames too.
    await page.locator('[data-testid="pv-lan-start"]').click()
    await page.locator('[data-testid="pv-lan"][data-running="true"]').waitFor()
    const code = (await page.locator('[data-testid="pv-join-code"]').innerText()).trim()
    const lanPort = new URL((await page.locator('[data-testid="pv-join-url"]').innerText()).trim())
      .port
    const tablet = await rig.context.newPage()
    tablet.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => frames.push(String(frame.payload))),
    )
    await tablet.goto(`http://127.0.0.1:${lanPort}/player.html?code=${code}`)
    await tablet.locator(`[data-testid="player-board"][data-map-id="${PF}"]`).waitFor()
    // The rogue's turn is highlighted for the players (a visible combatant).
    await player.locator('[data-testid="player-token"][data-turn="true"]').waitFor()
    await expect(
      player.locator('[data-testid="player-token"][data-turn="true"]').count(),
    ).resolves.toBe(1)
    await page.locator('[data-testid="turn-show-order"]').check()
    await page.locator('[data-testid="turn-show-rolls"]').check()
    await player.locator('[data-testid="player-order"]').waitFor()

    // A command BCDice does not understand gets a clear message (and draws no die).
    await page.locator('[data-testid="dice-command"]').fill('attack!')
    await page.locator('[data-testid="dice-roll"]').click()
    await expect(page.locator('[data-testid="dice-error"]').textContent()).resolves.toContain(
      'BCDice does not understand this command',
    )
    // Beyond BCDice's limits: refused before rolling, with the limit (never a roll of zeros).
    await page.locator('[data-testid="dice-command"]').fill('100000000D6')
    await page.locator('[data-testid="dice-roll"]').click()
    await page
      .locator('[data-testid="dice-error"]', { hasText: 'at most 200 in one term' })
      .waitFor()
    await page.locator('[data-testid="dice-command"]').fill('10D1000000000')
    await page.locator('[data-testid="dice-roll"]').click()
    await page.locator('[data-testid="dice-error"]', { hasText: 'at most 10,000 faces' }).waitFor()
    await page.locator('[data-testid="dice-command"]').fill('1D20')
    await page.locator('[data-testid="dice-roll"]').click()
    await page.locator('[data-testid="dice-result"][data-total="7"]').waitFor()
    await expect(page.locator('[data-testid="dice-error"]').count()).resolves.toBe(0)
    await player.locator('[data-testid="player-rolls"]', { hasText: '(1D20) ＞ 7' }).waitFor()

    await page.locator('[data-testid="dice-secret"]').check()
    await page.locator('[data-testid="dice-command"]').fill('2D6')
    await page.locator('[data-testid="dice-roll"]').click()
    await page.locator('[data-testid="dice-result"]', { hasText: '7[3,4]' }).waitFor()
    await eventually(async () => {
      await rig.host.flush()
      const file = JSON.parse(
        await readFile(join(rig.dataDir, 'campaigns', `${CAMPAIGN}.json`), 'utf8'),
      )
      return file.rollLog.some((r: { secret: boolean }) => r.secret)
    }, 'the secret roll in the campaign file')
    // One more public change, so any frame the secret roll could have caused has arrived.
    await page.locator('[data-testid="dice-secret"]').uncheck()
    await page.locator('[data-testid="dice-roll"]').click()
    await player.locator('[data-testid="player-rolls"] li').nth(1).waitFor()

    const orderShown = await player.locator('[data-testid="player-order"] li').count()
    expect(orderShown).toBe(3)
    // A player across the room, the view at a quarter of 1366 × 768: every name on one line,
    // shortened rather than broken, the list inside the window, two rolls of the log.
    await player.setViewportSize({ width: 342, height: 192 })
    await expectOneLineOrder(player)
    await expect(player.locator('[data-testid="player-roll"]:visible').count()).resolves.toBe(2)
    await mkdir(shots, { recursive: true })
    await player.screenshot({ path: join(shots, 'turns-player-quarter.png') })
    await tablet.locator('[data-testid="player-rolls"] li').nth(1).waitFor()
    const all = frames.join('\n')
    expect(all).toContain('(1D20) ＞ 7')
    expect(all).not.toContain('[3,4]')
    expect(all).not.toMatch(/ghost|Ghost/)
    await tablet.close()
    await page.locator('[data-testid="pv-lan-stop"]').click()
    await page.locator('[data-testid="pv-lan"][data-running="false"]').waitFor()
    await player.close()

    // The README's pictures of a fight under way: the rogue's turn in round 4, the orc's shaken
    // just ended and a new 2-round condition on it.
    await selectToken(page, 'orc')
    await page.locator('[data-testid="condition-name"]').fill('entangled')
    await page.locator('[data-testid="condition-rounds"]').fill('2')
    await page.locator('[data-testid="condition-add"]').click()
    await page.locator('[data-testid="condition"][data-token="orc"]').waitFor()
    await selectToken(page, 'rogue')
    await mkdir(shots, { recursive: true })
    // The turn order is the Panels dock's first section during a fight: shown from its top.
    await page.locator('[data-testid="dock-panels-body"]').evaluate((el) => (el.scrollTop = 0))
    await page.screenshot({ path: join(shots, 'turns-en.png') })
    await page.locator('[data-testid="lang-ja"]').click()
    // The Panels dock titles the section (the panel's own heading is folded into it).
    await page.locator('[data-testid="section-turns-toggle"]', { hasText: '手番' }).waitFor()
    await page.screenshot({ path: join(shots, 'turns-ja.png') })
    await page.locator('[data-testid="dice-command"]').fill('201D6')
    await page.locator('[data-testid="dice-roll"]').click()
    await page
      .locator('[data-testid="dice-error"]', {
        hasText: 'ダイスが多すぎます：1 つの項に 200 個まで',
      })
      .waitFor()
    await page
      .locator('[data-testid="roll-box"]')
      .screenshot({ path: '.tmp/screenshots/dice-refusal-ja.png' })
    await page.locator('[data-testid="lang-en"]').click()
  })

  it('orders an Arianrhod fight by 【行動値】, lets the GM drag to break a tie, and re-sorts when a value changes', async () => {
    await selectMap(page, AR)
    await page.locator('[data-testid="turn-start"]').click()
    await page.locator('[data-testid="turn-round"][data-round="1"]').waitFor()
    expect(await order()).toEqual(['goblin', 'pc', 'mage', 'guard'])
    // Aria and the mage tie at 11: the GM drags the mage above Aria.
    await page
      .locator('[data-testid="turn-entry"][data-token="mage"]')
      .dragTo(page.locator('[data-testid="turn-entry"][data-token="pc"]'))
    await eventually(
      async () => (await order()).join() === 'goblin,mage,pc,guard',
      'the tie broken by dragging',
    )
    await selectToken(page, 'mage')
    await page.locator('[data-testid="token-initiative"]').fill('14')
    await page.locator('[data-testid="token-initiative"]').press('Enter')
    await eventually(
      async () => (await order()).join() === 'mage,goblin,pc,guard',
      'the order re-sorted by 【行動値】',
    )
  })

  it("rolls a climb check from the path preview with its DC and the token's own 【筋力】 bonus, kept on the token", async () => {
    await selectToken(page, 'pc')
    await page.locator('[data-testid="fight-mode-climb"]').click()
    await waitReach(page, 'climb')
    await clickCell(page, RAISED)
    await page
      .locator(`[data-testid="fight-path"][data-to="${RAISED.join(',')}"][data-reachable="true"]`)
      .waitFor()
    const check = page
      .locator('[data-overlay="path-check"][data-check-kind="climb"][data-ability="STR"]')
      .first()
    const dc = await check.getAttribute('data-dc')
    await check.locator('[data-testid="check-bonus"]').fill('2')
    await check.locator('[data-testid="check-roll"]').click()
    const result = check.locator('[data-testid="check-result"]')
    await result.waitFor()
    // BCDice's Arianrhod bot lists the dice sorted: 5 + 6 + 2 = 13.
    await expect(result.textContent()).resolves.toMatch(
      new RegExp(`^\\(2D6\\+2>=${dc}\\) ＞ 11\\[5,6\\]\\+2 ＞ 13 ＞ Success`),
    )
    await expect(result.getAttribute('data-success')).resolves.toBe(String(13 >= Number(dc)))
    await eventually(async () => {
      await rig.host.flush()
      const file = JSON.parse(
        await readFile(join(rig.dataDir, 'campaigns', `${CAMPAIGN}.json`), 'utf8'),
      )
      return file.maps[1].tokens.find((t: { id: string }) => t.id === 'pc').checks?.STR === 2
    }, 'the 【筋力】 bonus kept on the token')
  })

  it('rolls the 【行動値】 contest of a [離脱] out of a 封鎖 square against the adjacent guard', async () => {
    await selectToken(page, 'mage')
    await page.locator('[data-testid="fight-mode-disengage"]').click()
    await waitReach(page, 'disengage')
    await clickCell(page, LEDGE)
    await page
      .locator(`[data-testid="fight-path"][data-to="${LEDGE.join(',')}"][data-reachable="true"]`)
      .waitFor()
    const check = page.locator('[data-overlay="path-check"][data-check-kind="contest"]')
    await expect(check.getAttribute('data-against')).resolves.toBe('guard')
    await check.locator('[data-testid="contest-roll"]').click()
    const result = check.locator('[data-testid="contest-result"]')
    await result.waitFor()
    // 「離脱を行おうとするキャラクターが1回判定し、その達成値に対してすべてのリアクション側が判定する」
    const text = (await result.textContent())!
    expect(text).toContain('Mage: (2D6+14>=?) ＞ 6[3,3]+14 ＞ 20')
    expect(text).toContain('Guard: (2D6+8>=20) ＞ 4[2,2]+8 ＞ 12 ＞ Failure')
    await expect(result.getAttribute('data-success')).resolves.toBe('true')
  })

  it("runs a DysTopiA fight in the GM's order from a selection, dragged, with units added and removed and the board's sub (1 square) and main (2 squares) moves", async () => {
    await selectMap(page, DY)
    await page.locator('[data-testid="turn-include"][data-token="grey"]').uncheck()
    await page.locator('[data-testid="turn-start"]').click()
    await page.locator('[data-testid="turn-round"][data-round="1"]').waitFor()
    expect(await order()).toEqual(['red', 'blue', 'green'])
    await page
      .locator('[data-testid="turn-entry"][data-token="green"]')
      .dragTo(page.locator('[data-testid="turn-entry"][data-token="red"]'))
    await eventually(
      async () => (await order()).join() === 'green,red,blue',
      "the GM's order after dragging",
    )
    expect(await currentTurn()).toBe('red')
    // The current unit's board moves sit under the order: its row stays one line, nothing cut off
    // (issue 25).
    await page.locator('[data-testid="turn-board-moves"][data-token="red"]').waitFor()
    await expectOneLineRows()
    await page.locator('[data-testid="turn-sub"]').click()
    await page.locator('[data-testid="fight-selected"][data-token="red"]').waitFor()
    await page.locator('[data-testid="fight-mode-sub"][aria-checked="true"]').waitFor()
    await waitReach(page, 'sub')
    const sub = Number(
      await page.locator('[data-testid="fight-reach-status"]').getAttribute('data-count'),
    )
    await page.locator('[data-testid="turn-main"]').click()
    await page.locator('[data-testid="fight-mode-main"][aria-checked="true"]').waitFor()
    await waitReach(page, 'main')
    const main = Number(
      await page.locator('[data-testid="fight-reach-status"]').getAttribute('data-count'),
    )
    // From (1,1) on the 6×6 board (「サブアクションの移動では1マス、メインアクションの移動では2マス」,
    // no square of its own counted): 1 square away 4 squares; up to 2 away 4 + 6 more = 10.
    expect([sub, main]).toEqual([4, 10])
    // Grey joins at the end of the GM's order; blue leaves.
    await page.locator('[data-testid="turn-add-select"]').selectOption('grey')
    await page.locator('[data-testid="turn-add"]').click()
    await eventually(async () => (await order()).join() === 'green,red,blue,grey', 'grey added')
    await page
      .locator('[data-testid="turn-entry"][data-token="blue"] [data-testid="turn-remove"]')
      .click()
    await eventually(async () => (await order()).join() === 'green,red,grey', 'blue removed')
    expect(await currentTurn()).toBe('red')
    expect(rig.problems).toEqual([])
  })
})
