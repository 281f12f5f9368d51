// Undo keeps copies of what the campaign stopped using (issue 29): the same records in new
// objects, so what the app derived and kept by map and list object goes with the originals.
import { describe, expect, it } from 'vitest'
import { applyCommand } from './commands'
import { UndoHistory } from './history'
import type { Campaign, Command } from './schema'
import { makeCampaign, makeMap, placeWall, wallBetween } from './test-helpers'

const WALL = placeWall([1, 1], [2, 1])
const MOVE: Command = { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [3, 3] }

function start(): Campaign {
  return makeCampaign({
    maps: [
      makeMap({
        edges: [wallBetween([0, 0], [1, 0])],
      }),
      makeMap({ id: 'm2', name: 'Other' }),
    ],
  })
}

/** `command` applied to `state` and recorded, as the service does. */
function edit(history: UndoHistory, state: Campaign, command: Command): Campaign {
  const next = applyCommand(state, command)
  history.record(state, next)
  return next
}

describe('what undo keeps', () => {
  it('holds a copy of the map version and of the lists an edit replaced, the same records', () => {
    const history = new UndoHistory()
    const before = start()
    const after = edit(history, before, WALL)
    const restored = history.undo(after)!
    expect(restored).toEqual(before)
    const [map, other] = restored.maps
    expect(map).not.toBe(before.maps[0])
    expect(map.edges).not.toBe(before.maps[0].edges)
    expect(map.edges[0]).toBe(before.maps[0].edges[0])
    // What the campaign still uses stays shared: the tokens, and the map the wall did not touch.
    expect(map.tokens).toBe(after.maps[0].tokens)
    expect(other).toBe(after.maps[1])
  })

  it('gives every kept state that held a list the same copy of it', () => {
    const history = new UndoHistory()
    const v0 = start()
    const v1 = edit(history, v0, MOVE) // the edges stay the campaign's
    const v2 = edit(history, v1, WALL) // now they leave it
    const back1 = history.undo(v2)!
    const back0 = history.undo(back1)!
    expect(back1).toEqual(v1)
    expect(back0).toEqual(v0)
    expect(back1.maps[0].edges).not.toBe(v1.maps[0].edges)
    expect(back0.maps[0].edges).toBe(back1.maps[0].edges)
  })

  it('keeps copies for redo of what an undo left, and redo gives the same campaign', () => {
    const history = new UndoHistory()
    const before = start()
    const after = edit(history, before, WALL)
    const restored = history.undo(after)!
    const again = history.redo(restored)!
    expect(again).toEqual(after)
    expect(again.maps[0]).not.toBe(after.maps[0])
    expect(again.maps[0].edges).not.toBe(after.maps[0].edges)
    expect(history.undo(again)).toEqual(before)
  })

  it('keeps a map the edit removed or resized as it was', () => {
    const history = new UndoHistory()
    const before = start()
    const removed = edit(history, before, { type: 'map.remove', mapId: 'm2' })
    expect(history.undo(removed)!.maps[1]).toBe(before.maps[1])
    const resized = edit(history, before, { type: 'map.update', mapId: 'm1', width: 9, height: 9 })
    expect(history.undo(resized)!.maps[0]).toBe(before.maps[0])
  })

  it('never hands back a map or list the campaign stopped using, over many edits and undos', () => {
    const history = new UndoHistory(12)
    let current = start()
    const held = (state: Campaign): object[] =>
      state.maps.flatMap((map) => [
        map,
        ...Object.values(map as Record<string, unknown>).filter((value): value is unknown[] =>
          Array.isArray(value),
        ),
      ])
    const everCurrent = new Set<object>(held(current))
    let seed = 7
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let step = 0; step < 300; step++) {
      const roll = random(6)
      const mapId = random(2) ? 'm1' : 'm2'
      if (roll === 0) current = history.undo(current) ?? current
      else if (roll === 1) current = history.redo(current) ?? current
      else if (roll === 2) {
        const to: [number, number] = [random(6), random(5)]
        current = edit(history, current, { type: 'token.move', mapId, tokenId: 'pc', to })
      } else {
        const x = random(5)
        const y = random(5)
        const between: [[number, number], [number, number]] = [
          [x, y],
          [x + 1, y],
        ]
        const edge = random(2) ? { kind: 'wall' as const } : null
        current = edit(history, current, { type: 'edge.set', mapId, between, edge })
      }
      for (const object of held(current)) everCurrent.add(object)
    }
    const now = new Set(held(current))
    const retired = new Set([...everCurrent].filter((object) => !now.has(object)))
    const restored: Campaign[] = []
    for (let state = history.undo(current); state; state = history.undo(state)) {
      restored.push(state)
      current = state
    }
    for (let state = history.redo(current); state; state = history.redo(state)) restored.push(state)
    expect(restored.length).toBeGreaterThan(0)
    for (const state of restored)
      for (const object of held(state)) expect(retired.has(object)).toBe(false)
  })
})
