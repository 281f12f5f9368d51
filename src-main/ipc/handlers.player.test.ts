// The player view verbs through the real campaign service: controls, freeze, blackout and the
// projector calibration saved per display.
import { beforeEach, describe, expect, it } from 'vitest'
import { openCalibrationStore, type DisplayInfo } from '../table/calibration'
import type { PlayerView } from '@core/contract/contract'
import { contract } from '@core/contract/contract'
import { handlers, useHandlerTestbed, value } from './handlers.testing'
import { centreOf } from '@core/table/frame'
import { followPlayerViews, withoutSeq } from '@core/table/player-view-testing'
import { PlayerViewReceiver, type PlayerViewMessage } from '@core/table/player-view-patch'
import { cachedMapsOf } from '@core/table/map-caches'

let display: DisplayInfo

beforeEach(() => {
  display = {
    key: 'Projector 1280x800',
    label: 'Projector',
    widthPx: 1280,
    heightPx: 800,
    scaleFactor: 1,
  }
})
useHandlerTestbed({
  options: async (dataDir) => ({
    calibration: { store: await openCalibrationStore(dataDir), display: () => display },
  }),
})

async function showSample(): Promise<{ mapId: string; views: PlayerView[] }> {
  const views: PlayerView[] = []
  handlers.subscribe(
    'player.view',
    followPlayerViews((v) => views.push(v)),
  )
  value(await handlers.handle('campaign.open', { id: 'sample-campaign' }))
  const mapId = 'arianrhod-sample'
  value(await handlers.handle('player.show', { target: { campaignId: 'sample-campaign', mapId } }))
  return { mapId, views }
}

const move = (mapId: string, tokenId: string, to: [number, number]) =>
  handlers.handle('campaign.dispatch', {
    id: 'sample-campaign',
    command: { type: 'token.move', mapId, tokenId, to },
  })

describe('player view controls', () => {
  it('freeze keeps the players’ view until unfrozen; blackout works even while frozen', async () => {
    const { mapId, views } = await showSample()
    const campaign = value<{
      campaign: {
        maps: {
          id: string
          tokens: { id: string; name: string; faction: string; at: [number, number] }[]
        }[]
      }
    }>(await handlers.handle('campaign.open', { id: 'sample-campaign' })).campaign
    const pc = campaign.maps.find((m) => m.id === mapId)!.tokens.find((t) => t.faction === 'party')!
    const before = withoutSeq(
      value<PlayerView>(await handlers.handle('player.current', {}, 'player')),
    )
    // Players know the token by an alias (issue 11.9), found here by its name.
    const heroAlias = before.map?.tokens.find((t) => t.name === pc.name)?.id
    expect(heroAlias).toBeDefined()

    const state = value(await handlers.handle('player.control', { frozen: true }))
    expect(contract['player.control'].result.parse(state).controls.frozen).toBe(true)
    const count = views.length
    value(await move(mapId, pc.id, [pc.at[0] === 0 ? 1 : 0, pc.at[1]]))
    expect(views.length).toBe(count)
    expect(withoutSeq(value(await handlers.handle('player.current', {}, 'player')))).toEqual(
      withoutSeq(before),
    )

    value(await handlers.handle('player.control', { blackout: true }))
    expect(views.at(-1)?.map).toMatchObject({ screen: 'blackout', tokens: [], visible: [] })
    value(await handlers.handle('player.control', { blackout: false }))
    expect(views.at(-1)).toEqual(before)
    value(await handlers.handle('player.control', { frozen: false }))
    const after = views.at(-1)!
    expect(after.map?.tokens.find((t) => t.id === heroAlias)?.at).not.toEqual(pc.at)
  })

  it('the frame and templates reach the payload; the player role may not change them', async () => {
    const { views } = await showSample()
    expect(
      (await handlers.handle('player.control', { frame: { centre: [2, 2] } }, 'player')).ok,
    ).toBe(false)
    // The map's middle: a centre the frame may always have (it is kept over the map).
    const { width, height } = views.at(-1)!.map!
    const middle = [width / 2, height / 2]
    value(
      await handlers.handle('player.control', {
        frame: { centre: middle, zoom: 2 },
        templates: [{ id: 'area', cells: [[0, 0]] }],
      }),
    )
    const frame = views.at(-1)!.map!.frame!
    expect(centreOf(frame)).toEqual(middle)
    expect((await handlers.handle('player.control', { frame: { centre: [-1, 0] } })).ok).toBe(false)
    expect(value(await handlers.handle('player.state', {}))).toMatchObject({
      target: { campaignId: 'sample-campaign', mapId: 'arianrhod-sample' },
      controls: { blackout: false, frozen: false, locked: false, followTurn: false },
      frame: { centre: middle, zoom: 2, box: frame },
    })
  })

  it('projects any map for the player-safe export, as the players would get it; GM only', async () => {
    const { mapId } = await showSample()
    value(
      await handlers.handle('player.control', {
        blackout: true,
        templates: [{ id: 'area', cells: [[0, 0]] }],
      }),
    )
    const shown = value<PlayerView>(
      await handlers.handle('player.viewOf', { campaignId: 'sample-campaign', mapId }),
    )
    // Never blacked out, with the templates the players are shown; the same projection as player.current would give.
    expect(shown.map?.screen).toBe('live')
    value(await handlers.handle('player.control', { blackout: false }))
    expect(shown).toEqual(withoutSeq(value(await handlers.handle('player.current', {}, 'player'))))
    const other = value<PlayerView>(
      await handlers.handle('player.viewOf', {
        campaignId: 'sample-campaign',
        mapId: 'pathfinder-sample',
      }),
    )
    expect(other.map).toMatchObject({ id: 'pathfinder-sample', templates: [], screen: 'live' })
    expect(
      (await handlers.handle('player.viewOf', { campaignId: 'sample-campaign', mapId }, 'player'))
        .ok,
    ).toBe(false)
    expect(
      (await handlers.handle('player.viewOf', { campaignId: 'sample-campaign', mapId: 'nope' })).ok,
    ).toBe(false)
    expect(
      (await handlers.handle('player.viewOf', { campaignId: 'sample-campaign', mapId, extra: 1 }))
        .ok,
    ).toBe(false)
  })

  it('saves the calibration per display and sends the scale with the view', async () => {
    const { views } = await showSample()
    const initial = value<{ saved: boolean; squarePx: number | null }>(
      await handlers.handle('calibration.get', {}),
    )
    expect(initial).toMatchObject({ saved: false, squarePx: null })
    const settings = {
      squareMm: 25.4,
      diagonalInches: 20,
      widthPx: 1280,
      heightPx: 800,
      rulerFactor: 1,
    }
    const saved = value<{ squarePx: number }>(
      await handlers.handle('calibration.set', { settings, ruler: true }),
    )
    // 1509.4 px over 508 mm → 2.971 px/mm → 75.47 px per inch
    expect(saved.squarePx).toBeCloseTo(75.47, 1)
    expect(views.at(-1)?.projector).toEqual({ squarePx: saved.squarePx, ruler: true })
    // another display has its own (no) setting
    display = {
      key: 'Other 1920x1080',
      label: 'Other',
      widthPx: 1920,
      heightPx: 1080,
      scaleFactor: 1,
    }
    handlers.projectorDisplayChanged()
    expect(views.at(-1)?.projector.squarePx).toBeNull()
    expect(
      (await handlers.handle('calibration.set', { settings: { ...settings, squareMm: 1 } })).ok,
    ).toBe(false)
  })

  it('answers unavailable for the LAN verbs without a LAN server', async () => {
    const result = await handlers.handle('lan.status', {})
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } })
  })
})

