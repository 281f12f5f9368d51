// Record changes are the one form of an edit (issue 28): for any command sequence, the changes
// from the state before to the state after rebuild the state after, the changes back rebuild the
// state before (undo), both through a JSON round trip (the journal and the wire), and applying
// them leaves the input untouched and every untouched record its object.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyChanges, changesOf, ChangeError, type Change } from './changes'
import { applyCommand, CommandError } from './commands'
import { FAR_FROM_LIMITS, limitCommandArbitrary, nearLimitCampaign } from './limits-testing'
import { commandSchema, type Campaign, type Command } from './schema'
import { deepFreeze, makeCampaign, makeMap } from './test-helpers'

const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

const mapId = fc.constantFrom('m1', 'm2')
const x = fc.integer({ min: 0, max: 5 })
const y = fc.integer({ min: 0, max: 4 })
const cell = fc.tuple(x, y)
const tokenId = fc.constantFrom('pc', 't1', 't2', 't3')
const lightId = fc.constantFrom('l1', 'l2')
const neighbour = fc
  .tuple(cell, fc.boolean())
  .map(([[cx, cy], across]): [[number, number], [number, number]] =>
    across
      ? [
          [cx, cy],
          [cx + 1, cy],
        ]
      : [
          [cx, cy],
          [cx, cy + 1],
        ],
  )

const mapCommand: fc.Arbitrary<Command> = fc.oneof(
  fc
    .tuple(mapId, neighbour, fc.constantFrom('wall', 'door', 'window', null))
    .map(([id, between, kind]): Command => ({
      type: 'edge.set',
      mapId: id,
      between,
      edge: kind === null ? null : { kind },
    })),
  fc.tuple(mapId, fc.array(neighbour, { maxLength: 6 })).map(([id, edges]): Command => ({
    type: 'edges.set',
    mapId: id,
    edges: edges.map((between, i) => ({ between, edge: i % 3 ? { kind: 'wall' } : null })),
  })),
  fc.tuple(mapId, tokenId, cell).map(([id, token, at]): Command => ({
    type: 'token.add',
    mapId: id,
    token: { id: token, name: token, at, faction: token === 't3' ? 'foe' : 'party' },
  })),
  fc
    .tuple(mapId, tokenId, cell)
    .map(([id, token, to]): Command => ({ type: 'token.move', mapId: id, tokenId: token, to })),
  fc
    .tuple(mapId, tokenId)
    .map(([id, token]): Command => ({ type: 'token.remove', mapId: id, tokenId: token })),
  fc.tuple(mapId, tokenId, fc.string({ maxLength: 8 })).map(([id, token, name]): Command => ({
    type: 'token.update',
    mapId: id,
    tokenId: token,
    patch: { name, hp: { current: 3, max: 9 } },
  })),
  fc.tuple(mapId, cell, fc.integer({ min: -3, max: 3 })).map(([id, at, elevation]): Command => ({
    type: 'cell.set',
    mapId: id,
    cell: { at, elevation },
  })),
  fc.tuple(mapId, lightId, cell).map(([id, light, at]): Command => ({
    type: 'light.add',
    mapId: id,
    source: { id: light, at, level: 1, radius: 2 },
  })),
  fc
    .tuple(mapId, lightId)
    .map(([id, light]): Command => ({ type: 'light.remove', mapId: id, lightId: light })),
  fc.tuple(mapId, fc.constantFrom('x1', 'x2'), cell).map(([id, trap, at]): Command => ({
    type: 'trap.set',
    mapId: id,
    trap: { id: trap, at, name: trap },
  })),
  fc
    .tuple(mapId, fc.constantFrom('x1', 'x2'))
    .map(([id, trap]): Command => ({ type: 'trap.remove', mapId: id, trapId: trap })),
  fc
    .tuple(mapId, fc.uniqueArray(tokenId, { minLength: 1, maxLength: 4 }))
    .map(([id, tokenIds]): Command => ({
      type: 'fight.start',
      mapId: id,
      tokenIds,
      unaware: [],
      rolls: {},
      d20s: [3, 17, 9, 12, 5, 20, 1, 8],
      at: '2025-03-03T00:00:00.000Z',
    })),
  mapId.map((id): Command => ({ type: 'fight.next', mapId: id })),
  mapId.map((id): Command => ({ type: 'fight.end', mapId: id })),
  fc
    .tuple(mapId, cell, cell, fc.boolean())
    .map(([id, from, to, reveal]): Command => ({ type: 'fog.rect', mapId: id, from, to, reveal })),
  fc
    .tuple(mapId, fc.string({ maxLength: 20 }))
    .map(([id, notes]): Command => ({ type: 'map.notes', mapId: id, notes })),
  fc
    .tuple(mapId, fc.string({ minLength: 1, maxLength: 10 }))
    .map(([id, name]): Command => ({ type: 'map.update', mapId: id, name })),
  mapId.map((id): Command => ({ type: 'map.remove', mapId: id })),
  fc.constantFrom('m1', 'm2').map((id): Command => ({
    type: 'map.add',
    map: makeMap({
      id,
      name: id,
      tokens: [{ id: 'pc', name: 'PC', at: [1, 1], faction: 'party' }],
    }),
  })),
  fc
    .string({ minLength: 1, maxLength: 10 })
    .map((name): Command => ({ type: 'campaign.rename', name })),
)

