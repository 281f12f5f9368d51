import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runScenario } from './run'

const base = {
  format: 'gm-scenario/1',
  system: 'arianrhod',
  map: { width: 6, height: 5 },
  tokens: [
    { id: 'a', at: [1, 1], faction: 'party', move: 6 },
    { id: 'Z', at: [4, 3], faction: 'enemy' },
  ],
  query: { type: 'distance', from: [0, 0], to: [2, 1] },
}

function errorOf(doc: unknown) {
  const result = runScenario(doc)
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.answer)}`)
  return result.error
}

describe('runScenario: answers and errors (spec error shape)', () => {
  it('answers distance for all four systems in their units', () => {
    const d = (system: string, to: [number, number]) =>
      runScenario({ ...base, system, query: { type: 'distance', from: [0, 0], to } })
    expect(d('arianrhod', [2, 1])).toEqual({ ok: true, answer: { distance: 5, unit: 'm' } })
    expect(d('pathfinder', [3, 3])).toEqual({ ok: true, answer: { distance: 20, unit: 'ft' } })
    expect(d('dnd35', [2, 2])).toEqual({ ok: true, answer: { distance: 15, unit: 'ft' } })
    expect(d('pathfinder', [4, 1])).toEqual({ ok: true, answer: { distance: 20, unit: 'ft' } })
    const dystopia = runScenario({
      ...base,
      system: 'dystopia',
      map: { width: 6, height: 6 },
      tokens: [],
      query: { type: 'distance', from: [0, 0], to: [2, 1] },
    })
    expect(dystopia).toEqual({ ok: true, answer: { distance: 3, unit: 'squares' } })
  })

  it('names the problem with a code and a JSON pointer', () => {
    expect(errorOf('nope')).toMatchObject({ code: 'invalid-scenario' })
    expect(errorOf({ ...base, format: 'x' })).toMatchObject({
      code: 'unknown-format',
      path: '/format',
    })
    expect(errorOf({ ...base, system: 'gurps' })).toMatchObject({
      code: 'unknown-system',
      path: '/system',
    })
    expect(errorOf({ ...base, tokens: [{ id: 'a', at: [6, 0], faction: 'p' }] })).toMatchObject({
      code: 'cell-out-of-bounds',
      path: '/tokens/0/at',
    })
    expect(
      errorOf({ ...base, map: { width: 6, height: 5, cells: [{ at: [0, 9] }] } }),
    ).toMatchObject({
      code: 'cell-out-of-bounds',
      path: '/map/cells/0/at',
    })
    expect(
      errorOf({
        ...base,
        map: {
          width: 6,
          height: 5,
          edges: [
            {
              between: [
                [0, 0],
                [2, 0],
              ],
              kind: 'wall',
            },
          ],
        },
      }),
    ).toMatchObject({
      code: 'invalid-edge',
      path: '/map/edges/0/between',
    })
    expect(
      errorOf({ ...base, query: { type: 'reach', token: 'nobody', mode: 'combat' } }),
    ).toMatchObject({
      code: 'unknown-token',
      path: '/query/token',
    })
    expect(errorOf({ ...base, query: { type: 'reach', token: 'a', mode: 'run' } })).toMatchObject({
      code: 'unknown-mode',
      path: '/query/mode',
    })
    expect(errorOf({ ...base, query: { type: 'teleport' } })).toMatchObject({
      code: 'unsupported-query',
      path: '/query/type',
    })
    expect(
      errorOf({ ...base, system: 'dnd35', query: { type: 'area', origin: [0, 0] } }),
    ).toMatchObject({ code: 'unsupported-query' })
    expect(
      errorOf({ ...base, query: { type: 'distance', from: [0, 0], to: [6, 0] } }),
    ).toMatchObject({
      code: 'cell-out-of-bounds',
      path: '/query/to',
    })
    expect(errorOf({ ...base, tokens: [base.tokens[0], base.tokens[0]] })).toMatchObject({
      code: 'duplicate-token',
      path: '/tokens/1/id',
    })
    expect(errorOf({ ...base, map: { width: 6, height: 'x' } })).toMatchObject({
      code: 'invalid-scenario',
      path: '/map/height',
    })
  })

  it('refuses maps above 1000 × 1000 and more than 10,000 tokens without attempting them', () => {
    expect(errorOf({ ...base, map: { width: 1001, height: 5 } })).toMatchObject({
      code: 'map-too-large',
      path: '/map/width',
    })
    expect(errorOf({ ...base, map: { width: 5, height: 100000 } })).toMatchObject({
      code: 'map-too-large',
      path: '/map/height',
    })
    const many = Array.from({ length: 10_001 }, (_, i) => ({
      id: `t${i}`,
      at: [0, 0],
      faction: 'x',
    }))
    expect(errorOf({ ...base, tokens: many })).toMatchObject({
      code: 'too-many-tokens',
      path: '/tokens',
    })
    expect(runScenario({ ...base, map: { width: 1000, height: 1000 } }).ok).toBe(true)
  })
})

// ---- fuzzing: 10,000 generated scenarios, valid and malformed ----

const QUERY_TYPES = [
  'distance',
  'reach',
  'path',
  'zoc',
  'cover',
  'flanking',
  'light',
  'visible',
  'engagement',
  'targets',
  'area',
  'trap-reach',
  'board',
  'dismount',
  'fall',
  'forced-move',
  'protect',
  'duel',
  'stealth',
  'bogus',
]
const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -3, max: 12 }),
  fc.double(),
  fc.boolean(),
)

/** Mostly the first, rarely the second: keeps most scenarios valid while still covering bad input. */
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>, weight = 30) =>
  fc.oneof({ weight, arbitrary: good }, { weight: 1, arbitrary: bad })

const scenarioArb = fc
  .record({
    system: fc.constantFrom(
      'arianrhod',
      'arianrhod',
      'arianrhod',
      'arianrhod',
      'arianrhod',
      'arianrhod',
      'pathfinder',
      'dnd35',
      'dystopia',
    ),
    width: fc.integer({ min: 1, max: 9 }),
    height: fc.integer({ min: 1, max: 9 }),
  })
  .map((r) => (r.system === 'dystopia' ? { ...r, width: 6, height: 6 } : r))
  .chain(({ system, width, height }) => {
    // mostly in-bounds cells, sometimes one step outside
    const cell = fc.tuple(fc.integer({ min: -1, max: width }), fc.integer({ min: -1, max: height }))
    const inCell = fc.tuple(
      fc.integer({ min: 0, max: width - 1 }),
      fc.integer({ min: 0, max: height - 1 }),
    )
    const anyCell = fc.oneof(
      { weight: 40, arbitrary: inCell },
      { weight: 1, arbitrary: cell },
      { weight: 1, arbitrary: junk },
    )
    // no filter: on a 1×1 map there is no neighbour at all, and the pair is simply invalid
    const neighbourEdge = fc.tuple(inCell, fc.boolean()).map(([[x, y], east]) => {
      if ((east || y + 1 >= height) && x + 1 < width)
        return [
          [x, y],
          [x + 1, y],
        ]
      return [
        [x, y],
        [x, y + 1],
      ] // off the map on a 1 × 1 map's only cell
    })
    const ids = ['a', 'b', 'Z', 'Y']
    const tokenOf = (id: string) =>
      fc.record(
        {
          id: fc.constant(id),
          at: anyCell,
          faction: fc.constantFrom('party', 'enemy', 'third'),
          move: mostly(fc.integer({ min: 0, max: 12 }), fc.constant(-1), 60),
          states: mostly(
            fc.subarray(['flying', 'swimming', 'stealth', 'climbing', 'mounted']),
            fc.constant(['asleep']),
            60,
          ),
          elevation: fc.constantFrom(0, 3, 8),
          group: fc.constantFrom('g1', 'g2'),
          blockade: fc.boolean(),
          duel: fc.constantFrom(...ids),
        },
        { requiredKeys: ['id', 'at', 'faction'] },
      )
    return fc.record({
      format: mostly(fc.constant('gm-scenario/1'), junk, 80),
      system: mostly(fc.constant(system), junk, 80),
      map: fc.oneof(
        {
          weight: 80,
          arbitrary: fc.record(
            {
              width: fc.constant(width),
              height: fc.constant(height),
              cells: fc.array(
                fc.record(
                  {
                    at: mostly(inCell, cell, 60),
                    terrain: mostly(
                      fc.constantFrom('floor', 'difficult', 'pit', 'solid'),
                      fc.constant('lava'),
                      60,
                    ),
                    elevation: fc.constantFrom(0, 1, 2, 6, -3, 0.5),
                    light: fc.integer({ min: -1, max: 7 }),
                    blockade: fc.boolean(),
                  },
                  { requiredKeys: ['at'] },
                ),
                { maxLength: 10 },
              ),
              edges: fc.array(
                fc.record({
                  between: mostly(neighbourEdge, fc.tuple(anyCell, anyCell), 60),
                  kind: mostly(
                    fc.constantFrom('wall', 'door', 'low-wall'),
                    fc.constant('fence'),
                    60,
                  ),
                  state: fc.constantFrom('open', 'closed', 'locked', undefined),
                }),
                { maxLength: 10 },
              ),
              light: fc.record(
                {
                  ambient: fc.integer({ min: 0, max: 7 }),
                  sources: fc.array(
                    fc.record({
                      at: inCell,
                      level: fc.integer({ min: 0, max: 7 }),
                      radius: fc.integer({ min: 0, max: 9 }),
                    }),
                    { maxLength: 2 },
                  ),
                },
                { requiredKeys: [] },
              ),
            },
            { requiredKeys: ['width', 'height'] },
          ),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            width: fc.constantFrom(0, -2, 1001, 2.5, 'x'),
            height: fc.constant(height),
          }),
        },
        { weight: 1, arbitrary: junk },
      ),
      tokens: fc.oneof(
        {
          weight: 80,
          arbitrary: fc
            .tuple(tokenOf('a'), tokenOf('Z'), fc.option(tokenOf('b')), fc.option(tokenOf('Y')))
            .map((list) => list.filter((t) => t !== null)),
        },
        { weight: 1, arbitrary: junk },
      ),
      query: fc.record(
        {
          type: fc.constantFrom(...QUERY_TYPES),
          token: mostly(fc.constantFrom(...ids), fc.constant('nobody')),
          from: fc.oneof(anyCell, fc.constantFrom(...ids)),
          to: fc.oneof(anyCell, fc.constantFrom(...ids)),
          target: mostly(fc.constantFrom(...ids), junk),
          rider: mostly(fc.constantFrom(...ids), junk),
          at: anyCell,
          origin: anyCell,
          mode: fc.constantFrom(
            'combat',
            'full',
            'disengage',
            'forced-disengage',
            'jump',
            'climb',
            'jump-climb',
            'move',
            'fly',
          ),
          attack: fc.constantFrom('melee', 'ranged', 'psychic'),
          range: mostly(
            fc.oneof(fc.constantFrom('reach', 'scene'), fc.integer({ min: 0, max: 20 })),
            fc.constantFrom('far', -1),
            20,
          ),
          fate: fc.integer({ min: -4, max: 4 }),
          extended: fc.boolean(),
          object: mostly(
            fc.oneof(fc.record({ at: anyCell }), fc.record({ between: neighbourEdge })),
            junk,
            10,
          ),
        },
        { requiredKeys: ['type', 'token', 'target', 'rider', 'at', 'origin', 'mode'] },
      ),
    })
  })

describe('fuzz: runScenario never throws and answers JSON', () => {
  it('10,000 generated scenarios, malformed ones included', () => {
    let answered = 0
    let refused = 0
    fc.assert(
      fc.property(scenarioArb, (doc) => {
        const result = runScenario(doc)
        // one JSON document either way, and never an internal failure
        expect(() => JSON.stringify(result)).not.toThrow()
        if (result.ok) {
          answered++
          expect(typeof result.answer).toBe('object')
        } else {
          refused++
          expect(result.error.code).not.toBe('internal-error')
          expect(typeof result.error.message).toBe('string')
        }
        // scenarios that are bad by construction must be refused
        const tokens = (doc as { tokens?: unknown }).tokens
        const map = (doc as { map?: { width?: unknown; height?: unknown } }).map
        if (
          doc.format !== 'gm-scenario/1' ||
          !['arianrhod', 'pathfinder', 'dnd35', 'dystopia'].includes(doc.system as string)
        ) {
          expect(result.ok).toBe(false)
        }
        if (
          Array.isArray(tokens) &&
          map &&
          typeof map.width === 'number' &&
          typeof map.height === 'number'
        ) {
          const w = map.width
          const h = map.height
          const outside = tokens.some(
            (t: { at?: unknown }) =>
              Array.isArray(t.at) &&
              Number.isInteger(t.at[0]) &&
              Number.isInteger(t.at[1]) &&
              (t.at[0] < 0 || t.at[1] < 0 || t.at[0] >= w || t.at[1] >= h),
          )
          if (outside) expect(result.ok).toBe(false)
        }
        if ((doc.query as { type: string }).type === 'bogus') expect(result.ok).toBe(false)
      }),
      { numRuns: 10_000, seed: 20240601 },
    )
    // the generator must exercise both sides
    expect(answered).toBeGreaterThan(1000)
    expect(refused).toBeGreaterThan(1000)
  }, 300_000)

  it('arbitrary JSON values never crash the runner', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = runScenario(value)
        expect(result.ok).toBe(false)
        if (!result.ok) expect(result.error.code).not.toBe('internal-error')
      }),
      { numRuns: 2000 },
    )
  })
})
