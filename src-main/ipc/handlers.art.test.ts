// Map art through the real campaign service, assets folder and art worker: the GM stores a picture
// and puts it under a map; the players get tiles only of the squares they know, by ids that are
// not the picture's hash, and never the picture itself (issue 16).
import { decode } from 'fast-png'
import { describe, expect, it } from 'vitest'
import { cellColour, cellColourPicture } from '../art/art-fixtures'
import { FOG_RGBA } from '../art/player-art'
import { spansToMask } from '@core/campaign/fog'
import type { PlayerView } from '@core/contract/contract'
import {
  CAMPAIGN,
  MAP,
  dispatch,
  handlers,
  putCellColourArt,
  revealEverySquare,
  service,
  showMapArt,
  until,
  useArtTestbed,
  value,
} from './art-handlers.testing'
import { followPlayerViews } from '@core/table/player-view-testing'

useArtTestbed()

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
    handlers.subscribe(
      'player.view',
      followPlayerViews((v) => views.push(v)),
    )
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
    await putCellColourArt()
    // The GM reveals the whole map by hand: every tile shows every square.
    await dispatch({ type: 'fog.settings', mapId: MAP, mode: 'both' })
    await revealEverySquare()
    const { views, shown: revealed } = await showMapArt()
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
    await putCellColourArt()
    await dispatch({ type: 'fog.settings', mapId: MAP, mode: 'both' })
    await revealEverySquare()
    const { views, shown } = await showMapArt()
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
    await revealEverySquare()
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
    await putCellColourArt()
    await dispatch({ type: 'fog.settings', mapId: MAP, mode: 'both' })
    // A copy of the campaign (same map ids, same picture), imported next to it.
    await service.flush()
    const copy = await service.importCampaign(await service.exportCampaign(CAMPAIGN), 'keep-both')
    expect(copy.id).not.toBe(CAMPAIGN)
    await revealEverySquare()
    const { shown } = await showMapArt()
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
