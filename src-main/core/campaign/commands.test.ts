import { describe, expect, it } from 'vitest'
import { applyCommand, CommandError } from './commands'
import { UndoHistory } from './history'
import type { Campaign, Command } from './schema'
import { campaignSchema } from './schema'
import { deepFreeze, makeCampaign, makeMap, mapIn as map } from './test-helpers'

function apply(campaign: Campaign, command: Command): Campaign {
  return applyCommand(deepFreeze(campaign), command)
}

describe('applyCommand', () => {
  it('renames the campaign without touching the input', () => {
    const before = makeCampaign()
    const after = apply(before, { type: 'campaign.rename', name: 'New name' })
    expect(after.name).toBe('New name')
    expect(before.name).toBe('Test campaign')
    expect(after.maps).toBe(before.maps)
  })

  it('adds and removes maps', () => {
    const added = apply(makeCampaign(), {
      type: 'map.add',
      map: makeMap({ id: 'm2', name: 'Second' }),
    })
    expect(added.maps.map((m) => m.id)).toEqual(['m1', 'm2'])
    const removed = apply(added, { type: 'map.remove', mapId: 'm1' })
    expect(removed.maps.map((m) => m.id)).toEqual(['m2'])
  })

  it('refuses a duplicate map id, an inconsistent map and removing a missing map', () => {
    expect(() => apply(makeCampaign(), { type: 'map.add', map: makeMap() })).toThrow(
      /already exists/,
    )
    const broken = makeMap({ id: 'm2', tokens: [{ id: 't', name: '', at: [9, 9], faction: 'x' }] })
    expect(() => apply(makeCampaign(), { type: 'map.add', map: broken })).toThrow(
      /token "t" at \[9, 9\] is not inside/,
    )
    expect(() => apply(makeCampaign(), { type: 'map.remove', mapId: 'nope' })).toThrow(CommandError)
  })

  it('sets map notes', () => {
    const after = apply(makeCampaign(), {
      type: 'map.notes',
      mapId: 'm1',
      notes: 'Trap at the door',
    })
    expect(map(after).notes).toBe('Trap at the door')
  })

  it('treats edge.set with the cells in either order as the same edge', () => {
    let c = apply(makeCampaign(), {
      type: 'edge.set',
      mapId: 'm1',
      between: [
        [2, 1],
        [1, 1],
      ],
      edge: { kind: 'wall' },
    })
    expect(map(c).edges).toEqual([
      {
        between: [
          [1, 1],
          [2, 1],
        ],
        kind: 'wall',
      },
    ])
    c = apply(c, {
      type: 'edge.set',
      mapId: 'm1',
      between: [
        [1, 1],
        [2, 1],
      ],
      edge: { kind: 'door', state: 'closed' },
    })
    expect(map(c).edges).toEqual([
      {
        between: [
          [1, 1],
          [2, 1],
        ],
        kind: 'door',
        state: 'closed',
      },
    ])
    c = apply(c, {
      type: 'edge.set',
      mapId: 'm1',
      between: [
        [1, 2],
        [1, 1],
      ],
      edge: { kind: 'low-wall' },
    })
    expect(map(c).edges).toHaveLength(2)
    expect(map(c).edges[1].between).toEqual([
      [1, 1],
      [1, 2],
    ])
    c = apply(c, {
      type: 'edge.set',
      mapId: 'm1',
      between: [
        [2, 1],
        [1, 1],
      ],
      edge: null,
    })
    expect(map(c).edges).toEqual([
      {
        between: [
          [1, 1],
          [1, 2],
        ],
        kind: 'low-wall',
      },
    ])
  })

  it('returns the same campaign when removing an edge that does not exist', () => {
    const before = makeCampaign()
    expect(
      apply(before, {
        type: 'edge.set',
        mapId: 'm1',
        between: [
          [0, 0],
          [1, 0],
        ],
        edge: null,
      }),
    ).toBe(before)
  })

  it('refuses edges outside the map or between non-neighbours', () => {
    const c = makeCampaign()
    expect(() =>
      apply(c, {
        type: 'edge.set',
        mapId: 'm1',
        between: [
          [5, 0],
          [6, 0],
        ],
        edge: { kind: 'wall' },
      }),
    ).toThrow(/\[6, 0\] is outside map "m1"/)
    expect(() =>
      apply(c, {
        type: 'edge.set',
        mapId: 'm1',
        between: [
          [0, 0],
          [1, 1],
        ],
        edge: { kind: 'wall' },
      }),
    ).toThrow(/not orthogonal neighbours/)
    expect(() =>
      apply(c, {
        type: 'edge.set',
        mapId: 'm1',
        between: [
          [0, 0],
          [0, 0],
        ],
        edge: { kind: 'wall' },
      }),
    ).toThrow(/not orthogonal neighbours/)
    expect(() =>
      apply(c, {
        type: 'edge.set',
        mapId: 'zz',
        between: [
          [0, 0],
          [1, 0],
        ],
        edge: { kind: 'wall' },
      }),
    ).toThrow(/No map with id "zz"/)
  })

  it('merges cell.set into the sparse cell list and drops all-default entries', () => {
    let c = apply(makeCampaign(), {
      type: 'cell.set',
      mapId: 'm1',
      cell: { at: [2, 3], terrain: 'pit' },
    })
    expect(map(c).cells).toEqual([{ at: [2, 3], terrain: 'pit' }])
    c = apply(c, { type: 'cell.set', mapId: 'm1', cell: { at: [2, 3], elevation: 6, light: 2 } })
    expect(map(c).cells).toEqual([{ at: [2, 3], terrain: 'pit', elevation: 6, light: 2 }])
    c = apply(c, {
      type: 'cell.set',
      mapId: 'm1',
      cell: { at: [2, 3], terrain: 'floor', elevation: 0 },
    })
    expect(map(c).cells).toEqual([{ at: [2, 3], light: 2 }])
    c = apply(c, { type: 'cell.set', mapId: 'm1', cell: { at: [2, 3] }, clear: ['light'] })
    expect(map(c).cells).toEqual([])
  })

  it('does not store a new cell that only holds defaults, and refuses cells outside the map', () => {
    const before = makeCampaign()
    expect(
      apply(before, { type: 'cell.set', mapId: 'm1', cell: { at: [1, 1], blockade: false } }),
    ).toBe(before)
    expect(() =>
      apply(before, { type: 'cell.set', mapId: 'm1', cell: { at: [0, 5], terrain: 'pit' } }),
    ).toThrow(/outside map/)
    expect(() =>
      apply(before, { type: 'cell.set', mapId: 'm1', cell: { at: [-1, 0], terrain: 'pit' } }),
    ).toThrow(/outside map/)
  })

  it('adds, moves and removes tokens', () => {
    let c = apply(makeCampaign(), {
      type: 'token.add',
      mapId: 'm1',
      token: { id: 'orc', name: 'Orc', at: [3, 3], faction: 'enemy' },
    })
    expect(map(c).tokens.map((t) => t.id)).toEqual(['pc', 'orc'])
    c = apply(c, { type: 'token.move', mapId: 'm1', tokenId: 'orc', to: [5, 4] })
    expect(map(c).tokens[1]).toEqual({ id: 'orc', name: 'Orc', at: [5, 4], faction: 'enemy' })
    c = apply(c, { type: 'token.remove', mapId: 'm1', tokenId: 'pc' })
    expect(map(c).tokens.map((t) => t.id)).toEqual(['orc'])
    expect(campaignSchema.parse(c)).toEqual(c)
  })

  it('refuses duplicate, missing and off-map tokens, including a big token sticking out', () => {
    const c = makeCampaign()
    const pc = { id: 'pc', name: '', at: [1, 1] as [number, number], faction: 'party' }
    expect(() => apply(c, { type: 'token.add', mapId: 'm1', token: pc })).toThrow(
      /already has a token/,
    )
    expect(() =>
      apply(c, { type: 'token.move', mapId: 'm1', tokenId: 'ghost', to: [1, 1] }),
    ).toThrow(/No token with id "ghost"/)
    expect(() => apply(c, { type: 'token.remove', mapId: 'm1', tokenId: 'ghost' })).toThrow(
      /No token/,
    )
    expect(() => apply(c, { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [6, 0] })).toThrow(
      /outside map/,
    )
    const ogre = {
      id: 'ogre',
      name: '',
      at: [5, 0] as [number, number],
      faction: 'enemy',
      size: 'large' as const,
    }
    expect(() => apply(c, { type: 'token.add', mapId: 'm1', token: ogre })).toThrow(/stick out/)
    expect(
      map(apply(c, { type: 'token.add', mapId: 'm1', token: { ...ogre, at: [4, 3] } })).tokens,
    ).toHaveLength(2)
  })

  it('never mutates its input (frozen deeply) across every command type', () => {
    const commands: Command[] = [
      { type: 'campaign.rename', name: 'x' },
      { type: 'map.add', map: makeMap({ id: 'm9' }) },
      { type: 'map.notes', mapId: 'm1', notes: 'n' },
      {
        type: 'edge.set',
        mapId: 'm1',
        between: [
          [0, 0],
          [0, 1],
        ],
        edge: { kind: 'wall' },
      },
      { type: 'cell.set', mapId: 'm1', cell: { at: [0, 0], elevation: 2 } },
      { type: 'token.add', mapId: 'm1', token: { id: 't2', name: '', at: [1, 1], faction: 'f' } },
      { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [2, 2] },
      { type: 'token.remove', mapId: 'm1', tokenId: 'pc' },
      { type: 'map.remove', mapId: 'm1' },
    ]
    const frozen = deepFreeze(makeCampaign())
    const snapshot = JSON.stringify(frozen)
    for (const command of commands) {
      const after = applyCommand(frozen, command)
      expect(after).not.toBe(frozen)
      expect(campaignSchema.safeParse(after).success).toBe(true)
    }
    expect(JSON.stringify(frozen)).toBe(snapshot)
  })
})

