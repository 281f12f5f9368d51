// The loader checks made ahead (issue 29): the schemas checkChange uses at each path parse the
// records there, a bounded piece a step, so the host can run them while idle.
import { describe, expect, it, vi } from 'vitest'
import type { CampaignEdge } from './schema'
import { childSchema } from './loadable'
import { checkAheadSteps } from './loadable-ahead'
import { campaignSchema } from './schema'
import { makeCampaign, makeMap } from './test-helpers'

/** Every zod.safeParse of a step: the schema, the value, and how many numbers the value holds. */
const parses = vi.hoisted(() => ({
  calls: [] as { schema: unknown; value: unknown; numbers: number }[],
}))
vi.mock('zod', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zod')>()
  const safeParse: typeof actual.z.safeParse = (schema, value, ...rest) => {
    const numbers = JSON.stringify(value ?? null).split(',').length
    parses.calls.push({ schema, value, numbers })
    return actual.z.safeParse(schema, value, ...rest)
  }
  return { ...actual, z: { ...actual.z, safeParse } }
})

function schemaAt(path: (string | number)[]) {
  let schema = campaignSchema as Parameters<typeof childSchema>[0]
  for (const key of path) {
    const step = childSchema(schema, key)
    if (!('schema' in step)) throw new Error(`no schema at ${key}`)
    schema = step.schema
  }
  return schema
}

describe('loader checks made ahead', () => {
  // 200 rows of 24 spans: the explored cells of a 200×200 map seen in stripes.
  const explored: [number, number, number][] = []
  for (let y = 0; y < 200; y++) for (let k = 0; k < 24; k++) explored.push([y, k * 8, k * 8 + 3])
  const edges: CampaignEdge[] = Array.from({ length: 800 }, (_, x) => ({
    between: [
      [x % 200, Math.floor(x / 200)],
      [x % 200, Math.floor(x / 200) + 1],
    ],
    kind: 'wall',
  }))
  const map = makeMap({
    width: 200,
    height: 200,
    edges,
    fog: { mode: 'vision', explored, revealed: [] },
  })
  const campaign = makeCampaign({ maps: [map] })

  it('parses the records with the schemas at their paths, in small steps', () => {
    parses.calls = []
    const steps = checkAheadSteps(campaign, ['maps', 0])
    let largest = 0
    let yields = 0
    let since = 0
    for (let step = steps.next(); !step.done; step = steps.next()) {
      yields++
      const numbers = parses.calls.slice(since).reduce((sum, call) => sum + call.numbers, 0)
      largest = Math.max(largest, numbers)
      since = parses.calls.length
    }
    const schemas = new Set(parses.calls.map((call) => call.schema))
    // An edge as a splice checks it, the fog as a first edit sets it.
    expect(schemas).toContain(schemaAt(['maps', 0, 'edges', 0]))
    expect(parses.calls.map((call) => call.value)).toContain(map.fog)
    // Its spans are checked by a plain function (loadable.ts), never by zod: nothing to warm.
    const spans = new Set<unknown>(explored)
    const spanParses = parses.calls.filter(
      (call) => Array.isArray(call.value) && call.value.some((item) => spans.has(item)),
    )
    expect(spanParses).toEqual([])
    expect(schemas).not.toContain(schemaAt(['maps', 0, 'fog', 'explored']))
    // The map itself (over 19,000 numbers in its fog alone) is never parsed in one step.
    expect(schemas).not.toContain(schemaAt(['maps', 0]))
    expect(yields).toBeGreaterThan(edges.length / 500)
    // The fog whole is the largest step: 4,800 spans (which zod passes over unread).
    expect(largest).toBeLessThanOrEqual(explored.length * 3 + 100)
  })

  it('parses a value an edit is about to set, given for the path', () => {
    parses.calls = []
    const fog = { mode: 'vision' as const, explored: explored.slice(0, 10), revealed: [] }
    const steps = checkAheadSteps(makeCampaign({ maps: [makeMap()] }), ['maps', 0, 'fog'], fog)
    while (!steps.next().done);
    expect(parses.calls.map((call) => call.value)).toContain(fog)
  })
})
