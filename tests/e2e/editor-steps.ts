// Map-editor steps a GM performs on the board, written once for every e2e suite that needs a
// prepared map (the editor suite, the fight-overlay suite's reach map, …). Every step uses the
// real UI: tool buttons, pointer drags on the board, side-panel fields.
import type { Page } from 'playwright-core'
import { initials } from '../../src-renderer/lib/token-labels'
import { waitForCells, waitForEdge as waitForBoardEdge, type Cell } from './gm-page'

export const STEP_TIMEOUT_MS = 10_000
/** The board's own token marks (overlays and panels also carry data-token attributes). */
export const BOARD_TOKENS = 'g.tokens > [data-token]'

export type EditorTool =
  | 'select'
  | 'wall'
  | 'door'
  | 'low-wall'
  | 'window'
  | 'terrain'
  | 'elevation'
  | 'light'
  | 'token'
  | 'blockade'
  | 'deploy'
  | 'trap'
  | 'ruler'

/** Screen position of a point given in squares (fractions allowed) on the visible board. */
export async function boardPoint(
  page: Page,
  fx: number,
  fy: number,
): Promise<{ x: number; y: number }> {
  const grid = page.locator('[data-testid="map-grid"]')
  const box = await grid.boundingBox()
  if (!box) throw new Error('map grid is not visible')
  const width = Number(await grid.getAttribute('data-width'))
  const height = Number(await grid.getAttribute('data-height'))
  return { x: box.x + (fx / width) * box.width, y: box.y + (fy / height) * box.height }
}

export async function cellCentre(page: Page, [x, y]: Cell): Promise<{ x: number; y: number }> {
  return boardPoint(page, x + 0.5, y + 0.5)
}

export async function chooseTool(page: Page, tool: EditorTool): Promise<void> {
  await page.locator(`[data-testid="tool-${tool}"]`).click()
  await page
    .locator(`[data-testid="board"][data-tool="${tool}"]`)
    .waitFor({ timeout: STEP_TIMEOUT_MS })
}

/** Presses at one point in squares, moves in steps to another and releases. */
export async function dragOnBoard(
  page: Page,
  from: [number, number],
  to: [number, number],
  modifiers: 'Shift'[] = [],
): Promise<void> {
  const a = await boardPoint(page, from[0], from[1])
  const b = await boardPoint(page, to[0], to[1])
  for (const key of modifiers) await page.keyboard.down(key)
  await page.mouse.move(a.x, a.y)
  await page.mouse.down()
  await page.mouse.move(b.x, b.y, { steps: 8 })
  await page.mouse.up()
  for (const key of modifiers) await page.keyboard.up(key)
}

/** Waits until the board's map has this edge (gm-page.ts: read through the board's probe). */
export async function waitForEdge(
  page: Page,
  a: Cell,
  b: Cell,
  kind: string,
  state?: string,
): Promise<void> {
  await waitForBoardEdge(page, a, b, kind, state, STEP_TIMEOUT_MS)
}

/** Creates a map from the side panel and waits until it is the one on the board; returns its id. */
export async function createMap(
  page: Page,
  options: {
    name: string
    system?: 'arianrhod' | 'pathfinder' | 'dnd35' | 'dystopia'
    width?: number
    height?: number
  },
): Promise<string> {
  const before = await page.locator('[data-testid="map-tab"]').count()
  await page.locator('[data-testid="new-map-name"]').fill(options.name)
  await page.locator('[data-testid="new-map-system"]').selectOption(options.system ?? 'arianrhod')
  if (options.system !== 'dystopia') {
    await page.locator('[data-testid="new-map-width"]').fill(String(options.width ?? 12))
    await page.locator('[data-testid="new-map-height"]').fill(String(options.height ?? 10))
  }
  await page.locator('[data-testid="create-map"]').click()
  await page.locator('[data-testid="map-tab"]').nth(before).waitFor({ timeout: STEP_TIMEOUT_MS })
  const tab = page.locator('[data-testid="map-tab"]').nth(before)
  const id = (await tab.getAttribute('data-map-id')) ?? ''
  await page
    .locator(`[data-testid="map-grid"][data-map-id="${id}"]`)
    .waitFor({ timeout: STEP_TIMEOUT_MS })
  return id
}

/**
 * Walls around the squares [x0..x1] × [y0..y1] (inclusive), drawn as four drags along the grid
 * lines with the wall tool: one command (one undo step) per side.
 */
