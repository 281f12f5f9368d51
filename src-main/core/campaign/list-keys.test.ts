// A list's keys are kept from edit to edit (issue 29): keyed once, then derived from the list
// before as the part between the ends both share, chained, and written out every 32 edits. The
// changes those keys describe rebuild each list, and the keys find each record where a walk of
// the list finds it, on main and on the page.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyChanges, changesOf } from './changes'
import { COLLECTION_OF, keyedLookup, keysOf, keysOfInSteps, recordKeyOf } from './list-keys'
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
  const wallAt = (x: number): CampaignEdge => ({
    between: [
      [x, 0],
      [x, 1],
    ],
    kind: 'wall',
  })
  const edges = COLLECTION_OF.get('edge')!.collection

  it('keys a list a piece a step, keeping what keysOf would', () => {
    const list = Array.from({ length: 25 }, (_, x) => wallAt(x))
    const steps = keysOfInSteps(list, edges, 10)
    let yields = 0
    let step = steps.next()
    for (; !step.done; step = steps.next()) yields++
    expect(yields).toBe(2)
    expect(step.value?.keys).toEqual(list.map((e) => recordKeyOf('edge', e)))
    // Kept: keysOf answers the same object, and so does a lookup.
    expect(keysOf(list, edges)).toBe(step.value)
    expectKeysFindEachEdge(list)
  })

  it('keeps the keys an edit made while the steps waited, and none for a list with a repeated key', () => {
    const list = Array.from({ length: 25 }, (_, x) => wallAt(x))
    const steps = keysOfInSteps(list, edges, 10)
    steps.next()
    const byEdit = keysOf(list, edges)
    let step = steps.next()
    while (!step.done) step = steps.next()
    expect(step.value).toBe(byEdit)

    const repeated = [wallAt(1), wallAt(2), wallAt(1)]
    const again = keysOfInSteps(repeated, edges, 1)
    let last = again.next()
    while (!last.done) last = again.next()
    expect(last.value).toBeNull()
    expect(keyedLookup(repeated, 'edge')).toBeNull()
  })

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
