// The fight panel's answers from issue 14, end to end at 1366×768 through the Node host: the
// dice change next to each check in the dark (Arianrhod 明度 ≤ 2), the climb plan of every climb
// check, and for pathfinder the attack modifiers for the hovered target, a climb's Climb check,
// a squeezed step and the creatures a burst reaches. Every value is checked against the engine's
// own answer for the map as stored.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cell } from './gm-page'
import { openCampaign, selectMap, waitConnected } from './gm-page'
import {
  campaignOnDisk,
  cellPoint,
  clickCell,
  engine,
  hoverCell,
  screenshotDir,
  selectToken,
  waitReach,
} from './fight-steps'
import { startRig, type Rig } from './harness'

const CAMPAIGN = 'fight-answers-e2e'
const DARK = 'dark-wall'
const PF = 'pf-attack'
const PC: Cell = [2, 3]
const TOP: Cell = [3, 3]

const campaign = {
  schemaVersion: 2,
  id: CAMPAIGN,
  name: 'Fight answers e2e',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  notes: '',
  maps: [
    {
      id: DARK,
      name: 'A 6 m wall in the dark',
      system: 'arianrhod',
      width: 8,
      height: 7,
      cells: [1, 2, 3, 4, 5].map((y) => ({ at: [3, y], elevation: 6 })),
      edges: [],
      light: { ambient: 2, sources: [] },
      tokens: [{ id: 'pc', name: 'Aria', at: PC, faction: 'party', move: 16 }],
      notes: '',
    },
    {
      id: PF,
      name: 'Ogre, goblin and a dais',
      system: 'pathfinder',
      width: 10,
      height: 8,
      // A 10-ft dais in the north-east corner, and a one-square gap in a rock wall to the south.
      cells: [
        ...[7, 8, 9].flatMap((x) => [0, 1].map((y) => ({ at: [x, y], elevation: 10 }))),
        ...[0, 1, 2, 3, 5, 6, 7, 8, 9].map((x) => ({ at: [x, 5], terrain: 'solid' })),
      ],
      edges: [],
      light: { ambient: 2, sources: [] },
      tokens: [
        { id: 'fighter', name: 'Fighter', at: [3, 2], faction: 'party', move: 30 },
        { id: 'cleric', name: 'Cleric', at: [5, 2], faction: 'party', move: 30 },
        { id: 'goblin', name: 'Goblin', at: [4, 2], faction: 'enemy', move: 30 },
        { id: 'ogre', name: 'Ogre', at: [1, 6], faction: 'party', size: 'large', move: 40 },
      ],
      notes: '',
    },
  ],
}

let rig: Rig
let page: Page

async function storedMap(id: string) {
  return (await campaignOnDisk(rig, CAMPAIGN)).maps.find((m) => m.id === id)!
}

beforeAll(async () => {
  rig = await startRig([campaign], {
    viewport: { width: 1366, height: 768 },
    name: 'fight-answers',
  })
  page = await rig.newPage()
  await waitConnected(page)
  await openCampaign(page, CAMPAIGN)
})

afterAll(async () => {
  await rig?.close()
})

