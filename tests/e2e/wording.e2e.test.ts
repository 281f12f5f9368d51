// Issue 12, "says what it means" and "small things": the screen around the rules answers, in
// Chromium through the Node host at 1366×768. Engine reasons read as sentences with the fix
// (12.8), checks and falls in play order (12.9), each system's own vocabulary, plurals and the
// recovery notice (12.11). Every expectation about a rule is checked against the engine's own
// answer for the same map, read back from the campaign file.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cell } from './gm-page'
import { openCampaign, selectMap, waitConnected } from './gm-page'
import {
  campaignOnDisk,
  clickCell,
  engine,
  hoverCell,
  screenshotDir,
  selectToken,
  waitReach,
} from './fight-steps'
import { chooseTool } from './editor-steps'
import { eventually, startRig, type Rig } from './harness'

const CAMPAIGN = 'wording-e2e'
const SOLO = 'solo-e2e'
const AR = 'ar-room'
const PF = 'pf-room'

const wall = (a: Cell, b: Cell) => ({ between: [a, b], kind: 'wall' })
const campaign = {
  schemaVersion: 5,
  id: CAMPAIGN,
  name: 'Wording e2e',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  notes: '',
  maps: [
    {
      id: AR,
      name: 'Arianrhod room',
      system: 'arianrhod',
      width: 12,
      height: 10,
      // A 6 m wall (column x 8): Cleo hangs 4 m up on it, Tor stands on top of it.
      cells: [1, 2, 3, 4, 5].map((y) => ({ at: [8, y], elevation: 6 })),
      // The ghost's corner is walled in: full cover from anywhere.
      edges: [wall([10, 0], [11, 0]), wall([11, 0], [11, 1])],
      light: { sources: [] },
      tokens: [
        { id: 'aria', name: 'Aria', at: [3, 3], faction: 'party', move: 10 },
        { id: 'orc', name: 'Orc', at: [4, 3], faction: 'enemy', move: 10 },
        { id: 'cleo', name: 'Cleo', at: [7, 3], faction: 'party', move: 6, elevation: 4 },
        { id: 'tor', name: 'Tor', at: [8, 2], faction: 'party', move: 10 },
        { id: 'ghost', name: 'Ghost', at: [11, 0], faction: 'enemy' },
      ],
      notes: '',
    },
    {
      id: PF,
      name: 'Pathfinder room',
      system: 'pathfinder',
      width: 10,
      height: 8,
      cells: [],
      edges: [],
      light: { sources: [] },
      tokens: [
        { id: 'rogue', name: 'Rogue', at: [2, 2], faction: 'party', move: 30 },
        { id: 'goblin', name: 'Goblin', at: [7, 5], faction: 'enemy', move: 30 },
      ],
      notes: '',
    },
  ],
}
const solo = {
  ...campaign,
  id: SOLO,
  name: 'Solo map',
  maps: [{ ...campaign.maps[1], id: 'solo-map', name: 'The only map' }],
}

let rig: Rig
let page: Page

async function storedMap(id: string) {
  return (await campaignOnDisk(rig, CAMPAIGN)).maps.find((m) => m.id === id)!
}

async function chooseMode(mode: string): Promise<void> {
  await page.locator(`[data-testid="fight-mode-${mode}"]`).click()
  await waitReach(page, mode)
}

async function setLanguage(code: 'en' | 'ja'): Promise<void> {
  await page.locator(`[data-testid="lang-${code}"]`).click()
  await page.locator(`[data-testid="lang-${code}"][aria-pressed="true"]`).waitFor()
}

async function pathTo(cell: Cell, reachable: boolean): Promise<void> {
  await clickCell(page, cell)
  await page
    .locator(
      `[data-testid="fight-path"][data-to="${cell.join(',')}"][data-reachable="${reachable}"]`,
    )
    .waitFor()
}

const text = (selector: string) => page.locator(selector).innerText()

beforeAll(async () => {
  rig = await startRig([campaign, solo], {
    name: 'wording-e2e',
    viewport: { width: 1366, height: 768 },
  })
  page = await rig.newPage()
  await waitConnected(page)
})

afterAll(async () => {
  await rig?.close()
})