export async function drawRoom(page: Page, [x0, y0]: Cell, [x1, y1]: Cell): Promise<void> {
  await chooseTool(page, 'wall')
  const sides: [[number, number], [number, number]][] = [
    [
      [x0, y0],
      [x1 + 1, y0],
    ],
    [
      [x0, y1 + 1],
      [x1 + 1, y1 + 1],
    ],
    [
      [x0, y0],
      [x0, y1 + 1],
    ],
    [
      [x1 + 1, y0],
      [x1 + 1, y1 + 1],
    ],
  ]
  for (const [from, to] of sides) await dragOnBoard(page, from, to)
  await waitForEdge(page, [x1, y1], [x1 + 1, y1], 'wall')
}

/** Clicks the middle of the grid line between two squares with the current tool. */
export async function clickLine(page: Page, a: Cell, b: Cell): Promise<void> {
  const p = await boardPoint(page, (a[0] + b[0]) / 2 + 0.5, (a[1] + b[1]) / 2 + 0.5)
  await page.mouse.click(p.x, p.y)
}

/** Turns the partition between a and b into a closed door (a wall there becomes a door). */
export async function placeDoor(page: Page, a: Cell, b: Cell): Promise<void> {
  await chooseTool(page, 'door')
  await clickLine(page, a, b)
  await waitForEdge(page, a, b, 'door', 'closed')
}

/** Sets the floor height of squares along a line of squares (inclusive) with one brush stroke. */
export async function raiseSquares(
  page: Page,
  from: Cell,
  to: Cell,
  height: number,
): Promise<void> {
  await chooseTool(page, 'elevation')
  await page.locator('[data-testid="shape-brush"]').click()
  await page.locator('[data-testid="elevation-set"]').click()
  await page.locator('[data-testid="elevation-value"]').fill(String(height))
  await dragOnBoard(page, [from[0] + 0.5, from[1] + 0.5], [to[0] + 0.5, to[1] + 0.5])
  await waitForCells(page, { at: to, elevation: height })
}

/** Places a token of a faction on a square and returns its id (it is selected afterwards). */
export async function placeToken(
  page: Page,
  at: Cell,
  faction: string,
  name?: string,
): Promise<string> {
  await chooseTool(page, 'token')
  await page.locator('[data-testid="new-token-faction"]').fill(faction)
  const before = new Set(
    await page
      .locator(BOARD_TOKENS)
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-token'))),
  )
  const p = await cellCentre(page, at)
  await page.mouse.click(p.x, p.y)
  // Wait for the new token itself: the token panel may still show the previously selected one.
  const appeared = await page
    .waitForFunction(
      ([selector, known]) =>
        Array.from(document.querySelectorAll(selector), (e) => e.getAttribute('data-token')).find(
          (each) => each && !known.includes(each),
        ) ?? null,
      [BOARD_TOKENS, [...before].filter((each): each is string => each !== null)] as const,
      { timeout: STEP_TIMEOUT_MS },
    )
    .catch(() => null)
  const id = (await appeared?.jsonValue()) ?? null
  if (!id) throw new Error(`no new token appeared at ${at.join(',')}`)
  await page
    .locator(`[data-testid="token-panel"][data-token-id="${id}"]`)
    .waitFor({ timeout: STEP_TIMEOUT_MS })
  if (name) {
    await page.locator('[data-testid="token-name"]').fill(name)
    await page.locator('[data-testid="token-name"]').press('Enter')
    // The board labels a token with its initials (made unique on the map).
    await page.waitForFunction(
      ([tokenId, expected]) =>
        document
          .querySelector(`g.tokens > [data-token="${tokenId}"] .token-label`)
          ?.textContent?.startsWith(expected) === true,
      [id, initials(name)] as const,
    )
  }
  return id
}

export interface ReachRoom {
  mapId: string
  pc: string
  enemy: string
  /** The door on the room's east wall. */
  door: [Cell, Cell]
  /** The squares raised to 6 m, a wall-like ridge across the room. */
  ridge: Cell[]
}

/**
 * The shared prep scenario: a 12 × 10 Arianrhod map with a walled room (squares 1–8 × 1–6), a
 * door in its east wall, a ridge of squares x = 5, y = 2..5 raised to 6 m, a PC at [2, 3] and an
 * enemy at [7, 3] on the far side of the ridge.
 */
export async function buildReachRoom(page: Page, name = 'Reach room'): Promise<ReachRoom> {
  const mapId = await createMap(page, { name, system: 'arianrhod', width: 12, height: 10 })
  await drawRoom(page, [1, 1], [8, 6])
  const door: [Cell, Cell] = [
    [8, 3],
    [9, 3],
  ]
  await placeDoor(page, door[0], door[1])
  await raiseSquares(page, [5, 2], [5, 5], 6)
  const pc = await placeToken(page, [2, 3], 'party', 'Aria')
  const enemy = await placeToken(page, [7, 3], 'enemy', 'Goblin')
  return {
    mapId,
    pc,
    enemy,
    door,
    ridge: [
      [5, 2],
      [5, 3],
      [5, 4],
      [5, 5],
    ],
  }
}
