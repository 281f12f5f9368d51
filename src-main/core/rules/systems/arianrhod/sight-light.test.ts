// The fog asks every PC's sight through sightOf (issue 29). On a map where no square can be at
// 明度3 or less, the 明度 rules (decision 5: no sight into a neighbouring area from or into the
// dark) remove nothing, so the sight is the lines of sight alone and no square's light is looked
// at; on a map with a dark square they still apply.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Grid } from '../../grid/grid'
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

afterEach(() => vi.restoreAllMocks())

describe("Arianrhod's sight for the fog", () => {
  it('on a lit map is every square a line of sight reaches, through the window', () => {
    expect(sightOf({ ambient: 4 })).toEqual([0, 1, 2, 3, 4])
  })

  it('on a lit map reads no square’s light once the map’s light is known', () => {
    const { system, battle } = prepared({ ambient: 6 }, [{ at: [3, 0], light: 5 }])
    system.sightOf!(battle, 'a')
    const reads = vi.spyOn(Grid.prototype, 'lightOverride')
    expect(system.sightOf!(battle, 'a')).toHaveLength(5)
    expect(reads).not.toHaveBeenCalled()
  })

  it('with a dark square still keeps the dark one and the next area out', () => {
    expect(sightOf({ ambient: 6 }, [{ at: [3, 0], light: 3 }])).toEqual([0, 1, 2, 4])
    expect(sightOf({ ambient: 3 })).toEqual([0, 1])
  })
})