describe('the screen says what it means (issue 12)', () => {
  it('12.11: a one-map campaign is “1 map”, not “1 maps”', async () => {
    await expect(text(`li[data-campaign-id="${SOLO}"]`)).resolves.toMatch(/\b1 map\b/)
    await expect(text(`li[data-campaign-id="${CAMPAIGN}"]`)).resolves.toMatch(/\b2 maps\b/)
  })

  it('12.8: an engine refusal is a sentence with the fix, in both languages, never the code', async () => {
    await openCampaign(page, CAMPAIGN)
    await selectMap(page, AR)
    await selectToken(page, 'aria')
    await chooseMode('combat')
    const map = await storedMap(AR)
    expect(engine(map, { type: 'reach', token: 'aria', mode: 'combat' })).toMatchObject({
      allowed: false,
      reason: 'in-enemy-zoc',
    })
    const status = '[data-testid="fight-reach-status"]'
    await expect(text(status)).resolves.toMatch(
      /in an enemy’s ZOC; use 離脱 \(disengage\) or 強行離脱 \(forced disengage\) to leave the ZOC/,
    )
    await expect(text(status)).resolves.not.toContain('in-enemy-zoc')
    await setLanguage('ja')
    await expect(text(status)).resolves.toMatch(
      /敵のZOC内にいます。ZOCから出るには［離脱］か［強行離脱］を使います/,
    )
    await setLanguage('en')

    // 離脱 outside any ZOC: says so, and which modes to use instead.
    await selectToken(page, 'tor')
    await chooseMode('disengage')
    expect(engine(map, { type: 'reach', token: 'tor', mode: 'disengage' })).toMatchObject({
      allowed: false,
      reason: 'not-in-enemy-zoc',
    })
    await expect(text(status)).resolves.toMatch(
      /not in an enemy’s ZOC.*use 戦闘移動 \(combat\) or 全力移動 \(full\)/,
    )

    // Pathfinder: a 5-foot step too far was an English sentence from the engine, in Japanese too.
    await selectMap(page, PF)
    await selectToken(page, 'rogue')
    await chooseMode('five-foot-step')
    await setLanguage('ja')
    await pathTo([5, 2], false)
    const pf = await storedMap(PF)
    expect(
      engine(pf, { type: 'path', token: 'rogue', to: [5, 2], mode: 'five-foot-step' }),
    ).toMatchObject({ reason: 'five-foot-step-one-clear-square' })
    await expect(text('[data-testid="fight-path-reason"]')).resolves.toBe(
      '移動できません：5フィート・ステップは1マスだけで、移動困難な地形や暗闇には入れません。移動アクションを使います',
    )
    await setLanguage('en')
    expect(rig.problems).toEqual([])
  })

  it('12.9: a climb reads “STR DC 10; if failed, AGI DC 10 or fall”, with the engine’s metres', async () => {
    await selectMap(page, AR)
    await selectToken(page, 'cleo')
    await chooseMode('climb')
    await pathTo([8, 3], true)
    const checks = engine(await storedMap(AR), {
      type: 'path',
      token: 'cleo',
      to: [8, 3],
      mode: 'climb',
    }).checks as {
      ability: string
      climbs?: number
      drops?: { onSuccess: number; onFailure: number }
    }[]
    expect(checks.map((c) => c.ability)).toEqual(['STR', 'AGI'])
    const lines = await page.locator('[data-testid="fight-check-line"] .check-line').allInnerTexts()
    expect(lines).toEqual([
      `Climb check (${checks[0].climbs} m): STR DC 10; if failed, AGI DC 10 (slip ${checks[1].drops!.onSuccess} m) or fall ${checks[1].drops!.onFailure} m`,
    ])
    // Each check keeps its own roll, STR first.
    await expect(
      page
        .locator('[data-overlay="path-check"]')
        .evaluateAll((n) => n.map((e) => e.getAttribute('data-ability'))),
    ).resolves.toEqual(['STR', 'AGI'])
    await page.locator('[data-testid="fight-check-line"]').first().scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(screenshotDir, 'wording-climb-en.png') })
    await setLanguage('ja')
    await expect(
      page.locator('[data-testid="fight-check-line"] .check-line').allInnerTexts(),
    ).resolves.toEqual([
      `登攀判定（${checks[0].climbs}m）：【筋力】難易度10、失敗したら【敏捷】難易度10（成功なら${checks[1].drops!.onSuccess}m落ちるだけ）か${checks[1].drops!.onFailure}m落下`,
    ])
    await setLanguage('en')
  })

  it('12.9: a fall shows its height and its damage (the GM’s, per 落下)', async () => {
    // Cleo on the wall moving other than by climbing first drops to the floor.
    await chooseMode('combat')
    await pathTo([6, 3], true)
    await expect(text('[data-testid="fight-fall"]')).resolves.toBe(
      'First drops 4 m from the wall to the floor: fall damage set by the GM',
    )
    // Tor steps off the 6 m wall: a fall step, with its height, and the fall listed.
    await selectToken(page, 'tor')
    await chooseMode('combat')
    await pathTo([9, 2], true)
    const answer = engine(await storedMap(AR), {
      type: 'path',
      token: 'tor',
      to: [9, 2],
      mode: 'combat',
    }) as { falls: { height: number }[] }
    expect(answer.falls).toEqual([{ at: [9, 2], height: 6, damage: 'gm', stoppedBy: [] }])
    await expect(text('[data-testid="fight-step"][data-cell="9,2"]')).resolves.toMatch(
      /^9,2 — fall 6 m \(/,
    )
    await expect(text('[data-testid="fight-fall"][data-cell="9,2"]')).resolves.toBe(
      'Falls 6 m at 9,2: fall damage set by the GM',
    )
  })

  it('12.9: “cannot be targeted” says by what', async () => {
    await selectToken(page, 'aria')
    await hoverCell(page, [4, 3])
    await page.locator('[data-testid="fight-cover"][data-target="orc"]').waitFor()
    await expect(text('[data-testid="fight-not-targetable"]')).resolves.toBe(
      'Cannot be targeted: a ranged attack cannot target someone inside the attacker’s リーチ; attack in melee.',
    )
    await hoverCell(page, [11, 0])
    await page.locator('[data-testid="fight-cover"][data-target="ghost"]').waitFor()
    expect(
      engine(await storedMap(AR), { type: 'cover', from: 'aria', to: 'ghost', attack: 'ranged' }),
    ).toMatchObject({ cover: 'full', targetable: false, reason: 'full-cover' })
    await expect(text('[data-testid="fight-not-targetable"]')).resolves.toBe(
      'Cannot be targeted: full cover blocks the line of fire.',
    )
  })

  it('12.11: Arianrhod maps offer no sizes, リーチ or difficult terrain, and no 機会攻撃範囲', async () => {
    await selectToken(page, 'aria')
    await page.locator('[data-testid="token-panel"][data-token-id="aria"]').waitFor()
    await expect(page.locator('[data-testid="token-size"]').count()).resolves.toBe(0)
    await expect(page.locator('[data-testid="token-reach"]').count()).resolves.toBe(0)
    await setLanguage('ja')
    await expect(text('[data-testid="fight-panel"]')).resolves.not.toContain('機会攻撃範囲')
    await expect(text('[data-testid="fight-panel"]')).resolves.toContain('ZOC')
    await chooseTool(page, 'terrain')
    await expect(
      page
        .locator('[data-testid^="terrain-"]')
        .evaluateAll((n) => n.map((e) => e.getAttribute('data-testid'))),
    ).resolves.toEqual(['terrain-floor', 'terrain-pit', 'terrain-solid'])
    // Q cycles the terrains this system has: never onto difficult terrain.
    const seen = new Set<string>()
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('q')
      seen.add(
        (await page
          .locator('[data-testid^="terrain-"][aria-checked="true"]')
          .getAttribute('data-testid')) ?? '',
      )
    }
    expect([...seen].sort()).toEqual(['terrain-floor', 'terrain-pit', 'terrain-solid'])
    await page.screenshot({ path: join(screenshotDir, 'wording-arianrhod-ja.png') })

    // Pathfinder keeps them all, in its own words.
    await selectMap(page, PF)
    await expect(page.locator('[data-testid="terrain-difficult"]').count()).resolves.toBe(1)
    await selectToken(page, 'rogue')
    await expect(page.locator('[data-testid="token-size"]').count()).resolves.toBe(1)
    await expect(text('[data-testid="fight-panel"]')).resolves.toContain('機会攻撃範囲')
    await expect(text('[data-testid="fight-panel"]')).resolves.not.toContain('明度')
    await setLanguage('en')
    expect(rig.problems).toEqual([])
  })

  it('12.11: the recovery notice says once what happened and which backup opened, without paths', async () => {
    // A change on the solo campaign is saved, which leaves a backup.
    await page.locator('[data-testid="close-campaign"]').click()
    await page.locator('[data-testid="campaign-view"]').waitFor({ state: 'detached' })
    await openCampaign(page, SOLO)
    await selectToken(page, 'rogue')
    await page.locator('[data-testid="token-name"]').fill('Rogue One')
    await page.locator('[data-testid="token-name"]').press('Enter')
    await eventually(
      async () => (await campaignOnDisk(rig, SOLO)).maps[0].tokens[0].name === 'Rogue One',
      'the rename on disk',
    )
    await page.close()
    await rig.restartHost(() =>
      writeFile(
        join(rig.dataDir, 'campaigns', `${SOLO}.json`),
        '{"schemaVersion": 3, "id": "solo-e2e", "maps": [tru',
      ),
    )
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, SOLO)
    const notice = page.locator('[data-testid="recovered"]')
    await notice.waitFor()
    const said = await notice.innerText()
    const backupFile = (await notice.getAttribute('data-backup-file'))!
    expect(backupFile).toMatch(/^\d{8}T\d{9}Z-\d{6}\.json$/)
    expect(said).toContain(`(${backupFile})`)
    expect(said).toMatch(/kept as solo-e2e\.json\.bad-\d{8}T\d{9}Z\b/)
    // Once: one sentence about the backup, no folder paths, nothing repeated in the status line.
    expect(said.match(/backup/g)).toHaveLength(1)
    expect(said).not.toContain(rig.dataDir)
    expect(said).not.toMatch(/[/\\]campaigns[/\\]|[/\\]backups[/\\]/)
    await expect(text('[data-testid="status"]')).resolves.not.toMatch(/backup/i)
    await expect(
      page.locator('[data-testid="token-panel"], [data-token="rogue"]').first().count(),
    ).resolves.toBe(1)
    await page.screenshot({ path: join(screenshotDir, 'wording-recovered-en.png') })
    expect(rig.problems).toEqual([])
  })
})
