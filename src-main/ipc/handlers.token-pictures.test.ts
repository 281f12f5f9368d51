// Token pictures (schema 5): an older file's inline picture moves to the assets folder on open and
// reaches the players by the same tile path as map art.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AssetStore } from '../art/assets'
import { cellColourPicture } from '../art/art-fixtures'
import { createCampaignService } from '../campaign/service'
import { runPrepared } from '@core/rules/scenario/run'
import type { PlayerView } from '@core/contract/contract'
import { createHandlers } from './handlers'
import { SAMPLE, until, value } from './art-handlers.testing'
import { followPlayerViews } from '@core/table/player-view-testing'

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
      old.subscribe(
        'player.view',
        followPlayerViews((v) => views.push(v)),
      )
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
