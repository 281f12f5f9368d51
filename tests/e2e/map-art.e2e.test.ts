// Map art end to end (issue 16): a Universal VTT file made here (cropped origin, a diagonal wall, a
// door, a window, two lights and a picture) is imported from the GM screen; the engine walks
// through the door and not the wall, and sees through the window it cannot walk through; the
// picture is under the grid, survives export → import and a reload; and the player view gets
// only tiles of the squares the party knows, fog elsewhere, never the picture or its hash.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { decode } from 'fast-png'
import { unzipSync } from 'fflate'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cellColour, cellColourPicture } from '../../src-main/art/art-fixtures'
import { FOG_RGBA } from '../../src-main/art/player-art'
import { spansToMask } from '@core/campaign/fog'
import { campaignSchema, type Campaign, type CampaignMap } from '@core/campaign/schema'
import type { PlayerView } from '@core/contract/contract'
import { importUvtt } from '@core/uvtt/import'
import { openCampaign, waitConnected } from './gm-page'
import { boardPoint } from './editor-steps'
import { selectToken } from './fight-steps'
import { eventually, screenshotDir, startRig, type Rig } from './harness'
import { gmClient, type GmClient } from './player-fixture'

const SAMPLE = 'sample-campaign'
const PPG = 20
const picture = cellColourPicture(8, 6, PPG)
const pictureBase64 = Buffer.from(picture.png).toString('base64')

/** Full-map frame; the export starts at (2, 1), so local = full − (2, 1). */
const keep = {
  format: 0.3,
  resolution: { map_origin: { x: 2, y: 1 }, map_size: { x: 8, y: 6 }, pixels_per_grid: PPG },
  line_of_sight: [
    // The dividing wall at local x = 4 (the door and the window sit in it).
    [
      { x: 6, y: 1 },
      { x: 6, y: 7 },
    ],
    // A diagonal wall in the west room, local (1, 3) → (3, 5): a staircase of edges.
    [
      { x: 3, y: 4 },
      { x: 5, y: 6 },
    ],
    // Outside the crop: clipped away.
    [
      { x: 0, y: 0 },
      { x: 12, y: 0 },
    ],
  ],
  objects_line_of_sight: [],
  portals: [
    {
      position: { x: 6, y: 2.5 },
      bounds: [
        { x: 6, y: 2 },
        { x: 6, y: 3 },
      ],
      rotation: Math.PI / 2,
      closed: true,
      freestanding: false,
    },
    {
      position: { x: 6, y: 5.5 },
      bounds: [
        { x: 6, y: 5 },
        { x: 6, y: 6 },
      ],
      rotation: Math.PI / 2,
      closed: false,
      freestanding: false,
    },
  ],
  lights: [
    { position: { x: 3.5, y: 2.5 }, range: 3, intensity: 1, color: 'ffffffff', shadows: true },
    { position: { x: 8.5, y: 5.5 }, range: 2, intensity: 0.5, color: 'ffffaa00', shadows: true },
  ],
  environment: { baked_lighting: false, ambient_light: 'ffffffff' },
  image: pictureBase64,
}

let rig: Rig
let page: Page
let gm: GmClient

async function onDisk(): Promise<Campaign> {
  await rig.host.flush()
  return campaignSchema.parse(
    JSON.parse(await readFile(join(rig.dataDir, 'campaigns', `${SAMPLE}.json`), 'utf8')),
  )
}

async function mapOnDisk(id: string): Promise<CampaignMap> {
  const map = (await onDisk()).maps.find((m) => m.id === id)
  if (!map) throw new Error(`no map ${id}`)
  return map
}

async function importThroughDialog(name: string, text: string): Promise<void> {
  await page
    .locator('[data-testid="uvtt-file"]')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) })
  await page.locator('[data-testid="uvtt-report"]').waitFor()
}

