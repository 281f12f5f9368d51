// Every code the engine can answer for issue 14's additions has English and Japanese text.
import { describe, expect, it } from 'vitest'
import { ATTACK_MODIFIER_CODES, ATTACK_REFUSAL_CODES } from '@core/rules/systems/pathfinder/attack'
import { MOVE_REFUSAL_CODES } from '@core/rules/systems/pathfinder/mode-limits'
import { en as attackEn, ja as attackJa } from './attack'
import { en as conditionsEn, ja as conditionsJa } from './conditions'

const en = { ...attackEn, ...conditionsEn }
const ja = { ...attackJa, ...conditionsJa }

describe('attack and movement codes have text', () => {
  it('each modifier, attack refusal and movement refusal code has an English and a Japanese sentence', () => {
    const keys = [
      ...ATTACK_MODIFIER_CODES.map((c) => `fight.attack.mod.${c}`),
      ...ATTACK_REFUSAL_CODES.filter((c) => c !== 'out-of-reach').map((c) => `fight.reason.${c}`),
      ...MOVE_REFUSAL_CODES.map((c) => `fight.reason.${c}`),
    ]
    for (const key of keys) {
      expect(en, key).toHaveProperty([key])
      expect(ja, key).toHaveProperty([key])
    }
  })
})
