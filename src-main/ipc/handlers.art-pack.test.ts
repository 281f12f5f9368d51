// Campaign packs: a campaign with its pictures as one zip moves between data folders whole, and a
// tampered, padded or incomplete pack is refused with nothing written (issues 16, 27).
import { unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  CAMPAIGN,
  handlers,
  putCellColourArt,
  service,
  useArtTestbed,
  value,
  withOtherFolder,
} from './art-handlers.testing'

useArtTestbed()

describe('campaign packs (a campaign with its pictures as one zip)', () => {
  it('round-trips into another data folder, pictures included', async () => {
    // Without pictures, the export is the campaign's JSON as campaign.export gives it.
    value(await handlers.handle('campaign.open', { id: CAMPAIGN }))
    const plain = value<{ json?: string }>(
      await handlers.handle('campaign.exportPack', { id: CAMPAIGN }),
    )
    expect(JSON.parse(plain.json!).campaign.id).toBe(CAMPAIGN)
    const hash = await putCellColourArt()
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
    const hash = await putCellColourArt()
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
