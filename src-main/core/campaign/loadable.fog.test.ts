// A change to the explored cells (every token move and wall click that shows the party more) is
// checked without zod walking the span list (issue 29: 5–12 ms a check on a 200×200 map).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { checkChange, CampaignLimitError } from './loadable'
import type { PatchOp } from './patch'
import type { Campaign } from './schema'
import { makeCampaign, makeMap } from './test-helpers'
import type { CellSpans } from './fog'

// Whether zod.safeParse is running, and how many spans it read from the list being watched.
const zod = vi.hoisted(() => ({ parsing: 0, spansRead: 0 }))
vi.mock('zod', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zod')>()
  const safeParse: typeof actual.z.safeParse = (schema, value, ...rest) => {
    zod.parsing++
    try {
      return actual.z.safeParse(schema, value, ...rest)
    } finally {
      zod.parsing--
    }
  }
  return { ...actual, z: { ...actual.z, safeParse } }
})

/**
 * Every other cell of a 200×200 map explored: 20,000 spans, in a list that counts the spans zod
 * reads from it (any other reader, the plain check, is not counted).
 */
function checkerboard(): CellSpans {
  const spans: CellSpans = []
  for (let y = 0; y < 200; y++) for (let x = y % 2; x < 200; x += 2) spans.push([y, x, x])
  return new Proxy(spans, {
    get(target, key, receiver) {
      if (zod.parsing > 0 && typeof key === 'string' && /^\d+$/.test(key)) zod.spansRead++
      return Reflect.get(target, key, receiver) as unknown
    },
  })
}

const spansReadByZod = (): number => zod.spansRead

function campaignWith(spans: CellSpans): Campaign {
  const map = makeMap({ width: 200, height: 200 })
  return makeCampaign({
    maps: [{ ...map, fog: { mode: 'vision', explored: spans, revealed: [] } }],
  })
}

beforeEach(() => {
  zod.spansRead = 0
})

describe('checkChange of explored cells', () => {
  it('sets the explored spans without zod parsing them', () => {
    const spans = checkerboard()
    const after = campaignWith(spans)
    const op: PatchOp = { op: 'set', path: ['maps', 0, 'fog', 'explored'], value: spans }
    checkChange(after, [op])
    expect(spansReadByZod()).toBe(0)
  })

  it('sets a first fog (nothing explored before) without zod parsing its spans', () => {
    const spans = checkerboard()
    const after = campaignWith(spans)
    const op: PatchOp = { op: 'set', path: ['maps', 0, 'fog'], value: after.maps[0].fog }
    checkChange(after, [op])
    expect(spansReadByZod()).toBe(0)
    // The fog's other fields are still parsed: a bad mode is refused.
    const bad = { ...after.maps[0].fog, mode: 'fog' }
    expect(() => checkChange(after, [{ ...op, value: bad }])).toThrow(CampaignLimitError)
  })

  it('still refuses spans the loader would refuse, with zod’s words and path', () => {
    const spans: CellSpans = [
      [0, 0, 3],
      [1, 2, 1000],
    ]
    const op: PatchOp = { op: 'set', path: ['maps', 0, 'fog', 'explored'], value: spans }
    let error: unknown
    try {
      checkChange(campaignWith(spans), [op])
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(CampaignLimitError)
    expect((error as CampaignLimitError).path).toBe('/maps/0/fog/explored/1/2')
  })

  it('reads a span list it accepted once no more (the host checks the first edit’s ahead)', () => {
    let read = 0
    const spans = new Proxy(checkerboard(), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read++
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    const after = campaignWith(spans)
    const op: PatchOp = { op: 'set', path: ['maps', 0, 'fog'], value: after.maps[0].fog }
    checkChange(after, [op])
    expect(read).toBeGreaterThan(0)
    read = 0
    checkChange(after, [op])
    checkChange(after, [{ op: 'set', path: ['maps', 0, 'fog', 'explored'], value: spans }])
    expect(read).toBe(0)
  })
})
