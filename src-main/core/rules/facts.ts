// What the screens and the campaign code need to know about each rule system, in one table
// (issue 13: the renderer had 82 system-id literals in 22 files, and one copy of the move modes
// lacked Pathfinder's `charge`; issue 28: no `system === …` outside the systems). Plain data (and
// a few pure conversions) with no engine code behind it, so a renderer chunk can import it without
// pulling zod or the engine; facts.test.ts checks every entry against the engine itself.
import type { SystemId } from './model'
import type { SystemFacts } from './system'
import { ARIANRHOD_FACTS } from './systems/arianrhod/facts'
import { DND35_FACTS } from './systems/dnd35/facts'
import { DYSTOPIA_FACTS } from './systems/dystopia/facts'
import { PATHFINDER_FACTS } from './systems/pathfinder/facts'

export type { SystemFacts, Unit, UvttLightScale } from './system'

// Each system's facts live in its own folder (systems/<id>/facts.ts) and are its RuleSystem's
// `facts`; this table gathers them for code that must not load the engine.
export const SYSTEM_FACTS: Readonly<Record<SystemId, SystemFacts>> = {
  arianrhod: ARIANRHOD_FACTS,
  pathfinder: PATHFINDER_FACTS,
  dnd35: DND35_FACTS,
  dystopia: DYSTOPIA_FACTS,
}

export function systemFacts(id: SystemId): SystemFacts {
  return SYSTEM_FACTS[id]
}

/** The effects a light level has in a system that states them by number (none elsewhere). */
export function lightEffectsAt(id: SystemId, level: number): string[] {
  return (SYSTEM_FACTS[id].lightEffects ?? [])
    .filter((each) => level <= each.atOrBelow)
    .map((each) => each.effect)
}