describe('map art', () => {
  beforeAll(async () => {
    rig = await startRig(undefined, {
      name: 'map-art',
      viewport: { width: 1366, height: 768 },
      acceptDownloads: true,
    })
    page = await rig.newPage()
    await waitConnected(page)
    await openCampaign(page, SAMPLE)
    gm = await gmClient(rig.host.port)
  }, 60_000)

  afterAll(async () => {
    gm?.close()
    await rig?.close()
  })

  it('imports the file with its counts, walls by the centre rule, and the picture under the grid', async () => {
    const expected = importUvtt(keep, 'arianrhod').report
    expect(expected).toMatchObject({
      doors: 1,
      windows: 1,
      lights: 2,
      imageWidth: 160,
      imageHeight: 120,
    })
    expect(expected.segmentsClipped).toBeGreaterThan(0)
    await importThroughDialog('keep.dd2vtt', JSON.stringify(keep))
    const report = page.locator('[data-testid="uvtt-report"]')
    for (const [attribute, count] of [
      ['data-walls', expected.walls],
      ['data-doors', 1],
      ['data-windows', 1],
    ] as const) {
      expect(await report.getAttribute(attribute)).toBe(String(count))
    }
    await page.locator(`[data-testid="uvtt-preview"][data-drawn="true"]`).waitFor()
    await page
      .locator('[data-testid="uvtt-import"]')
      .screenshot({ path: join(screenshotDir, 'map-art-import.png') })
    await page.locator(`[data-testid="uvtt-confirm"]`).click()
    await page
      .locator('[data-testid="map-tab"][data-map-id="keep"][aria-selected="true"]')
      .waitFor()
    await eventually(
      async () => (await onDisk()).maps.some((m) => m.id === 'keep'),
      'the imported map on disk',
    )
    const map = await mapOnDisk('keep')
    expect(map.art).toMatchObject({
      type: 'png',
      width: 160,
      height: 120,
      pixelsPerSquare: PPG,
      offsetX: 0,
      offsetY: 0,
    })
    expect(map.light.sources).toHaveLength(2)
    // The file's own wall lines are kept (local squares) to draw over the picture.
    expect(map.wallLines?.[0]).toEqual([
      [4, 0],
      [4, 6],
    ])
    // The picture is a file named by its hash in the assets folder, not inside the campaign.
    expect(
      new Uint8Array(await readFile(join(rig.dataDir, 'assets', `${map.art!.asset}.png`))),
    ).toEqual(picture.png)
    expect(JSON.stringify(await onDisk())).not.toContain(pictureBase64.slice(0, 60))
    await page.locator('[data-testid="board-canvas"][data-art="ready"]').waitFor()
    expect(rig.problems).toEqual([])
  })

  it('the engine walks through the door, not the wall, and sees through the window it cannot walk through', async () => {
    const mapId = 'keep'
    const token = { id: 'scout', name: 'Scout', at: [3, 0], faction: 'party', move: 20 }
    await gm.call('campaign.dispatch', { id: SAMPLE, command: { type: 'token.add', mapId, token } })
    await gm.call('campaign.dispatch', {
      id: SAMPLE,
      command: {
        type: 'edge.set',
        mapId,
        between: [
          [3, 1],
          [4, 1],
        ],
        edge: { kind: 'door', state: 'open' },
      },
    })
    const path = (await gm.call('rules.query', {
      campaignId: SAMPLE,
      mapId,
      query: { type: 'path', token: 'scout', to: [5, 0], mode: 'full' },
    })) as {
      reachable: boolean
      steps: Array<{ at: [number, number] }>
    }
    expect(path.reachable).toBe(true)
    const cells = [[3, 0], ...path.steps.map((s) => s.at)]
    const crossing = cells.findIndex((c, i) => i > 0 && cells[i - 1][0] === 3 && c[0] === 4)
    expect(cells[crossing][1]).toBe(1) // through the open door's square row, not the wall at row 0
    // The window (local x 3|4 at rows 4 and 5): seen through, never walked through.
    await gm.call('campaign.dispatch', {
      id: SAMPLE,
      command: { type: 'token.move', mapId, tokenId: 'scout', to: [3, 4] },
    })
    const seen = (await gm.call('rules.query', {
      campaignId: SAMPLE,
      mapId,
      query: { type: 'visible', token: 'scout' },
    })) as { cells: Array<[number, number]> }
    expect(seen.cells).toContainEqual([4, 4])
    const walk = (await gm.call('rules.query', {
      campaignId: SAMPLE,
      mapId,
      query: { type: 'path', token: 'scout', to: [4, 4], mode: 'full' },
    })) as {
      reachable: boolean
      steps: Array<{ at: [number, number] }>
    }
    // Reachable or not, no step of the walk goes through the window's edge (3, 4) | (4, 4).
    const walked = [[3, 4], ...(walk.reachable ? walk.steps.map((step) => step.at) : [])]
    const throughWindow = walked.some(
      (c, i) => i > 0 && c[1] === 4 && walked[i - 1][1] === 4 && c[0] + walked[i - 1][0] === 7,
    )
    expect(throughWindow).toBe(false)
  })

  it('shows the players the picture only on squares they know, never the picture or its hash', async () => {
    const player = await rig.newPage('player.html')
    const frames: string[] = []
    player.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => frames.push(String(frame.payload))),
    )
    await player.reload()
    await player.locator('[data-testid="player-waiting"]').waitFor()
    await page.locator('[data-testid="show-to-players"]').click()
    await player.locator('[data-testid="player-board"][data-map-id="keep"]').waitFor()
    await player.locator('[data-testid="player-art-tile"]').first().waitFor()
    await player.screenshot({ path: join(screenshotDir, 'map-art-player.png') })

    const view = (await gm.call('player.current')) as PlayerView
    const map = view.map!
    const known = spansToMask(map.visible, map.width, map.height)
    const explored = spansToMask(map.explored, map.width, map.height)
    for (let i = 0; i < known.length; i++) known[i] |= explored[i]
    expect(known.includes(0)).toBe(true) // the east room is not known yet

    const tiles = player.locator('[data-testid="player-art-tile"]')
    await eventually(
      async () => (await tiles.count()) === map.art!.tiles.length,
      'every named tile drawn',
    )
    const squarePx = map.art!.squarePx
    let fog = 0
    for (const tile of await tiles.all()) {
      const [x, y, w] = await Promise.all(
        ['x', 'y', 'width'].map(async (a) => Number(await tile.getAttribute(a))),
      )
      const png = decode(
        Buffer.from(
          (await tile.getAttribute('href'))!.replace(/^data:image\/png;base64,/, ''),
          'base64',
        ),
      )
      expect(png.width).toBe(w * squarePx)
      for (let cy = 0; cy < png.height / squarePx; cy++) {
        for (let cx = 0; cx < w; cx++) {
          const at = ((cy * squarePx + squarePx / 2) * png.width + cx * squarePx + squarePx / 2) * 4
          const got = Array.from(png.data.slice(at, at + 4))
          if (known[(y + cy) * map.width + x + cx])
            expect(got).toEqual([...cellColour(x + cx, y + cy), 255])
          else {
            expect(got).toEqual([...FOG_RGBA])
            fog++
          }
        }
      }
    }
    expect(fog).toBeGreaterThan(0)
    const hash = (await mapOnDisk('keep')).art!.asset
    const everything = frames.join('\n')
    expect(everything).not.toContain(hash)
    expect(everything).not.toContain(pictureBase64.slice(0, 60))
    expect(everything).not.toContain(pictureBase64.slice(-60))
    await player.close()
  })

  it('exports the map with its picture as Universal VTT, and that imports back the same, picture included', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid="map-export-uvtt"]').click(),
    ])
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      image: string
      resolution: { pixels_per_grid: number }
    }
    expect(exported.resolution.pixels_per_grid).toBe(PPG)
    const back = decode(Buffer.from(exported.image, 'base64'))
    expect([back.width, back.height]).toEqual([160, 120])
    for (const [x, y] of [
      [0, 0],
      [7, 5],
      [3, 2],
    ]) {
      const at = ((y * PPG + 10) * back.width + x * PPG + 10) * back.channels
      expect(Array.from(back.data.slice(at, at + 3))).toEqual(cellColour(x, y))
    }
    await importThroughDialog('keep-copy.uvtt', JSON.stringify(exported))
    await page.locator('[data-testid="uvtt-name"]').fill('keep copy')
    await page.locator('[data-testid="uvtt-confirm"]').click()
    await eventually(
      async () => (await onDisk()).maps.some((m) => m.name === 'keep copy'),
      'the re-imported map on disk',
    )
    const original = await mapOnDisk('keep')
    const copy = (await onDisk()).maps.find((m) => m.name === 'keep copy')!
    const kinds = (m: CampaignMap) =>
      m.edges.map((e) => [e.between, e.kind === 'door' ? 'door' : e.kind])
    expect(kinds(copy)).toEqual(kinds(original))
    expect(copy.art).toMatchObject({
      width: 160,
      height: 120,
      pixelsPerSquare: PPG,
      offsetX: 0,
      offsetY: 0,
    })
  })

  it('keeps the picture and its alignment across a reload, nudged by the art panel', async () => {
    await page.locator('[data-testid="map-tab"][data-map-id="keep"]').click()
    await page.locator('[data-testid="art-panel"][data-has-art="yes"]').waitFor()
    await page.locator('[data-testid="art-right"]').click()
    await eventually(async () => (await mapOnDisk('keep')).art?.offsetX === -1, 'the nudge on disk')
    await page.reload()
    await waitConnected(page)
    await openCampaign(page, SAMPLE)
    await page.locator('[data-testid="map-tab"][data-map-id="keep"]').click()
    await page.locator('[data-testid="board-canvas"][data-art="ready"]').waitFor()
    await page.screenshot({ path: join(screenshotDir, 'map-art-gm.png') })
    await page.locator('[data-testid="art-panel"]').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(screenshotDir, 'map-art-panel.png') })
    expect(await page.locator('[data-testid="art-offset-x"]').inputValue()).toBe('-1')
    expect(rig.problems).toEqual([])
  })

  it('aligns the picture by marking one of its squares on the board', async () => {
    // Drawn at 25 px a square (offset −1, 0), the picture's 20 px squares are out of step with the grid.
    await page.locator('[data-testid="art-pps"]').fill('25')
    await page.locator('[data-testid="art-pps"]').press('Enter')
    await eventually(
      async () => (await mapOnDisk('keep')).art?.pixelsPerSquare === 25,
      'the typed scale on disk',
    )
    await page.locator('[data-testid="art-mark"]').click()
    await page.locator('[data-testid="art-mark-hint"]').waitFor()
    // The picture's square (2, 1) spans pixels 40–60 × 20–40: map squares 1.64–2.44 × 0.8–1.6 now.
    const from = await boardPoint(page, 41 / 25, 20 / 25)
    const to = await boardPoint(page, 61 / 25, 40 / 25)
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move(to.x, to.y, { steps: 5 })
    await page.locator(`[data-testid="art-mark-box"]`).waitFor()
    await page.mouse.up()
    await eventually(
      async () => Math.abs(((await mapOnDisk('keep')).art?.pixelsPerSquare ?? 0) - 20) < 0.5,
      'the marked scale on disk',
    )
    const art = (await mapOnDisk('keep')).art!
    expect(Math.abs(art.offsetX)).toBeLessThan(1)
    expect(Math.abs(art.offsetY)).toBeLessThan(1)
    expect(await page.locator('[data-testid="board"]').getAttribute('data-art-mark')).toBe('false')
  })

  it('gives a token a picture: stored once by hash, drawn on the board and shown to the players', async () => {
    await selectToken(page, 'scout')
    const { png } = cellColourPicture(2, 2, 16)
    await page
      .locator('[data-testid="token-image"]')
      .setInputFiles({ name: 'scout.png', mimeType: 'image/png', buffer: Buffer.from(png) })
    await page.locator('[data-token="scout"] [data-testid="token-picture"]').waitFor()
    await eventually(
      async () => !!(await mapOnDisk('keep')).tokens.find((t) => t.id === 'scout')?.picture,
      'the picture hash on disk',
    )
    const hash = (await mapOnDisk('keep')).tokens.find((t) => t.id === 'scout')!.picture!
    expect(new Uint8Array(await readFile(join(rig.dataDir, 'assets', `${hash}.png`)))).toEqual(png)
    expect(JSON.stringify(await onDisk())).not.toContain('data:image')
    const view = (await gm.call('player.current')) as PlayerView
    expect(view.map?.tokens.find((t) => t.name === 'Scout')?.image).toBe(
      `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
    )
  })

  it('exports the campaign with its pictures as one zip, and imports it back (keep both) with them', async () => {
    await page.locator('[data-testid="close-campaign"]').click()
    const row = page.locator(`[data-testid="campaign-row"][data-campaign-id="${SAMPLE}"]`)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.locator('[data-testid="export-campaign"]').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.gmcampaign\.zip$/)
    const packPath = (await download.path())!
    const entries = unzipSync(new Uint8Array(await readFile(packPath)))
    const hash = (await mapOnDisk('keep')).art!.asset
    expect(Object.keys(entries)).toContain(`assets/${hash}.png`)
    const scoutPicture = (await mapOnDisk('keep')).tokens.find((t) => t.id === 'scout')!.picture!
    expect(Object.keys(entries)).toContain(`assets/${scoutPicture}.png`)
    expect(Object.keys(entries)).toContain('campaign.json')
    await page.locator('[data-testid="import-campaign"]').setInputFiles(packPath)
    await page.locator('[data-testid="import-keep-both"]').click()
    await eventually(
      async () => (await page.locator('[data-testid="campaign-row"]').count()) === 2,
      'the imported copy in the list',
    )
    const copyId = (
      await page
        .locator('[data-testid="campaign-row"]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-campaign-id')))
    ).find((id) => id !== SAMPLE)!
    await rig.host.flush()
    const copy = campaignSchema.parse(
      JSON.parse(await readFile(join(rig.dataDir, 'campaigns', `${copyId}.json`), 'utf8')),
    )
    expect(copy.maps.find((m) => m.name === 'keep')?.art?.asset).toBe(hash)
    expect(rig.problems).toEqual([])
  })
})