describe('the fight panel shows the new answers', () => {
  it('Arianrhod at 明度 2: every climb check carries −1D, and the climb plan says where each failure ends', async () => {
    await selectMap(page, DARK)
    await selectToken(page, 'pc')
    await page.locator('[data-testid="fight-mode-climb"]').click()
    await waitReach(page, 'climb')
    await clickCell(page, TOP)
    await page
      .locator(`[data-testid="fight-path"][data-to="${TOP.join(',')}"][data-reachable="true"]`)
      .waitFor()
    const expected = engine(await storedMap(DARK), {
      type: 'path',
      token: 'pc',
      to: TOP,
      mode: 'climb',
    }) as {
      checks: {
        kind: string
        dice?: number
        climbs?: number
        onSuccess?: { at: Cell; elevation: number }
        onFailure?: { at: Cell; elevation: number }
      }[]
    }
    expect(expected.checks.length).toBeGreaterThan(0)
    expect(expected.checks.every((c) => c.dice === -1)).toBe(true)
    const shown = await page.locator('[data-overlay="path-check"]').evaluateAll((n) =>
      n.map((e) => ({
        kind: e.getAttribute('data-check-kind'),
        dice: Number(e.getAttribute('data-dice')),
      })),
    )
    expect(shown).toEqual(expected.checks.map((c) => ({ kind: c.kind, dice: c.dice })))
    await expect(page.locator('[data-testid="fight-check-dice"]').count()).resolves.toBe(
      expected.checks.length,
    )
    await expect(
      page.locator('[data-testid="fight-check-dice"]').first().innerText(),
    ).resolves.toBe('−1D')
    // The plan: the STR check climbs to the top; the AGI check says where a fall stops.
    const strCheck = expected.checks.find((c) => c.climbs !== undefined)!
    const plans = page.locator('[data-testid="fight-check-plan"]')
    await expect(plans.first().innerText()).resolves.toContain(
      `climbs ${strCheck.climbs} m → ${strCheck.onSuccess!.at.join(',')} at ${strCheck.onSuccess!.elevation} m`,
    )
    const agiCheck = expected.checks.find((c) => c.onFailure)!
    await expect(plans.nth(1).innerText()).resolves.toContain(
      `falls to the floor at ${agiCheck.onFailure!.at.join(',')}`,
    )
    await page.locator('[data-overlay="path-check"]').first().scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(screenshotDir, 'fight-answers-climb-1366.png') })
  })

  it('pathfinder: the attack modifiers for the hovered target, melee and ranged, with their sources and whether it provokes', async () => {
    await selectMap(page, PF)
    await selectToken(page, 'fighter')
    const map = await storedMap(PF)
    await hoverCell(page, [4, 2])
    const section = page.locator(
      '[data-testid="fight-attack"][data-target="goblin"][data-kind="melee"][data-allowed="true"]',
    )
    await section.waitFor()
    const melee = engine(map, {
      type: 'attack',
      attacker: 'fighter',
      target: 'goblin',
      attack: 'melee',
    }) as {
      attack: number
      ac: number
      modifiers: { code: string; source?: string }[]
      provokes: string[]
    }
    expect(melee.modifiers).toContainEqual({ code: 'flanking', attack: 2, source: 'cleric' })
    await expect(section.getAttribute('data-attack')).resolves.toBe(String(melee.attack))
    const codes = () =>
      page
        .locator('[data-overlay="attack-modifier"]')
        .evaluateAll((n) => n.map((e) => e.getAttribute('data-code')))
    expect(await codes()).toEqual(melee.modifiers.map((m) => m.code))
    await expect(
      page.locator('[data-overlay="attack-modifier"][data-code="flanking"]').innerText(),
    ).resolves.toContain('Cleric')

    // Leaving the board to press a button drops the hover: the Target list keeps the goblin aimed at.
    await page.locator('[data-testid="fight-target"]').selectOption('goblin')
    await page.locator('[data-testid="fight-attack-ranged"]').click()
    const rangedSection = page.locator(
      '[data-testid="fight-attack"][data-target="goblin"][data-kind="ranged"][data-allowed="true"]',
    )
    await rangedSection.waitFor()
    const ranged = engine(map, {
      type: 'attack',
      attacker: 'fighter',
      target: 'goblin',
      attack: 'ranged',
    }) as { modifiers: { code: string }[]; provokes: string[] }
    expect(ranged.provokes).toEqual(['goblin'])
    await page.locator(`[data-testid="fight-attack-provokes"][data-provokes="goblin"]`).waitFor()
    expect(await codes()).toEqual(ranged.modifiers.map((m) => m.code))
    expect(ranged.modifiers.map((m) => m.code)).toContain('shooting-into-melee')
    await page.locator('[data-testid="fight-attack"]').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(screenshotDir, 'fight-answers-attack-1366.png') })
    await page.locator('[data-testid="fight-attack-melee"]').click()
    await page.locator('[data-testid="fight-target"]').selectOption({ index: 0 })
  })

  it('pathfinder: a climb onto the dais lists its Climb check; the ogre squeezing through the gap says squeeze', async () => {
    const map = await storedMap(PF)
    await page.locator('[data-testid="fight-mode-double"]').click()
    await waitReach(page, 'double')
    const dais: Cell = [7, 1]
    await clickCell(page, dais)
    await page
      .locator(`[data-testid="fight-path"][data-to="${dais.join(',')}"][data-reachable="true"]`)
      .waitFor()
    const climb = engine(map, { type: 'path', token: 'fighter', to: dais, mode: 'double' }) as {
      steps: { action: string }[]
      checks: { kind: string; height: number }[]
    }
    expect(climb.checks).toEqual([
      expect.objectContaining({ kind: 'climb', height: 10, direction: 'up' }),
    ])
    await expect(
      page
        .locator('[data-testid="fight-check-line"]', {
          has: page.locator('[data-check-kind="climb"]'),
        })
        .innerText(),
    ).resolves.toContain('up 10 ft')
    const actions = await page
      .locator('[data-testid="fight-step"]')
      .evaluateAll((n) => n.map((e) => e.getAttribute('data-action')))
    expect(actions).toEqual(climb.steps.map((s) => s.action))

    await selectToken(page, 'ogre')
    await page.locator('[data-testid="fight-mode-double"]').click()
    await waitReach(page, 'double')
    const through: Cell = [4, 3]
    await clickCell(page, through)
    await page
      .locator(`[data-testid="fight-path"][data-to="${through.join(',')}"][data-reachable="true"]`)
      .waitFor()
    const squeeze = engine(map, { type: 'path', token: 'ogre', to: through, mode: 'double' }) as {
      steps: { squeeze?: boolean }[]
    }
    expect(squeeze.steps.some((s) => s.squeeze)).toBe(true)
    const squeezed = await page
      .locator('[data-testid="fight-step"][data-squeeze="true"]')
      .allInnerTexts()
    expect(squeezed.length).toBe(squeeze.steps.filter((s) => s.squeeze).length)
    expect(squeezed.every((text) => text.includes('squeeze'))).toBe(true)
  })

  it('pathfinder: a burst lists the creatures inside it', async () => {
    const map = await storedMap(PF)
    await page.locator('[data-testid="fight-template-toggle"]').click()
    const origin: Cell = [4, 2]
    const corner = await cellPoint(page, origin, 0.05, 0.05)
    await page.mouse.move(corner.x, corner.y, { steps: 2 })
    await page.mouse.click(corner.x, corner.y)
    const burst = engine(map, { type: 'spread', origin, radius: 20, shape: 'burst' }) as {
      tokens: string[]
    }
    expect(burst.tokens.length).toBeGreaterThanOrEqual(3)
    await page
      .locator(
        `[data-testid="fight-template-result"][data-confirmed="true"][data-units="${burst.tokens.join(' ')}"]`,
      )
      .waitFor()
    const listed = await page
      .locator('[data-overlay="template-unit-item"]')
      .evaluateAll((n) => n.map((e) => e.getAttribute('data-token')))
    expect(listed).toEqual(burst.tokens)
    await page.locator('[data-testid="fight-template-toggle"]').click()
    expect(rig.problems).toEqual([])
  })
})
