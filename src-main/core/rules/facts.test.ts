// The facts table the screens read must say what the engine does: checked against every system.
import { describe, expect, it } from 'vitest'
import { SYSTEM_IDS } from './model'
import { SYSTEM_FACTS, lightEffectsAt } from './facts'
import { getSystem } from './systems/index'
import { PATHFINDER_RULES } from './systems/pathfinder/rules'
import { DND35_RULES } from './systems/dnd35/index'
import { DEFAULT_LIGHT, lightEffects } from './systems/arianrhod/light'

describe('SYSTEM_FACTS', () => {
  it.each(SYSTEM_IDS)('%s: unit, move modes and queries are the engine’s', (id) => {
    const facts = SYSTEM_FACTS[id]
    const system = getSystem(id)
    expect(facts.id).toBe(id)
    expect(facts.unit).toBe(system.unit)
    expect([...facts.moveModes].sort()).toEqual([...system.moveModes].sort())
    expect(facts.hasLight).toBe(Object.hasOwn(system.queries, 'light'))
    const tactical = ['cover', 'flanking'].every((q) => Object.hasOwn(system.queries, q))
    expect(facts.tacticalQueries).toBe(tactical)
    expect(facts.attackQuery).toBe(Object.hasOwn(system.queries, 'attack'))
  })

  it('light levels match the engine’s light rules', () => {
    for (const [id, rules] of [
      ['pathfinder', PATHFINDER_RULES],
      ['dnd35', DND35_RULES],
    ] as const) {
      const facts = SYSTEM_FACTS[id]
      expect(facts.lightNames).toEqual(rules.light.categories)
      expect(facts.defaultAmbient).toBe(rules.light.defaultAmbient)
      expect(facts.lightTop).toBe(rules.light.categories.length - 1)
    }
    expect(SYSTEM_FACTS.arianrhod.defaultAmbient).toBe(DEFAULT_LIGHT)
  })

  it('明度 effects by level are the engine’s (the import form says what a level means)', () => {
    for (let level = 0; level <= 8; level++)
      expect(lightEffectsAt('arianrhod', level)).toEqual(lightEffects(level))
    expect(lightEffectsAt('pathfinder', 0)).toEqual([])
  })

  it('a DysTopiA board is the engine’s 6×6', () => {
    const board = SYSTEM_FACTS.dystopia.board
    expect(board).toEqual({ width: 6, height: 6 })
  })
})

describe('facts as a property of each RuleSystem (issue 28)', () => {
  it.each(SYSTEM_IDS)('%s: its RuleSystem carries the same facts the table lists', (id) => {
    expect(getSystem(id).facts).toBe(SYSTEM_FACTS[id])
  })

  it('a square holds at most squareCapacity units, as the engine’s overlap check says', () => {
    for (const id of SYSTEM_IDS) {
      const capacity = SYSTEM_FACTS[id].squareCapacity
      if (capacity === null) continue
      const units = (n: number) =>
        Array.from({ length: n }, (_, i) => ({
          id: `u${i}`,
          faction: 'enemy',
          at: [0, 0] as [number, number],
        }))
      expect(getSystem(id).occupancy.sharingProblem(units(capacity))).toBeNull()
      expect(getSystem(id).occupancy.sharingProblem(units(capacity + 1))).not.toBeNull()
    }
  })

  it('a system without an initiative roll orders by value or as listed, never both', () => {
    for (const id of SYSTEM_IDS) {
      const facts = SYSTEM_FACTS[id]
      if (facts.rollsInitiative) expect(facts.initiativeByValue).toBe(false)
      expect(facts.turnActions.every((mode) => facts.moveModes.includes(mode))).toBe(true)
    }
  })
})
