// The map editor end to end: the built renderer in headless Chromium against the real Node host
// and real campaign files in a temp folder. Prep a room with the real tools, toggle its door
// during "play", undo / redo, reload, and read everything back from the page and from disk.
import { mkdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildReachRoom,
  cellCentre,
  chooseTool,
  clickLine,
  dragOnBoard,
  placeToken,
  waitForEdge,
  type ReachRoom,
} from './editor-steps'
import {
  boardCell,
  boardCells,
  boardDeploy,
  boardEdges,
  openCampaign,
  selectMap,
  waitConnected,
  waitForCells,
  type Cell,
} from './gm-page'
import { eventually, screenshotDir, startRig, type Rig } from './harness'

const SAMPLE_ID = 'sample-campaign'

let rig: Rig
let dataDir: string
let page: Page
let room: ReachRoom
let problems: string[] = []

interface DiskMap {
  id: string
  cells: { at: Cell; elevation?: number; terrain?: string }[]
  edges: { between: [Cell, Cell]; kind: string; state?: string }[]
  tokens: { id: string; at: Cell; faction: string; name: string }[]
  light: { ambient?: number; sources: { at: Cell; level: number; radius: number }[] }
}

async function mapOnDisk(mapId: string): Promise<DiskMap | undefined> {
  await rig.host.flush()
  const campaign = JSON.parse(
    await readFile(join(dataDir, 'campaigns', `${SAMPLE_ID}.json`), 'utf8'),
  ) as { maps: DiskMap[] }
  return campaign.maps.find((m) => m.id === mapId)
}

function door(state: string) {
  return { waitFor: () => waitForEdge(page, [8, 3], [9, 3], 'door', state) }
}

async function waitForDeploy(count: number, square?: { at: string; faction: string }) {
  await eventually(async () => {
    const deploy = await boardDeploy(page)
    return (
      deploy.length === count &&
      (!square || deploy.some((d) => d.at === square.at && d.faction === square.faction))
    )
  }, `${count} deploy squares`)
}

async function statusTone(): Promise<string | null> {
  return page.locator('[data-testid="status"]').getAttribute('data-tone')
}

beforeAll(async () => {
  rig = await startRig(undefined, {
    name: 'editor-e2e',
    viewport: { width: 1400, height: 900 },
    acceptDownloads: true,
  })
  dataDir = rig.dataDir
  problems = rig.problems
  page = await rig.newPage()
  await waitConnected(page)
  await openCampaign(page, SAMPLE_ID)
})

afterAll(async () => {
  await rig?.close()
})