describe('UndoHistory', () => {
  const rename = (c: Campaign, name: string) => applyCommand(c, { type: 'campaign.rename', name })

  it('undoes and redoes a sequence, and a new command clears redo', () => {
    const history = new UndoHistory()
    let current = makeCampaign()
    for (const name of ['a', 'b', 'c']) {
      history.record(current)
      current = rename(current, name)
    }
    current = history.undo(current)!
    expect(current.name).toBe('b')
    current = history.undo(current)!
    expect(current.name).toBe('a')
    current = history.redo(current)!
    expect(current.name).toBe('b')
    expect(history.canRedo).toBe(true)
    history.record(current)
    current = rename(current, 'd')
    expect(history.canRedo).toBe(false)
    expect(history.redo(current)).toBeUndefined()
    expect(history.undo(current)!.name).toBe('b')
  })

  it('returns undefined when there is nothing to undo or redo', () => {
    const history = new UndoHistory()
    expect(history.canUndo).toBe(false)
    expect(history.undo(makeCampaign())).toBeUndefined()
    expect(history.redo(makeCampaign())).toBeUndefined()
  })

  it('keeps only the newest `limit` entries', () => {
    const history = new UndoHistory(200)
    let current = makeCampaign({ name: '0' })
    for (let i = 1; i <= 250; i++) {
      history.record(current)
      current = rename(current, String(i))
    }
    expect(history.undoDepth).toBe(200)
    let steps = 0
    for (let back = history.undo(current); back; back = history.undo(current)) {
      current = back
      steps++
    }
    expect(steps).toBe(200)
    expect(current.name).toBe('50')
  })

  it('rejects a limit that is not a positive integer', () => {
    expect(() => new UndoHistory(0)).toThrow(RangeError)
  })
})
