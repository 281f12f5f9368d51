// The table screen belongs to main (issue 23): through the real service and handlers, the shown
// map, its turn highlight and its frame do not depend on any GM page; the frame is remembered per
// map, locks, and follows the turn (never towards a token the players cannot see).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCampaignService, type CampaignService } from '../campaign/service'
import type { CampaignMap } from '@core/campaign/schema'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { makeTempDir, removeDir } from '../campaign/temp-dirs.testing'
import { runPrepared } from '@core/rules/scenario/run'
import { centreOf } from '@core/table/frame'
import type { HandlerResult, PlayerView, VerbResult } from '@core/contract/contract'
import { createHandlers, type Handlers } from './handlers'
import { followPlayerViews } from '@core/table/player-view-testing'

type PlayerState = VerbResult<'player.state'>

let dataDir: string
let service: CampaignService
let handlers: Handlers
let views: PlayerView[]
let states: PlayerState[]

const fight = (turn: number, order: string[]): CampaignMap['fight'] => ({
  round: 1,
  turn,
  order: order.map((tokenId) => ({ tokenId, count: null })),
  unaware: [],
  acted: [],
  delaying: [],
  readied: [],
  showOrder: false,
  showRolls: false,
  expired: [],
})

/** A long hall: the hero at the west end, a goblin far east, a hidden lurker in the middle. */
function hall(id: string): CampaignMap {
  return makeMap({
    id,
    name: `Hall ${id}`,
    system: 'pathfinder',
    width: 60,
    height: 10,
    tokens: [
      { id: 'hero', name: 'Hero', at: [2, 5], faction: 'party' },
      { id: 'goblin', name: 'Goblin', at: [55, 5], faction: 'enemy', known: true },
      { id: 'lurker', name: 'Lurker', at: [30, 5], faction: 'enemy', hidden: true },
    ],
    fog: { mode: 'manual', explored: [], revealed: [[5, 0, 59]] },
    fight: fight(0, ['hero', 'goblin', 'lurker']),
  })
}

beforeEach(async () => {
  dataDir = await makeTempDir('gm-table-screen-')
  service = await createCampaignService({ dataDir, autosaveDelayMs: 10_000 })
  await service.importCampaign(
    JSON.stringify(makeCampaign({ id: 'first', name: 'First', maps: [hall('a'), hall('b')] })),
  )
  await service.importCampaign(
    JSON.stringify(makeCampaign({ id: 'second', name: 'Second', maps: [hall('a')] })),
  )
  handlers = createHandlers(service, { runPrepared }, { logError: () => {} })
  views = []
  states = []
  handlers.subscribe(
    'player.view',
    followPlayerViews((view) => views.push(view)),
  )
  handlers.subscribe('player.state', (state) => states.push(state))
})

afterEach(async () => {
  handlers.dispose()
  await service.dispose()
  await removeDir(dataDir)
})

function value<T = unknown>(result: HandlerResult): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value as T
}

const call = async <T = unknown>(verb: string, args: unknown = {}): Promise<T> =>
  value<T>(await handlers.handle(verb, args))
const dispatch = (id: string, command: unknown) => call('campaign.dispatch', { id, command })
const show = (campaignId: string, mapId: string) =>
  call<PlayerView>('player.show', { target: { campaignId, mapId } })
const current = () => call<PlayerView>('player.current')
const nameOf = (view: PlayerView, alias: string | null) =>
  view.map?.tokens.find((t) => t.id === alias)?.name ?? null
const centre = (view: PlayerView) => centreOf(view.map!.frame!)

