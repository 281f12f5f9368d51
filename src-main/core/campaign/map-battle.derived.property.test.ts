// Property (issue 29): a battle's layout derived from the one before an edit (the engine's edges
// with only the changed part made anew, the grid with only the touched slots set again, found
// through the change lists' keys) is exactly the layout built from scratch. Random edge lists,
// with doors in every state, both orders of squares and, on some, two entries for one edge (the
// last one wins, and the keys cannot be used); random edits in a row: edge.set commands and
// lists edited anywhere (records put in front, in the middle or at the end, removed, replaced,
// moved), with the change lists asked or not in between, as the app and the tests may do.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { changesOf } from './changes'
import { battleOf, mapScenario } from './map-battle'
import type { Campaign, CampaignEdge } from './schema'
import { makeCampaign, makeMap } from './test-helpers'
import { afterEdgeStep, EVERY_EDGE_KIND } from '../table/random-maps.testing'

const WIDTH = 7
const HEIGHT = 6

const kind = fc.constantFrom(...EVERY_EDGE_KIND)
const between = fc
  .tuple(
    fc.integer({ min: 0, max: WIDTH - 2 }),
    fc.integer({ min: 0, max: HEIGHT - 2 }),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([x, y, across, flipped]): CampaignEdge['between'] => {
    const pair: CampaignEdge['between'] = [[x, y], across ? [x + 1, y] : [x, y + 1]]
    return flipped ? [pair[1], pair[0]] : pair
  })
const edge = fc.tuple(between, kind).map(([b, k]) => ({ between: b, ...k }) as CampaignEdge)

const step = fc.oneof(
  fc.record({ op: fc.constant('command' as const), between, edge: fc.option(kind) }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), edge }),
  fc.record({ op: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('replace' as const), at: fc.nat(), edge: kind }),
  fc.record({ op: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
)

/** The map's layout as a battle built from a copy that shares nothing cached gives it. */
function fromScratch(campaign: Campaign) {
  const copy = structuredClone(campaign.maps[0])
  const grid = battleOf(copy).grid
  return { map: mapScenario(copy).map, east: [...grid.eastEdge], south: [...grid.southEdge] }
}

function derived(campaign: Campaign) {
  const map = campaign.maps[0]
  const grid = battleOf(map).grid
  return { map: mapScenario(map).map, east: [...grid.eastEdge], south: [...grid.southEdge] }
}

describe('a layout derived from the one before an edit (issue 29)', () => {
  it('is exactly the layout built from scratch, edit after edit', () => {
    fc.assert(
      fc.property(
        fc.array(edge, { maxLength: 24 }),
        fc.array(fc.tuple(step, fc.boolean()), { minLength: 1, maxLength: 10 }),
        (start, steps) => {
          let campaign = makeCampaign({
            maps: [makeMap({ width: WIDTH, height: HEIGHT, edges: start })],
          })
          expect(derived(campaign)).toEqual(fromScratch(campaign))
          for (const [s, askChanges] of steps) {
            const next = afterEdgeStep(campaign, s)
            if (!next) continue
            if (askChanges) changesOf(campaign, next)
            expect(derived(next)).toEqual(fromScratch(next))
            // The command's own lookup of an edge agrees with a walk of the list too.
            if (s.op === 'command') {
              const again = afterEdgeStep(structuredClone(campaign), s)!
              expect(next.maps[0].edges).toEqual(again.maps[0].edges)
            }
            campaign = next
          }
        },
      ),
      { numRuns: 400 },
    )
  })
})
