// The registry of rule systems. Adding a system means one folder and one line here.
import type { SystemId } from '../model'
import type { RuleSystem } from '../system'
import { arianrhod } from './arianrhod/index'
import { dnd35 } from './dnd35/index'
import { dystopia } from './dystopia/index'
import { pathfinder } from './pathfinder/index'

export const systems: Readonly<Record<SystemId, RuleSystem>> = {
  arianrhod,
  pathfinder,
  dnd35,
  dystopia,
}

export function getSystem(id: SystemId): RuleSystem {
  return systems[id]
}
