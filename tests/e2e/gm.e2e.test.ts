// The GM screen end to end: the built renderer in headless Chromium, talking to the real Node host
// and the real campaign files in a fresh temp folder. Nothing in between is replaced.
import { existsSync } from 'node:fs'
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACTION_TIMEOUT_MS,
  boardCell,
  boardEdge,
  clickEdge,
  openCampaign,
  selectMap,
  waitConnected,
  waitForEdge,
  waitForNoEdge,
  type Cell,
} from './gm-page'
import { eventually, screenshotDir, startRig, type Rig } from './harness'

const SAMPLE_ID = 'sample-campaign'
const ARIANRHOD = 'arianrhod-sample'

let rig: Rig
let dataDir: string
/** Console errors and CSP reports collected from every page; a clean run has none. */
let problems: string[] = []

function time<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now()
  return run().finally(() =>
    console.log(`[e2e] ${label}: ${Math.round(performance.now() - started)} ms`),
  )
}

function newPage(path = 'gm.html'): Promise<Page> {
  return rig.newPage(path)
}

function campaignFile(): string {
  return join(dataDir, 'campaigns', `${SAMPLE_ID}.json`)
}

async function edgesOnDisk(mapId: string): Promise<{ between: [Cell, Cell]; kind: string }[]> {
  await rig.host.flush()
  const campaign = JSON.parse(await readFile(campaignFile(), 'utf8')) as {
    maps: { id: string; edges: { between: [Cell, Cell]; kind: string }[] }[]
  }
  return campaign.maps.find((m) => m.id === mapId)?.edges ?? []
}

beforeAll(async () => {
  // No campaign files: the host's first start seeds the bundled sample, as on a new install.
  rig = await time('start host and chromium', () =>
    startRig(undefined, {
      name: 'gm-e2e',
      viewport: { width: 1280, height: 860 },
      // While the host restarts, the page's reconnection attempts fail by design.
      ignoreConsole: /WebSocket connection to .* failed/,
    }),
  )
  dataDir = rig.dataDir
  problems = rig.problems
})

afterAll(async () => {
  await rig?.close()
})