describe('map editor over the Node host', () => {
  it('preps a room with a door, a 6 m ridge, a PC and an enemy using the real tools', async () => {
    room = await buildReachRoom(page)
    const grid = page.locator(`[data-testid="map-grid"][data-map-id="${room.mapId}"]`)
    await expect(grid.getAttribute('data-width')).resolves.toBe('12')
    // 4 sides of 8 and 6 squares = 28 partitions, one of which became the door.
    const edges = await boardEdges(page)
    expect(edges).toHaveLength(28)
    expect(edges.filter((e) => e.kind === 'door')).toHaveLength(1)
    for (const [x, y] of room.ridge) {
      await expect(boardCell(page, [x, y])).resolves.toMatchObject({ elevation: 6 })
    }
    await expect(
      page.locator(`g.tokens > [data-token="${room.pc}"]`).getAttribute('data-at'),
    ).resolves.toBe('2,3')
    await expect(
      page.locator(`g.tokens > [data-token="${room.enemy}"]`).getAttribute('data-faction'),
    ).resolves.toBe('enemy')
    await eventually(
      async () => (await mapOnDisk(room.mapId))?.tokens.length === 2,
      'the tokens on disk',
    )
    const disk = await mapOnDisk(room.mapId)
    expect(disk?.edges).toContainEqual({
      between: [
        [8, 3],
        [9, 3],
      ],
      kind: 'door',
      state: 'closed',
    })
    expect(disk?.cells.filter((c) => c.elevation === 6).map((c) => c.at)).toEqual(room.ridge)
    expect(await statusTone()).not.toBe('error')
  })

  it('toggles the door in one click, undoes, redoes, and keeps it across a reload', async () => {
    await chooseTool(page, 'select')
    await clickLine(page, room.door[0], room.door[1])
    await door('open').waitFor()
    await page.keyboard.press('Control+z')
    await door('closed').waitFor()
    await page.locator('[data-testid="redo"]').click()
    await door('open').waitFor()
    await eventually(
      async () =>
        (await mapOnDisk(room.mapId))?.edges.some((e) => e.kind === 'door' && e.state === 'open') ??
        false,
      'the open door on disk',
    )
    await page.reload()
    await waitConnected(page)
    await openCampaign(page, SAMPLE_ID)
    await selectMap(page, room.mapId)
    await door('open').waitFor()
    await expect(boardCell(page, [5, 4])).resolves.toMatchObject({ elevation: 6 })
    await expect(page.locator('g.tokens > [data-token]').count()).resolves.toBe(2)
  })

  it('moves a token by dragging it, as one undoable command', async () => {
    await chooseTool(page, 'select')
    await dragOnBoard(page, [2.5, 3.5], [3.5, 4.5])
    await page.locator(`g.tokens > [data-token="${room.pc}"][data-at="3,4"]`).waitFor()
    await page.keyboard.press('Control+z')
    await page.locator(`g.tokens > [data-token="${room.pc}"][data-at="2,3"]`).waitFor()
  })

  it('paints terrain as one undo step per stroke, rectangle and fill', async () => {
    await chooseTool(page, 'terrain')
    await page.locator('[data-testid="terrain-solid"]').click()
    await page.locator('[data-testid="shape-rect"]').click()
    await dragOnBoard(page, [2.5, 5.5], [4.5, 6.5])
    await waitForCells(page, { at: [4, 6], terrain: 'solid' })
    await waitForCells(page, { terrain: 'solid' }, 6)
    // Fill the floor outside the room with pits: it stops at the walls.
    await page.locator('[data-testid="terrain-pit"]').click()
    await page.locator('[data-testid="shape-fill"]').click()
    const outside = await cellCentre(page, [0, 0])
    await page.mouse.click(outside.x, outside.y)
    await waitForCells(page, { at: [11, 9], terrain: 'pit' })
    expect((await boardCells(page)).filter((c) => c.terrain === 'pit')).toHaveLength(
      12 * 10 - 8 * 6,
    )
    await page.keyboard.press('Control+z')
    await waitForCells(page, { terrain: 'pit' }, 0)
    await page.keyboard.press('Control+z')
    await waitForCells(page, { terrain: 'solid' }, 0)
    await page.locator('[data-testid="shape-brush"]').click()
  })

  it('adds a light source and shows the engine’s light levels on the overlay', async () => {
    await chooseTool(page, 'light')
    await page.locator('[data-testid="light-ambient"]').fill('2')
    await page.locator('[data-testid="light-ambient"]').press('Enter')
    await page.locator('[data-testid="light-new-level"]').fill('5')
    await page.locator('[data-testid="light-new-radius"]').fill('4')
    const at = await cellCentre(page, [3, 3])
    await page.mouse.click(at.x, at.y)
    await page.locator('[data-light-source="3,3"][data-level="5"][data-radius="4"]').waitFor()
    await page.locator('[data-testid="toggle-light"]').click()
    // Arianrhod: 4 m is two squares; inside the room the source lights [4, 3], far away stays 2.
    const near = await cellCentre(page, [4, 3])
    await page.mouse.move(near.x, near.y)
    await page
      .locator('[data-testid="hover-readout"][data-at="4,3"]', { hasText: '明度 5' })
      .waitFor()
    const far = await cellCentre(page, [10, 8])
    await page.mouse.move(far.x, far.y)
    await page
      .locator('[data-testid="hover-readout"][data-at="10,8"]', { hasText: '明度 2' })
      .waitFor()
    await page.locator('[data-testid="toggle-light"]').click()
    // Autosave may write the ambient level before the source command lands; wait for both.
    await eventually(async () => {
      const light = (await mapOnDisk(room.mapId))?.light
      return light?.ambient === 2 && (light.sources?.length ?? 0) > 0
    }, 'the ambient light and the source on disk')
    expect((await mapOnDisk(room.mapId))?.light.sources).toEqual([
      expect.objectContaining({ at: [3, 3], level: 5, radius: 4 }),
    ])
  })

  it('zooms around the pointer with the wheel and pans with a middle-button drag', async () => {
    const board = page.locator('[data-testid="board"]')
    const before = Number(await board.getAttribute('data-zoom'))
    const pointer = await cellCentre(page, [6, 5])
    await page.mouse.move(pointer.x, pointer.y)
    await page.mouse.wheel(0, -200)
    await page.waitForFunction(
      (z) => Number(document.querySelector('[data-testid="board"]')?.getAttribute('data-zoom')) > z,
      before,
    )
    // The square under the pointer is still under it.
    await expect(page.locator('[data-testid="hover-cell"]').getAttribute('data-at')).resolves.toBe(
      '6,5',
    )
    const again = await cellCentre(page, [6, 5])
    expect(Math.abs(again.x - pointer.x)).toBeLessThan(2)
    const grid = page.locator('[data-testid="map-grid"]')
    const start = (await grid.boundingBox())!
    await page.mouse.down({ button: 'middle' })
    await page.mouse.move(pointer.x - 120, pointer.y - 60, { steps: 5 })
    await page.mouse.up({ button: 'middle' })
    const moved = (await grid.boundingBox())!
    expect(Math.round(moved.x - start.x)).toBe(-120)
    expect(Math.round(moved.y - start.y)).toBe(-60)
    await page.keyboard.press('0')
  })

  it('lists every shortcut in the help panel and exports the map as a PNG', async () => {
    await page.locator('[data-testid="board"]').focus()
    await page.keyboard.press('?')
    const help = page.locator('[data-testid="help-panel"]')
    await help.waitFor()
    expect(await help.locator('tr').count()).toBeGreaterThan(30)
    await expect(help.textContent()).resolves.toContain('Ctrl+Z')
    await page.keyboard.press('Escape')
    await help.waitFor({ state: 'detached' })
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid="export-png"]').click(),
    ])
    expect(download.suggestedFilename()).toBe('Reach room.png')
    const file = join(dataDir, 'export.png')
    await download.saveAs(file)
    const bytes = await readFile(file)
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
    // 12 × 10 squares at 64 px each.
    expect(bytes.readUInt32BE(16)).toBe(12 * 64)
    expect(bytes.readUInt32BE(20)).toBe(10 * 64)
  })

  it('shows up to four DysTopiA units per square and refuses a fifth', async () => {
    await selectMap(page, 'dystopia-sample')
    // hero-a and hero-b share [0, 5]; add friend and foe until the square is full.
    await placeToken(page, [0, 5], 'party')
    await placeToken(page, [0, 5], 'cult')
    await expect(page.locator('g.tokens > [data-token][data-at="0,5"]').count()).resolves.toBe(4)
    await expect(
      page
        .locator('g.tokens > [data-token][data-at="0,5"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-chip')).sort()),
    ).resolves.toEqual(['0', '1', '2', '3'])
    const square = await cellCentre(page, [0, 5])
    await page.mouse.click(square.x, square.y)
    await page.locator('[data-testid="status"][data-tone="error"]').waitFor()
    await expect(page.locator('[data-testid="status"]').textContent()).resolves.toMatch(/4 units/)
    await expect(page.locator('g.tokens > [data-token][data-at="0,5"]').count()).resolves.toBe(4)
    // Deploy squares for a faction, painted with one stroke.
    await chooseTool(page, 'deploy')
    await page.locator('[data-testid="deploy-faction"]').fill('party')
    await dragOnBoard(page, [0.5, 4.5], [2.5, 4.5])
    await waitForDeploy(3, { at: '2,4', faction: 'party' })
    await page.keyboard.press('Control+z')
    await waitForDeploy(0)
    await page.keyboard.press('Control+z')
    await page.keyboard.press('Control+z')
    await page.waitForFunction(
      () => document.querySelectorAll('g.tokens > [data-token][data-at="0,5"]').length === 2,
    )
  })

  it('switches the editor to Japanese, shows rule terms in the system’s language, and takes screenshots', async () => {
    await selectMap(page, room.mapId)
    await chooseTool(page, 'select')
    const pc = await cellCentre(page, [2, 3])
    await page.mouse.click(pc.x, pc.y)
    await page.locator(`[data-testid="token-panel"][data-token-id="${room.pc}"]`).waitFor()
    await chooseTool(page, 'elevation')
    await page.keyboard.press('h')
    await mkdir(screenshotDir, { recursive: true })
    const en = join(screenshotDir, 'prep-en.png')
    await page.screenshot({ path: en })
    await page.locator('[data-testid="lang-ja"]').click()
    await expect(page.locator('[data-testid="tool-wall"]').textContent()).resolves.toBe('壁')
    await expect(page.locator('[data-testid="tool-terrain"]').textContent()).resolves.toBe('地形')
    await expect(page.locator('[data-testid="tool-elevation"]').textContent()).resolves.toBe('高さ')
    await expect(page.locator('[data-testid="tool-blockade"]').textContent()).resolves.toBe('封鎖')
    await expect(page.locator('[data-testid="toggle-light"]').textContent()).resolves.toBe(
      '明るさ表示',
    )
    await expect(page.locator('[data-testid="map-panel"] h3').textContent()).resolves.toBe('マップ')
    await expect(page.locator('[data-testid="token-panel"]').textContent()).resolves.toContain(
      '【移動力】',
    )
    // リーチ is always 3 m on an Arianrhod map: no field for it there (issue 12.11).
    await expect(page.locator('[data-testid="token-panel"]').textContent()).resolves.not.toContain(
      'リーチ',
    )
    await expect(page.locator('[data-testid="map-scale"]').textContent()).resolves.toBe(
      '1 マスは 2 m（アリアンロッド）。',
    )
    const ja = join(screenshotDir, 'prep-ja.png')
    await page.screenshot({ path: ja })
    expect((await stat(en)).size).toBeGreaterThan(20_000)
    expect((await stat(ja)).size).toBeGreaterThan(20_000)
    await page.locator('[data-testid="lang-en"]').click()
    await page.keyboard.press('h')
  })

  it('renames, resizes and deletes a map from the side panel', async () => {
    await page.locator('[data-testid="map-name"]').fill('Reach room / 射程の部屋')
    await page.locator('[data-testid="map-name"]').press('Enter')
    await page
      .locator(`[data-testid="map-tab"][data-map-id="${room.mapId}"]`, { hasText: '射程の部屋' })
      .waitFor()
    await page.locator('[data-testid="map-width"]').fill('10')
    await page.locator('[data-testid="map-resize"]').click()
    await page
      .locator(`[data-testid="map-grid"][data-map-id="${room.mapId}"][data-width="10"]`)
      .waitFor()
    // The walls beyond x = 9 fell off with the squares; the door on the line x = 9 stays.
    await waitForEdge(page, [8, 3], [9, 3], 'door')
    await page.locator('[data-testid="map-delete"]').click()
    await page.locator('[data-testid="map-delete"]').click()
    await page
      .locator(`[data-testid="map-tab"][data-map-id="${room.mapId}"]`)
      .waitFor({ state: 'detached' })
    await page.keyboard.press('Control+z')
    await page.locator(`[data-testid="map-tab"][data-map-id="${room.mapId}"]`).waitFor()
  })

  it('ran without console errors or CSP violations', () => {
    expect(problems).toEqual([])
  })
})
