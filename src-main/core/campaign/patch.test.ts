// Patches are what the journal records for undo and redo: applying diff(a, b) to a must give b,
// through a JSON round trip, for any two JSON values.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyCommand } from './commands'
import { applyPatch, diff } from './patch'
import { makeCampaign } from './test-helpers'

const json = fc.jsonValue({ maxDepth: 4 })
const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

describe('campaign patches', () => {
  it('apply(a, diff(a, b)) equals b for any JSON values, after a JSON round trip of the patch', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const patch = roundTrip(diff(a, b))
        expect(roundTrip(applyPatch(a, patch))).toEqual(roundTrip(b))
      }),
      { numRuns: 2000 },
    )
  })

  it('edits inside shared lists: one element changed, inserted or removed', () => {
    fc.assert(
      fc.property(fc.array(json, { maxLength: 30 }), fc.nat(), json, (list, at, item) => {
        const a = { items: list.map((value) => ({ value })) }
        const i = list.length === 0 ? 0 : at % list.length
        const inserted = { items: [...a.items.slice(0, i), { value: item }, ...a.items.slice(i)] }
        const removed = { items: a.items.filter((_, k) => k !== i) }
        for (const b of [inserted, removed]) {
          expect(roundTrip(applyPatch(a, roundTrip(diff(a, b))))).toEqual(roundTrip(b))
          expect(roundTrip(applyPatch(b, roundTrip(diff(b, a))))).toEqual(roundTrip(a))
        }
      }),
    )
  })

  it('is small for one command on a big map, and leaves its input untouched', () => {
    const base = makeCampaign()
    let big = base
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 4; y++) {
        big = applyCommand(big, {
          type: 'edge.set',
          mapId: 'm1',
          between: [
            [x, y],
            [x + 1, y],
          ],
          edge: { kind: 'wall' },
        })
      }
    }
    const moved = applyCommand(big, { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [3, 3] })
    const undo = diff(moved, big)
    // At most the fog the move explored besides the token's square; the 20 walls are not in it.
    expect(undo.length).toBeLessThanOrEqual(3)
    expect(undo).toEqual(
      expect.arrayContaining([
        { op: 'set', path: ['maps', 0, 'tokens', 0, 'at', 0], value: 0 },
        { op: 'set', path: ['maps', 0, 'tokens', 0, 'at', 1], value: 0 },
      ]),
    )
    const frozen = JSON.stringify(moved)
    expect(applyPatch(moved, undo)).toEqual(big)
    expect(JSON.stringify(moved)).toBe(frozen)
  })
})
