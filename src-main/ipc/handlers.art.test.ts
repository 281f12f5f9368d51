// Map art through the real campaign service, assets folder and art worker: the GM stores a picture
// and puts it under a map; the players get tiles only of the squares they know, by ids that are
// not the picture's hash, and never the picture itself (issue 16).
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { decode } from 'fast-png'
import { unzipSync, zipSync } from 'fflate'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AssetStore } from '../art/assets'
import { cellColour, cellColourPicture } from '../art/art-fixtures'
import {
  htmlBehindPngHeader,
  onePixelPngInflatingTo2GB,
  png16384Squared,
  pngClaiming60000Squared,
} from '../art/hostile-pictures'
import { FOG_RGBA } from '../art/player-art'
import { spansToMask } from '@core/campaign/fog'
import { createCampaignService, type CampaignService } from '../campaign/service'
import { runPrepared } from '@core/rules/scenario/run'
import type { HandlerResult, PlayerView } from '@core/contract/contract'
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
    { runPrepared },
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

/** A second data folder with its own service and handlers, for moving campaigns between them. */
async function withOtherFolder(
  prefix: string,
  body: (other: Handlers, otherService: CampaignService) => Promise<void>,
): Promise<void> {
  const otherDir = await mkdtemp(join(tmpdir(), prefix))
  const otherService = await createCampaignService({
    dataDir: otherDir,
    autosaveDelayMs: 10_000,
    sampleCampaignFile: SAMPLE,
  })
  const other = createHandlers(
    otherService,
    { runPrepared },
    { logError: () => {}, assets: new AssetStore(otherDir) },
  )
  try {
    await body(other, otherService)
  } finally {
    other.dispose()
    await otherService.dispose()
    await rm(otherDir, { recursive: true, force: true })
  }
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

  it('tile ids die with the fog that made them: after a fog reset, an old id fetches nothing', async () => {
    const picture = cellColourPicture(12, 10, 8)
    const stored = value<{ hash: string }>(
      await handlers.handle('asset.put', { base64: Buffer.from(picture.png).toString('base64') }),
    )
    value(await handlers.handle('campaign.open', { id: CAMPAIGN }))
    const dispatch = async (command: unknown): Promise<void> => {
      value(await handlers.handle('campaign.dispatch', { id: CAMPAIGN, command }))
    }
    await dispatch({
      type: 'map.art',
      mapId: MAP,
      art: {
        asset: stored.hash,
        type: 'png',
        width: 96,
        height: 80,
        pixelsPerSquare: 8,
        offsetX: 0,
        offsetY: 0,
      },
    })
    // The GM reveals the whole map by hand: every tile shows every square.
    await dispatch({ type: 'fog.settings', mapId: MAP, mode: 'both' })
    const every: Array<[number, number]> = []
    for (let y = 0; y < 10; y++) for (let x = 0; x < 12; x++) every.push([x, y])
    await dispatch({ type: 'fog.reveal', mapId: MAP, cells: every, reveal: true })
    const views: PlayerView[] = []
    handlers.subscribe('player.view', (v) => views.push(v))
    value(await handlers.handle('player.show', { target: { campaignId: CAMPAIGN, mapId: MAP } }))
    const revealed = await until(() => views.find((v) => v.map?.art))
    const oldIds = revealed.map!.art!.tiles.map((t) => t.id)
    const fetch = async (ids: string[]) =>
      value<{ tiles: Array<{ id: string; dataUrl: string }> }>(
        await handlers.handle('player.artTiles', { ids }, 'player'),
      ).tiles
    expect((await fetch(oldIds)).map((t) => t.id)).toEqual(oldIds)

    // The GM forgets what was revealed: the squares are unknown again, and so are the old ids.
    await dispatch({ type: 'fog.reset', mapId: MAP, revealed: true })
    const reset = await until(() => {
      const last = views.at(-1)
      return last?.map?.art && last.map.art.tiles.every((t) => !oldIds.includes(t.id))
        ? last
        : undefined
    })
    expect(await fetch(oldIds)).toEqual([])
    const newIds = reset.map!.art!.tiles.map((t) => t.id)
    expect((await fetch(newIds)).length).toBe(newIds.length)
  })

  it('players fetch only the tiles of the view they are shown now: a map no longer shown, then forgotten, gives nothing', async () => {
    const picture = cellColourPicture(12, 10, 8)
    const stored = value<{ hash: string }>(
      await handlers.handle('asset.put', { base64: Buffer.from(picture.png).toString('base64') }),
    )
    value(await handlers.handle('campaign.open', { id: CAMPAIGN }))
    const dispatch = async (command: unknown): Promise<void> => {
      value(await handlers.handle('campaign.dispatch', { id: CAMPAIGN, command }))
    }
    const art = {
      asset: stored.hash,
      type: 'png',
      width: 96,
      height: 80,
      pixelsPerSquare: 8,
      offsetX: 0,
      offsetY: 0,
    }
    await dispatch({ type: 'map.art', mapId: MAP, art })
    await dispatch({ type: 'fog.settings', mapId: MAP, mode: 'both' })
    const every: Array<[number, number]> = []
    for (let y = 0; y < 10; y++) for (let x = 0; x < 12; x++) every.push([x, y])
    await dispatch({ type: 'fog.reveal', mapId: MAP, cells: every, reveal: true })
    const views: PlayerView[] = []
    handlers.subscribe('player.view', (v) => views.push(v))
    value(await handlers.handle('player.show', { target: { campaignId: CAMPAIGN, mapId: MAP } }))
    const shown = await until(() => views.find((v) => v.map?.art))
    const oldIds = shown.map!.art!.tiles.map((t) => t.id)
    const fetch = async (ids: string[], role: 'gm' | 'player' = 'player') =>
      value<{ tiles: Array<{ id: string }> }>(
        await handlers.handle('player.artTiles', { ids }, role),
      ).tiles.map((t) => t.id)
    expect(await fetch(oldIds)).toEqual(oldIds)

    // The GM shows another map, then forgets every square of the first one while it is not shown.
    const { campaign } = await service.open(CAMPAIGN)
    const other = campaign.maps.find((m) => m.id !== MAP)!
    value(
      await handlers.handle('player.show', { target: { campaignId: CAMPAIGN, mapId: other.id } }),
    )
    await dispatch({ type: 'fog.reset', mapId: MAP, revealed: true })
    expect(await fetch(oldIds)).toEqual([])
    // Shown and revealed again: the new ids are fetched; blacked out, no tile at all.
    value(await handlers.handle('player.show', { target: { campaignId: CAMPAIGN, mapId: MAP } }))
    await dispatch({ type: 'fog.reveal', mapId: MAP, cells: every, reveal: true })
    const again = await until(() => {
      const last = views.at(-1)
      return last?.map?.art ? last : undefined
    })
    const ids = again.map!.art!.tiles.map((t) => t.id)
    expect(await fetch(ids)).toEqual(ids)
    value(await handlers.handle('player.control', { blackout: true }))
    expect(await fetch(ids)).toEqual([])
    // The GM's own pages (the preview, the player-safe export) still get what they were given.
    expect(await fetch(ids, 'gm')).toEqual(ids)
  })

  it('ids die only with their own fog: the same map of a copied campaign, exported, leaves the shown tiles alive', async () => {
    const picture = cellColourPicture(12, 10, 8)
    const stored = value<{ hash: string }>(
      await handlers.handle('asset.put', { base64: Buffer.from(picture.png).toString('base64') }),
    )
    value(await handlers.handle('campaign.open', { id: CAMPAIGN }))
    const dispatch = async (id: string, command: unknown): Promise<void> => {
      value(await handlers.handle('campaign.dispatch', { id, command }))
    }
    await dispatch(CAMPAIGN, {
      type: 'map.art',
      mapId: MAP,
      art: {
        asset: stored.hash,
        type: 'png',
        width: 96,
        height: 80,
        pixelsPerSquare: 8,
        offsetX: 0,
        offsetY: 0,
      },
    })
    await dispatch(CAMPAIGN, { type: 'fog.settings', mapId: MAP, mode: 'both' })
    // A copy of the campaign (same map ids, same picture), imported next to it.
    await service.flush()
    const copy = await service.importCampaign(await service.exportCampaign(CAMPAIGN), 'keep-both')
    expect(copy.id).not.toBe(CAMPAIGN)
    const every: Array<[number, number]> = []
    for (let y = 0; y < 10; y++) for (let x = 0; x < 12; x++) every.push([x, y])
    await dispatch(CAMPAIGN, { type: 'fog.reveal', mapId: MAP, cells: every, reveal: true })
    const views: PlayerView[] = []
    handlers.subscribe('player.view', (v) => views.push(v))
    value(await handlers.handle('player.show', { target: { campaignId: CAMPAIGN, mapId: MAP } }))
    const shown = await until(() => views.find((v) => v.map?.art))
    const ids = shown.map!.art!.tiles.map((t) => t.id)
    // The GM exports the copy's map, whose players know less: its fog is not the shown map's.
    value(await handlers.handle('player.viewOf', { campaignId: copy.id, mapId: MAP }))
    const fetched = value<{ tiles: Array<{ id: string }> }>(
      await handlers.handle('player.artTiles', { ids }, 'player'),
    )
    expect(fetched.tiles.map((t) => t.id)).toEqual(ids)
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

describe('campaign packs (a campaign with its pictures as one zip)', () => {
  async function campaignWithArt(): Promise<string> {
    const { png } = cellColourPicture(12, 10, 8)
    const stored = value<{ hash: string }>(
      await handlers.handle('asset.put', { base64: Buffer.from(png).toString('base64') }),
    )
    value(await handlers.handle('campaign.open', { id: CAMPAIGN }))
    const art = {
      asset: stored.hash,
      type: 'png',
      width: 96,
      height: 80,
      pixelsPerSquare: 8,
      offsetX: 0,
      offsetY: 0,
    }
    value(
      await handlers.handle('campaign.dispatch', {
        id: CAMPAIGN,
        command: { type: 'map.art', mapId: MAP, art },
      }),
    )
    return stored.hash
  }

  it('round-trips into another data folder, pictures included', async () => {
    // Without pictures, the export is the campaign's JSON as campaign.export gives it.
    value(await handlers.handle('campaign.open', { id: CAMPAIGN }))
    const plain = value<{ json?: string }>(
      await handlers.handle('campaign.exportPack', { id: CAMPAIGN }),
    )
    expect(JSON.parse(plain.json!).campaign.id).toBe(CAMPAIGN)
    const hash = await campaignWithArt()
    const { zip: base64 } = value<{ zip: string }>(
      await handlers.handle('campaign.exportPack', { id: CAMPAIGN }),
    )
    const entries = unzipSync(Buffer.from(base64, 'base64'))
    expect(Object.keys(entries).sort()).toEqual(['assets/' + hash + '.png', 'campaign.json'])

    await withOtherFolder('grid-gm-art-other-', async (other) => {
      const conflict = await other.handle('campaign.importPack', { base64 })
      expect(conflict.ok ? null : conflict.error.code).toBe('import-conflict')
      const imported = value<{
        campaign: { id: string; maps: Array<{ art?: { asset: string } }> }
        report: { pictures: number; ignored: number }
      }>(await other.handle('campaign.importPack', { base64, onConflict: 'keep-both' }))
      expect(imported.campaign.maps.some((m) => m.art?.asset === hash)).toBe(true)
      expect(imported.report).toEqual({ pictures: 1, ignored: 0 })
      expect(
        value<{ dataUrl: string }>(await other.handle('asset.get', { hash })).dataUrl.length,
      ).toBeGreaterThan(100)
    })
  })

  it('refuses a tampered, padded or incomplete pack and writes nothing', async () => {
    const hash = await campaignWithArt()
    const { zip: base64 } = value<{ zip: string }>(
      await handlers.handle('campaign.exportPack', { id: CAMPAIGN }),
    )
    const entries = unzipSync(Buffer.from(base64, 'base64'))
    const picture = entries[`assets/${hash}.png`]
    const campaignJson = entries['campaign.json']
    const repack = (files: Record<string, Uint8Array>) =>
      Buffer.from(zipSync(files)).toString('base64')
    const tampered = picture.slice()
    tampered[tampered.length - 20] ^= 0xff
    const cases: Array<[string, string, string]> = [
      [
        repack({ 'campaign.json': campaignJson, [`assets/${hash}.png`]: tampered }),
        'pack-entry-damaged',
        'damaged',
      ],
      [
        repack({
          'campaign.json': campaignJson,
          [`assets/${hash}.png`]: picture,
          '../evil.sh': new Uint8Array(3),
        }),
        'pack-bad-entry',
        'may not',
      ],
      [repack({ [`assets/${hash}.png`]: picture }), 'pack-no-campaign', 'no campaign.json'],
      [
        Buffer.from('not a zip at all').toString('base64'),
        'pack-unreadable',
        'not a readable campaign pack',
      ],
    ]
    // The edit above saved first, so the list can only change by an import.
    await service.flush()
    const before = await service.list()
    for (const [pack, code, says] of cases) {
      const result = await handlers.handle('campaign.importPack', {
        base64: pack,
        onConflict: 'keep-both',
      })
      expect(result.ok ? null : result.error.code).toBe(code)
      expect(result.ok ? '' : result.error.message).toContain(says)
    }
    // A pack without the picture its campaign names, into a folder that lacks it too.
    await withOtherFolder('grid-gm-art-bare-', async (other, otherService) => {
      const result = await other.handle('campaign.importPack', {
        base64: repack({ 'campaign.json': campaignJson }),
        onConflict: 'keep-both',
      })
      expect(result.ok ? null : result.error.code).toBe('pack-picture-missing')
      expect((await otherService.list()).length).toBe(1)
    })
    expect(await service.list()).toEqual(before)
  })
})

describe('Universal VTT pictures', () => {
  const uvtt = (image: string) =>
    JSON.stringify({
      format: 0.3,
      resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: 4, y: 3 }, pixels_per_grid: 10 },
      line_of_sight: [],
      portals: [],
      lights: [],
      image,
    })

  it('keeps a good picture as map art, and refuses one whose pixels do not decode, writing nothing', async () => {
    const { png } = cellColourPicture(4, 3, 10)
    value(await handlers.handle('campaign.open', { id: CAMPAIGN }))
    const good = value<{ mapId: string }>(
      await handlers.handle('map.importUvtt', {
        campaignId: CAMPAIGN,
        json: uvtt(Buffer.from(png).toString('base64')),
        name: 'Pictured',
        system: 'arianrhod',
      }),
    )
    const { campaign } = value<{
      campaign: { maps: Array<{ id: string; art?: { width: number; pixelsPerSquare: number } }> }
    }>(await handlers.handle('campaign.open', { id: CAMPAIGN }))
    expect(campaign.maps.find((m) => m.id === good.mapId)?.art).toMatchObject({
      width: 40,
      pixelsPerSquare: 10,
    })

    const cut = Buffer.from(png.slice(0, Math.floor(png.length / 2))).toString('base64')
    const before = campaign.maps.length
    const refused = await handlers.handle('map.importUvtt', {
      campaignId: CAMPAIGN,
      json: uvtt(cut),
      name: 'Broken',
      system: 'arianrhod',
    })
    expect(refused.ok ? null : refused.error).toMatchObject({
      code: 'image-undecodable',
      path: '/image',
    })
    const after = value<{ campaign: { maps: unknown[] } }>(
      await handlers.handle('campaign.open', { id: CAMPAIGN }),
    ).campaign.maps.length
    expect(after).toBe(before)
  })

  it('a hostile picture in the file is refused from its header or as it decodes, at /image, nothing written', async () => {
    value(await handlers.handle('campaign.open', { id: CAMPAIGN }))
    const cases: Array<[Uint8Array, string]> = [
      [png16384Squared(), 'asset-too-many-pixels'],
      [pngClaiming60000Squared(), 'asset-too-many-pixels'],
      [onePixelPngInflatingTo2GB(), 'image-undecodable'],
      [htmlBehindPngHeader(), 'image-undecodable'],
    ]
    for (const [bytes, code] of cases) {
      const json = uvtt(Buffer.from(bytes).toString('base64'))
      for (const dryRun of [true, false]) {
        const refused = await handlers.handle('map.importUvtt', {
          campaignId: CAMPAIGN,
          json,
          name: 'Hostile',
          system: 'arianrhod',
          dryRun,
        })
        expect(refused.ok ? null : refused.error).toMatchObject({ code, path: '/image' })
      }
    }
    expect(await readdir(join(dataDir, 'assets')).catch(() => [])).toEqual([])
    const { campaign } = value<{ campaign: { maps: Array<{ name: string }> } }>(
      await handlers.handle('campaign.open', { id: CAMPAIGN }),
    )
    expect(campaign.maps.map((map) => map.name)).not.toContain('Hostile')
  }, 120_000)
})

describe('token pictures (schema 5)', () => {
  it('an older file’s inline token picture moves to the assets folder on open and reaches the players', async () => {
    const { png } = cellColourPicture(1, 1, 4)
    const dir = await mkdtemp(join(tmpdir(), 'grid-gm-art-v4-'))
    const v4 = {
      schemaVersion: 4,
      id: 'old',
      name: 'Old',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      notes: '',
      maps: [
        {
          id: 'm',
          name: 'M',
          system: 'arianrhod',
          width: 4,
          height: 3,
          tokens: [
            {
              id: 'hero',
              name: 'Hero',
              at: [1, 1],
              faction: 'party',
              image: `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
            },
          ],
        },
      ],
    }
    await mkdir(join(dir, 'campaigns'), { recursive: true })
    await writeFile(join(dir, 'campaigns', 'old.json'), JSON.stringify(v4))
    const oldService = await createCampaignService({
      dataDir: dir,
      autosaveDelayMs: 10_000,
      sampleCampaignFile: SAMPLE,
    })
    const old = createHandlers(
      oldService,
      { runPrepared },
      { logError: () => {}, assets: new AssetStore(dir) },
    )
    try {
      const { campaign } = value<{
        campaign: { maps: Array<{ tokens: Array<{ picture?: string }> }> }
      }>(await old.handle('campaign.open', { id: 'old' }))
      const hash = campaign.maps[0].tokens[0].picture!
      expect(hash).toMatch(/^[0-9a-f]{64}$/)
      expect(new Uint8Array(await readFile(join(dir, 'assets', `${hash}.png`)))).toEqual(png)
      const views: PlayerView[] = []
      old.subscribe('player.view', (v) => views.push(v))
      value(await old.handle('player.show', { target: { campaignId: 'old', mapId: 'm' } }))
      const view = await until(() => views.find((v) => v.map?.tokens[0]?.image))
      expect(view.map!.tokens[0].image).toBe(
        `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
      )
    } finally {
      old.dispose()
      await oldService.dispose()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
