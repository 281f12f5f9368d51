// The page's first wall click on a big map reads no more wall records than the clicks after it
// (issue 29): the lists are keyed while the page is idle (keepEditKeys), so the click's edge
// lookup and the application of main's change find their records by key. Records are counted
// through proxies, so nothing here depends on the machine's speed.
import { describe, expect, it } from 'vitest'
import { applyCommand } from '@core/campaign/commands'
import { changesOf, type Change } from '@core/campaign/changes'
import type { CampaignEdit } from '@core/contract/campaign-service'
import type { Campaign, CampaignEdge } from '@core/campaign/schema'
import { countedWalls, makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { applyEdit } from './campaign-edits'
import { edgeClickCommand } from './grid-geometry'
import { COLLECTION_OF, keysOf } from '@core/campaign/list-keys'
import {
  KEYS_PER_PIECE,
  keepEditKeys,
  prepareEdits,
  rehearseRasterEdit,
  rehearseWallClick,
  whenIdle,
} from './prepare-edits'

const SIZE = 80

/** The page's copy (counted walls) and main's (plain records) of one campaign. */
function campaigns(): { page: Campaign; main: Campaign; read: Set<object> } {
  const { edges, read } = countedWalls(SIZE)
  const maps = (list: CampaignEdge[]) =>
    Array.from({ length: 5 }, (_, i) =>
      makeMap({ id: `m${i}`, width: SIZE, height: SIZE, edges: i === 2 ? list : [] }),
    )
  return {
    page: makeCampaign({ maps: maps(edges) }),
    main: makeCampaign({ maps: maps(edges.map((e) => ({ ...e }))) }),
    read,
  }
}

/** What the page does for one wall click: the command from its copy, then main's change applied. */
function wallClick(page: Campaign, main: Campaign, x: number, y: number) {
  const map = page.maps[2]
  const command = edgeClickCommand(
    map,
    [
      [x, y],
      [x + 1, y],
    ],
    'wall',
  )
  const next = applyCommand(main, command)
  const edit: CampaignEdit = {
    campaignId: page.id,
    revision: 1,
    changes: JSON.parse(JSON.stringify(changesOf(main, next))) as Change[],
    cause: { type: command.type },
    canUndo: true,
    canRedo: false,
  }
  const outcome = applyEdit({ campaign: page, outlines: [] }, 0, edit)
  if (outcome.kind !== 'applied') throw new Error(outcome.kind)
  return outcome.held.campaign
}

describe('the first wall click after the page was idle (issue 29)', () => {
  it('reads no wall record but the one it adds', () => {
    const { page, main, read } = campaigns()
    for (const step of keepEditKeys(page, page.maps[2])) void step
    read.clear()
    const after = wallClick(page, main, 1, 1)
    expect([...read]).toEqual([])
    expect(after.maps[2].edges).toHaveLength(page.maps[2].edges.length + 1)
  })

  it('without the idle keys, the click reads every wall (what keepEditKeys saves)', () => {
    const { page, main, read } = campaigns()
    wallClick(page, main, 1, 1)
    expect(read.size).toBe(page.maps[2].edges.length)
  })

  it('keys a piece at a time while idle, so a long list never makes one long task', async () => {
    const { page, read } = campaigns()
    const walls = page.maps[2].edges.length
    expect(walls).toBeGreaterThan(KEYS_PER_PIECE)
    read.clear()
    whenIdle(keepEditKeys(page, page.maps[2]))
    expect(read.size).toBe(0)
    // Without idle callbacks (this DOM) a timer runs one step, as an idle period with no time left.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(read.size).toBe(KEYS_PER_PIECE)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(read.size).toBe(walls)
  })

  it('whenIdle steps later, and not at all once cancelled', async () => {
    const ran: string[] = []
    function* steps(name: string) {
      ran.push(`${name} 1`)
      yield
      ran.push(`${name} 2`)
    }
    whenIdle(steps('kept'))
    const cancel = whenIdle(steps('cancelled'))
    expect(ran).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 0))
    cancel()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(ran).toEqual(['kept 1', 'cancelled 1', 'kept 2'])
  })
})

/** The keys the page keeps for a list of `kind` records (list-keys.ts). */
const keptKeys = (list: readonly unknown[], kind: 'edge' | 'map') =>
  keysOf(list, COLLECTION_OF.get(kind)!.collection)

describe('the wall click rehearsed while idle (issue 29)', () => {
  it("applies a wall's change as main would send it, and leaves the page's copy as it was", () => {
    const { page, read } = campaigns()
    const map = page.maps[2]
    for (const step of keepEditKeys(page, map)) void step
    const edgeKeys = keptKeys(map.edges, 'edge')
    const mapKeys = keptKeys(page.maps, 'map')
    expect(edgeKeys?.set?.size).toBe(map.edges.length)
    const before = JSON.stringify(page)
    read.clear()

    expect(rehearseWallClick({ campaign: page, outlines: [] }, map)).toBe(true)

    // It reads no more of the map's walls than the piece it copies.
    expect(read.size).toBeLessThanOrEqual(KEYS_PER_PIECE)
    expect(JSON.stringify(page)).toBe(before)
    // Applying a change hands a list's kept keys (and their set) on to the list it makes: the
    // rehearsal works on stand-in lists, so the real click still finds its edge by the set.
    expect(keptKeys(map.edges, 'edge')).toBe(edgeKeys)
    expect(edgeKeys?.set?.size).toBe(map.edges.length)
    expect(keptKeys(page.maps, 'map')).toBe(mapKeys)
    expect(mapKeys?.set?.size).toBe(page.maps.length)
  })

  it('rehearses the raster on a map of its own: two squares, one wall', () => {
    const { page } = campaigns()
    expect(rehearseRasterEdit(page.maps[2])).toEqual({ full: false, box: [1, 0, 1, 1] })
  })

  it('rehearses only when asked (the first look at a map), after the keys', () => {
    const keyed = campaigns().page
    const steps = [...prepareEdits(keyed, keyed.maps[2], null)].length
    const { page } = campaigns()
    const map = page.maps[2]
    let outlinesRead = 0
    const rehearse = {
      outlines: () => {
        outlinesRead++
        return []
      },
    }
    expect([...prepareEdits(page, map, rehearse)].length).toBe(steps + 1)
    expect(outlinesRead).toBe(1)
    // Kept keys are not walked again, and no rehearsal without asking.
    expect([...prepareEdits(page, map, null)].length).toBe(0)
    expect(outlinesRead).toBe(1)
  })
})
