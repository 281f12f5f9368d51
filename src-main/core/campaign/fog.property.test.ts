// The explored cells' spans are checked by a plain function in the loader check (loadable.ts,
// issue 29): it must give the schema's verdict on everything, valid or near a limit.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { areCellSpans, cellSpansSchema, FOG_MODES, mapFogSchema } from './fog'
import { loaderAccepts } from './loadable'
import { MAX_MAP_SIDE } from '../rules/model'

const MAX_SPANS = (MAX_MAP_SIDE * MAX_MAP_SIDE) / 2
const validCoordinate = fc.integer({ min: 0, max: MAX_MAP_SIDE - 1 })
/** Numbers and not-numbers just outside what a coordinate may be. */
const nearMissCoordinate = fc.oneof(
  fc.constantFrom(-1, MAX_MAP_SIDE, -0, 0.5, MAX_MAP_SIDE - 0.5, NaN, Infinity, -Infinity),
  fc.integer({ min: -5, max: MAX_MAP_SIDE + 5 }),
  fc.double({ min: -2, max: MAX_MAP_SIDE + 2 }),
  fc.constantFrom('3', '', null, undefined, true, [1], { 0: 1 }, 1n),
)
const coordinate = fc.oneof({ weight: 6, arbitrary: validCoordinate }, nearMissCoordinate)
const validSpan = fc.tuple(validCoordinate, validCoordinate, validCoordinate)
const span = fc.oneof(
  { weight: 8, arbitrary: validSpan },
  fc.tuple(coordinate, coordinate, coordinate),
  fc.array(coordinate, { maxLength: 5 }),
  fc.array(validCoordinate, { minLength: 2, maxLength: 4 }),
  fc.constantFrom('0,1,2', null, undefined, { 0: 1, 1: 2, 2: 3, length: 3 }),
)
const spans = fc.oneof(
  { weight: 3, arbitrary: fc.array(validSpan, { maxLength: 30 }) },
  { weight: 3, arbitrary: fc.array(span, { maxLength: 30 }) },
  fc.sparseArray(validSpan, { maxLength: 10 }),
  fc.constantFrom(undefined, null, 'spans', {}, { length: 0 }),
)

describe('areCellSpans', () => {
  it('accepts exactly what cellSpansSchema accepts', () => {
    fc.assert(
      fc.property(spans, (value) => {
        expect(areCellSpans(value)).toBe(z.safeParse(cellSpansSchema, value).success)
      }),
      { numRuns: 2_000 },
    )
  })

  it('takes spans in any order, as the schema does', () => {
    const unordered = [
      [5, 4, 2],
      [1, 0, 0],
      [1, 0, 0],
    ]
    expect(z.safeParse(cellSpansSchema, unordered).success).toBe(true)
    expect(areCellSpans(unordered)).toBe(true)
  })

  it('agrees on the length limit', () => {
    const one = [0, 0, 0]
    const atLimit = new Array<number[]>(MAX_SPANS).fill(one)
    expect(areCellSpans(atLimit)).toBe(true)
    expect(z.safeParse(cellSpansSchema, atLimit).success).toBe(true)
    const over = [...atLimit, one]
    expect(areCellSpans(over)).toBe(false)
    expect(z.safeParse(cellSpansSchema, over).success).toBe(false)
  })
})

describe('the loader check of a map fog', () => {
  const fog = fc.record(
    {
      mode: fc.oneof(fc.constantFrom(...FOG_MODES), fc.constantFrom('fog', 1, undefined)),
      partyFactions: fc.oneof(fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }), fc.nat()),
      explored: spans,
      revealed: spans,
      revealRoomOnDoorOpen: fc.oneof(fc.boolean(), fc.constant('yes')),
      other: fc.anything(),
    },
    { requiredKeys: [] },
  )
  const fogValue = fc.oneof({ weight: 10, arbitrary: fog }, fc.constantFrom(undefined, null, []))

  it('gives the verdict zod gives, whole or optional', () => {
    fc.assert(
      fc.property(fogValue, (value) => {
        expect(loaderAccepts(mapFogSchema, value)).toBe(z.safeParse(mapFogSchema, value).success)
        const optional = mapFogSchema.optional()
        expect(loaderAccepts(optional, value)).toBe(z.safeParse(optional, value).success)
      }),
      { numRuns: 1_000 },
    )
  })
})
