import { describe, expect, it } from 'vitest'
import { applyCommand, CommandError } from './commands'
import { spansToMask } from './fog'
import type { Campaign, CampaignMap } from './schema'
import { commandSchema } from './schema'
import { deepFreeze, makeCampaign, makeMap } from './test-helpers'

// 6 × 5 room split by a wall between x = 2 and x = 3, with a door at y = 2.
function splitMap(overrides: Partial<CampaignMap> = {}): CampaignMap {
  const edges: CampaignMap['edges'] = []
  for (let y = 0; y < 5; y++) {
    edges.push({
      between: [
        [2, y],
        [3, y],
      ],
      kind: y === 2 ? 'door' : 'wall',
      ...(y === 2 ? { state: 'closed' } : {}),
    })
  }
  return makeMap({ edges, ...overrides })
}

const explored = (c: Campaign, [x, y]: [number, number]): boolean => {
  const map = c.maps[0]
  return spansToMask(map.fog?.explored ?? [], map.width, map.height)[y * map.width + x] === 1
}

describe('fog commands', () => {
  it('parses through the command schema', () => {
    expect(
      commandSchema.parse({ type: 'fog.reveal', mapId: 'm1', cells: [[1, 1]], reveal: true }).type,
    ).toBe('fog.reveal')
    expect(() =>
      commandSchema.parse({ type: 'fog.settings', mapId: 'm1', mode: 'sometimes' }),
    ).toThrow()
    expect(() =>
      commandSchema.parse({
        type: 'token.visibility',
        mapId: 'm1',
        tokenId: 'pc',
        privateStats: ['hp'],
      }),
    ).toThrow()
  })

  it('a move adds what the party now sees to the explored cells, in the same step', () => {
    const start = deepFreeze(makeCampaign({ maps: [splitMap()] }))
    const opened = applyCommand(start, {
      type: 'edge.set',
      mapId: 'm1',
      between: [
        [2, 2],
        [3, 2],
      ],
      edge: { kind: 'door', state: 'open' },
    })
    expect(explored(opened, [3, 2])).toBe(true)
    expect(explored(opened, [5, 0])).toBe(false)
    const moved = applyCommand(opened, {
      type: 'token.move',
      mapId: 'm1',
      tokenId: 'pc',
      to: [3, 2],
    })
    expect(explored(moved, [5, 0])).toBe(true)
    // the state before the command is untouched, so undo (which restores it) forgets them too
    expect(explored(opened, [5, 0])).toBe(false)
    expect(start.maps[0].fog).toBeUndefined()
  })

  it('manual mode explores nothing; a command that cannot change sight keeps the map as it was', () => {
    const manual = applyCommand(makeCampaign({ maps: [splitMap()] }), {
      type: 'fog.settings',
      mapId: 'm1',
      mode: 'manual',
    })
    const moved = applyCommand(manual, {
      type: 'token.move',
      mapId: 'm1',
      tokenId: 'pc',
      to: [1, 1],
    })
    expect(moved.maps[0].fog?.explored).toEqual([])
    const other = makeMap({ id: 'm2' })
    const two = makeCampaign({ maps: [splitMap(), other] })
    const renamed = applyCommand(two, { type: 'map.notes', mapId: 'm1', notes: 'x' })
    expect(renamed.maps[0].fog).toBeUndefined()
    const moved2 = applyCommand(two, { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [1, 0] })
    expect(moved2.maps[1]).toBe(two.maps[1])
  })

  it('reveal and hide brushes; hide also forgets explored cells; cells must be on the map', () => {
    let c = makeCampaign({ maps: [splitMap()] })
    c = applyCommand(c, {
      type: 'fog.reveal',
      mapId: 'm1',
      cells: [
        [4, 0],
        [5, 0],
        [4, 1],
      ],
      reveal: true,
    })
    expect(c.maps[0].fog?.revealed).toEqual([
      [0, 4, 5],
      [1, 4, 4],
    ])
    c = applyCommand(c, { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [1, 0] })
    expect(explored(c, [0, 4])).toBe(true)
    c = applyCommand(c, { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [4, 0] })
    c = applyCommand(c, {
      type: 'fog.reveal',
      mapId: 'm1',
      cells: [
        [5, 0],
        [0, 4],
      ],
      reveal: false,
    })
    expect(c.maps[0].fog?.revealed).toEqual([
      [0, 4, 4],
      [1, 4, 4],
    ])
    expect(explored(c, [0, 4])).toBe(false)
    expect(() =>
      applyCommand(c, { type: 'fog.reveal', mapId: 'm1', cells: [[6, 0]], reveal: true }),
    ).toThrow(CommandError)
  })

  it('reset forgets explored cells (what is seen right now stays), and revealed ones on request', () => {
    let c = makeCampaign({ maps: [splitMap()] })
    c = applyCommand(c, { type: 'fog.reveal', mapId: 'm1', cells: [[5, 4]], reveal: true })
    c = applyCommand(c, { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [0, 4] })
    c = applyCommand(c, { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [0, 0] })
    expect(explored(c, [0, 4])).toBe(true)
    const reset = applyCommand(c, { type: 'fog.reset', mapId: 'm1' })
    expect(explored(reset, [0, 0])).toBe(true)
    expect(reset.maps[0].fog?.revealed).toEqual([[4, 5, 5]])
    const all = applyCommand(c, { type: 'fog.reset', mapId: 'm1', revealed: true })
    expect(all.maps[0].fog?.revealed).toEqual([])
  })

  it('party factions decide whose eyes count', () => {
    const map = splitMap({ tokens: [{ id: 'pc', name: '', at: [0, 0], faction: 'heroes' }] })
    let c = applyCommand(makeCampaign({ maps: [map] }), {
      type: 'token.move',
      mapId: 'm1',
      tokenId: 'pc',
      to: [0, 1],
    })
    expect(c.maps[0].fog).toBeUndefined()
    c = applyCommand(c, { type: 'fog.settings', mapId: 'm1', partyFactions: ['heroes', 'heroes'] })
    expect(c.maps[0].fog?.partyFactions).toEqual(['heroes'])
    expect(explored(c, [0, 1])).toBe(true)
  })

  it('token.visibility hides a token and marks private stats', () => {
    let c = makeCampaign({ maps: [splitMap()] })
    c = applyCommand(c, {
      type: 'token.visibility',
      mapId: 'm1',
      tokenId: 'pc',
      hidden: true,
      privateStats: ['name'],
    })
    expect(c.maps[0].tokens[0]).toMatchObject({ hidden: true, privateStats: ['name'] })
    c = applyCommand(c, {
      type: 'token.visibility',
      mapId: 'm1',
      tokenId: 'pc',
      hidden: false,
      privateStats: [],
    })
    expect(c.maps[0].tokens[0]).not.toHaveProperty('hidden')
    expect(c.maps[0].tokens[0]).not.toHaveProperty('privateStats')
    expect(() =>
      applyCommand(c, { type: 'token.visibility', mapId: 'm1', tokenId: 'nobody', hidden: true }),
    ).toThrow(CommandError)
  })
})
