// 明度3以下: 「隣のエリア（ダンジョン内の隣の部屋など）の様子を見ることができない」 — an area is a room:
// squares connected without crossing a wall, a closed or locked door or a window.
import { describe, expect, it } from 'vitest'
import { runScenario } from '../../scenario/run'
import { twoRoomsScenario } from './two-rooms.testing'

function visible(light: Record<string, unknown>, cells: unknown[] = [], kind = 'window') {
  const result = runScenario({
    ...twoRoomsScenario(light, cells, kind),
    query: { type: 'visible', token: 'a' },
  })
  if (!result.ok) throw new Error(JSON.stringify(result.error))
  return (result.answer as { cells: number[][] }).cells
}

describe('visible honours areas at 明度 3 or less', () => {
  it('at 明度 3 the character sees only its own room, not through the window', () => {
    expect(visible({ ambient: 3 })).toEqual([
      [0, 0],
      [1, 0],
    ])
  })

  it('at 明度 4 the window shows the next room', () => {
    expect(visible({ ambient: 4 })).toHaveLength(5)
  })

  it('a dark square of the next room is not seen even from the light', () => {
    expect(visible({ ambient: 6 }, [{ at: [3, 0], light: 3 }])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [4, 0],
    ])
  })

  it('an open door joins the two sides into one area', () => {
    expect(visible({ ambient: 3 }, [], 'door')).toEqual([
      [0, 0],
      [1, 0],
    ])
    const open = runScenario({
      format: 'gm-scenario/1',
      system: 'arianrhod',
      map: {
        width: 5,
        height: 1,
        light: { ambient: 3 },
        edges: [
          {
            between: [
              [1, 0],
              [2, 0],
            ],
            kind: 'door',
            state: 'open',
          },
        ],
      },
      tokens: [{ id: 'a', at: [0, 0], faction: 'party' }],
      query: { type: 'visible', token: 'a' },
    })
    expect(open).toMatchObject({ ok: true })
    expect((open as { answer: { cells: unknown[] } }).answer.cells).toHaveLength(5)
  })
})
