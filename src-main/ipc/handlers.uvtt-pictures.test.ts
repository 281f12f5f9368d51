// The picture inside a Universal VTT file: kept as map art when it decodes, refused from its header
// or as it decodes when hostile, with nothing written (issues 20, 26).
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cellColourPicture } from '../art/art-fixtures'
import {
  htmlBehindPngHeader,
  onePixelPngInflatingTo2GB,
  png16384Squared,
  pngClaiming60000Squared,
} from '../art/hostile-pictures'
import { CAMPAIGN, dataDir, handlers, useArtTestbed, value } from './art-handlers.testing'

useArtTestbed()

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
