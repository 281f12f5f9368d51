import { describe, expect, it } from 'vitest'
import type { CampaignMap } from '@core/campaign/schema'
import { edgeAtPoint, edgeClickCommand, edgeId, edgeSegment, elevationShade } from './grid-geometry'

const map: CampaignMap = {
  id: 'm',
  name: 'M',
  system: 'arianrhod',
  width: 4,
  height: 3,
  cells: [],
  edges: [
    {
      between: [
        [1, 0],
        [2, 0],
      ],
      kind: 'wall',
    },
    {
      between: [
        [0, 1],
        [0, 2],
      ],
      kind: 'door',
      state: 'locked',
    },
  ],
  light: { sources: [] },
  tokens: [],
  notes: '',
}

describe('edgeAtPoint', () => {
  it('finds the vertical line between two squares in a row', () => {
    expect(edgeAtPoint(map, 2.05, 1.5)).toEqual([
      [1, 1],
      [2, 1],
    ])
    expect(edgeAtPoint(map, 0.9, 0.2 + 0.3)).toEqual([
      [0, 0],
      [1, 0],
    ])
  })
  it('finds the horizontal line between two squares in a column', () => {
    expect(edgeAtPoint(map, 3.5, 1.96)).toEqual([
      [3, 1],
      [3, 2],
    ])
  })
  it('ignores square centres, corners and the map border', () => {
    expect(edgeAtPoint(map, 1.5, 1.5)).toBeNull()
    expect(edgeAtPoint(map, 2.02, 1.03)).toBeNull()
    expect(edgeAtPoint(map, 0.05, 1.5)).toBeNull()
    expect(edgeAtPoint(map, 3.97, 1.5)).toBeNull()
    expect(edgeAtPoint(map, 1.5, 0.02)).toBeNull()
    expect(edgeAtPoint(map, 5, 1)).toBeNull()
    expect(edgeAtPoint(map, -0.1, 1)).toBeNull()
  })
})

describe('edge naming and drawing', () => {
  it('names an edge the same from either side', () => {
    expect(
      edgeId([
        [2, 1],
        [1, 1],
      ]),
    ).toBe('1,1,2,1')
    expect(
      edgeId([
        [1, 1],
        [2, 1],
      ]),
    ).toBe('1,1,2,1')
  })
  it('draws the shared side of the two squares', () => {
    expect(
      edgeSegment([
        [1, 1],
        [2, 1],
      ]),
    ).toEqual({ x1: 2, y1: 1, x2: 2, y2: 2 })
    expect(
      edgeSegment([
        [3, 2],
        [3, 1],
      ]),
    ).toEqual({ x1: 3, y1: 2, x2: 4, y2: 2 })
  })
})

describe('edgeClickCommand', () => {
  it('makes a secret door when "new doors are secret" is ticked, also over an existing wall (issue 11.7)', () => {
    const walled = {
      ...map,
      edges: [
        {
          between: [
            [1, 1],
            [2, 1],
          ] as [[number, number], [number, number]],
          kind: 'wall' as const,
        },
      ],
    }
    expect(
      edgeClickCommand(
        walled,
        [
          [1, 1],
          [2, 1],
        ],
        'door',
        true,
      ).edge,
    ).toEqual({ kind: 'door', state: 'closed', secret: true })
    expect(
      edgeClickCommand(
        map,
        [
          [1, 1],
          [2, 1],
        ],
        'door',
        true,
      ).edge,
    ).toEqual({ kind: 'door', state: 'closed', secret: true })
    expect(
      edgeClickCommand(
        walled,
        [
          [1, 1],
          [2, 1],
        ],
        'door',
      ).edge,
    ).toEqual({ kind: 'door', state: 'closed' })
  })

  it('adds the tool’s partition to an empty edge', () => {
    expect(
      edgeClickCommand(
        map,
        [
          [2, 1],
          [1, 1],
        ],
        'wall',
      ),
    ).toEqual({
      type: 'edge.set',
      mapId: 'm',
      between: [
        [1, 1],
        [2, 1],
      ],
      edge: { kind: 'wall' },
    })
    expect(
      edgeClickCommand(
        map,
        [
          [2, 1],
          [1, 1],
        ],
        'door',
      ).edge,
    ).toEqual({ kind: 'door', state: 'closed' })
  })
  it('removes a partition of the same kind and replaces another kind', () => {
    expect(
      edgeClickCommand(
        map,
        [
          [1, 0],
          [2, 0],
        ],
        'wall',
      ),
    ).toMatchObject({ edge: null })
    expect(
      edgeClickCommand(
        map,
        [
          [1, 0],
          [2, 0],
        ],
        'low-wall',
      ),
    ).toMatchObject({ edge: { kind: 'low-wall' } })
  })
  it("places a window (the scenario format's `window` edge) and removes it on a second click", () => {
    expect(
      edgeClickCommand(
        map,
        [
          [1, 0],
          [2, 0],
        ],
        'window',
      ),
    ).toMatchObject({ edge: { kind: 'window' } })
    const withWindow: CampaignMap = {
      ...map,
      edges: [
        {
          between: [
            [1, 0],
            [2, 0],
          ],
          kind: 'window',
        },
      ],
    }
    expect(
      edgeClickCommand(
        withWindow,
        [
          [1, 0],
          [2, 0],
        ],
        'window',
      ),
    ).toMatchObject({ edge: null })
  })
  it('steps a door closed → open → locked → closed, never leaving a gap in the wall (issue 12.3)', () => {
    const withState = (state: 'open' | 'closed' | 'locked'): CampaignMap => ({
      ...map,
      edges: [
        {
          between: [
            [0, 1],
            [0, 2],
          ],
          kind: 'door',
          state,
        },
      ],
    })
    expect(
      edgeClickCommand(
        withState('closed'),
        [
          [0, 1],
          [0, 2],
        ],
        'door',
      ).edge,
    ).toMatchObject({ state: 'open' })
    expect(
      edgeClickCommand(
        withState('open'),
        [
          [0, 1],
          [0, 2],
        ],
        'door',
      ).edge,
    ).toMatchObject({ state: 'locked' })
    expect(
      edgeClickCommand(
        withState('locked'),
        [
          [0, 1],
          [0, 2],
        ],
        'door',
      ).edge,
    ).toEqual({ kind: 'door', state: 'closed' })
  })
})

describe('elevationShade', () => {
  it('is zero on flat ground and grows with height, capped', () => {
    expect(elevationShade(0, 6)).toBe(0)
    expect(elevationShade(1, 6)).toBeLessThan(elevationShade(6, 6))
    expect(elevationShade(-6, 6)).toBe(elevationShade(6, 6))
    expect(elevationShade(6, 6)).toBeLessThanOrEqual(0.55)
  })
})
