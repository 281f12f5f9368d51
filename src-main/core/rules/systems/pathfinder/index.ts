// Pathfinder 1e tactical rules (003: 戦闘). The system object is built from a rules table so that
// D&D 3.5 (../dnd35) can be the same system with a few entries overridden.
import type { RuleSystem } from '../../system'
import { alternatingDiagonalFeet, Battlefield } from './creatures'
import { lightStaysClearOf, visibleCells } from './light'
import { MOVE_MODES } from './move-modes'
import { tacticalQueries } from './queries'
import type { TacticalRules } from './rules'
import { PATHFINDER_RULES } from './rules'
import { PATHFINDER_LIGHT_EFFECTS, PATHFINDER_REASONS } from './reasons'
import type { SystemFacts } from '../../system'
import { PATHFINDER_FACTS } from './facts'
import { tacticalOccupancy } from './occupancy'

export { alternatingDiagonalFeet }

export function makeTacticalSystem(rules: TacticalRules, facts: SystemFacts): RuleSystem {
  return {
    id: rules.id,
    facts,
    occupancy: tacticalOccupancy(rules),
    unit: 'ft',
    moveModes: MOVE_MODES,
    reasons: PATHFINDER_REASONS,
    lightEffects: PATHFINDER_LIGHT_EFFECTS,
    lightCategories: rules.light.categories,
    distance: alternatingDiagonalFeet,
    queries: tacticalQueries(rules),
    sightOf(battle, tokenId, reached) {
      const field = new Battlefield(battle, rules)
      const creature = field.byId.get(tokenId)
      return creature ? visibleCells(field, creature, reached) : []
    },
    // Sight is lines from the viewer's squares into the light; darkvision ignores walls.
    sightFollowsLines: (battle, around) => lightStaysClearOf(battle.grid, around),
  }
}

export const pathfinder: RuleSystem = makeTacticalSystem(PATHFINDER_RULES, PATHFINDER_FACTS)
