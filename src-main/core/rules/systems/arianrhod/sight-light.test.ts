// The fog asks every PC's sight through sightOf (issue 29). On a map where no square can be at
// 明度3 or less, the 明度 rules (decision 5: no sight into a neighbouring area from or into the
// dark) remove nothing, so the sight is the lines of sight alone; on a map with a dark square
// they still apply.
import { describe, expect, it } from 'vitest'
import { prepareScenario } from '../../scenario/run'
import { twoRoomsScenario } from './two-rooms.testing'

function prepared(light: Record<string, unknown>, cells: unknown[] = []) {
  const result = prepareScenario(twoRoomsScenario(light, cells))
  if (!result.ok) throw new Error(JSON.stringify(result.error))
  return result.prepared
}

function sightOf(light: Record<string, unknown>, cells: unknown[] = []): number[] {
  const { system, battle } = prepared(light, cells)
  return [...system.sightOf!(battle, 'a')].sort((a, b) => a - b)
}

describe("Arianrhod's sight for the fog", () => {
  it('on a lit map is every square a line of sight reaches, through the window', () => {
    expect(sightOf({ ambient: 4 })).toEqual([0, 1, 2, 3, 4])
  })

  it('with a dark square still keeps the dark one and the next area out', () => {
    expect(sightOf({ ambient: 6 }, [{ at: [3, 0], light: 3 }])).toEqual([0, 1, 2, 4])
    expect(sightOf({ ambient: 3 })).toEqual([0, 1])
  })
})
