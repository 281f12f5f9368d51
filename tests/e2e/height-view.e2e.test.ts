// The 3D height view end to end: the built renderer in headless Chromium (WebGL through
// SwiftShader, no GPU) against the real Node host and the real rules engine. Cells and tokens
// are clicked on the canvas where the scene draws them, like a GM would; the path the engine
// answers is read back from the view's data-path attribute.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { openCampaign, selectMap, waitConnected, type Cell } from './gm-page'
import { screenshotDir, startRig, type Rig } from './harness'

const SAMPLE_ID = 'sample-campaign'
const ARIANRHOD = 'arianrhod-sample'
/** SwiftShader renders on the CPU of a loaded machine: give the view time. */
const VIEW_TIMEOUT_MS = 30_000

interface Segment {
  action: string
  from: Cell
  to: Cell
  cost: number
  rise: number
  checks: { kind: string; ability?: string; dc?: number }[]
}

let rig: Rig
let page: Page
let problems: string[] = []

beforeAll(async () => {
  rig = await startRig(undefined, { name: 'height-e2e', viewport: { width: 1500, height: 950 } })
  problems = rig.problems
  page = await rig.newPage()
  await waitConnected(page)
  await openCampaign(page, SAMPLE_ID)
  await selectMap(page, ARIANRHOD)
})

afterAll(async () => {
  await rig?.close()
})

function view(): Locator {
  return page.locator('[data-testid="height-view"]')
}

async function where(
  kind: 'cell' | 'token',
  what: Cell | string,
): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(
    ([k, w]) => {
      const probe = window.__gmHeightView
      if (!probe) return null
      return k === 'cell'
        ? probe.cellPoint((w as Cell)[0], (w as Cell)[1])
        : probe.tokenPoint(w as string)
    },
    [kind, what] as const,
  )
  if (!point) throw new Error(`the 3D view does not show ${kind} ${JSON.stringify(what)}`)
  return point
}

async function readPath(): Promise<Segment[]> {
  await page
    .locator('[data-testid="height-view"][data-path-state="ready"]')
    .waitFor({ timeout: VIEW_TIMEOUT_MS })
  return JSON.parse((await view().getAttribute('data-path')) ?? '[]') as Segment[]
}

/** Selects a token by clicking its figure in 3D, picks the mode, then clicks the target square. */
async function previewPath(tokenId: string, mode: string, target: Cell): Promise<Segment[]> {
  const token = await where('token', tokenId)
  await page.mouse.click(token.x, token.y)
  await page
    .locator(`[data-testid="height-view"][data-selected="${tokenId}"]`)
    .waitFor({ timeout: VIEW_TIMEOUT_MS })
  await page.locator('[data-testid="height-mode"]').selectOption(mode)
  const cell = await where('cell', target)
  await page.mouse.click(cell.x, cell.y)
  await page
    .locator(`[data-testid="height-view"][data-target="${target.join(',')}"][data-mode="${mode}"]`)
    .waitFor({ timeout: VIEW_TIMEOUT_MS })
  return readPath()
}

async function screenshot(name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true })
  // Let the scene finish the frame it was asked for before the capture.
  await page.evaluate(() => window.__gmHeightView?.renderNow())
  await page
    .locator('[data-testid="height-view"] .height-canvas-host')
    .screenshot({ path: join(screenshotDir, name) })
}

/** A second GM client, as another window would be: its edits reach the page as campaign.changed. */
async function dispatchFromAnotherClient(command: Record<string, unknown>): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${rig.host.port}/ws`, {
    origin: `http://127.0.0.1:${rig.host.port}`,
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const reply = new Promise<{ ok: boolean; error?: unknown }>((resolve) => {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as {
        id?: number
        result?: { ok: boolean; error?: unknown }
      }
      if (message.id === 1 && message.result) resolve(message.result)
    })
  })
  ws.send(JSON.stringify({ id: 1, verb: 'campaign.dispatch', args: { id: SAMPLE_ID, command } }))
  const result = await reply
  ws.close()
  if (!result.ok) throw new Error(`dispatch failed: ${JSON.stringify(result.error)}`)
}

