// D&D 3.5: minimal system (distance only) until its own rules land in this folder.
import type { RuleSystem } from '../../system'
import { alternatingDiagonalFeet } from '../pathfinder/index'

export const dnd35: RuleSystem = {
  id: 'dnd35',
  unit: 'ft',
  moveModes: ['move', 'double', 'five-foot-step', 'withdraw', 'run', 'charge'],
  distance: alternatingDiagonalFeet,
  queries: {},
}
