// The sliced JSON text is exactly JSON.stringify's, for any JSON value and for long lists.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stringifyInSlices } from './json-slices'

describe('stringifyInSlices', () => {
  it('writes what JSON.stringify writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 5 }), async (value) => {
        expect(await stringifyInSlices(value)).toBe(JSON.stringify(value))
      }),
      { numRuns: 500 },
    )
  })

  it('writes a list of many thousand records, and leaves out undefined fields', async () => {
    const edges = Array.from({ length: 4321 }, (_, i) => ({
      between: [
        [i, 0],
        [i + 1, 0],
      ],
      kind: 'wall',
      state: undefined,
    }))
    const value = { op: 'put', record: { edges, notes: '', gone: undefined }, list: [1, undefined] }
    expect(await stringifyInSlices(value)).toBe(JSON.stringify(value))
  })
})
