// Every condition the engine knows and every effect it reports has English and Japanese text.
import { describe, expect, it } from 'vitest'
import { CONDITION_EFFECTS, PATHFINDER_CONDITIONS } from '@core/rules/systems/pathfinder/conditions'
import { en, ja } from './conditions'

describe('condition text', () => {
  it('each condition and each effect, in English and Japanese', () => {
    const keys = [
      ...PATHFINDER_CONDITIONS.map((c) => `fight.condition.${c}`),
      ...CONDITION_EFFECTS.map((e) => `fight.conditionEffect.${e}`),
    ]
    for (const key of keys) {
      expect(en, key).toHaveProperty([key])
      expect(ja, key).toHaveProperty([key])
    }
  })
})
