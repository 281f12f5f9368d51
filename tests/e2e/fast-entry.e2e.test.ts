// Issue 12.2: fast entry loses nothing. A GM types a name, Tab, notes, Tab, in one panel after
// another, faster than main answers. The page's socket is routed through the test, which holds
// main's answers back while the GM types (as a slow machine would) and then lets them through:
// the race is the same on any machine, with no timing in the test.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page, WebSocketRoute } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignSchema, type Campaign, type CampaignMap } from '@core/campaign/schema'
import { chooseTool, clickLine, cellCentre } from './editor-steps'
import { openCampaign, waitConnected, waitForEdge } from './gm-page'
import { eventually, startRig, type Rig } from './harness'

const CAMPAIGN = 'fast-entry'
const campaign = {
  schemaVersion: 2,
  id: CAMPAIGN,
  name: 'Fast entry',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  notes: '',
  maps: [
    {
      id: 'hall',
      name: 'Hall',
      system: 'arianrhod',
      width: 8,
      height: 6,
      edges: [
        {
          between: [
            [6, 1],
            [7, 1],
          ],
          kind: 'door',
          state: 'closed',
        },
      ],
      tokens: [{ id: 'pc', name: 'Aria', at: [2, 2], faction: 'party', move: 10 }],
      light: { sources: [{ id: 'lamp', at: [5, 4], level: 4, radius: 6 }] },
      notes: '',
    },
  ],
}

let rig: Rig
let page: Page

/** Main's messages to the page, held back while `held` is true. */
const gate = { held: false, waiting: [] as (() => void)[] }

function hold(): void {
  gate.held = true
}

function release(): void {
  gate.held = false
  for (const send of gate.waiting.splice(0)) send()
}

function route(ws: WebSocketRoute): void {
  const server = ws.connectToServer()
  server.onMessage((message) => {
    if (gate.held) gate.waiting.push(() => ws.send(message))
    else ws.send(message)
  })
}

async function onDisk(): Promise<CampaignMap> {
  await rig.host.flush()
  const stored: Campaign = campaignSchema.parse(
    JSON.parse(await readFile(join(rig.dataDir, 'campaigns', `${CAMPAIGN}.json`), 'utf8')),
  )
  return stored.maps[0]
}

/** Selects a field's text and types over it, as a GM does. */
async function typeInto(testId: string, text: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"]`).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
}

describe('fast entry (issue 12.2)', () => {
  beforeAll(async () => {
    rig = await startRig([campaign], { name: 'fast-entry', viewport: { width: 1366, height: 768 } })
    await rig.context.routeWebSocket(/\/ws/, route)
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, CAMPAIGN)
  }, 60_000)

  afterAll(async () => {
    release()
    await rig?.close()
  })

  it('trap: name, Tab, notes, Tab keeps the name', async () => {
    await chooseTool(page, 'trap')
    const at = await cellCentre(page, [1, 1])
    await page.mouse.click(at.x, at.y)
    await page.locator('[data-testid="trap-selected"]').waitFor()

    hold()
    await page.locator('[data-testid="trap-name"]').click()
    await page.keyboard.type('Pit of spikes')
    await page.keyboard.press('Tab')
    await page.keyboard.type('DC 20 to spot')
    await page.keyboard.press('Tab')
    release()

    await eventually(
      async () => (await onDisk()).traps?.[0]?.notes === 'DC 20 to spot',
      'the trap notes saved',
    )
    const trap = (await onDisk()).traps![0]
    expect(trap).toMatchObject({ name: 'Pit of spikes', notes: 'DC 20 to spot' })
    await expect
      .poll(() => page.locator('[data-testid="trap-name"]').inputValue())
      .toBe('Pit of spikes')
    expect(await page.locator('[data-testid="trap-notes"]').inputValue()).toBe('DC 20 to spot')
  })

  it('token: name, label, faction, two states and notes all stay', async () => {
    await chooseTool(page, 'select')
    const at = await cellCentre(page, [2, 2])
    await page.mouse.click(at.x, at.y)
    await page.locator('[data-testid="token-panel"][data-token-id="pc"]').waitFor()

    hold()
    await typeInto('token-name', 'Aria the Bold')
    await page.keyboard.press('Tab')
    await page.keyboard.type('AB')
    await page.keyboard.press('Tab')
    await page.keyboard.type('heroes')
    await page.keyboard.press('Tab')
    await page.locator('[data-testid="token-state-flying"]').check()
    await page.locator('[data-testid="token-state-swimming"]').check()
    await typeInto('token-notes', 'Carries the key')
    await page.keyboard.press('Tab')
    release()

    await eventually(
      async () => (await onDisk()).tokens[0].notes === 'Carries the key',
      'the token notes saved',
    )
    expect((await onDisk()).tokens[0]).toMatchObject({
      name: 'Aria the Bold',
      label: 'AB',
      faction: 'heroes',
      states: ['flying', 'swimming'],
      notes: 'Carries the key',
    })
    await expect
      .poll(() => page.locator('[data-testid="token-name"]').inputValue())
      .toBe('Aria the Bold')
    expect(await page.locator('[data-testid="token-state-flying"]').isChecked()).toBe(true)
    expect(await page.locator('[data-testid="token-state-swimming"]').isChecked()).toBe(true)
  })

  it('light, map name and map notes: each field keeps what was typed', async () => {
    await chooseTool(page, 'light')
    const lamp = await cellCentre(page, [5, 4])
    await page.mouse.click(lamp.x, lamp.y)
    await page.locator('[data-testid="light-selected"]').waitFor()

    hold()
    await typeInto('light-level', '3')
    await page.keyboard.press('Tab')
    await page.keyboard.type('4')
    await page.keyboard.press('Tab')
    await typeInto('map-name', 'Great hall')
    await page.keyboard.press('Tab')
    await typeInto('map-notes', 'The lamp flickers')
    await page.keyboard.press('Tab')
    release()

    await eventually(
      async () => (await onDisk()).notes === 'The lamp flickers',
      'the map notes saved',
    )
    const map = await onDisk()
    expect(map.name).toBe('Great hall')
    expect(map.light.sources[0]).toMatchObject({ level: 3, radius: 4 })
    await expect.poll(() => page.locator('[data-testid="light-level"]').inputValue()).toBe('3')
    expect(await page.locator('[data-testid="map-name"]').inputValue()).toBe('Great hall')
  })

  it('two quick clicks on a door with the Door tool cycle it twice (closed → open → locked)', async () => {
    await chooseTool(page, 'door')
    hold()
    await clickLine(page, [6, 1], [7, 1])
    await clickLine(page, [6, 1], [7, 1])
    release()
    await waitForEdge(page, [6, 1], [7, 1], 'door', 'locked')
    await eventually(
      async () => (await onDisk()).edges[0].state === 'locked',
      'the locked door saved',
    )
    expect(rig.problems).toEqual([])
  })
})