const anyCommand = fc.oneof(
  { arbitrary: mapCommand, weight: 3 },
  { arbitrary: limitCommandArbitrary, weight: 1 },
)

/** Two starting campaigns: the small test map, and one with a guild and a fight near the limits. */
const start = fc.constantFrom<() => Campaign>(
  () => makeCampaign(),
  () => {
    const near = nearLimitCampaign(FAR_FROM_LIMITS)
    return { ...near, maps: [...near.maps.filter((m) => m.id !== 'm1'), makeMap()] }
  },
)

function apply(state: Campaign, command: Command): Campaign {
  const parsed = commandSchema.safeParse(command)
  if (!parsed.success) return state
  try {
    return applyCommand(state, parsed.data)
  } catch (error) {
    if (error instanceof CommandError) return state
    throw error
  }
}

describe('record changes', () => {
  it('rebuild the state after any command sequence, and the changes back rebuild the one before', () => {
    fc.assert(
      fc.property(
        start,
        fc.array(anyCommand, { minLength: 1, maxLength: 25 }),
        (make, commands) => {
          let state = deepFreeze(make())
          // The page's copy: opened once, then every change applied to what the previous one left
          // (its lists' keys kept from apply to apply, as on the page).
          let page = deepFreeze(roundTrip(state))
          for (const command of commands) {
            const next = deepFreeze(apply(state, command))
            const forward = roundTrip(changesOf(state, next))
            const back = roundTrip(changesOf(next, state))
            expect(roundTrip(applyChanges(state, forward))).toEqual(roundTrip(next))
            expect(roundTrip(applyChanges(next, back))).toEqual(roundTrip(state))
            if (next === state) expect(forward).toEqual([])
            page = deepFreeze(applyChanges(page, forward))
            expect(roundTrip(page)).toEqual(roundTrip(next))
            state = next
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('names records by id, with their map: one token move is one record', () => {
    let big = makeCampaign()
    for (let i = 0; i < 5; i++)
      big = applyCommand(big, {
        type: 'edge.set',
        mapId: 'm1',
        between: [
          [i, 0],
          [i, 1],
        ],
        edge: { kind: 'wall' },
      })
    const moved = applyCommand(big, { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [3, 3] })
    const changes = changesOf(big, moved)
    const onToken = changes.filter((c) => c.kind === 'token')
    expect(onToken).toEqual([
      { op: 'set', kind: 'token', id: 'pc', mapId: 'm1', field: ['at'], value: [3, 3] },
    ])
    expect(changes.some((c) => c.kind === 'edge')).toBe(false)
    // What the page keeps: every map, edge and token the move did not touch is the same object.
    const applied = applyChanges(deepFreeze(big), changes)
    expect(applied.maps[0].edges).toBe(big.maps[0].edges)
    expect(applied).toEqual(moved)
  })

  it('adds a new map as one put of the whole map, and removes it by id', () => {
    const before = makeCampaign()
    const map = makeMap({ id: 'm2', name: 'Big' })
    const after = applyCommand(before, { type: 'map.add', map })
    expect(changesOf(before, after)).toEqual([
      { op: 'put', kind: 'map', id: 'm2', record: after.maps[1] },
    ])
    expect(changesOf(after, before)).toEqual([{ op: 'remove', kind: 'map', id: 'm2' }])
  })

  it('says when the order of a list changed, by ids', () => {
    const a = makeMap({ id: 'a' })
    const b = makeMap({ id: 'b' })
    const before = makeCampaign({ maps: [a, b] })
    const after = { ...before, maps: [b, a] }
    expect(changesOf(before, after)).toEqual([{ op: 'order', kind: 'map', ids: ['b', 'a'] }])
    expect(applyChanges(before, changesOf(before, after))).toEqual(after)
  })

  it('refuses a change that does not fit the campaign it is applied to', () => {
    const campaign = makeCampaign()
    const bad: Change[][] = [
      [{ op: 'remove', kind: 'token', mapId: 'm1', id: 'ghost' }],
      [{ op: 'set', kind: 'token', mapId: 'nowhere', id: 'pc', field: ['name'], value: 'x' }],
      [{ op: 'order', kind: 'map', ids: ['m1', 'm9'] }],
      [{ op: 'put', kind: 'token', id: 'pc', record: { id: 'pc' } }],
    ]
    for (const changes of bad) expect(() => applyChanges(campaign, changes)).toThrow(ChangeError)
  })
})
