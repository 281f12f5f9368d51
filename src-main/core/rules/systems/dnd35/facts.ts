// D&D 3.5's facts: Pathfinder's tactical ones with three light categories.
import type { SystemFacts } from '../../system'
import { TACTICAL_FACTS } from '../pathfinder/facts'

export const DND35_FACTS: SystemFacts = {
  ...TACTICAL_FACTS,
  id: 'dnd35',
  lightTop: 2,
  lightNames: ['dark', 'shadowy', 'bright'],
}
