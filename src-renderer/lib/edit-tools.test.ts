import { describe, expect, it } from 'vitest'
import { CURRENT_SCHEMA_VERSION, type CampaignMap } from '@core/campaign/schema'
import { applyCommand } from '@core/campaign/commands'
import {
  cellsInRect,
  drawEdgesCommand,
  edgesAlong,
  elevationCommand,
  floodFill,
  lineCells,
  terrainCommand,
} from './edit-tools'
import { TOOLS } from './tools'
import { actionForKey, keysOf } from '../state/actions/registry.svelte'

const room: Pick<CampaignMap, 'width' | 'height' | 'edges'> = {
  width: 6,
  height: 4,
  // A wall line between x = 2 and x = 3 for rows 0..3: the map splits in two halves.
  edges: [0, 1, 2, 3].map((y) => ({
    between: [
      [2, y],
      [3, y],
    ] as [[number, number], [number, number]],
    kind: 'wall' as const,
  })),
}

describe('edit tools', () => {
  it('covers rectangles in either drag direction and lines without gaps', () => {
    expect(cellsInRect([2, 1], [1, 2])).toEqual([
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 2],
    ])
    const line = lineCells([0, 0], [5, 2])
    expect(line[0]).toEqual([0, 0])
    expect(line[line.length - 1]).toEqual([5, 2])
    for (let i = 1; i < line.length; i++) {
      expect(
        Math.max(Math.abs(line[i][0] - line[i - 1][0]), Math.abs(line[i][1] - line[i - 1][1])),
      ).toBe(1)
    }
  })

  it('flood-fills up to walls and up to a different key', () => {
    expect(floodFill(room, [0, 0], () => 0)).toHaveLength(3 * 4)
    const key = (x: number, y: number) => (x === 1 && y === 1 ? 1 : 0)
    expect(floodFill(room, [0, 0], key)).toHaveLength(3 * 4 - 1)
    expect(floodFill(room, [1, 1], key)).toEqual([[1, 1]])
  })

  it('turns a drag along a grid line into its edges, locked to one axis, none on the border', () => {
    const { edges, end } = edgesAlong({ width: 6, height: 4 }, [1, 2], [4, 3])
    expect(end).toEqual([4, 2])
    expect(edges).toEqual([
      [
        [1, 1],
        [1, 2],
      ],
      [
        [2, 1],
        [2, 2],
      ],
      [
        [3, 1],
        [3, 2],
      ],
    ])
    expect(edgesAlong({ width: 6, height: 4 }, [3, 0], [3, 4]).edges).toHaveLength(4)
    expect(edgesAlong({ width: 6, height: 4 }, [0, 0], [0, 4]).edges).toEqual([])
  })

  it('builds one command per stroke that main applies as one change', () => {
    const map: CampaignMap = {
      id: 'm',
      name: '',
      system: 'arianrhod',
      width: 6,
      height: 4,
      cells: [{ at: [1, 1], elevation: 2 }],
      edges: [],
      light: { sources: [] },
      tokens: [],
      notes: '',
    }
    const campaign = {
      schemaVersion: CURRENT_SCHEMA_VERSION as typeof CURRENT_SCHEMA_VERSION,
      id: 'c',
      name: '',
      createdAt: '',
      updatedAt: '',
      maps: [map],
      notes: '',
    }
    const raised = elevationCommand(
      'm',
      [
        [1, 1],
        [2, 1],
        [1, 1],
      ],
      3,
      'raise',
      (x, y) => (x === 1 && y === 1 ? 2 : 0),
    )
    expect(raised.cells).toEqual([
      { at: [1, 1], elevation: 5 },
      { at: [2, 1], elevation: 3 },
    ])
    const after = applyCommand(applyCommand(campaign, raised), terrainCommand('m', [[0, 0]], 'pit'))
    expect(after.maps[0].cells).toEqual([
      { at: [1, 1], elevation: 5 },
      { at: [2, 1], elevation: 3 },
      { at: [0, 0], terrain: 'pit' },
    ])
    const walls = applyCommand(
      after,
      drawEdgesCommand(
        'm',
        [
          [
            [0, 0],
            [1, 0],
          ],
        ],
        'door',
        true,
      ),
    )
    expect(walls.maps[0].edges).toEqual([
      {
        between: [
          [0, 0],
          [1, 0],
        ],
        kind: 'door',
        state: 'closed',
        secret: true,
      },
    ])
  })
})

describe('shortcuts', () => {
  it('has a key for every tool', () => {
    for (const tool of TOOLS) expect(keysOf(`tool.${tool}`)).not.toBe('')
  })

  it('maps key presses to actions and leaves Ctrl/Alt combinations alone', () => {
    const press = (
      key: string,
      mods: Partial<{ ctrlKey: boolean; altKey: boolean; shiftKey: boolean }> = {},
    ) =>
      actionForKey(
        { key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods },
        'board',
      )?.action.id ?? null
    expect(press('W')).toBe('tool.wall')
    expect(press('?', { shiftKey: true })).toBe('view.help')
    expect(press('3')).toBe('overlay.height-view')
    expect(press('z', { ctrlKey: true })).toBeNull()
    expect(press('w', { altKey: true })).toBeNull()
    expect(press('q')).toBe('terrain.cycle')
  })
})