describe('the table screen, owned by main', () => {
  it('keeps the shown map, its turn and frame while GM pages close it and open another campaign', async () => {
    await call('campaign.open', { id: 'first' })
    await show('first', 'a')
    await call('player.control', { frame: { centre: [20, 5], zoom: 2 } })
    const before = await current()
    // The host builds the highlight from the map's fight: nobody told it whose turn it is.
    expect(nameOf(before, before.map!.turn)).toBe('Hero')

    // The GM page closes the campaign and opens another whose map has the same id.
    await call('campaign.close', { id: 'first' })
    await call('campaign.open', { id: 'second' })
    await dispatch('second', { type: 'fight.next', mapId: 'a' })
    expect(await current()).toEqual(before)
    expect((await call<PlayerState>('player.state')).target).toEqual({
      campaignId: 'first',
      mapId: 'a',
    })

    // The shown campaign opened again (a reloaded page): its fight moves on, the highlight too.
    await call('campaign.open', { id: 'first' })
    await dispatch('first', { type: 'fight.next', mapId: 'a' })
    const after = await current()
    expect(nameOf(after, after.map!.turn)).toBe('Goblin')
    expect(after.map!.frame).toEqual(before.map!.frame)
    expect(states.at(-1)?.target).toEqual({ campaignId: 'first', mapId: 'a' })

    // Deleting the campaign is what takes it off the table.
    await call('campaign.delete', { id: 'first' })
    expect((await current()).map).toBeNull()
  })

  it('remembers each map’s frame and brings it back when the map is shown again', async () => {
    await show('first', 'a')
    await call('player.control', { frame: { centre: [40.5, 5], zoom: 3 } })
    const framed = (await current()).map!.frame!
    expect(centreOf(framed)).toEqual([40.5, 5])

    await show('first', 'b')
    expect(centre(await current())).not.toEqual([40.5, 5])
    await show('first', 'a')
    expect((await current()).map!.frame).toEqual(framed)
    const state = await call<PlayerState>('player.state')
    expect(state.frame).toEqual({ centre: [40.5, 5], zoom: 3, box: framed })
    // Every change reached the GM pages as a player.state event.
    expect(states.at(-1)).toEqual(state)
  })

  it('locked, the screen never moves on its own and refuses to be moved until unlocked', async () => {
    await show('first', 'a')
    await call('player.control', { frame: { zoom: 3 } })
    const following = centre(await current())
    // Following the party: the hero walks east and the frame goes along.
    await dispatch('first', { type: 'token.move', mapId: 'a', tokenId: 'hero', to: [20, 5] })
    const moved = centre(await current())
    expect(moved[0]).toBeGreaterThan(following[0])

    await call('player.control', { locked: true, followTurn: true })
    await dispatch('first', { type: 'token.move', mapId: 'a', tokenId: 'hero', to: [40, 5] })
    await dispatch('first', { type: 'fight.next', mapId: 'a' })
    expect(centre(await current())).toEqual(moved)
    const refused = await handlers.handle('player.control', { frame: { centre: [12, 5] } })
    expect(refused).toMatchObject({ ok: false, error: { code: 'frame-locked' } })

    await call('player.control', { locked: false, followTurn: false, frame: { centre: [12.5, 5] } })
    expect(centre(await current())).toEqual([12.5, 5])
    // Unlocked and following the turn again, the frame goes to the goblin whose turn it is.
    await call('player.control', { followTurn: true })
    expect(centre(await current())[0]).toBeGreaterThan(40)
  })

  it('follows the turn to a combatant the players see, never to a hidden one', async () => {
    await show('first', 'a')
    await call('player.control', { frame: { centre: [6, 5], zoom: 3 } })
    const start = (await current()).map!.frame!
    await call('player.control', { followTurn: true })
    expect((await current()).map!.frame).toEqual(start)

    // The goblin's turn: it stands far outside the frame, which pans to bring it in.
    await dispatch('first', { type: 'fight.next', mapId: 'a' })
    const onGoblin = (await current()).map!.frame!
    expect(onGoblin.x + onGoblin.width).toBeGreaterThanOrEqual(57)
    expect(onGoblin.x).toBeLessThanOrEqual(54)
    // The move is remembered: the map shown again comes back where the turn took it.
    expect((await call<PlayerState>('player.state')).frame?.centre).toEqual(centreOf(onGoblin))

    // The hidden lurker's turn: nothing on the table moves or lights up.
    await call('player.control', { frame: { centre: [6, 5] } })
    const beforeLurker = await current()
    await dispatch('first', { type: 'fight.next', mapId: 'a' })
    const onLurker = await current()
    expect(onLurker.map!.turn).toBeNull()
    expect(onLurker.map!.frame).toEqual(beforeLurker.map!.frame)
  })
})
