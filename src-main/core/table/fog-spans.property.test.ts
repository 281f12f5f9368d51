// The player view's fog spans built from masks in turn (issue 29): each list is exactly the mask's
// row spans, a mask with no square changed gives the same list, and a row with no square changed
// keeps its span objects.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maskToSpans } from '../campaign/fog'
import { spansReusingRows } from './fog-spans'

const WIDTH = 6
const HEIGHT = 5
const mask = fc.uint8Array({ min: 0, max: 1, minLength: WIDTH * HEIGHT, maxLength: WIDTH * HEIGHT })
/** A mask and some masks after it, each often the one before with a few squares flipped. */
const masks = fc
  .tuple(
    mask,
    fc.array(
      fc.oneof(
        fc.constant([] as number[]),
        fc.array(fc.nat(WIDTH * HEIGHT - 1), { maxLength: 4 }),
        fc.constant(null),
      ),
      { maxLength: 8 },
    ),
    mask,
  )
  .map(([start, edits, other]) => {
    const list = [start]
    for (const edit of edits) {
      const next = edit === null ? other : Uint8Array.from(list.at(-1)!)
      for (const cell of edit ?? []) next[cell] ^= 1
      list.push(next)
    }
    return list
  })

let keys = 0

describe('spansReusingRows', () => {
  it('gives each mask its row spans, the same list for an unchanged mask, kept spans in kept rows', () => {
    fc.assert(
      fc.property(masks, (list) => {
        const key = `map-${keys++}`
        let before: { mask: Uint8Array; spans: ReturnType<typeof spansReusingRows> } | undefined
        for (const current of list) {
          const spans = spansReusingRows(current, WIDTH, key)
          expect(spans).toEqual(maskToSpans(current, WIDTH))
          if (before) {
            const same = before.mask.every((cell, i) => cell === current[i])
            if (same) expect(spans).toBe(before.spans)
            for (let y = 0; y < HEIGHT; y++) {
              const row = (m: Uint8Array) => m.subarray(y * WIDTH, (y + 1) * WIDTH).join()
              if (row(before.mask) !== row(current)) continue
              const was = before.spans.filter((s) => s[0] === y)
              const now = spans.filter((s) => s[0] === y)
              now.forEach((span, i) => expect(span).toBe(was[i]))
            }
          }
          before = { mask: Uint8Array.from(current), spans }
        }
      }),
      { numRuns: 300 },
    )
  })

  it('starts again for a map of another size under the same key', () => {
    const key = `map-${keys++}`
    spansReusingRows(new Uint8Array(WIDTH * HEIGHT).fill(1), WIDTH, key)
    const wider = new Uint8Array(4 * 2).fill(1)
    expect(spansReusingRows(wider, 4, key)).toEqual([
      [0, 0, 3],
      [1, 0, 3],
    ])
  })
})
