// maskToSpans handed the spans a mask was grown from keeps the equal ones as they are (issue 29:
// a wall click that explores a few squares no longer makes ~5,000 new spans for the campaign and
// its undo to keep); the list is what it gives without them, whatever that list holds.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maskToSpans, type CellSpans } from './fog'

const WIDTH = 7
const HEIGHT = 5
const mask = fc.uint8Array({ min: 0, max: 1, minLength: WIDTH * HEIGHT, maxLength: WIDTH * HEIGHT })
const anySpans = fc.array(
  fc.tuple(
    fc.integer({ min: 0, max: HEIGHT - 1 }),
    fc.integer({ min: 0, max: WIDTH - 1 }),
    fc.integer({ min: 0, max: WIDTH - 1 }),
  ),
  { maxLength: 20 },
)

describe('maskToSpans with the spans it grew from', () => {
  it('keeps every span the smaller mask had, the same objects, and gives the same list', () => {
    fc.assert(
      fc.property(mask, mask, (before, added) => {
        const grown = before.map((cell, i) => cell | added[i])
        const kept = maskToSpans(before, WIDTH)
        const spans = maskToSpans(grown, WIDTH, kept)
        expect(spans).toEqual(maskToSpans(grown, WIDTH))
        for (const span of spans) {
          const equal = kept.find((k) => k[0] === span[0] && k[1] === span[1] && k[2] === span[2])
          if (equal) expect(span).toBe(equal)
          else expect(kept).not.toContain(span)
        }
      }),
      { numRuns: 500 },
    )
  })

  it('gives the same list whatever it is handed (unsorted, overlapping, hand-edited)', () => {
    fc.assert(
      fc.property(mask, anySpans, (cells, handed) => {
        expect(maskToSpans(cells, WIDTH, handed as CellSpans)).toEqual(maskToSpans(cells, WIDTH))
      }),
      { numRuns: 500 },
    )
  })
})
