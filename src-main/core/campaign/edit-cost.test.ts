// A wall click costs what it touches, not the size of the map (issue 29): on a map of many walls,
// the command, its record changes, their paths in the tree, the loader's checks on them and the
// party's fog (which builds the battle's grid and engine edges) read the edge records the click
// touched and none of the others. The first edit after a list is made keys it once; every edit
// after that derives the keys, the grid and the engine's edges from the ones before it. The
// records are counted through proxies, so the test does not depend on the machine's speed.
import { describe, expect, it } from 'vitest'
import { partyVisionMask } from '../table/vision'
import { treeOpsOf } from './change-paths'
import { applyChanges, changesOf } from './changes'
import { applyCommand } from './commands'
import { findEdgeIndex } from './geometry'
import { checkChange } from './loadable'
import { battleOf } from './map-battle'
import type { Campaign, Command } from './schema'
import { countedWalls, makeCampaign, makeMap } from './test-helpers'

const SIZE = 40

/** What main does for one command (service.dispatchEdit): apply, changes, paths, checks. */
function dispatch(campaign: Campaign, command: Command): Campaign {
  const next = applyCommand(campaign, command)
  checkChange(next, treeOpsOf(next, changesOf(campaign, next)))
  return next
}

const wall = (
  x: number,
  y: number,
  edge: Extract<Command, { type: 'edge.set' }>['edge'],
): Command => ({
  type: 'edge.set',
  mapId: 'm1',
  between: [
    [x, y],
    [x + 1, y],
  ],
  edge,
})

describe('a wall click on a map of many walls (issue 29)', () => {
  it('reads only the edge records it touches', () => {
    const { edges, read } = countedWalls(SIZE)
    const tokens = [0, 1, 2, 3].map((i) => ({
      id: `pc${i}`,
      name: `PC ${i}`,
      at: [5 + i * 9, 1 + i * 9] as [number, number],
      faction: 'party' as const,
    }))
    let campaign = makeCampaign({
      maps: [makeMap({ width: SIZE, height: SIZE, edges, tokens })],
    })
    partyVisionMask(campaign.maps[0])
    // The first edit keys the list it starts from (once per list the app opens).
    campaign = dispatch(campaign, wall(1, 1, { kind: 'wall' }))
    expect(battleOf(campaign.maps[0]).grid.eastEdge[1 * SIZE + 1]).toBe(1)

    read.clear()
    campaign = dispatch(campaign, wall(3, 1, { kind: 'wall' }))
    expect([...read]).toEqual([])

    // Taking a wall away reads that wall (its squares are its key), and no other.
    const removed = edges[edges.length >> 1]
    const [[rx, ry]] = removed.between
    read.clear()
    campaign = dispatch(campaign, wall(rx, ry, null))
    expect(read.size).toBeLessThanOrEqual(1)
    expect(battleOf(campaign.maps[0]).grid.eastEdge[ry * SIZE + rx]).toBe(0)

    // A door put over an existing wall replaces it in place.
    const replaced = edges[3]
    const [[dx, dy]] = replaced.between
    read.clear()
    campaign = dispatch(campaign, wall(dx, dy, { kind: 'door', state: 'open' }))
    expect(read.size).toBeLessThanOrEqual(1)
    expect(battleOf(campaign.maps[0]).grid.eastEdge[dy * SIZE + dx]).toBe(2)
    expect(campaign.maps[0].edges).toHaveLength(edges.length + 1)
  })
})

describe('the page applying a wall click on a map of many walls (issue 29)', () => {
  it('reads only the edge records the change touches', () => {
    const { edges, read } = countedWalls(SIZE)
    // Main's states, made from plain records; the page's copy holds the counted ones.
    const plain = edges.map((e) => ({ ...e }))
    let main = makeCampaign({ maps: [makeMap({ width: SIZE, height: SIZE, edges: plain })] })
    let page = makeCampaign({ maps: [makeMap({ width: SIZE, height: SIZE, edges })] })
    const click = (command: Command) => {
      const next = applyCommand(main, command)
      page = applyChanges(page, JSON.parse(JSON.stringify(changesOf(main, next))) as never)
      main = next
    }
    // The first change keys the list the page opened (once per list).
    click(wall(1, 1, { kind: 'wall' }))

    read.clear()
    click(wall(3, 1, { kind: 'wall' }))
    expect([...read]).toEqual([])

    const [[rx, ry]] = edges[edges.length >> 1].between
    read.clear()
    click(wall(rx, ry, null))
    expect(read.size).toBeLessThanOrEqual(1)

    const [[dx, dy]] = edges[3].between
    read.clear()
    click(wall(dx, dy, { kind: 'door', state: 'open' }))
    expect(read.size).toBeLessThanOrEqual(1)

    read.clear()
    click(wall(5, 1, { kind: 'window' }))
    expect([...read]).toEqual([])
    expect(page).toEqual(main)

    // The page's next click looks its edge up (what is on that line decides the command).
    const [[fx, fy], [gx, gy]] = edges[edges.length - 1].between
    read.clear()
    const at = findEdgeIndex(page.maps[0].edges, [
      [gx, gy],
      [fx, fy],
    ])
    expect(read.size).toBe(0)
    expect(page.maps[0].edges[at]).toBe(edges[edges.length - 1])
  })
})
