// The squares a layout edit changed, as the party's sight after it needs them (issue 29): the
// few squares themselves, not a mask of the whole map made and read through on every wall click.
import { describe, expect, it } from 'vitest'
import type { CampaignMap } from '../campaign/schema'
import { makeMap } from '../campaign/test-helpers'
import { changedSquares } from './sight-changes'

const map = makeMap({ width: 20, height: 10 }) as CampaignMap
const at = (x: number, y: number) => y * map.width + x

describe('changedSquares', () => {
  it('answers the squares around a new wall, each once', () => {
    const walled: CampaignMap = {
      ...map,
      edges: [
        {
          between: [
            [4, 5],
            [5, 5],
          ],
          kind: 'wall',
        },
      ],
    }
    const changed = changedSquares(map, walled)
    expect(Array.isArray(changed)).toBe(true)
    expect([...(changed as number[])].sort((a, b) => a - b)).toEqual(
      [at(4, 4), at(5, 4), at(4, 5), at(5, 5), at(4, 6), at(5, 6)].sort((a, b) => a - b),
    )
  })

  it('answers the square of a changed cell and its neighbours inside the map', () => {
    const solid: CampaignMap = { ...map, cells: [{ at: [0, 0], terrain: 'solid' }] }
    const changed = changedSquares(map, solid) as number[]
    expect([...changed].sort((a, b) => a - b)).toEqual([at(0, 0), at(1, 0), at(0, 1), at(1, 1)])
  })

  it('answers null for the same layout and all for another size', () => {
    expect(changedSquares(map, { ...map, name: 'renamed' })).toBeNull()
    expect(changedSquares(map, { ...map, width: 21 })).toBe('all')
  })
})
