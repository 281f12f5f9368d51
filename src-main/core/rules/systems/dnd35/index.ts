// D&D 3.5: the Pathfinder tactical rules with the entries where its texts differ overridden.
// The grid rules (5/10/5, corners, difficult terrain, squeezing, reach, cover by corner lines per
// 002, flanking) are the same; 3.5 has three light categories — bright, shadowy, dark — so a
// torch gives bright light 20 ft and shadowy illumination 20 ft beyond.
import type { RuleSystem } from '../../system'
import { makeTacticalSystem } from '../pathfinder/index'
import { PATHFINDER_RULES, variantOf } from '../pathfinder/rules'
import { DND35_FACTS } from './facts'

export const DND35_RULES = variantOf(PATHFINDER_RULES, {
  id: 'dnd35',
  light: {
    categories: ['dark', 'shadowy', 'bright'],
    defaultAmbient: 2,
    seeLevel: 1,
    clearLevel: 2,
  },
})

export const dnd35: RuleSystem = makeTacticalSystem(DND35_RULES, DND35_FACTS)
