// Issue 24 on the GM page, in Chromium through the Node host at 1366×768 with scripted dice:
// - the Arianrhod climb plan played roll by roll, in the dark (明度 2: each check rolls 1D6): the
//   STR check fails, the AGI check gets its own Roll button and its success ends the plan in a
//   slip (「［【移動力】÷2］メートル落ちるだけですむ」);
// - a Pathfinder path past a stunned ghoul provokes nothing and says why, the attack panel names a
//   paralysed target's helplessness with its source, a path onto an enemy's square says an enemy is
//   there, and a combatant joins a running fight with the d20 its player typed.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cell } from './gm-page'
import { openCampaign, selectMap, waitConnected } from './gm-page'
import { cellPoint, clickCell, selectToken, waitReach } from './fight-steps'
import { repo, startRig, type Rig } from './harness'

const CAMPAIGN = 'rules-truth-e2e'
const AR = 'ar-wall'
const PF = 'pf-hall'
const TOP: Cell = [2, 1]
// Climb: the STR check rolls 1D6 = 2 (fails); the AGI check 1D6 = 6 + 5 = 11 (made).
// Then the added combatant's roll-off pool (the start draws 5 d20s, the add 21: all 1s, the typed 20 beats everyone).
const DICE = [2, 6, ...Array.from({ length: 40 }, () => 1)]

const campaign = {
  schemaVersion: 5,
  id: CAMPAIGN,
  name: 'Rules that tell the truth',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  notes: '',
  maps: [
    {
      id: AR,
      name: 'Dark wall',
      system: 'arianrhod',
      width: 5,
      height: 3,
      // Aria hangs 4 m up the wall of her square; the top of the 6 m block is east of her.
      cells: [
        { at: [1, 1], light: 2 },
        { at: [2, 1], elevation: 6 },
      ],
      tokens: [{ id: 'aria', name: 'Aria', at: [1, 1], faction: 'party', move: 6, elevation: 4 }],
      notes: '',
    },
    {
      id: PF,
      name: 'Hall',
      system: 'pathfinder',
      width: 8,
      height: 4,
      tokens: [
        { id: 'fighter', name: 'Fighter', at: [0, 0], faction: 'party', move: 30, initiative: 2 },
        { id: 'ghoul', name: 'Ghoul', at: [2, 1], faction: 'enemy', move: 30, initiative: 1 },
        { id: 'zombie', name: 'Zombie', at: [6, 0], faction: 'enemy', move: 20 },
        { id: 'rogue', name: 'Rogue', at: [0, 3], faction: 'party', move: 30, initiative: 3 },
      ],
      conditions: [
        { id: 'c-stun', tokenId: 'ghoul', name: '朦朧状態' },
        { id: 'c-para', tokenId: 'zombie', name: 'paralyzed' },
      ],
      notes: '',
    },
  ],
}

let rig: Rig
let page: Page
const shots = join(repo, '.tmp', 'screenshots')

async function pathTo(mode: string, cell: Cell): Promise<void> {
  await page.locator(`[data-testid="fight-mode-${mode}"]`).click()
  await waitReach(page, mode)
  await clickCell(page, cell)
  await page.locator(`[data-testid="fight-path"][data-to="${cell.join(',')}"]`).waitFor()
}

