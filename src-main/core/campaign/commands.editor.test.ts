import { describe, expect, it } from 'vitest'
import { CommandError } from './commands'
import { UndoHistory } from './history'
import { commandSchema, strictCommandSchema, type Command } from './schema'
import { applyParsed as apply, makeCampaign, makeMap, mapIn as map } from './test-helpers'

describe('cells.set', () => {
  it('paints many squares in one command, merging fields and dropping defaults', () => {
    const before = makeCampaign({ maps: [makeMap({ cells: [{ at: [1, 1], elevation: 2 }] })] })
    const after = apply(before, {
      type: 'cells.set',
      mapId: 'm1',
      cells: [
        { at: [1, 1], terrain: 'difficult' },
        { at: [2, 1], terrain: 'pit' },
        { at: [3, 1], terrain: 'floor' },
        { at: [2, 1], terrain: 'solid' },
      ],
    })
    expect(map(after).cells).toEqual([
      { at: [1, 1], terrain: 'difficult', elevation: 2 },
      { at: [2, 1], terrain: 'solid' },
    ])
    const cleared = apply(after, {
      type: 'cells.set',
      mapId: 'm1',
      cells: [{ at: [1, 1] }, { at: [2, 1] }],
      clear: ['terrain'],
    })
    expect(map(cleared).cells).toEqual([{ at: [1, 1], elevation: 2 }])
  })

  it('returns the same campaign when nothing changes, and refuses squares off the map', () => {
    const before = makeCampaign({ maps: [makeMap({ cells: [{ at: [0, 0], terrain: 'pit' }] })] })
    expect(
      apply(before, { type: 'cells.set', mapId: 'm1', cells: [{ at: [0, 0], terrain: 'pit' }] }),
    ).toBe(before)
    expect(() =>
      apply(before, { type: 'cells.set', mapId: 'm1', cells: [{ at: [6, 0], terrain: 'pit' }] }),
    ).toThrow(CommandError)
  })

  it('is one undo step for a whole stroke', () => {
    const history = new UndoHistory()
    const before = makeCampaign()
    const stroke: Command = {
      type: 'cells.set',
      mapId: 'm1',
      cells: [0, 1, 2, 3].map((x) => ({ at: [x, 2] as [number, number], elevation: 6 })),
    }
    const after = apply(before, stroke)
    history.record(before)
    expect(map(after).cells).toHaveLength(4)
    expect(history.undo(after)).toBe(before)
  })
})

describe('edges.set', () => {
  it('sets and removes many edges at once, naming an edge from either side', () => {
    const before = makeCampaign({
      maps: [
        makeMap({
          edges: [
            {
              between: [
                [0, 0],
                [1, 0],
              ],
              kind: 'wall',
            },
          ],
        }),
      ],
    })
    const after = apply(before, {
      type: 'edges.set',
      mapId: 'm1',
      edges: [
        {
          between: [
            [1, 0],
            [0, 0],
          ],
          edge: null,
        },
        {
          between: [
            [2, 1],
            [1, 1],
          ],
          edge: { kind: 'door', state: 'locked', secret: true },
        },
        {
          between: [
            [1, 1],
            [1, 2],
          ],
          edge: { kind: 'low-wall' },
        },
      ],
    })
    expect(map(after).edges).toEqual([
      {
        between: [
          [1, 1],
          [2, 1],
        ],
        kind: 'door',
        state: 'locked',
        secret: true,
      },
      {
        between: [
          [1, 1],
          [1, 2],
        ],
        kind: 'low-wall',
      },
    ])
  })

  it('refuses cells that share no edge', () => {
    expect(() =>
      apply(makeCampaign(), {
        type: 'edges.set',
        mapId: 'm1',
        edges: [
          {
            between: [
              [0, 0],
              [1, 1],
            ],
            edge: { kind: 'wall' },
          },
        ],
      }),
    ).toThrow(/not orthogonal neighbours/)
  })
})

