// A click that changes no PC's sight leaves the explored cells as they are without reading them
// (issue 29: 4,800 spans turned into a mask and 40,000 squares read twice on every wall click of
// the bench's 200×200 map), and gives what reading them gives.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { applyCommand } from './commands'
import type { Campaign, CampaignEdge, Command } from './schema'
import { makeCampaign, makeMap } from './test-helpers'

// How many explored lists were turned into masks.
const reads = vi.hoisted(() => ({ spansToMask: 0 }))
vi.mock('./fog', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./fog')>()
  return {
    ...actual,
    spansToMask: (...args: Parameters<typeof actual.spansToMask>) => {
      reads.spansToMask++
      return actual.spansToMask(...args)
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

beforeEach(() => {
  reads.spansToMask = 0
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
    // The room's east wall taken away: the PC sees out.
    campaign = applyCommand(campaign, {
      type: 'edge.set',
      mapId: 'm1',
      between: [
        [3, 1],
        [4, 1],
      ],
      edge: null,
    })
    expect(reads.spansToMask).toBeGreaterThan(0)
    const after = campaign.maps[0].fog!.explored
    expect(after).not.toBe(before)
    expect(after.some(([, , x1]) => x1 > 3)).toBe(true)
  })

  it('are the same as a fresh campaign reading them gives', () => {
    let campaign = applyCommand(room(), farWall(10, true))
    for (let x = 11; x < 15; x++) campaign = applyCommand(campaign, farWall(x, true))
    // A copy shares no cached sight: every step reads and computes afresh.
    const fresh = applyCommand(structuredClone(campaign) as Campaign, farWall(16, true))
    const kept = applyCommand(campaign, farWall(16, true))
    expect(kept.maps[0].fog).toEqual(fresh.maps[0].fog)
  })
})
