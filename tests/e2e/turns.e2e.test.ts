// Running a fight at the table (issue 15), in Chromium through the Node host at 1366×768 with
// scripted dice: a Pathfinder fight with a surprise round, a delay, a 3-round condition that
// expires at the right count and a reload in the middle; a secret roll that never reaches any
// player-view frame; an Arianrhod fight ordered by 【行動値】; a check rolled from the path preview.
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
// orc 12+0 = 12, ghost 5+2 = 7. Then a public 1D20 (7), a secret 2D6 (3, 4), a public 2D6 (2, 2)
// and a climb check 2D6 (6, 5).
const DICE = [10, 15, 12, 5, ...ones(16), 7, 3, 4, 2, 2, 6, 5]

const campaign = {
  schemaVersion: 3,
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
      cells: [1, 2, 3, 4].map((y) => ({ at: [5, y], elevation: 6 })),
      tokens: [
        { id: 'pc', name: 'Aria', at: [4, 2], faction: 'party', move: 16, initiative: 11 },
        { id: 'goblin', name: 'Goblin', at: [8, 4], faction: 'enemy', move: 10, initiative: 13 },
        { id: 'mage', name: 'Mage', at: [1, 1], faction: 'party', move: 10, initiative: 11 },
      ],
      notes: '',
    },
  ],
}

let rig: Rig
let page: Page
const shots = join(repo, '.tmp', 'screenshots')

const order = () => page.locator('[data-testid="turn-entry"]').evaluateAll((n) => n.map((e) => e.getAttribute('data-token')))
const currentTurn = () => page.locator('[data-testid="turn-entry"][aria-current="true"]').getAttribute('data-token')

async function next(expected: string, expectedRound: number): Promise<void> {
  await page.locator('[data-testid="turn-next"]').click()
  await page.locator(`[data-testid="turn-entry"][aria-current="true"][data-token="${expected}"]`).waitFor()
  await page.locator(`[data-testid="turn-round"][data-round="${expectedRound}"]`).waitFor()
}

async function openMap(mapId: string): Promise<void> {
  await waitConnected(page)
  await openCampaign(page, CAMPAIGN)
  await selectMap(page, mapId)
}