describe('map.update', () => {
  it('renames, changes the system and resizes, dropping what falls off the map', () => {
    const before = makeCampaign({
      maps: [
        makeMap({
          cells: [
            { at: [1, 1], terrain: 'pit' },
            { at: [5, 4], terrain: 'solid' },
          ],
          edges: [
            {
              between: [
                [3, 0],
                [4, 0],
              ],
              kind: 'wall',
            },
            {
              between: [
                [0, 0],
                [1, 0],
              ],
              kind: 'wall',
            },
          ],
          light: { sources: [{ at: [5, 0], level: 4, radius: 6 }], ambient: 2 },
        }),
      ],
    })
    const after = map(
      apply(before, {
        type: 'map.update',
        mapId: 'm1',
        name: 'Hall',
        system: 'pathfinder',
        width: 4,
        height: 3,
      }),
    )
    expect(after).toMatchObject({ name: 'Hall', system: 'pathfinder', width: 4, height: 3 })
    expect(after.cells).toEqual([{ at: [1, 1], terrain: 'pit' }])
    expect(after.edges).toEqual([
      {
        between: [
          [0, 0],
          [1, 0],
        ],
        kind: 'wall',
      },
    ])
    expect(after.light).toEqual({ ambient: 2, sources: [] })
  })

  it('refuses to strand a token and keeps DysTopiA boards 6 × 6', () => {
    const before = makeCampaign({
      maps: [makeMap({ tokens: [{ id: 'pc', name: '', at: [5, 4], faction: 'party' }] })],
    })
    expect(() => apply(before, { type: 'map.update', mapId: 'm1', width: 5 })).toThrow(
      /off the map/,
    )
    expect(() => apply(before, { type: 'map.update', mapId: 'm1', system: 'dystopia' })).toThrow(
      /6 × 6/,
    )
    const board = map(
      apply(before, { type: 'map.update', mapId: 'm1', system: 'dystopia', width: 6, height: 6 }),
    )
    expect([board.width, board.height, board.system]).toEqual([6, 6, 'dystopia'])
  })
})

describe('token.update', () => {
  it('changes fields, clears optional ones and leaves the name alone unless given', () => {
    const before = makeCampaign({
      maps: [
        makeMap({
          tokens: [
            { id: 'pc', name: 'Aria', at: [0, 0], faction: 'party', move: 10, color: '#ff0000' },
          ],
        }),
      ],
    })
    const after = map(
      apply(before, {
        type: 'token.update',
        mapId: 'm1',
        tokenId: 'pc',
        patch: { faction: 'enemy', states: ['flying', 'stealth'], hidden: true, reach: 10 },
        clear: ['color'],
      }),
    ).tokens[0]
    expect(after).toEqual({
      id: 'pc',
      name: 'Aria',
      at: [0, 0],
      faction: 'enemy',
      move: 10,
      states: ['flying', 'stealth'],
      hidden: true,
      reach: 10,
    })
  })

  it('refuses a size that no longer fits, and a picture that is not a stored picture’s hash', () => {
    const before = makeCampaign({
      maps: [makeMap({ tokens: [{ id: 'pc', name: '', at: [5, 4], faction: 'party' }] })],
    })
    expect(() =>
      apply(before, { type: 'token.update', mapId: 'm1', tokenId: 'pc', patch: { size: 'large' } }),
    ).toThrow(/stick out/)
    expect(
      commandSchema.safeParse({
        type: 'token.update',
        mapId: 'm1',
        tokenId: 'pc',
        patch: { picture: 'https://example.com/x.png' },
      }).success,
    ).toBe(false)
    const hash = 'a'.repeat(64)
    const withPicture = map(
      apply(before, { type: 'token.update', mapId: 'm1', tokenId: 'pc', patch: { picture: hash } }),
    )
    expect(withPicture.tokens[0].picture).toBe(hash)
  })

  it('sets, shows and clears a token’s HP bar, one token at a time (issue 12.16)', () => {
    const before = makeCampaign({
      maps: [
        makeMap({
          tokens: [
            { id: 'orc', name: 'Orc', at: [1, 1], faction: 'enemy' },
            { id: 'pc', name: '', at: [2, 2], faction: 'party' },
          ],
        }),
      ],
    })
    const hurt = apply(before, {
      type: 'token.update',
      mapId: 'm1',
      tokenId: 'orc',
      patch: { hp: { current: 7, max: 12 } },
    })
    expect(map(hurt).tokens[0].hp).toEqual({ current: 7, max: 12 })
    expect(map(hurt).tokens[1].hp).toBeUndefined()
    const shown = apply(hurt, {
      type: 'token.update',
      mapId: 'm1',
      tokenId: 'orc',
      patch: { hp: { current: -2, max: 12, shownToPlayers: true } },
    })
    expect(map(shown).tokens[0].hp).toEqual({ current: -2, max: 12, shownToPlayers: true })
    expect(
      map(
        apply(shown, {
          type: 'token.update',
          mapId: 'm1',
          tokenId: 'orc',
          patch: {},
          clear: ['hp'],
        }),
      ).tokens[0].hp,
    ).toBeUndefined()
    // A bar needs a maximum of at least 1; unknown keys are refused like everywhere in a command.
    expect(() =>
      apply(before, {
        type: 'token.update',
        mapId: 'm1',
        tokenId: 'orc',
        patch: { hp: { current: 1, max: 0 } },
      }),
    ).toThrow()
    expect(
      strictCommandSchema.safeParse({
        type: 'token.update',
        mapId: 'm1',
        tokenId: 'orc',
        patch: { hp: { current: 1, max: 5, temp: 3 } },
      }).success,
    ).toBe(false)
  })
})
