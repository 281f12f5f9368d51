// The sliced JSON text is exactly JSON.stringify's, for any JSON value and for long lists.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { adoptListJson, stringifyInParts, stringifyInSlices } from './json-slices'

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

  it('writes what JSON.stringify writes in parts of about the size asked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue({ maxDepth: 4 }),
        fc.integer({ min: 1, max: 64 }),
        async (value, size) => {
          const parts = await stringifyInParts(value, size)
          expect(parts.join('')).toBe(JSON.stringify(value))
          expect(parts.length).toBeGreaterThan(0)
        },
      ),
      { numRuns: 300 },
    )
  })

  it("reuses a list's adopted text, which is exactly JSON.stringify's", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (runs) => {
          const list = runs.flat()
          adoptListJson(
            list,
            runs.map((run) => JSON.stringify(run)),
          )
          const value = { changes: [{ op: 'put', value: { edges: list, id: 'm' } }] }
          expect(await stringifyInSlices(value)).toBe(JSON.stringify(value))
        },
      ),
      { numRuns: 300 },
    )
  })

  it("takes an adopted list's text as it is: the list is not written again", async () => {
    // A text the list's elements would not give shows that the adopted one was used.
    const list = [{ kind: 'wall' }, { kind: 'door' }]
    adoptListJson(list, ['[{"kind":"wall"}]', '[{"kind":"WRITTEN-BY-THE-WORKER"}]'])
    expect(await stringifyInSlices({ edges: list })).toBe(
      '{"edges":[{"kind":"wall"},{"kind":"WRITTEN-BY-THE-WORKER"}]}',
    )
  })
})
