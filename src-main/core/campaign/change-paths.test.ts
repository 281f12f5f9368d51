// Where each record change lands in the tree (treeOpsOf) is found through the keys the change
// lists keep for a list when they are unique (issue 29: a wall click no longer keys all 5,000
// edges again); the answer is exactly the one a walk of every list gives: the same ops on a deep
// copy, which shares no kept keys. Random edge lists (two entries for one edge on some), edited
// anywhere, edge by edge or whole.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { treeOpsOf } from './change-paths'
import { changesOf } from './changes'
import type { CampaignEdge } from './schema'
import { makeCampaign, makeMap } from './test-helpers'
import { afterEdgeStep, type EdgeStep } from '../table/random-maps.testing'

const between = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 3 }), fc.boolean())
  .map(([x, y, across]): CampaignEdge['between'] => [[x, y], across ? [x + 1, y] : [x, y + 1]])
const edge = fc
  .tuple(between, fc.constantFrom('wall' as const, 'window' as const))
  .map(([b, kind]): CampaignEdge => ({ between: b, kind }))
const step: fc.Arbitrary<EdgeStep> = fc.oneof(
  fc.record({
    op: fc.constant('command' as const),
    between,
    edge: fc.constantFrom({ kind: 'door' as const, state: 'closed' as const }, null),
  }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), edge }),
  fc.record({ op: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({
    op: fc.constant('replace' as const),
    at: fc.nat(),
    edge: fc.constant({ kind: 'low-wall' as const }),
  }),
)

function sameOpsAsAWalk(start: CampaignEdge[], steps: EdgeStep[]): void {
  let campaign = makeCampaign({ maps: [makeMap({ width: 6, height: 5, edges: start })] })
  for (const s of steps) {
    const next = afterEdgeStep(campaign, s)
    if (!next) continue
    const changes = changesOf(campaign, next)
    expect(treeOpsOf(next, changes)).toEqual(
      treeOpsOf(structuredClone(next), structuredClone(changes)),
    )
    campaign = next
  }
}

describe('treeOpsOf (issue 29)', () => {
  it('finds records through the kept keys exactly where a walk of the list finds them', () => {
    fc.assert(
      fc.property(
        fc.array(edge, { maxLength: 16 }),
        fc.array(step, { maxLength: 10 }),
        sameOpsAsAWalk,
      ),
      { numRuns: 400 },
    )
  })

  // A list's keys are kept as a chain of differences from the list before, written out every 32
  // edits: long runs of edits cross that point several times.
  it('does so after long runs of edits, kept keys chained and written out', () => {
    fc.assert(
      fc.property(
        fc.array(edge, { maxLength: 16 }),
        fc.array(step, { minLength: 40, maxLength: 120 }),
        sameOpsAsAWalk,
      ),
      { numRuns: 40 },
    )
  })
})
