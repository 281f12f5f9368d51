import { factionColour } from '../../lib/grid-geometry'
import { partyColours } from '@core/table/party-colours'
import { describe, expect, it } from 'vitest'
import type { CampaignMap } from '@core/campaign/schema'
import {
  BASE_DEPTH,
  buildCells,
  buildEdges,
  buildLightPoints,
  buildTokens,
  changedCells,
  HOVER_HEIGHT,
  lightSignature,
  PIT_DEPTH,
} from './scene-data'
import { sampleMap } from './test-support'

const map = sampleMap('arianrhod-sample')

function withCell(base: CampaignMap, cell: CampaignMap['cells'][number]): CampaignMap {
  return {
    ...base,
    cells: [...base.cells.filter((c) => c.at[0] !== cell.at[0] || c.at[1] !== cell.at[1]), cell],
  }
}

describe('board columns', () => {
  const cells = buildCells(map)
  const at = (x: number, y: number) => cells.columns[y * map.width + x]

  it('draws every cell at its elevation in squares (2 m per square in Arianrhod)', () => {
    expect(cells.columns).toHaveLength(120)
    expect(at(8, 2)).toMatchObject({ terrain: 'floor', elevation: 6, floor: 3, top: 3 })
    expect(at(7, 2)).toMatchObject({ floor: 0, top: 0 })
    expect(at(9, 6)).toMatchObject({ elevation: 1, floor: 0.5 })
  })

  it('sinks pits below the floor and raises solid squares above it', () => {
    expect(at(3, 6)).toMatchObject({ terrain: 'pit', floor: 0, top: -PIT_DEPTH })
    expect(at(0, 9).terrain).toBe('solid')
    expect(at(0, 9).top).toBeGreaterThan(1)
    expect(cells.base).toBeLessThanOrEqual(-PIT_DEPTH - BASE_DEPTH)
  })

  it('uses feet in Pathfinder: 10 ft is two squares up', () => {
    const pf = sampleMap('pathfinder-sample')
    const high = buildCells({ ...pf, cells: [{ at: [1, 1], elevation: 10 }] })
    expect(high.columns[pf.width + 1].floor).toBe(2)
  })

  it('finds exactly the one column an edit changed', () => {
    const edited = buildCells(withCell(map, { at: [2, 2], elevation: 4 }))
    expect(changedCells(cells, edited)).toEqual([2 * map.width + 2])
    expect(changedCells(cells, buildCells(map))).toEqual([])
  })

  it('asks for a full rewrite when the board is resized or its base moves', () => {
    expect(changedCells(null, cells)).toBe('all')
    expect(changedCells(cells, buildCells({ ...map, width: 13 }))).toBe('all')
    const deep = buildCells(withCell(map, { at: [0, 0], elevation: -10 }))
    expect(changedCells(cells, deep)).toBe('all')
  })
})