describe('GM screen over the Node host', () => {
  it('lists the sample campaign and draws its map', async () => {
    const page = await newPage()
    await time('first load and connect', () => waitConnected(page))
    await time('open sample campaign', () => openCampaign(page, SAMPLE_ID))
    await expect(page.locator('[data-testid="map-tab"]').count()).resolves.toBe(4)
    const grid = page.locator(`[data-testid="map-grid"][data-map-id="${ARIANRHOD}"]`)
    await expect(grid.getAttribute('data-width')).resolves.toBe('12')
    // Sample content drawn from the file: a closed door, pits, elevation, a light, tokens.
    await expect(boardEdge(page, [5, 2], [6, 2])).resolves.toEqual({
      id: '5,2,6,2',
      kind: 'door',
      state: 'closed',
    })
    await expect(boardCell(page, [3, 5])).resolves.toMatchObject({ terrain: 'pit' })
    await expect(boardCell(page, [8, 1])).resolves.toMatchObject({ elevation: 6 })
    await expect(page.locator('[data-light-source="3,2"]').count()).resolves.toBe(1)
    await expect(page.locator('g.token[data-token]').count()).resolves.toBe(6)
    await page.close()
  })

  it('opens straight onto the latest campaign when loaded as the desktop app loads it', async () => {
    // The Electron window and `npm run web` load gm.html#open=latest: on a first start the sample.
    const page = await newPage('gm.html#open=latest')
    await waitConnected(page)
    await page
      .locator(`[data-testid="campaign-view"][data-campaign-id="${SAMPLE_ID}"]`)
      .waitFor({ timeout: ACTION_TIMEOUT_MS })
    await expect(
      page.locator(`[data-testid="map-grid"][data-map-id="${ARIANRHOD}"]`).count(),
    ).resolves.toBe(1)
    await page.close()
  })

  it('keeps a wall added by clicking an edge across a host restart, on disk too', async () => {
    const a: Cell = [1, 1]
    const b: Cell = [2, 1]
    const page = await newPage()
    await waitConnected(page)
    await openCampaign(page, SAMPLE_ID)
    await expect(boardEdge(page, a, b)).resolves.toBe(null)

    await time('click edge → wall drawn', async () => {
      await clickEdge(page, a, b)
      await waitForEdge(page, a, b)
    })
    await expect(boardEdge(page, a, b)).resolves.toMatchObject({ kind: 'wall' })

    // Acknowledged means in the journal; the autosave (5 s) or a flush folds it into the file.
    await time('flushed to disk', () =>
      eventually(
        async () =>
          (await edgesOnDisk(ARIANRHOD)).some(
            (e) => e.kind === 'wall' && JSON.stringify(e.between) === '[[1,1],[2,1]]',
          ),
        'the wall in the campaign file',
      ),
    )

    await time('restart host on the same data folder', () => rig.restartHost())
    // The open page notices the restart and reconnects by itself…
    await page.locator('[data-testid="status"][data-connection="open"]').waitFor()
    await waitForEdge(page, a, b)
    // …and a fresh load shows the wall read back from the file.
    await time('reload and reopen', async () => {
      await page.reload()
      await waitConnected(page)
      await openCampaign(page, SAMPLE_ID)
    })
    await expect(boardEdge(page, a, b)).resolves.toMatchObject({ kind: 'wall' })
    const onDisk = await edgesOnDisk(ARIANRHOD)
    expect(onDisk).toContainEqual({ kind: 'wall', between: [a, b] })
    expect((await stat(campaignFile())).size).toBeGreaterThan(1000)
    await page.close()
  })

  it('undoes and redoes with the buttons and with Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y', async () => {
    const a: Cell = [3, 3]
    const b: Cell = [3, 4]
    const page = await newPage()
    await waitConnected(page)
    await openCampaign(page, SAMPLE_ID)
    const wall = {
      waitFor: ({ state }: { state: 'attached' | 'detached' }) =>
        state === 'attached' ? waitForEdge(page, a, b, 'wall') : waitForNoEdge(page, a, b),
    }
    await expect(boardEdge(page, a, b)).resolves.toBe(null)
    // Hit-testing measures the drawing, so it holds at another zoom level.
    const zoomLevel = () =>
      page
        .locator('[data-testid="zoom-level"]')
        .textContent()
        .then((text) => parseInt(text ?? '', 10))
    const fitted = await zoomLevel()
    await page.locator('[data-testid="zoom-out"]').click()
    await page.locator('[data-testid="zoom-out"]').click()
    await expect.poll(zoomLevel).toBeLessThan(fitted)

    await clickEdge(page, a, b)
    await wall.waitFor({ state: 'attached' })
    await page.locator('[data-testid="undo"]').click()
    await wall.waitFor({ state: 'detached' })
    await page.locator('[data-testid="redo"]').click()
    await wall.waitFor({ state: 'attached' })

    await page.keyboard.press('Control+z')
    await wall.waitFor({ state: 'detached' })
    await page.keyboard.press('Control+Shift+Z')
    await wall.waitFor({ state: 'attached' })
    await page.keyboard.press('Control+z')
    await wall.waitFor({ state: 'detached' })
    await page.keyboard.press('Control+y')
    await wall.waitFor({ state: 'attached' })

    // Clicking the same edge again removes the wall; that too is one undoable step.
    await clickEdge(page, a, b)
    await wall.waitFor({ state: 'detached' })
    await page.keyboard.press('Control+z')
    await wall.waitFor({ state: 'attached' })
    await expect(
      page.locator('[data-testid="status"]').getAttribute('data-tone'),
    ).resolves.not.toBe('error')
    await page.close()
  })

  it('switches the UI between English and Japanese', async () => {
    const page = await newPage()
    await waitConnected(page)
    await openCampaign(page, SAMPLE_ID)
    await expect(page.locator('[data-testid="undo"]').textContent()).resolves.toBe('Undo')
    await page.locator('[data-testid="lang-ja"]').click()
    await expect(page.locator('[data-testid="undo"]').textContent()).resolves.toBe('元に戻す')
    await expect(page.locator('[data-testid="tool-wall"]').textContent()).resolves.toBe('壁')
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ja')
    // The choice survives a reload (which reopens the campaign the address names).
    await page.reload()
    await waitConnected(page)
    await expect(page.locator('[data-testid="undo"]').textContent()).resolves.toBe('元に戻す')
    await page.locator('[data-testid="close-campaign"]').click()
    await expect(page.locator('[data-testid="campaign-list"] h2').textContent()).resolves.toBe(
      'キャンペーン',
    )
    await page.locator('[data-testid="lang-en"]').click()
    await expect(page.locator('[data-testid="campaign-list"] h2').textContent()).resolves.toBe(
      'Campaigns',
    )
    await page.close()
  })

  it('creates a campaign from the list', async () => {
    const page = await newPage()
    await waitConnected(page)
    await page.locator('[data-testid="new-campaign-name"]').fill('Night raid / 夜襲')
    await page.locator('[data-testid="create-campaign"]').click()
    await expect(page.locator('[data-testid="campaign-name"]').textContent()).resolves.toBe(
      'Night raid / 夜襲',
    )
    await page.locator('[data-testid="close-campaign"]').click()
    await page.locator('[data-testid="campaign-row"]').nth(1).waitFor()
    await expect(page.locator('[data-testid="campaign-row"]').count()).resolves.toBe(2)
    await page.close()
  })

  it('exports a campaign to one file and imports it back as a new campaign', async () => {
    const page = await newPage()
    await waitConnected(page)
    const list = page.locator('[data-testid="campaign-row"]')
    await list.first().waitFor()
    const idsOf = () =>
      list.evaluateAll((items) => items.map((li) => li.getAttribute('data-campaign-id')))
    const beforeIds = await idsOf()
    const before = beforeIds.length
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator(`li[data-campaign-id="${SAMPLE_ID}"] [data-testid="export-campaign"]`).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.gmcampaign\.json$/)
    const file = join(dataDir, 'exported.gmcampaign.json')
    await download.saveAs(file)
    const exported = JSON.parse(await readFile(file, 'utf8')) as {
      format: string
      campaign: { id: string; maps: unknown[] }
    }
    expect(exported.format).toBe('gm-campaign-export/1')
    expect(exported.campaign.maps).toHaveLength(4)
    await page.locator('[data-testid="import-campaign"]').setInputFiles(file)
    // The sample is already there: the page asks; keeping both gives the copy an id of its own.
    await page.locator('[data-testid="import-keep-both"]').click()
    await list.nth(before).waitFor()
    await expect(list.count()).resolves.toBe(before + 1)
    // The sample's id was taken, so the copy got a fresh one, and a file of its own on disk.
    const copy = (await idsOf()).find((id) => !beforeIds.includes(id))
    expect(copy).toBeTruthy()
    expect(existsSync(join(dataDir, 'campaigns', `${copy}.json`))).toBe(true)
    await page.close()
  })

  it('shows the chosen map’s name on the player page, and nothing GM-only', async () => {
    const gm = await newPage()
    await waitConnected(gm)
    await openCampaign(gm, SAMPLE_ID)
    const player = await newPage('player.html')
    await player.locator('[data-testid="player-waiting"]').waitFor()
    await selectMap(gm, 'pathfinder-sample')
    await gm.locator('[data-testid="show-to-players"]').click()
    const name = player.locator('[data-testid="player-map-name"]')
    await name.waitFor()
    await expect(name.textContent()).resolves.toContain('Pathfinder')
    const text = await player.locator('body').innerText()
    expect(text).not.toMatch(/Ogre|Kobold|Secret|火鉢/)
    await gm.locator('[data-testid="show-to-players"]').click()
    await player.locator('[data-testid="player-waiting"]').waitFor()
    await gm.close()
    await player.close()
  })

  it('takes a screenshot of the sample map for the README', async () => {
    const page = await newPage()
    await waitConnected(page)
    await openCampaign(page, SAMPLE_ID)
    await mkdir(screenshotDir, { recursive: true })
    const file = join(screenshotDir, 'gm-sample.png')
    await time('screenshot', () => page.screenshot({ path: file }))
    expect((await stat(file)).size).toBeGreaterThan(10_000)
    await page.close()
  })

  it('tells the GM prominently when a damaged campaign was recovered from a backup', async () => {
    await rig.restartHost(() =>
      writeFile(campaignFile(), '{"schemaVersion": 1, "id": "sample-campaign", "maps": [tru'),
    )
    const page = await newPage()
    await waitConnected(page)
    await expect(
      page.locator(`li[data-campaign-id="${SAMPLE_ID}"] .meta`).textContent(),
    ).resolves.toContain('damaged')
    await openCampaign(page, SAMPLE_ID)
    const notice = page.locator('[data-testid="recovered"]')
    await notice.waitFor()
    await expect(notice.getAttribute('role')).resolves.toBe('alert')
    await expect(notice.textContent()).resolves.toMatch(
      /last good backup.*was opened instead.*sample-campaign\.json\.bad-/s,
    )
    await expect(page.locator('[data-testid="status"]').getAttribute('data-tone')).resolves.toBe(
      'warn',
    )
    // The wall saved earlier is in the backup that was opened.
    await expect(boardEdge(page, [1, 1], [2, 1])).resolves.toMatchObject({ kind: 'wall' })
    await page.close()
  })

  it('ran every page without console errors or CSP violations', () => {
    expect(problems).toEqual([])
  })
})
