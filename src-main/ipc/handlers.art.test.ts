// Map art through the real campaign service, assets folder and art worker: the GM stores a picture
// and puts it under a map; the players get tiles only of the squares they know, by ids that are
// not the picture's hash, and never the picture itself (issue 16).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { decode } from 'fast-png'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AssetStore } from '../art/assets'
import { cellColour, cellColourPicture } from '../art/art-fixtures'
import { FOG_RGBA } from '../art/player-art'
import { spansToMask } from '../campaign/fog'
import { createCampaignService, type CampaignService } from '../campaign/service'
import { runScenario } from '../rules/scenario/run'
import type { HandlerResult, PlayerView } from './contract'
import { createHandlers, type Handlers } from './handlers'

const SAMPLE = fileURLToPath(new URL('../../resources/sample-campaign.json', import.meta.url))
const CAMPAIGN = 'sample-campaign'
const MAP = 'arianrhod-sample'

let dataDir: string
let service: CampaignService
let handlers: Handlers

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'grid-gm-art-'))
  service = await createCampaignService({
    dataDir,
    autosaveDelayMs: 10_000,
    sampleCampaignFile: SAMPLE,
  })
  handlers = createHandlers(
    service,
    { runScenario },
    { logError: () => {}, assets: new AssetStore(dataDir) },
  )
})

afterEach(async () => {
  handlers.dispose()
  await service.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

function value<T = unknown>(result: HandlerResult): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`)
  return result.value as T
}

async function until<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const got = read()
    if (got !== undefined) return got
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('timed out')
}

describe('map art', () => {
  it('reaches the players as tiles of known squares only, fog elsewhere, never by hash', async () => {
    const picture = cellColourPicture(12, 10, 24, 6)
    const base64 = Buffer.from(picture.png).toString('base64')
    const stored = value<{ hash: string; width: number; height: number; type: 'png' }>(
      await handlers.handle('asset.put', { base64 }),
    )
    value(await handlers.handle('campaign.open', { id: CAMPAIGN }))
    const art = {
      asset: stored.hash,
      type: stored.type,
      width: stored.width,
      height: stored.height,
      pixelsPerSquare: 24,
      offsetX: 6,
      offsetY: 6,
    }
    value(
      await handlers.handle('campaign.dispatch', {
        id: CAMPAIGN,
        command: { type: 'map.art', mapId: MAP, art },
      }),
    )
    const views: PlayerView[] = []
    handlers.subscribe('player.view', (v) => views.push(v))
    value(await handlers.handle('player.show', { target: { campaignId: CAMPAIGN, mapId: MAP } }))
    const view = await until(() => views.find((v) => v.map?.art))
    const map = view.map!
    const text = JSON.stringify(view)
    expect(text).not.toContain(stored.hash)
    expect(text).not.toContain(base64.slice(0, 40))

    const known = spansToMask(map.visible, map.width, map.height)
    const explored = spansToMask(map.explored, map.width, map.height)
    for (let i = 0; i < known.length; i++) known[i] |= explored[i]
    const ids = map.art!.tiles.map((t) => t.id)
    expect(ids.length).toBeGreaterThan(0)
    const { tiles } = value<{ tiles: Array<{ id: string; dataUrl: string }> }>(
      await handlers.handle('player.artTiles', { ids }, 'player'),
    )
    expect(tiles.map((t) => t.id)).toEqual(ids)
    let knownPixels = 0
    let fogPixels = 0
    for (const tile of map.art!.tiles) {
      const url = tiles.find((t) => t.id === tile.id)!.dataUrl
      expect(url.startsWith('data:image/png;base64,')).toBe(true)
      const png = decode(Buffer.from(url.slice(22), 'base64'))
      const px = map.art!.squarePx
      expect(png.width).toBe(tile.w * px)
      for (let cy = 0; cy < tile.h; cy++) {
        for (let cx = 0; cx < tile.w; cx++) {
          const x = tile.x + cx
          const y = tile.y + cy
          const i = ((cy * px + px / 2) * png.width + cx * px + px / 2) * 4
          const got = Array.from(png.data.slice(i, i + 4))
          if (known[y * map.width + x]) {
            expect(got).toEqual([...cellColour(x, y), 255])
            knownPixels++
          } else {
            expect(got).toEqual([...FOG_RGBA])
            fogPixels++
          }
        }
      }
    }
    expect(knownPixels).toBeGreaterThan(0)
    expect(fogPixels).toBeGreaterThan(0)
  })

  it('the GM page gets the picture back; players may not store or read pictures', async () => {
    const { png } = cellColourPicture(2, 2, 8)
    const stored = value<{ hash: string }>(
      await handlers.handle('asset.put', { base64: Buffer.from(png).toString('base64') }),
    )
    const { dataUrl } = value<{ dataUrl: string }>(
      await handlers.handle('asset.get', { hash: stored.hash }),
    )
    expect(dataUrl).toBe(`data:image/png;base64,${Buffer.from(png).toString('base64')}`)
    const asPlayer = await handlers.handle('asset.get', { hash: stored.hash }, 'player')
    expect(asPlayer.ok ? null : asPlayer.error.code).toBe('forbidden')
    const bad = await handlers.handle('asset.put', { base64: 'not base64!' })
    expect(bad.ok ? null : bad.error.code).toBe('asset-not-image')
    const unknown = value<{ tiles: unknown[] }>(
      await handlers.handle('player.artTiles', { ids: ['0'.repeat(32)] }, 'player'),
    )
    expect(unknown.tiles).toEqual([])
  })
})