describe('turn order, conditions and dice', () => {
  beforeAll(async () => {
    rig = await startRig([campaign], { name: 'turns', viewport: { width: 1366, height: 768 }, dice: DICE })
    page = await rig.newPage()
    await openMap(PF)
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('starts a Pathfinder fight with a surprise round: only the aware act, everyone flat-footed until their turn', async () => {
    await page.locator('[data-testid="turn-unaware"][data-token="rogue"]').check()
    await page.locator('[data-testid="turn-unaware"][data-token="fighter"]').check()
    await page.locator('[data-testid="turn-start"]').click()
    await page.locator('[data-testid="turn-round"][data-round="0"]').waitFor()
    expect(await order()).toEqual(['fighter', 'rogue', 'orc', 'ghost'])
    await expect(page.locator('[data-testid="turn-entry"]').evaluateAll((n) => n.map((e) => e.getAttribute('data-count')))).resolves.toEqual(['16', '14', '12', '7'])
    expect(await currentTurn()).toBe('orc')
    await expect(page.locator('[data-testid="flat-footed"]').count()).resolves.toBe(4)
    await page.locator('[data-token="orc"][data-turn="true"]').first().waitFor({ state: 'attached' })
    await next('ghost', 0)
    await next('fighter', 1)
    // Orc and ghost had their surprise turns; the fighter's turn is under way, the rogue waits.
    await expect(page.locator('[data-testid="flat-footed"]').count()).resolves.toBe(2)
  })

  it('delays the fighter, adds a 3-round condition, and the fighter acts later at the orc\'s count', async () => {
    await page.locator('[data-testid="turn-delay"]').click()
    await page.locator('[data-testid="turn-entry"][aria-current="true"][data-token="rogue"]').waitFor()
    await selectToken(page, 'orc')
    await page.locator('[data-testid="condition-name"]').fill('shaken')
    await page.locator('[data-testid="condition-rounds"]').fill('3')
    await page.locator('[data-testid="condition-add"]').click()
    await page.locator('[data-testid="condition"][data-token="orc"]').waitFor()
    await next('orc', 1)
    await page.locator('[data-testid="turn-act"]').click()
    await page.locator('[data-testid="turn-entry"][aria-current="true"][data-token="fighter"]').waitFor()
    expect(await order()).toEqual(['rogue', 'fighter', 'orc', 'ghost'])
    await next('orc', 1)
    await next('ghost', 1)
    await next('rogue', 2)
  })

  it('survives a reload in the middle and expires the condition just before its count three rounds on', async () => {
    await page.reload()
    await openMap(PF)
    await page.locator('[data-testid="turn-round"][data-round="2"]').waitFor()
    expect(await currentTurn()).toBe('rogue')
    await expect(page.locator('[data-testid="condition"]').count()).resolves.toBe(1)
    for (const [who, r] of [['fighter', 2], ['orc', 2], ['ghost', 2], ['rogue', 3], ['fighter', 3], ['orc', 3], ['ghost', 3]] as const) {
      await next(who, r)
    }
    // Begun on the rogue's turn (count 14) in round 1: still on through round 3.
    await expect(page.locator('[data-testid="condition"]').count()).resolves.toBe(1)
    await next('rogue', 4)
    await page.locator('[data-testid="turn-expired"]').waitFor()
    await expect(page.locator('[data-testid="turn-expired"]').textContent()).resolves.toContain('Orc: shaken')
    await expect(page.locator('[data-testid="condition"]').count()).resolves.toBe(0)
  })

  it('shows public rolls and the visible order on the player view, and never a secret roll or a hidden combatant', async () => {
    const player = await rig.context.newPage()
    const frames: string[] = []
    player.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))))
    await player.goto(`${rig.host.url}player.html`)
    await page.locator('[data-testid="show-to-players"]').click()
    await player.locator(`[data-testid="player-map-name"][data-map-id="${PF}"]`).waitFor()
    await page.locator('[data-testid="turn-show-order"]').check()
    await page.locator('[data-testid="turn-show-rolls"]').check()
    await player.locator('[data-testid="player-order"]').waitFor()

    await page.locator('[data-testid="dice-command"]').fill('1D20')
    await page.locator('[data-testid="dice-roll"]').click()
    await page.locator('[data-testid="dice-result"][data-total="7"]').waitFor()
    await player.locator('[data-testid="player-rolls"]', { hasText: '(1D20) ＞ 7' }).waitFor()

    await page.locator('[data-testid="dice-secret"]').check()
    await page.locator('[data-testid="dice-command"]').fill('2D6')
    await page.locator('[data-testid="dice-roll"]').click()
    await page.locator('[data-testid="dice-result"]', { hasText: '7[3,4]' }).waitFor()
    await eventually(async () => {
      const file = JSON.parse(await readFile(join(rig.dataDir, 'campaigns', `${CAMPAIGN}.json`), 'utf8'))
      return file.rollLog.some((r: { secret: boolean }) => r.secret)
    }, 'the secret roll in the campaign file')
    // One more public change, so any frame the secret roll could have caused has arrived.
    await page.locator('[data-testid="dice-secret"]').uncheck()
    await page.locator('[data-testid="dice-roll"]').click()
    await player.locator('[data-testid="player-rolls"] li').nth(1).waitFor()

    const orderShown = await player.locator('[data-testid="player-order"] li').count()
    expect(orderShown).toBe(3)
    const all = frames.join('\n')
    expect(all).toContain('(1D20) ＞ 7')
    expect(all).not.toContain('[3,4]')
    expect(all).not.toMatch(/ghost|Ghost/)
    await player.close()
  })

  it('orders an Arianrhod fight by 【行動値】 and re-sorts when a value changes', async () => {
    await selectMap(page, AR)
    await page.locator('[data-testid="turn-start"]').click()
    await page.locator('[data-testid="turn-round"][data-round="1"]').waitFor()
    expect(await order()).toEqual(['goblin', 'pc', 'mage'])
    await selectToken(page, 'mage')
    await page.locator('[data-testid="token-initiative"]').fill('14')
    await page.locator('[data-testid="token-initiative"]').press('Enter')
    await eventually(async () => (await order()).join() === 'mage,goblin,pc', 'the order re-sorted by 【行動値】')
  })

  it('rolls a climb check from the path preview with its DC', async () => {
    await selectToken(page, 'pc')
    await page.locator('[data-testid="fight-mode-climb"]').click()
    await waitReach(page, 'climb')
    await clickCell(page, RAISED)
    await page.locator(`[data-testid="fight-path"][data-to="${RAISED.join(',')}"][data-reachable="true"]`).waitFor()
    const check = page.locator('[data-overlay="path-check"][data-check-kind="climb"]').first()
    const dc = await check.getAttribute('data-dc')
    await check.locator('[data-testid="check-roll"]').click()
    const result = check.locator('[data-testid="check-result"]')
    await result.waitFor()
    // BCDice's Arianrhod bot lists the dice sorted.
    await expect(result.textContent()).resolves.toMatch(new RegExp(`^\\(2D6>=${dc}\\) ＞ 11\\[5,6\\] ＞ 11 ＞ 成功`))
    await expect(result.getAttribute('data-success')).resolves.toBe(String(11 >= Number(dc)))
    await mkdir(shots, { recursive: true })
    await page.locator('[data-testid="turn-panel"]').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'turns-en.png') })
    await page.locator('[data-testid="lang-ja"]').click()
    await page.locator('[data-testid="turn-panel"] h3', { hasText: '手番' }).waitFor()
    await page.screenshot({ path: join(shots, 'turns-ja.png') })
    await page.locator('[data-testid="lang-en"]').click()
    expect(rig.problems).toEqual([])
  })
})
