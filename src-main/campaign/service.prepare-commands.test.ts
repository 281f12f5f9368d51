// The shown map's first edit, prepared while the app is idle after an open (issue 29): the IPC
// contract's first parse of a command kind compiles zod's parsers for it (~5–10 ms of the first
// wall click after an open); the preparation parses the edits a GM makes first, so the click's
// parse compiles nothing. Alone in its file: any parse of an edit before it would warm the same
// parsers (vitest runs each file in its own worker).
import { Doc } from 'zod/v4/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { contract } from '@core/contract/contract'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { createCampaignService, type CampaignService } from './service'
import { makeTempDir, removeDir, writeCampaignFile } from './temp-dirs.testing'

let dir: string | undefined
let service: CampaignService | undefined

afterEach(async () => {
  vi.restoreAllMocks()
  await service?.dispose().catch(() => undefined)
  if (dir) await removeDir(dir)
})

describe('the commands of the shown map', () => {
  it('are parsed ahead: the first wall click and token move compile no parser', async () => {
    dir = await makeTempDir('gm-prepare-commands-')
    const map = makeMap({
      width: 20,
      height: 20,
      tokens: [{ id: 'pc', name: 'PC', at: [1, 1], faction: 'party' }],
    })
    const campaign = makeCampaign({ id: 'room', maps: [map] })
    await writeCampaignFile(dir, campaign)
    service = await createCampaignService({
      dataDir: dir,
      autosaveDelayMs: 3_600_000,
      prepareShownMapMs: 0,
    })
    await service.open('room')
    await service.prepareShownMap('room', 'm1')
    const compiled = vi.spyOn(Doc.prototype, 'compile')
    // As the page sends them: a wall on an edge of the map, the PC moved.
    const wall = contract['campaign.dispatch'].args.safeParse({
      id: 'room',
      command: {
        type: 'edge.set',
        mapId: 'm1',
        between: [
          [5, 6],
          [6, 6],
        ],
        edge: { kind: 'wall' },
      },
    })
    const move = contract['campaign.dispatch'].args.safeParse({
      id: 'room',
      command: { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [2, 1] },
    })
    expect(wall.success && move.success).toBe(true)
    expect(compiled).not.toHaveBeenCalled()
  })
})
