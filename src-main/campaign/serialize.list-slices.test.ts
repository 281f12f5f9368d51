// A save after one wall click writes one slice of a long list, not the whole list (issue 29), and
// the file stays exactly serializeCampaign of the campaign whatever the edit did to the list.
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Campaign, CampaignEdge } from '@core/campaign/schema'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { serializeCampaign, serializeCampaignInSlices } from './serialize'

const wall = (x: number, y: number): CampaignEdge => ({
  between: [
    [x, y],
    [x + 1, y],
  ],
  kind: 'wall',
})

/** A 200×200 map with `count` walls (more than a slice of 1,000 elements). */
function walled(count: number): Campaign {
  const edges = Array.from({ length: count }, (_, i) => wall(i % 199, Math.floor(i / 199)))
  return makeCampaign({ maps: [makeMap({ width: 200, height: 200, edges })] })
}

const withEdges = (campaign: Campaign, edges: CampaignEdge[]): Campaign => ({
  ...campaign,
  maps: [{ ...campaign.maps[0], edges }],
})

/** The walls written during `run` (each is one JSON.stringify: a record on its own line). */
async function wallsWritten(run: () => Promise<unknown>): Promise<number> {
  const stringify = vi.spyOn(JSON, 'stringify')
  try {
    await run()
    return stringify.mock.calls.filter(
      ([value]) => typeof value === 'object' && value !== null && 'between' in value,
    ).length
  } finally {
    stringify.mockRestore()
  }
}

const text = async (campaign: Campaign): Promise<string> =>
  Buffer.concat((await serializeCampaignInSlices(campaign)).parts).toString('utf8')

afterEach(() => vi.restoreAllMocks())

describe('long lists in a save', () => {
  it('writes only the slice a wall was added to or replaced in', async () => {
    const before = walled(5_500)
    expect(await wallsWritten(() => serializeCampaignInSlices(before))).toBe(5_500)
    const added = withEdges(before, before.maps[0].edges.concat([wall(5, 150)]))
    // The last slice of 1,000 (5,000 to 5,500), with the new wall.
    expect(await wallsWritten(() => serializeCampaignInSlices(added))).toBe(501)
    expect(await text(added)).toBe(serializeCampaign(added))
    const replaced = added.maps[0].edges.slice()
    replaced[2_345] = { ...replaced[2_345], kind: 'door', state: 'open' } as CampaignEdge
    const edited = withEdges(added, replaced)
    expect(await wallsWritten(() => serializeCampaignInSlices(edited))).toBe(1_000)
    expect(await text(edited)).toBe(serializeCampaign(edited))
  })

  it('stays exactly the file serializeCampaign writes after any run of edits to a long list', async () => {
    const start = walled(2_600)
    await serializeCampaignInSlices(start)
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom('add', 'remove', 'replace'),
            at: fc.nat(),
          }),
          { maxLength: 6 },
        ),
        async (edits) => {
          let campaign = start
          for (const { kind, at } of edits) {
            const edges = campaign.maps[0].edges.slice()
            const i = at % edges.length
            if (kind === 'add') edges.splice(i, 0, wall(i % 199, 190))
            else if (kind === 'remove') edges.splice(i, 1)
            else edges[i] = { ...edges[i], kind: 'window' } as CampaignEdge
            campaign = withEdges(campaign, edges)
            expect(await text(campaign)).toBe(serializeCampaign(campaign))
          }
        },
      ),
      { numRuns: 25 },
    )
  })
})
