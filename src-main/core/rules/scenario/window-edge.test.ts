// The `window` edge kind (spec: "A `window` ... blocks movement, ZOC and threat like a wall, and
// blocks neither sight, light nor line of fire / effect (it gives no cover)"), checked through the
// scenario runner for every system.
import { describe, expect, it } from 'vitest'
import { runScenario } from './run'

/** A 5 × 3 room cut in two by a line of windows between columns 1 and 2. */
function scenario(system: string, query: unknown, kind = 'window') {
  return {
    format: 'gm-scenario/1',
    system,
    map: {
      width: 5,
      height: 3,
      edges: [0, 1, 2].map((y) => ({
        between: [
          [1, y],
          [2, y],
        ],
        kind,
      })),
      light: { ambient: 0, sources: [{ at: [0, 1], level: 5, radius: 10 }] },
    },
    tokens: [
      { id: 'a', at: [1, 1], faction: 'party', move: 30 },
      { id: 'z', at: [3, 1], faction: 'enemy', move: 30 },
    ],
    query,
  }
}

function answer(system: string, query: unknown, kind = 'window'): Record<string, unknown> {
  const result = runScenario(scenario(system, query, kind))
  if (!result.ok) throw new Error(JSON.stringify(result.error))
  return result.answer as Record<string, unknown>
}

const CLASSIC = ['pathfinder', 'dnd35'] as const
const everyCell = [0, 1, 2].flatMap((y) => [0, 1, 2, 3, 4].map((x) => [x, y]))

describe('window edges block movement like a wall', () => {
  it('arianrhod: no move crosses a window', () => {
    const path = answer('arianrhod', { type: 'path', token: 'a', to: [2, 1], mode: 'combat' })
    expect(path.reachable).toBe(false)
  })

  it.each(CLASSIC)('%s: no move crosses a window', (system) => {
    const path = answer(system, { type: 'path', token: 'a', to: [2, 1], mode: 'move' })
    expect(path.reachable).toBe(false)
  })
})

describe('window edges stop ZOC and threat like a wall', () => {
  it('arianrhod: the ZOC stays on its own side of the window', () => {
    const cells = answer('arianrhod', { type: 'zoc', token: 'a' }).cells as number[][]
    expect(cells.every(([x]) => x <= 1)).toBe(true)
    expect(cells).toContainEqual([0, 1])
  })

  it.each(CLASSIC)('%s: threatened squares stay on its own side of the window', (system) => {
    const cells = answer(system, { type: 'zoc', token: 'a' }).cells as number[][]
    expect(cells.length).toBeGreaterThan(0)
    expect(cells.every(([x]) => x <= 1)).toBe(true)
  })
})

describe('window edges let sight, light and line of fire through', () => {
  it.each(['arianrhod', ...CLASSIC])(
    '%s: the whole room is visible through the window',
    (system) => {
      const cells = answer(system, { type: 'visible', token: 'a' }).cells as number[][]
      expect(cells).toEqual(expect.arrayContaining(everyCell))
    },
  )

  it('arianrhod: a window gives no cover and the target stays targetable', () => {
    expect(
      answer('arianrhod', { type: 'cover', from: 'a', to: 'z', attack: 'ranged' }),
    ).toMatchObject({
      cover: 'none',
      targetable: true,
    })
    expect(
      answer('arianrhod', { type: 'cover', from: 'a', to: 'z', attack: 'ranged' }, 'wall'),
    ).toMatchObject({
      cover: 'full',
    })
  })

  it.each(CLASSIC)('%s: a window gives no cover', (system) => {
    expect(answer(system, { type: 'cover', from: 'a', to: 'z', attack: 'ranged' })).toMatchObject({
      cover: 'none',
    })
  })

  it('arianrhod: light shines through a window (a wall stops it)', () => {
    expect(answer('arianrhod', { type: 'light', at: [3, 1] }).level).toBe(5)
    expect(answer('arianrhod', { type: 'light', at: [3, 1] }, 'wall').level).toBe(0)
  })

  it('dystopia: the abstract 6 × 6 board has no partitions, so a window changes nothing', () => {
    const doc = {
      format: 'gm-scenario/1',
      system: 'dystopia',
      map: {
        width: 6,
        height: 6,
        edges: [
          {
            between: [
              [1, 1],
              [2, 1],
            ],
            kind: 'window',
          },
        ],
      },
      tokens: [{ id: 'a', at: [1, 1], faction: 'party' }],
      query: { type: 'path', token: 'a', to: [2, 1], mode: 'sub' },
    }
    expect(runScenario(doc)).toMatchObject({ ok: true, answer: { reachable: true, cost: 1 } })
  })
})
