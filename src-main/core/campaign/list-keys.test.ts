// A list's keys are kept from edit to edit (issue 29): keyed once, then derived from the list
// before as the part between the ends both share, chained, and written out every 32 edits. The
// changes those keys describe rebuild each list, and the keys find each record where a walk of
// the list finds it, on main and on the page.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyChanges, changesOf } from './changes'
import { keyedLookup, recordKeyOf } from './list-keys'
import type { Campaign, CampaignEdge } from './schema'
import { makeCampaign, makeMap } from './test-helpers'
import { editedEdgeList, type EdgeListEdit } from '../table/random-maps.testing'

const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/**
 * The kept keys find each edge where a walk does, and none that is not there; no keys are kept
 * when two edges share a key.
 */
function expectKeysFindEachEdge(edges: readonly CampaignEdge[]): void {
  const keys = edges.map((e) => recordKeyOf('edge', e)!)
  const lookup = keyedLookup(edges, 'edge')
  if (new Set(keys).size < keys.length) {
    expect(lookup).toBeNull()
    return
  }
  expect(lookup).not.toBeNull()
  expect(keys.map((key) => lookup!(key))).toEqual(keys.map((_, i) => i))
  expect(lookup!('99,0|99,1')).toBe(-1)
}

describe('kept list keys (issue 29)', () => {
  // Edge lists edited anywhere: records put in front, in the middle or at the end (a second edge
  // between the same squares too: then the list has no keys and goes whole), removed, replaced
  // or moved. The changes compare only what lies between the ends both lists share, and rebuild
  // the list exactly, order included, whatever part of it the shared ends cover.
  const edge = (x: number) => ({
    between: [
      [x, 0],
      [x, 1],
    ] as [[number, number], [number, number]],
    kind: 'wall' as const,
  })
  const edit: fc.Arbitrary<EdgeListEdit> = fc.oneof(
    fc.record({
      op: fc.constant('insert' as const),
      at: fc.nat(),
      edge: fc.integer({ min: 0, max: 40 }).map(edge),
    }),
    fc.record({ op: fc.constant('remove' as const), at: fc.nat() }),
    fc.record({
      op: fc.constant('replace' as const),
      at: fc.nat(),
      edge: fc.constant({ kind: 'door' as const, state: 'closed' as const }),
    }),
    fc.record({ op: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
  )
  it('rebuild every list and find every record, edit after edit, on main and on the page', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 12 }),
        // Up to 80 edits in a row: kept keys are chained from list to list and written out every 32.
        fc.array(fc.array(edit, { maxLength: 3 }), { maxLength: 80 }),
        (start, steps) => {
          let campaign = makeCampaign({
            maps: [makeMap({ id: 'm1', width: 50, height: 5, edges: start.map(edge) })],
          })
          let page = roundTrip(campaign)
          for (const step of steps) {
            let edges = [...campaign.maps[0].edges]
            for (const e of step) edges = editedEdgeList(edges, e) ?? edges
            const next = { ...campaign, maps: [{ ...campaign.maps[0], edges }] } as Campaign
            const rebuilt = applyChanges(roundTrip(campaign), roundTrip(changesOf(campaign, next)))
            expect(rebuilt.maps[0].edges).toEqual(next.maps[0].edges)
            // The page applies each edit to the list the previous one left (keys kept between).
            page = applyChanges(page, roundTrip(changesOf(campaign, next)))
            expect(page.maps[0].edges).toEqual(next.maps[0].edges)
            expectKeysFindEachEdge(next.maps[0].edges)
            expectKeysFindEachEdge(page.maps[0].edges)
            campaign = next
          }
        },
      ),
    )
  })
})
