// The fight overlays end to end: the built renderer in headless Chromium, the real Node host and
// a real campaign file (a room with a door, a wall segment's squares raised to 6 m, a PC and an
// enemy). Every number the page shows is checked against the engine's own answer for the same
// map, read back from the campaign file.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cell } from './gm-page'
import {
  clickEdge,
  openCampaign,
  selectMap,
  waitConnected,
  waitForEdge,
  waitForNoEdge,
} from './gm-page'
import {
  campaignOnDisk,
  cellPoint,
  clickCell,
  engine,
  expectedReach,
  hoverCell,
  newPage,
  reachOnPage,
  repo,
  screenshotDir,
  selectToken,
  startRig,
  waitReach,
  type FightRig,
} from './fight-steps'
import { gmClient } from './player-fixture'

const CAMPAIGN = 'fight-e2e'
const MAP = 'fight-room'
const PC: Cell = [7, 3]
const ENEMY: Cell = [10, 7]
const RAISED: Cell = [8, 3]
const ROOM: Cell = [3, 3]

const wall = (a: Cell, b: Cell) => ({ between: [a, b], kind: 'wall' })
const fightCampaign = {
  schemaVersion: 5,
  id: CAMPAIGN,
  name: 'Fight overlays e2e',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  notes: '',
  maps: [
    {
      id: MAP,
      name: 'Room, door and a raised wall',
      system: 'arianrhod',
      width: 12,
      height: 10,
      // A wall segment's squares raised to 6 m: climbing onto one is a climb with checks.
      cells: [1, 2, 3, 4, 5].map((y) => ({ at: [8, y], elevation: 6 })),
      edges: [
        // The room x 2–5, y 2–4, closed on every side, its south side a closed door at x 4.
        ...[2, 3, 4, 5].map((x) => wall([x, 1], [x, 2])),
        ...[2, 3, 5].map((x) => wall([x, 4], [x, 5])),
        {
          between: [
            [4, 4],
            [4, 5],
          ],
          kind: 'door',
          state: 'closed',
        },
        ...[2, 3, 4].map((y) => wall([1, y], [2, y])),
        ...[2, 3, 4].map((y) => wall([5, y], [6, y])),
      ],
      light: { ambient: 2, sources: [] },
      tokens: [
        { id: 'pc', name: 'Aria', at: PC, faction: 'party', move: 16 },
        { id: 'foe', name: 'Orc', at: ENEMY, faction: 'enemy', move: 10 },
        // Two allies on either side of the orc flank it.
        { id: 'ally1', name: 'Bram', at: [9, 7], faction: 'party', move: 10 },
        { id: 'ally2', name: 'Cleo', at: [11, 7], faction: 'party', move: 10 },
      ],
      notes: '',
    },
  ],
}

let rig: FightRig
let page: Page

async function storedMap() {
  const campaign = await campaignOnDisk(rig, CAMPAIGN)
  return campaign.maps.find((m) => m.id === MAP)!
}

async function chooseMode(mode: string): Promise<void> {
  await page.locator(`[data-testid="fight-mode-${mode}"]`).click()
  await waitReach(page, mode)
}

beforeAll(async () => {
  const sample = JSON.parse(
    await readFile(join(repo, 'resources', 'sample-campaign.json'), 'utf8'),
  ) as unknown
  rig = await startRig([fightCampaign, sample])
  page = await newPage(rig)
  await waitConnected(page)
  await openCampaign(page, CAMPAIGN)
  await selectToken(page, 'pc')
})

afterAll(async () => {
  await rig?.close()
})