describe('rules that tell the truth (issue 24)', () => {
  beforeAll(async () => {
    rig = await startRig([campaign], {
      name: 'rules-truth',
      viewport: { width: 1366, height: 768 },
      dice: DICE,
    })
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, CAMPAIGN)
    await page.locator('[data-testid="lang-en"]').click()
  })

  afterAll(async () => {
    expect(rig.problems).toEqual([])
    await rig.close()
  })

  it('plays the climb plan roll by roll: a failed STR check opens the AGI roll, whose success is a slip', async () => {
    await selectMap(page, AR)
    await selectToken(page, 'aria')
    await pathTo('climb', TOP)
    const str = page.locator('[data-overlay="path-check"][data-ability="STR"]')
    const agi = page.locator('[data-overlay="path-check"][data-ability="AGI"]')
    // Both checks are rolled in the dark: one die less (明度 2).
    await expect(str.getAttribute('data-dice')).resolves.toBe('-1')
    await expect(agi.locator('[data-testid="check-roll"]').isDisabled()).resolves.toBe(true)
    await str.locator('[data-testid="check-roll"]').click()
    await expect(str.locator('[data-testid="check-result"]').textContent()).resolves.toMatch(
      /^\(1D6>=10\) ＞ 2/,
    )
    await page
      .locator('[data-testid="climb-step"][data-ability="STR"][data-state="failed"]')
      .waitFor()
    // The AGI check has its own Roll button, open now.
    await expect(agi.locator('[data-testid="check-roll"]').isDisabled()).resolves.toBe(false)
    await agi.locator('[data-testid="check-bonus"]').fill('5')
    await agi.locator('[data-testid="check-roll"]').click()
    await expect(agi.locator('[data-testid="check-result"]').textContent()).resolves.toMatch(
      /^\(1D6\+5>=10\) ＞ 6\[6\]\+5 ＞ 11/,
    )
    const slip = page.locator(
      '[data-testid="climb-step"][data-ability="AGI"][data-state="slipped"]',
    )
    await slip.waitFor()
    // 【移動力】 6 ÷ 2 = 3 m: from 4 m up to 1 m, still on the wall of its square.
    await expect(slip.textContent()).resolves.toContain('slips 3 m and holds on at 1,1, 1 m up')
    await page.screenshot({ path: join(shots, 'climb-plan-en.png') })
  })

  it('a path past a stunned ghoul provokes nothing and says why; onto an enemy it says an enemy is there', async () => {
    await selectMap(page, PF)
    await selectToken(page, 'fighter')
    // Hovering (a click would select the ghoul) previews the path onto its square.
    await page.locator('[data-testid="fight-mode-move"]').click()
    await waitReach(page, 'move')
    const ghoulAt = await cellPoint(page, [2, 1])
    await page.mouse.move(ghoulAt.x, ghoulAt.y, { steps: 2 })
    await page.locator('[data-testid="fight-path"][data-to="2,1"]').waitFor()
    const reason = page.locator('[data-testid="fight-path-reason"]')
    await expect(reason.getAttribute('data-reason')).resolves.toBe('occupied-by-enemy')
    await expect(reason.textContent()).resolves.toContain('an enemy occupies that square')
    await clickCell(page, [4, 0])
    await page.locator('[data-testid="fight-path"][data-to="4,0"]').waitFor()
    await page.locator('[data-testid="fight-path"][data-reachable="true"]').waitFor()
    await expect(page.locator('[data-overlay="path-provoke"]').count()).resolves.toBe(0)
    const note = page.locator(
      '[data-testid="fight-condition-note"][data-token="ghoul"][data-effect="threatens-nothing"]',
    )
    await expect(note.textContent()).resolves.toContain(
      'Ghoul is stunned: it takes no action and threatens nothing',
    )
    await page.screenshot({ path: join(shots, 'conditions-path-en.png') })
  })

  it('the attack panel names a paralysed target helpless, with its source', async () => {
    await page.locator('[data-testid="fight-target"]').selectOption('zombie')
    await page.locator('[data-testid="fight-attack-ranged"]').click()
    const helpless = page.locator('[data-overlay="attack-modifier"][data-code="target-helpless"]')
    await expect(helpless.getAttribute('data-source')).resolves.toBe('paralyzed')
    await expect(helpless.textContent()).resolves.toContain('from paralyzed')
    await page.locator('[data-testid="lang-ja"]').click()
    await expect(helpless.textContent()).resolves.toContain('麻痺状態')
    await page.screenshot({ path: join(shots, 'conditions-attack-ja.png') })
    await page.locator('[data-testid="lang-en"]').click()
  })

  it('adds a combatant to a running fight with the d20 its player rolled', async () => {
    for (const id of ['ghoul', 'zombie', 'rogue'])
      await page.locator(`[data-testid="turn-include"][data-token="${id}"]`).uncheck()
    await page.locator('[data-testid="turn-start"]').click()
    await page.locator('[data-testid="turn-round"][data-round="1"]').waitFor()
    await page.locator('[data-testid="turn-add-select"]').selectOption('rogue')
    await page.locator('[data-testid="turn-add-d20"]').fill('20')
    await page.locator('[data-testid="turn-add"]').click()
    // 20 + 3 = 23 beats the fighter's 1 + 2 = 3 (the scripted d20): first in the order.
    await page.locator('[data-testid="turn-entry"][data-token="rogue"][data-count="23"]').waitFor()
    await expect(
      page
        .locator('[data-testid="turn-entry"]')
        .evaluateAll((n) => n.map((e) => e.getAttribute('data-token'))),
    ).resolves.toEqual(['rogue', 'fighter'])
  })
})
