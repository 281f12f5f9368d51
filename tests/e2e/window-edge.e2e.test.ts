// The window edge tool end to end: a GM draws a window into a wall with the real tool (M key and
// a click on a grid line), it is stored as the scenario format's `window` edge, and it is drawn.
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { clickLine, createMap, drawRoom, waitForEdge } from './editor-steps'
import { openCampaign, waitConnected, type Cell } from './gm-page'
import { eventually, startRig, type Rig } from './harness'

const SAMPLE_ID = 'sample-campaign'
let rig: Rig
let page: Page

beforeAll(async () => {
  rig = await startRig(undefined, {
    name: 'window-e2e',
    viewport: { width: 1366, height: 768 },
  })
  page = await rig.newPage()
  await waitConnected(page)
  await openCampaign(page, SAMPLE_ID)
}, 120_000)

afterAll(async () => {
  await rig?.close()
})

describe('window edges in the map editor', () => {
  it('places a window on a wall with the M tool and saves it as a window edge', async () => {
    const mapId = await createMap(page, {
      name: 'Window room',
      system: 'arianrhod',
      width: 10,
      height: 8,
    })
    await drawRoom(page, [1, 1], [6, 5])
    await page.keyboard.press('m')
    await page.locator('[data-testid="board"][data-tool="window"]').waitFor({ timeout: 10_000 })
    const a: Cell = [6, 3]
    const b: Cell = [7, 3]
    await clickLine(page, a, b)
    await waitForEdge(page, a, b, 'window')
    await eventually(async () => {
      await rig.host.flush()
      const campaign = JSON.parse(
        await readFile(join(rig.dataDir, 'campaigns', `${SAMPLE_ID}.json`), 'utf8'),
      ) as {
        maps: { id: string; edges: { between: [Cell, Cell]; kind: string }[] }[]
      }
      const edges = campaign.maps.find((m) => m.id === mapId)?.edges ?? []
      return edges.some(
        (e) => e.kind === 'window' && JSON.stringify(e.between) === JSON.stringify([a, b]),
      )
    }, 'the window saved to disk')
    await page.mouse.move(5, 700)
    await mkdir('.tmp', { recursive: true })
    await page.screenshot({ path: join('.tmp', 'window-edge.png') })
  }, 120_000)
})