describe('fight overlays over the Node host', () => {
  it('draws the reach of each move mode with the engine costs, one request per mode', async () => {
    const map = await storedMap()
    for (const mode of ['combat', 'climb', 'full']) {
      await chooseMode(mode)
      const shown = await reachOnPage(page)
      expect(shown).toEqual(expectedReach(engine(map, { type: 'reach', token: 'pc', mode })))
    }
    // Climb mode reaches the top of the raised wall, combat mode does not.
    await chooseMode('climb')
    expect((await reachOnPage(page)).get(RAISED.join(','))).toBe(14)

    // Hovering around sends path queries, never another reach query.
    const sent = await page.locator('[data-testid="fight-reach-status"]').getAttribute('data-sent')
    for (const cell of [
      [6, 6],
      [9, 8],
      [7, 0],
    ] as Cell[])
      await hoverCell(page, cell)
    await expect(
      page.locator('[data-testid="fight-reach-status"]').getAttribute('data-sent'),
    ).resolves.toBe(sent)
  })

  it('lists a climb path with its checks, the ruler and the enemy ZOC', async () => {
    const map = await storedMap()
    await chooseMode('climb')
    await clickCell(page, RAISED)
    const path = page.locator(
      `[data-testid="fight-path"][data-to="${RAISED.join(',')}"][data-reachable="true"]`,
    )
    await path.waitFor()
    const expected = engine(map, { type: 'path', token: 'pc', to: RAISED, mode: 'climb' }) as {
      cost: number
      steps: { at: Cell; action: string }[]
      checks: { kind: string; ability: string; dc: number }[]
    }
    await expect(path.getAttribute('data-cost')).resolves.toBe(String(expected.cost))
    const steps = await page
      .locator('[data-overlay="path-step"]')
      .evaluateAll((n) =>
        n.map((e) => [e.getAttribute('data-cell'), e.getAttribute('data-action')]),
      )
    expect(steps).toEqual(expected.steps.map((s) => [s.at.join(','), s.action]))
    expect(steps.some(([, action]) => action === 'climb')).toBe(true)
    const checks = await page.locator('[data-overlay="path-check"]').evaluateAll((n) =>
      n.map((e) => ({
        kind: e.getAttribute('data-check-kind'),
        ability: e.getAttribute('data-ability'),
        dc: Number(e.getAttribute('data-dc')),
      })),
    )
    expect(checks).toEqual(
      expected.checks.map((c) => ({ kind: c.kind, ability: c.ability, dc: c.dc })),
    )
    expect(checks.length).toBeGreaterThan(0)
    await expect(page.locator('[data-testid="fight-path"]').innerText()).resolves.toMatch(
      /Climb check/,
    )

    const ruler = page.locator('[data-overlay="ruler"]')
    await ruler.waitFor({ state: 'attached' })
    const distance = engine(map, { type: 'distance', from: PC, to: RAISED }) as { distance: number }
    await expect(ruler.getAttribute('data-distance')).resolves.toBe(String(distance.distance))

    const zoc = await page
      .locator('[data-overlay="zoc"]')
      .evaluateAll((n) => n.map((e) => e.getAttribute('data-cell')).sort())
    const zocExpected = (engine(map, { type: 'zoc', token: 'foe' }) as { cells: Cell[] }).cells
      .map((c) => c.join(','))
      .sort()
    expect(zoc).toEqual(zocExpected)

    const light = page.locator('[data-testid="fight-light"]')
    await expect(light.getAttribute('data-level')).resolves.toBe(
      String((engine(map, { type: 'light', at: PC }) as { level: number }).level),
    )
  })

  it('shows line of fire to the hovered enemy as the engine judges it', async () => {
    const map = await storedMap()
    await hoverCell(page, ENEMY)
    const cover = page.locator('[data-testid="fight-cover"][data-target="foe"]')
    await cover.waitFor()
    const expected = engine(map, { type: 'cover', from: 'pc', to: 'foe', attack: 'ranged' }) as {
      cover: string
    }
    await expect(cover.getAttribute('data-cover')).resolves.toBe(expected.cover)
    await expect(page.locator('[data-overlay="cover-line"]').count()).resolves.toBeGreaterThan(0)
  })

  it('marks the flanked enemy with the pairs the engine names', async () => {
    const map = await storedMap()
    const expected = engine(map, { type: 'flanking', target: 'foe' }) as {
      pairs: [string, string][]
    }
    expect(expected.pairs.length).toBeGreaterThan(0)
    const marker = page.locator('[data-overlay="flanked"][data-token="foe"]')
    await marker.waitFor({ state: 'attached' })
    await expect(marker.getAttribute('data-pairs')).resolves.toBe(
      expected.pairs.map((p) => p.join('+')).join(' '),
    )
    await expect(
      page.locator('[data-overlay="flank-line"][data-target="foe"]').count(),
    ).resolves.toBe(expected.pairs.length)
    const others = await page
      .locator('[data-overlay="flanked"]')
      .evaluateAll((n) => n.map((e) => e.getAttribute('data-token')))
    const flankedByEngine = map.tokens.filter(
      (t) =>
        (engine(map, { type: 'flanking', target: t.id }) as { pairs: unknown[] }).pairs.length > 0,
    )
    expect(others.sort()).toEqual(flankedByEngine.map((t) => t.id).sort())
  })

  it('asks for flanking only with a fight tool in hand: a wall drawn with the Wall tool asks nothing (issue 29)', async () => {
    // A page of its own, listening from its first frame to what it asks main.
    const gm = await rig.context.newPage()
    const asked: string[] = []
    gm.on('websocket', (ws) =>
      ws.on('framesent', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"flanking-all"'))
          asked.push(frame.payload)
      }),
    )
    await gm.goto(`${rig.host.url}gm.html`)
    await waitConnected(gm)
    await openCampaign(gm, CAMPAIGN)
    await gm.locator('[data-overlay="flanked"][data-token="foe"]').waitFor({ state: 'attached' })
    const before = asked.length
    expect(before).toBeGreaterThan(0)
    // clickEdge takes the Wall tool first: the marks go, and neither wall asks for them.
    await clickEdge(gm, [0, 8], [1, 8])
    await waitForEdge(gm, [0, 8], [1, 8], 'wall')
    await gm.locator('[data-overlay="flanked"]').first().waitFor({ state: 'detached' })
    await clickEdge(gm, [0, 8], [1, 8])
    await waitForNoEdge(gm, [0, 8], [1, 8])
    await gm.waitForTimeout(300)
    expect(asked.length).toBe(before)
    // Back on Select the marks return, asked once for the map as it is now.
    await gm.locator('[data-testid="tool-select"]').click()
    await gm.locator('[data-overlay="flanked"][data-token="foe"]').waitFor({ state: 'attached' })
    expect(asked.length).toBe(before + 1)
    await gm.close()
  })

  it('moves the token when it is dragged along the climb path, showing the checks while dragging', async () => {
    await chooseMode('climb')
    const from = await cellPoint(page, PC)
    const to = await cellPoint(page, RAISED)
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 3 })
    await page.mouse.move(to.x, to.y, { steps: 3 })
    await page
      .locator(`[data-testid="fight-path"][data-to="${RAISED.join(',')}"][data-reachable="true"]`)
      .waitFor()
    await page
      .locator('[data-overlay="path-check"][data-check-kind="climb"]')
      .first()
      .scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(screenshotDir, 'fight-en.png') })
    await page.mouse.up()
    await page.locator('[data-testid="fight-move-outcome"][data-kind="moved"]').waitFor()
    await page
      .locator(`[data-token="pc"][data-at="${RAISED.join(',')}"]`)
      .waitFor({ state: 'attached' })
  })

  it('refuses an illegal move with the engine reason, and forces it on GM override', async () => {
    const map = await storedMap()
    await chooseMode('combat')
    const expected = engine(
      { ...map, tokens: map.tokens.map((t) => (t.id === 'pc' ? { ...t, at: RAISED } : t)) },
      { type: 'path', token: 'pc', to: ROOM, mode: 'combat' },
    ) as { reachable: boolean; reason: string }
    expect(expected.reachable).toBe(false)
    await clickCell(page, ROOM)
    await page.locator('[data-testid="fight-move-here"]').click()
    const outcome = page.locator('[data-testid="fight-move-outcome"][data-kind="refused"]')
    await outcome.waitFor()
    await expect(outcome.getAttribute('data-reason')).resolves.toBe(expected.reason)
    await expect(page.locator(`[data-token="pc"]`).first().getAttribute('data-at')).resolves.toBe(
      RAISED.join(','),
    )

    await page.locator('[data-testid="fight-force-move"]').click()
    await page.locator('[data-testid="fight-move-outcome"][data-kind="forced"]').waitFor()
    await page
      .locator(`[data-token="pc"][data-at="${ROOM.join(',')}"]`)
      .waitFor({ state: 'attached' })
    // The forced move reaches the campaign file too.
    await rig.host.flush()
    expect((await storedMap()).tokens.find((t) => t.id === 'pc')?.at).toEqual(ROOM)
  })

  it('previews the 効果範囲 with the fate control, and takes a Japanese screenshot', async () => {
    const map = await storedMap()
    await page.locator('[data-testid="fight-template-toggle"]').click()
    await hoverCell(page, [3, 3])
    const result = page.locator('[data-testid="fight-template-result"]:not([data-cells=""])')
    await result.waitFor()
    const base = engine(map, {
      type: 'area',
      origin: [3, 3],
      fate: 0,
      token: 'pc',
      range: 'scene',
    }) as { cells: Cell[] }
    await expect(result.getAttribute('data-cells')).resolves.toBe(
      base.cells.map((c) => c.join(',')).join(' '),
    )
    // Click to confirm the origin; the fate control then widens the confirmed area.
    await clickCell(page, [3, 3])
    await page.locator('[data-testid="fight-template-result"][data-confirmed="true"]').waitFor()
    await page.locator('[data-testid="fight-fate-plus"]').click()
    await page.locator('[data-testid="fight-fate"][data-fate="1"]').waitFor()
    const wider = engine(map, {
      type: 'area',
      origin: [3, 3],
      fate: 1,
      token: 'pc',
      range: 'scene',
    }) as { cells: Cell[]; radius: number }
    await page
      .locator(`[data-testid="fight-template-radius"][data-radius="${wider.radius}"]`)
      .waitFor()
    await expect(
      page.locator('[data-testid="fight-template-result"]').getAttribute('data-cells'),
    ).resolves.toBe(wider.cells.map((c) => c.join(',')).join(' '))
    await expect(
      page.locator('[data-overlay="template"][data-confirmed="true"]').count(),
    ).resolves.toBe(wider.cells.length)

    // The GM shows the confirmed template on the player view; main holds exactly those squares.
    await page.locator('[data-testid="fight-template-show"]').click()
    await page.locator('[data-testid="fight-template-show"][aria-pressed="true"]').waitFor()
    const gm = await gmClient(rig.host.port)
    try {
      const state = (await gm.call('player.state')) as {
        controls: { templates: { cells: Cell[] }[] }
      }
      expect(state.controls.templates.map((tpl) => tpl.cells)).toEqual([wider.cells])
      await page.locator('[data-testid="fight-template-show"]').click()
      await page.locator('[data-testid="fight-template-show"][aria-pressed="false"]').waitFor()
      const cleared = (await gm.call('player.state')) as { controls: { templates: unknown[] } }
      expect(cleared.controls.templates).toEqual([])
    } finally {
      gm.close()
    }
    await page.locator('[data-testid="fight-template-toggle"]').click()

    // GM override from the checkbox: back out of the closed room in one step.
    await page.locator('[data-testid="fight-override"]').check()
    await clickCell(page, PC)
    await page.locator('[data-testid="fight-move-here"]').click()
    await page
      .locator(`[data-token="pc"][data-at="${PC.join(',')}"]`)
      .waitFor({ state: 'attached' })
    await page.locator('[data-testid="fight-move-outcome"][data-kind="forced"]').waitFor()
    await page.locator('[data-testid="fight-override"]').uncheck()

    // Japanese: the same fight state with the climb path previewed.
    await page.locator('[data-testid="lang-ja"]').click()
    await chooseMode('climb')
    await clickCell(page, RAISED)
    await page
      .locator(`[data-testid="fight-path"][data-to="${RAISED.join(',')}"][data-reachable="true"]`)
      .waitFor()
    await hoverCell(page, ENEMY)
    await page.locator('[data-testid="fight-cover"][data-target="foe"]').waitFor()
    await page
      .locator('[data-testid="fight-check-line"]')
      .getByText('登攀判定')
      .first()
      .scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(screenshotDir, 'fight-ja.png') })
    expect(rig.problems).toEqual([])
  })

  it('pathfinder: double move reach, the attacks of opportunity a path provokes, threatened squares and a burst', async () => {
    const pf = await newPage(rig)
    await waitConnected(pf)
    await openCampaign(pf, 'sample-campaign')
    await selectMap(pf, 'pathfinder-sample')
    await selectToken(pf, 'rogue')
    const map = (await campaignOnDisk(rig, 'sample-campaign')).maps.find(
      (m) => m.id === 'pathfinder-sample',
    )!
    await pf.locator('[data-testid="fight-mode-double"]').click()
    await waitReach(pf, 'double')
    const reach = engine(map, { type: 'reach', token: 'rogue', mode: 'double' }) as {
      cells: { at: Cell }[]
    }
    expect(await reachOnPage(pf)).toEqual(expectedReach(reach))

    // The first reachable square whose path the engine says provokes.
    const provoking = reach.cells
      .map((c) => ({
        at: c.at,
        path: engine(map, { type: 'path', token: 'rogue', to: c.at, mode: 'double' }) as {
          provokes: string[]
        },
      }))
      .find((c) => c.path.provokes.length > 0)
    expect(provoking).toBeDefined()
    await clickCell(pf, provoking!.at)
    await pf
      .locator(
        `[data-testid="fight-path"][data-to="${provoking!.at.join(',')}"][data-reachable="true"]`,
      )
      .waitFor()
    const listed = await pf
      .locator('[data-overlay="path-provoke"]')
      .evaluateAll((n) => n.map((e) => e.getAttribute('data-token')))
    expect(listed).toEqual(provoking!.path.provokes)
    await expect(pf.locator('[data-overlay="provoke"]').count()).resolves.toBe(
      provoking!.path.provokes.length,
    )

    const threatened = new Set<string>()
    for (const foe of map.tokens.filter((t) => t.faction !== 'party')) {
      for (const cell of (engine(map, { type: 'zoc', token: foe.id }) as { cells: Cell[] }).cells)
        threatened.add(cell.join(','))
    }
    const shownZoc = await pf
      .locator('[data-overlay="zoc"]')
      .evaluateAll((n) => n.map((e) => e.getAttribute('data-cell')))
    expect(new Set(shownZoc)).toEqual(threatened)

    await pf.locator('[data-testid="fight-template-toggle"]').click()
    const corner = await cellPoint(pf, [6, 4], 0.1, 0.1)
    await pf.mouse.move(corner.x, corner.y, { steps: 2 })
    const burst = engine(map, { type: 'spread', origin: [6, 4], radius: 20, shape: 'burst' }) as {
      cells: { at: Cell }[]
    }
    await pf
      .locator(
        `[data-testid="fight-template-result"][data-cells="${burst.cells.map((c) => c.at.join(',')).join(' ')}"]`,
      )
      .waitFor()
    await pf.close()
    expect(rig.problems).toEqual([])
  })
})