describe('walls, doors and tokens', () => {
  const cells = buildCells(map)

  it('places walls on the shared side and stands them above the higher floor', () => {
    const edges = buildEdges(map, cells)
    const wall = edges.find((e) => e.id === '5,0,6,0')!
    expect(wall).toMatchObject({ kind: 'wall', x1: 6, z1: 0, x2: 6, z2: 1 })
    expect(wall.top).toBeGreaterThan(1)
    const low = edges.find((e) => e.kind === 'low-wall')!
    expect(low).toMatchObject({ id: '7,5,7,6', x1: 7, z1: 6, x2: 8, z2: 6 })
    expect(low.top).toBeLessThan(wall.top)
    expect(edges.find((e) => e.kind === 'door')).toMatchObject({ state: 'closed', secret: false })
  })

  it('keeps door state and the GM-only secret mark', () => {
    const doors: CampaignMap = {
      ...map,
      edges: [
        {
          between: [
            [1, 1],
            [2, 1],
          ],
          kind: 'door',
          state: 'open',
        },
        {
          between: [
            [1, 2],
            [1, 3],
          ],
          kind: 'door',
          state: 'locked',
          secret: true,
        },
      ],
    }
    const [open, locked] = buildEdges(doors, cells)
    expect(open).toMatchObject({ kind: 'door', state: 'open' })
    expect(locked).toMatchObject({ kind: 'door', state: 'locked', secret: true })
  })

  it('stands tokens on their floor, a flyer above it, coloured by faction', () => {
    const flying: CampaignMap = {
      ...map,
      tokens: [
        ...map.tokens,
        { id: 'bat', name: 'Bat', at: [8, 2], faction: 'enemy', states: ['flying'] },
      ],
    }
    const figures = buildTokens(flying, cells)
    const goblin = figures.find((f) => f.id === 'goblin-ledge')!
    expect(goblin).toMatchObject({ x: 9.5, z: 2.5, y: 3, floor: 3, flying: false })
    const bat = figures.find((f) => f.id === 'bat')!
    expect(bat).toMatchObject({ flying: true, floor: 3, y: 3 + HOVER_HEIGHT })
    // The token's own colour where it has one (as on the 2D board), a PC's from the party
    // palette, else its faction's.
    expect(figures.find((f) => f.id === 'goblin-ledge')!.colour).toBe('#c0392b')
    expect(figures.find((f) => f.id === 'pc-climber')!.colour).toBe(
      partyColours(flying).get('pc-climber'),
    )
    expect(new Set(figures.filter((f) => f.faction === 'party').map((f) => f.colour)).size).toBe(3)
    expect(figures.find((f) => f.id === 'lurker')!.colour).toBe(factionColour('enemy'))
    expect(bat.colour).toBe(factionColour('enemy'))
    expect(goblin.colour).not.toBe(factionColour('party'))
    expect(figures.find((f) => f.id === 'lurker')!.hidden).toBe(true)
  })

  it('stands DysTopiA units that share a square in its quarters, each with its own label', () => {
    const dystopia = sampleMap('dystopia-sample')
    const figures = buildTokens(dystopia, buildCells(dystopia))
    // hero-a and hero-b share [0, 5]; guard-2 and guard-3 share [4, 0]; the others stand alone
    const at = (id: string) => figures.find((f) => f.id === id)!
    expect([at('hero-a'), at('hero-b')].map(({ x, z, side }) => [x, z, side])).toEqual([
      [0.25, 5.25, 0.5],
      [0.75, 5.25, 0.5],
    ])
    expect(at('hero-c')).toMatchObject({ x: 1.5, z: 5.5, side: 1 })
    expect(at('hero-a').radius).toBeLessThanOrEqual(0.2)
    expect(new Set(figures.map((f) => f.label)).size).toBe(figures.length)
  })

  it('marks the combatant whose turn it is (the 3D view tints it gold), and no one else', () => {
    const fighting: CampaignMap = {
      ...map,
      fight: {
        round: 1,
        turn: 1,
        order: [
          { tokenId: 'pc-climber', count: 12 },
          { tokenId: 'goblin-ledge', count: 9 },
        ],
        unaware: [],
        acted: [],
        delaying: [],
        readied: [],
        showOrder: false,
        showRolls: false,
        expired: [],
      },
    }
    expect(
      buildTokens(fighting, cells)
        .filter((f) => f.turn)
        .map((f) => f.id),
    ).toEqual(['goblin-ledge'])
    expect(buildTokens(map, cells).some((f) => f.turn)).toBe(false)
  })

  it('puts a flyer with an elevation at that height', () => {
    const high: CampaignMap = {
      ...map,
      tokens: [{ id: 'h', name: '', at: [0, 0], faction: 'x', states: ['flying'], elevation: 8 }],
    }
    expect(buildTokens(high, cells)[0]).toMatchObject({ y: 4, floor: 0, flying: true })
  })
})

describe('light', () => {
  it('places the torch with its radius in squares', () => {
    const [torch] = buildLightPoints(map, buildCells(map))
    expect(torch).toMatchObject({ at: [3, 2], level: 6, radius: 2, x: 3.5, z: 2.5 })
  })

  it('changes its signature for light-relevant edits only', () => {
    const before = lightSignature(map)
    const moved: CampaignMap = {
      ...map,
      tokens: map.tokens.map((t) => ({ ...t, at: [0, 0] as [number, number] })),
    }
    expect(lightSignature(moved)).toBe(before)
    expect(lightSignature({ ...map, light: { ...map.light, ambient: 5 } })).not.toBe(before)
    expect(lightSignature(withCell(map, { at: [4, 4], terrain: 'solid' }))).not.toBe(before)
  })
})
