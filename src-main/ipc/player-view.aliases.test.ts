// Token ids never reach the players (issue 11.9): a campaign made before random ids holds tokens
// named after their faction (`cultists-1700000000`). Through the real service and handlers, every
// payload a player transport gets carries aliases instead, stable within the session and used
// consistently by the turn highlight, the order list and the tokens themselves.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCampaignService, type CampaignService } from '../campaign/service'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { makeTempDir, removeDir } from '../campaign/temp-dirs.testing'
import { runPrepared } from '@core/rules/scenario/run'
import type { HandlerResult, PlayerView } from '@core/contract/contract'
import { createHandlers, type Handlers } from './handlers'
import { followPlayerViews } from '@core/table/player-view-testing'

const PC = 'party-1700000001'
const CULTIST = 'cultists-1700000000'
const HIDDEN = 'cultists-1700000002'
const SECRET_WORDS = ['cultists', '1700000000', '1700000001', '1700000002', PC, CULTIST, HIDDEN]

let dataDir: string
let service: CampaignService
let handlers: Handlers

beforeEach(async () => {
  dataDir = await makeTempDir('gm-aliases-')
  service = await createCampaignService({ dataDir, autosaveDelayMs: 10_000 })
  const campaign = makeCampaign({
    id: 'old-campaign',
    maps: [
      makeMap({
        width: 5,
        height: 1,
        tokens: [
          { id: PC, name: 'Hero', at: [0, 0], faction: 'party' },
          { id: CULTIST, name: 'Robed figure', at: [2, 0], faction: 'cultists', known: true },
          { id: HIDDEN, name: 'Lurker', at: [3, 0], faction: 'cultists', hidden: true },
        ],
        fight: {
          round: 1,
          turn: 1,
          order: [
            { tokenId: HIDDEN, count: 20 },
            { tokenId: CULTIST, count: 15 },
            { tokenId: PC, count: 10 },
          ],
          unaware: [],
          acted: [],
          delaying: [],
          readied: [],
          showOrder: true,
          showRolls: true,
          expired: [],
        },
      }),
    ],
  })
  await service.importCampaign(JSON.stringify(campaign))
  handlers = createHandlers(service, { runPrepared }, { logError: () => {} })
})

afterEach(async () => {
  handlers.dispose()
  await service.dispose()
  await removeDir(dataDir)
})

function value<T>(result: HandlerResult): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value as T
}

describe('token aliases on the player view', () => {
  it('no player payload holds a stored token id or a faction name; turn and order use the aliases', async () => {
    const payloads: PlayerView[] = []
    handlers.subscribe(
      'player.view',
      followPlayerViews((view) => payloads.push(view)),
    )
    value(await handlers.handle('campaign.open', { id: 'old-campaign' }))
    value(
      await handlers.handle('player.show', { target: { campaignId: 'old-campaign', mapId: 'm1' } }),
    )
    value(
      await handlers.handle('player.control', {
        templates: [{ id: CULTIST, cells: [[2, 0]], label: 'Fire' }],
      }),
    )
    value(
      await handlers.handle('dice.roll', {
        system: 'arianrhod',
        command: '2D6',
        campaignId: 'old-campaign',
        who: 'Robed figure',
        tokenId: CULTIST,
      }),
    )
    value(
      await handlers.handle('campaign.dispatch', {
        id: 'old-campaign',
        command: { type: 'token.move', mapId: 'm1', tokenId: CULTIST, to: [1, 0] },
      }),
    )
    payloads.push(value<PlayerView>(await handlers.handle('player.current', {}, 'player')))

    expect(payloads.length).toBeGreaterThan(3)
    for (const payload of payloads) {
      const text = JSON.stringify(payload)
      for (const word of SECRET_WORDS) expect(text).not.toContain(word)
    }

    const first = payloads[0].map!
    const last = payloads.at(-1)!.map!
    const byName = (view: typeof last, name: string) => view.tokens.find((t) => t.name === name)!
    // Stable within the session: the moved token keeps its alias, so the player page can animate it.
    expect(byName(last, 'Robed figure').id).toBe(byName(first, 'Robed figure').id)
    expect(byName(last, 'Robed figure').at).toEqual([1, 0])
    expect(last.turn).toBe(byName(last, 'Robed figure').id)
    expect(last.order).toEqual([byName(last, 'Robed figure').id, byName(last, 'Hero').id])
    expect(last.templates).toEqual([{ id: 'template-1', cells: [[2, 0]], label: 'Fire' }])
    expect(last.rolls?.[0]?.by).toBe(byName(last, 'Robed figure').id)
    // Aliases are not the ids, and two tokens never share one.
    expect(new Set(last.tokens.map((t) => t.id)).size).toBe(last.tokens.length)
  })
})
