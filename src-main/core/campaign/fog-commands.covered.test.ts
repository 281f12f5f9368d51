// A click that changes no PC's sight, or only narrows it or moves it over explored squares, leaves
// the explored cells as they are without reading them (issue 29: 4,800 spans turned into a mask
// and 40,000 squares read twice on every wall click of the bench's 200×200 map), and gives what
// reading them gives. The party's sight added ahead (the host does it while idle) is the fog the
// first edit gives, not built again.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { applyCommand } from './commands'
import { withExplored } from './fog-commands'
import type { Campaign, CampaignEdge, Command } from './schema'
import { makeCampaign, makeMap, ROOM_EAST_WALL_REMOVED } from './test-helpers'

// How many explored lists were turned into masks, and masks into lists.
const reads = vi.hoisted(() => ({ spansToMask: 0, maskToSpans: 0 }))
vi.mock('./fog', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./fog')>()
  return {
    ...actual,
    spansToMask: (...args: Parameters<typeof actual.spansToMask>) => {
      reads.spansToMask++
      return actual.spansToMask(...args)
    },
    maskToSpans: (...args: Parameters<typeof actual.maskToSpans>) => {
      reads.maskToSpans++
      return actual.maskToSpans(...args)
    },
  }
})

/** A PC in the corner of a 20×20 map, walled into a 4×4 room. */
function room(): Campaign {
  const edges: CampaignEdge[] = []
  for (let i = 0; i < 4; i++) {
    edges.push({
      between: [
        [3, i],
        [4, i],
      ],
      kind: 'wall',
    })
    edges.push({
      between: [
        [i, 3],
        [i, 4],
      ],
      kind: 'wall',
    })
  }
  return makeCampaign({
    maps: [
      makeMap({
        width: 20,
        height: 20,
        edges,
        tokens: [{ id: 'pc', name: 'PC', at: [1, 1], faction: 'party' }],
      }),
    ],
  })
}

const farWall = (x: number, on: boolean): Command => ({
  type: 'edge.set',
  mapId: 'm1',
  between: [
    [x, 15],
    [x + 1, 15],
  ],
  edge: on ? { kind: 'wall' } : null,
})

/** A wall inside the PC's room, west of it: the PC's sight narrows. */
const innerWall = (on: boolean): Command => ({
  type: 'edge.set',
  mapId: 'm1',
  between: [
    [0, 2],
    [1, 2],
  ],
  edge: on ? { kind: 'wall' } : null,
})

/** The room's east wall taken away: the PC sees out. */
const EAST_WALL_REMOVED = ROOM_EAST_WALL_REMOVED

const move = (to: [number, number]): Command => ({
  type: 'token.move',
  mapId: 'm1',
  tokenId: 'pc',
  to,
})

beforeEach(() => {
  reads.spansToMask = 0
  reads.maskToSpans = 0
})

describe('explored cells after a click that changes no sight', () => {
  it('are left as they are without being read again', () => {
    let campaign = applyCommand(room(), farWall(10, true))
    const explored = campaign.maps[0].fog?.explored
    expect(explored?.length).toBeGreaterThan(0)
    reads.spansToMask = 0
    for (let x = 11; x < 15; x++) campaign = applyCommand(campaign, farWall(x, true))
    expect(campaign.maps[0].fog?.explored).toBe(explored)
    expect(reads.spansToMask).toBe(0)
  })

  it('are read again when the sight changes, and record the new sight', () => {
    let campaign = applyCommand(room(), farWall(10, true))
    const before = campaign.maps[0].fog!.explored
    reads.spansToMask = 0
    campaign = applyCommand(campaign, EAST_WALL_REMOVED)
    expect(reads.spansToMask).toBeGreaterThan(0)
    const after = campaign.maps[0].fog!.explored
    expect(after).not.toBe(before)
    expect(after.some(([, , x1]) => x1 > 3)).toBe(true)
  })

  it('are left unread when a wall narrows the sight or the PC moves over explored squares', () => {
    let campaign = applyCommand(room(), farWall(10, true))
    const explored = campaign.maps[0].fog?.explored
    reads.spansToMask = 0
    // The PC is asked again each time and its sight changes, inside what it has seen.
    campaign = applyCommand(campaign, innerWall(true))
    campaign = applyCommand(campaign, move([2, 2]))
    expect(campaign.maps[0].fog?.explored).toBe(explored)
    expect(reads.spansToMask).toBe(0)
  })

  it('are the same as a fresh campaign reading them gives', () => {
    const steps: Command[] = [
      farWall(11, true),
      innerWall(true),
      move([2, 2]),
      // The room opened: the PC sees new squares.
      EAST_WALL_REMOVED,
      move([3, 1]),
      innerWall(false),
      farWall(12, true),
    ]
    let campaign = applyCommand(room(), farWall(10, true))
    for (const step of steps) {
      // A copy shares no cached sight: every step reads and computes afresh.
      const fresh = applyCommand(structuredClone(campaign) as Campaign, step)
      campaign = applyCommand(campaign, step)
      expect(campaign.maps[0].fog).toEqual(fresh.maps[0].fog)
    }
  })
})

describe("the party's sight added ahead", () => {
  it('is the fog the first edit gives: its explored list is not built again', () => {
    const campaign = room()
    const map = campaign.maps[0]
    const ahead = withExplored(map)
    expect(ahead.fog?.explored.length).toBeGreaterThan(0)
    reads.maskToSpans = 0
    reads.spansToMask = 0
    const after = applyCommand(campaign, innerWall(true))
    expect(after.maps[0].fog).toBe(ahead.fog)
    expect(reads).toEqual({ maskToSpans: 0, spansToMask: 0 })
    // What a campaign without it gives.
    const cold = applyCommand(structuredClone(campaign), innerWall(true))
    expect(after.maps[0].fog).toEqual(cold.maps[0].fog)
  })
})
