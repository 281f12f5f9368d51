// Issue 12.13: a free ruler between any two squares, measured by the engine with the system's own
// metric (Arianrhod 2 m / 3 m steps, Pathfinder 5/10/5 diagonals, DysTopiA Manhattan squares),
// with a key (N) and text in English and Japanese. Issue 12.12: Pathfinder cones and lines are
// pinned by a second click, stay when the pointer leaves the board, and Esc clears them.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignMap } from '@core/campaign/schema'
import { boardPoint, cellCentre, dragOnBoard } from './editor-steps'
import { engine } from './fight-steps'
import { openCampaign, selectMap, waitConnected, type Cell } from './gm-page'
import { repo, startRig, type Rig } from './harness'

let rig: Rig
let page: Page
let maps: CampaignMap[]

const mapOf = (id: string) => maps.find((m) => m.id === id)!

async function measured(): Promise<{ distance: number; unit: string; from: string; to: string }> {
  const ruler = page.locator(
    '[data-testid="free-ruler"][data-fixed="true"]:not([data-distance=""])',
  )
  await ruler.waitFor({ state: 'attached' })
  const read = (name: string) => ruler.getAttribute(name).then((v) => v ?? '')
  return {
    distance: Number(await read('data-distance')),
    unit: await read('data-unit'),
    from: await read('data-from'),
    to: await read('data-to'),
  }
}

async function measureByDrag(from: Cell, to: Cell): Promise<{ distance: number; unit: string }> {
  await page.keyboard.press('Escape')
  await dragOnBoard(page, [from[0] + 0.5, from[1] + 0.5], [to[0] + 0.5, to[1] + 0.5])
  const { distance, unit, ...ends } = await measured()
  expect(ends).toEqual({ from: from.join(','), to: to.join(',') })
  return { distance, unit }
}