describe('player view patches (issue 29)', () => {
  it('reach each listener as the whole view first, then patches that give what player.current gives', async () => {
    const messages: PlayerViewMessage<PlayerView>[] = []
    handlers.subscribe('player.view', (message) => messages.push(message))
    const { mapId, views } = await showSample()
    const campaign = value<{
      campaign: {
        maps: { id: string; tokens: { id: string; at: [number, number]; faction: string }[] }[]
      }
    }>(await handlers.handle('campaign.open', { id: 'sample-campaign' })).campaign
    const pc = campaign.maps.find((m) => m.id === mapId)!.tokens.find((t) => t.faction === 'party')!
    value(await move(mapId, pc.id, [pc.at[0] === 0 ? 1 : 0, pc.at[1]]))
    value(await handlers.handle('player.control', { blackout: true }))
    value(await handlers.handle('player.control', { blackout: false }))
    // A listener that joins late gets the whole view with its next message.
    const late: PlayerView[] = []
    handlers.subscribe(
      'player.view',
      followPlayerViews((v) => late.push(v)),
    )
    value(await move(mapId, pc.id, pc.at))

    expect('view' in messages[0]).toBe(true)
    expect(messages.slice(1).every((m) => 'patch' in m)).toBe(true)
    const current = value<PlayerView>(await handlers.handle('player.current', {}, 'player'))
    expect(current.seq).toBe(messages.at(-1)!.seq)
    expect(views.at(-1)).toEqual(withoutSeq(current))
    expect(late).toEqual([withoutSeq(current)])

    // A page that holds another view (it reloaded) asks for the whole view, then follows.
    const shown: PlayerView[] = []
    const page = new PlayerViewReceiver(
      async () => value<PlayerView>(await handlers.handle('player.current', {}, 'player')),
      (v) => shown.push(v),
    )
    page.receive(messages.at(-1)!)
    await page.refetch()
    expect(page.current()).toEqual(withoutSeq(current))
    handlers.subscribe('player.view', (message) => page.receive(message))
    value(await move(mapId, pc.id, [pc.at[0] === 0 ? 1 : 0, pc.at[1]]))
    expect(page.current()).toEqual(
      withoutSeq(value<PlayerView>(await handlers.handle('player.current', {}, 'player'))),
    )
  })
})

describe('player view caches', () => {
  const mapsHeld = (): string[] => cachedMapsOf('sample-campaign')

  it('drops what a closed campaign left in the player view’s caches, but the shown map’s', async () => {
    value(await handlers.handle('campaign.open', { id: 'sample-campaign' }))
    for (const mapId of ['arianrhod-sample', 'pathfinder-sample'])
      value(await handlers.handle('player.viewOf', { campaignId: 'sample-campaign', mapId }))
    expect(mapsHeld()).toEqual(expect.arrayContaining(['arianrhod-sample', 'pathfinder-sample']))
    value(await handlers.handle('campaign.close', { id: 'sample-campaign' }))
    expect(mapsHeld()).toEqual([])

    // The table screen keeps showing a map of a closed campaign: its tables stay for its patches.
    const target = { campaignId: 'sample-campaign', mapId: 'dnd35-sample' }
    value(await handlers.handle('player.show', { target }))
    value(
      await handlers.handle('player.viewOf', {
        campaignId: 'sample-campaign',
        mapId: 'dystopia-sample',
      }),
    )
    value(await handlers.handle('campaign.close', { id: 'sample-campaign' }))
    expect(mapsHeld()).toEqual(['dnd35-sample'])
    value(await handlers.handle('campaign.delete', { id: 'sample-campaign' }))
    expect(mapsHeld()).toEqual([])
  })
})
