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