describe('free ruler and pinned templates', () => {
  beforeAll(async () => {
    maps = JSON.parse(await readFile(join(repo, 'resources', 'sample-campaign.json'), 'utf8')).maps
    rig = await startRig(undefined, { name: 'ruler', viewport: { width: 1366, height: 768 } })
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, 'sample-campaign')
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
  })

  it('measures with each system’s own rule, as the engine does (N picks the ruler)', async () => {
    const cases: { map: string; from: Cell; to: Cell; expected: number; unit: string }[] = [
      // Arianrhod: 2 m to an edge neighbour, 3 m to a corner neighbour: 2 diagonals + 1 straight.
      { map: 'arianrhod-sample', from: [1, 1], to: [4, 3], expected: 3 + 3 + 2, unit: 'm' },
      // Pathfinder: the first diagonal 5 ft, the second 10 ft, then one straight 5 ft.
      { map: 'pathfinder-sample', from: [1, 1], to: [4, 3], expected: 5 + 10 + 5, unit: 'ft' },
      // D&D 3.5 counts diagonals the same way.
      { map: 'dnd35-sample', from: [0, 1], to: [4, 5], expected: 5 + 10 + 5 + 10, unit: 'ft' },
      // DysTopiA: range counts squares up, down, left and right only.
      { map: 'dystopia-sample', from: [0, 0], to: [3, 2], expected: 5, unit: 'squares' },
    ]
    for (const each of cases) {
      await selectMap(page, each.map)
      await page.locator('[data-testid="board"]').focus()
      await page.keyboard.press('n')
      await page.locator('[data-testid="board"][data-tool="ruler"]').waitFor()
      await expect(page.locator('[data-testid="tool-hint"]').textContent()).resolves.toMatch(
        /measure/,
      )
      const answer = await measureByDrag(each.from, each.to)
      const truth = engine(mapOf(each.map), { type: 'distance', from: each.from, to: each.to }) as {
        distance: number
        unit: string
      }
      expect(answer).toEqual(truth)
      expect(answer).toEqual({ distance: each.expected, unit: each.unit })
    }
    expect(rig.problems).toEqual([])
  })

  it('click one square and then another; a drag from a token measures and moves nothing; Esc clears', async () => {
    await selectMap(page, 'pathfinder-sample')
    await page.locator('[data-testid="tool-ruler"]').click()
    await page.keyboard.press('Escape')
    const a = await cellCentre(page, [2, 5])
    const b = await cellCentre(page, [8, 2])
    await page.mouse.click(a.x, a.y)
    await page.mouse.move(b.x, b.y, { steps: 3 })
    await page
      .locator('[data-testid="free-ruler"][data-fixed="false"][data-to="8,2"]')
      .waitFor({ state: 'attached' })
    await page.mouse.click(b.x, b.y)
    const answer = await measured()
    expect(answer).toMatchObject({ from: '2,5', to: '8,2' })
    expect(answer.distance).toBe(
      (
        engine(mapOf('pathfinder-sample'), { type: 'distance', from: [2, 5], to: [8, 2] }) as {
          distance: number
        }
      ).distance,
    )
    // The fighter stands on [2, 5]: it stays there.
    expect(await page.locator('g.tokens > [data-token="fighter"]').getAttribute('data-at')).toBe(
      '2,5',
    )
    await expect(page.locator('[data-testid="ruler-readout"]').textContent()).resolves.toContain(
      `${answer.distance} ft`,
    )

    // It stays when the pointer leaves the board.
    await page.mouse.move(5, 5)
    expect((await measured()).to).toBe('8,2')

    await page.keyboard.press('Escape')
    await page.locator('[data-testid="free-ruler"]').waitFor({ state: 'detached' })
  })

  it('speaks Japanese', async () => {
    await page.locator('[data-testid="lang-ja"]').click()
    await measureByDrag([1, 1], [4, 3])
    await expect(page.locator('[data-testid="ruler-readout"]').textContent()).resolves.toMatch(
      /定規.*20 フィート/,
    )
    await expect(page.locator('[data-testid="tool-ruler"]').textContent()).resolves.toBe('定規')
    await page.locator('[data-testid="help-toggle"]').click()
    await expect(
      page.locator('[data-testid="help-panel"] [data-shortcut="N"]').textContent(),
    ).resolves.toContain('定規')
    await page.locator('[data-testid="help-close"]').click()
    await page.locator('[data-testid="lang-en"]').click()
    await page.keyboard.press('Escape')
  })

  for (const shape of ['cone', 'line'] as const) {
    it(`a Pathfinder ${shape} is pinned by a second click, stays off the board, and Esc clears it`, async () => {
      await selectMap(page, 'pathfinder-sample')
      await page.locator('[data-testid="tool-select"]').click()
      await page.locator('[data-testid="fight-template-toggle"][aria-pressed="false"]').click()
      await page.locator(`[data-testid="fight-shape-${shape}"]`).click()
      const origin: Cell = [3, 3]
      const toward: Cell = [7, 3]
      const o = await boardPoint(page, origin[0], origin[1])
      await page.mouse.click(o.x, o.y)
      const t = await boardPoint(page, toward[0], toward[1])
      await page.mouse.move(t.x, t.y, { steps: 3 })
      await page.mouse.click(t.x, t.y)

      const expected = engine(mapOf('pathfinder-sample'), {
        type: 'spread',
        origin,
        radius: 20,
        shape,
        toward,
      }) as { cells: { at: Cell }[] }
      const cells = expected.cells.map((c) => c.at.join(',')).join(' ')
      const pinned = page.locator(
        `[data-testid="fight-template-result"][data-confirmed="true"][data-cells="${cells}"]`,
      )
      await pinned.waitFor()
      await page
        .locator('[data-overlay="template-toward"][data-point="7,3"]')
        .waitFor({ state: 'attached' })

      // Leaving the board, or moving over it elsewhere, turns nothing.
      await page.mouse.move(5, 5)
      const elsewhere = await boardPoint(page, 3, 8)
      await page.mouse.move(elsewhere.x, elsewhere.y, { steps: 3 })
      await page.mouse.move(5, 5)
      await pinned.waitFor()
      await expect(
        page.locator('[data-overlay="template"][data-confirmed="true"]').count(),
      ).resolves.toBe(expected.cells.length)

      await page.keyboard.press('Escape')
      await page
        .locator('[data-testid="fight-template-result"][data-confirmed="false"][data-cells=""]')
        .waitFor({ state: 'attached' })
      await page.locator('[data-testid="fight-template-toggle"][aria-pressed="true"]').click()
    })
  }
})
