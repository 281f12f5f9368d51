import { describe, expect, it } from 'vitest'
import type { CampaignMap } from '@core/campaign/schema'
import { mapScenario } from '@core/campaign/map-battle'
import { runScenario } from '@core/rules/scenario/run'
import { computeLightLevels } from './light-levels'

function map(system: CampaignMap['system']): CampaignMap {
  return {
    id: 'm',
    name: 'lit room',
    system,
    width: 8,
    height: 6,
    cells: [{ at: [6, 4], light: 1 }],
    edges: [
      {
        between: [
          [3, 1],
          [4, 1],
        ],
        kind: 'wall',
      },
      {
        between: [
          [3, 2],
          [4, 2],
        ],
        kind: 'door',
        state: 'closed',
        secret: true,
      },
    ],
    light: {
      ambient: system === 'arianrhod' ? 2 : 0,
      sources: [
        {
          at: [1, 2],
          level: system === 'arianrhod' ? 6 : 3,
          radius: system === 'arianrhod' ? 6 : 10,
          id: 'torch',
        },
      ],
    },
    tokens: [{ id: 'pc', name: 'PC', at: [0, 0], faction: 'party', hidden: true }],
    notes: '',
  }
}

describe('light overlay levels', () => {
  for (const system of ['arianrhod', 'pathfinder', 'dnd35'] as const) {
    it(`gives main's rules.query answer for every square (${system})`, () => {
      const m = map(system)
      const overlay = computeLightLevels(m)
      expect(overlay).not.toBeNull()
      const distinct = new Set<number>()
      for (let y = 0; y < m.height; y++) {
        for (let x = 0; x < m.width; x++) {
          const outcome = runScenario(mapScenario(m, { type: 'light', at: [x, y] }))
          if (!outcome.ok) throw new Error(outcome.error.message)
          const level = (outcome.answer as { level: number }).level
          expect(overlay!.levels[y * m.width + x], `[${x}, ${y}]`).toBe(level)
          distinct.add(level)
        }
      }
      // The map is lit unevenly, so equal numbers everywhere would not prove anything.
      expect(distinct.size).toBeGreaterThan(1)
    })
  }

  it('has no overlay for DysTopiA, whose rules have no light', () => {
    expect(
      computeLightLevels({ ...map('arianrhod'), system: 'dystopia', width: 6, height: 6 }),
    ).toBeNull()
  })
})