describe('3D height view', () => {
  it('opens lazily beside the 2D board with a WebGL context from SwiftShader', async () => {
    const before = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name),
    )
    expect(before.some((name) => /HeightView-.*\.js$/.test(name))).toBe(false)
    await page.locator('[data-testid="toggle-3d"]').click()
    await page
      .locator('[data-testid="height-view"][data-ready="yes"]')
      .waitFor({ timeout: VIEW_TIMEOUT_MS })
    expect(await view().getAttribute('data-webgl')).toBe('yes')
    expect(await view().getAttribute('data-map-id')).toBe(ARIANRHOD)
    await page
      .locator('[data-testid="height-view"][data-light-count="120"]')
      .waitFor({ timeout: VIEW_TIMEOUT_MS })
  })

  it('previews the climb: 2 m of walking, then 6 m up the ledge face for 16 m in total', async () => {
    const segments = await previewPath('pc-climber', 'climb', [8, 2])
    const climb = segments.find((s) => s.action === 'climb')
    expect(climb).toMatchObject({ from: [7, 2], to: [8, 2], rise: 6, cost: 16 })
    expect(segments[0]).toMatchObject({ action: 'move', to: [7, 2], cost: 2 })
    expect(await view().getAttribute('data-reach-count')).not.toBe('0')
    await screenshot('height-climb.png')
  })

  it('previews the jump over the pit as one arc with STR DC 8', async () => {
    const segments = await previewPath('pc-jumper', 'jump', [5, 6])
    const jump = segments.find((s) => s.action === 'jump')
    expect(jump).toMatchObject({ from: [2, 6], to: [5, 6], cost: 6 })
    expect(jump?.checks).toContainEqual({ kind: 'jump', ability: 'STR', dc: 8 })
    await screenshot('height-jump.png')
  })

  it('shows stepping off the ledge as a 6 m fall', async () => {
    const segments = await previewPath('goblin-ledge', 'combat', [7, 2])
    expect(segments.find((s) => s.action === 'fall')).toMatchObject({
      from: [8, 2],
      to: [7, 2],
      rise: -6,
    })
    await screenshot('height-fall.png')
  })

  it('shares hover with the 2D board both ways', async () => {
    const cell = await where('cell', [4, 1])
    await page.mouse.move(cell.x, cell.y)
    await page
      .locator('[data-testid="height-view"][data-hovered="4,1"]')
      .waitFor({ timeout: VIEW_TIMEOUT_MS })
    await page.locator('[data-testid="hover-cell"][data-at="4,1"]').waitFor({ state: 'attached' })
    const grid = page.locator('[data-testid="map-grid"]')
    const box = await grid.boundingBox()
    if (!box) throw new Error('2D board not visible')
    const side = box.width / Number(await grid.getAttribute('data-width'))
    await page.mouse.move(box.x + 2.5 * side, box.y + 7.5 * side)
    await page
      .locator('[data-testid="height-view"][data-hovered="2,7"]')
      .waitFor({ timeout: VIEW_TIMEOUT_MS })
  })

  it('follows an edit made elsewhere: a lower ledge means a shorter, cheaper climb', async () => {
    await previewPath('pc-climber', 'climb', [8, 2])
    await dispatchFromAnotherClient({
      type: 'cell.set',
      mapId: ARIANRHOD,
      cell: { at: [8, 2], elevation: 4 },
    })
    await page
      .locator('[data-testid="height-view"][data-path-state="ready"][data-path*="\\"rise\\":4"]')
      .waitFor({ timeout: VIEW_TIMEOUT_MS })
    const climb = (await readPath()).find((s) => s.action === 'climb')
    // Climbing h m costs 2h + 2 (spec decision 3): 2 m to the foot + 10 m.
    expect(climb).toMatchObject({ rise: 4, cost: 12 })
    expect(Number(await view().getAttribute('data-update-ms'))).toBeGreaterThanOrEqual(0)
    await dispatchFromAnotherClient({
      type: 'cell.set',
      mapId: ARIANRHOD,
      cell: { at: [8, 2], elevation: 6 },
    })
    await page
      .locator('[data-testid="height-view"][data-path-state="ready"][data-path*="\\"rise\\":6"]')
      .waitFor({ timeout: VIEW_TIMEOUT_MS })
  })

  it('shows the dark dungeon lit by one torch "as lit"', async () => {
    await page.locator('[data-testid="height-token"]').selectOption('')
    await page
      .locator('[data-testid="height-view"][data-path-state="none"][data-reach-count="0"]')
      .waitFor()
    await page.locator('[data-testid="height-light-lit"]').click()
    await page.locator('[data-testid="height-view"][data-light-mode="lit"]').waitFor()
    await screenshot('height-torch.png')
    await page.locator('[data-testid="height-reset"]').click()
  })

  it('logged no errors in the page', () => {
    expect(problems).toEqual([])
  })
})
