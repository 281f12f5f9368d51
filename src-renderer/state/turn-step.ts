// "Next turn" and "Previous" (issue 25): after the step the GM sees whose turn it is without
// looking for it: that combatant is selected (its rules answers in the Fight dock) and the board
// brings it into view when it is off screen, unless the GM turned the follow off. The step itself
// is the turn.next / turn.previous action (actions/fight-actions.ts); this is its after-step.
import type { GmSession } from './session.svelte'

/** Selects and shows whose turn it is now on this map (when the follow is on). */
export function showWhoseTurn(session: GmSession, mapId: string): void {
  if (!session.turnFollow.on) return
  const map = session.selectedMap
  const fight = map?.id === mapId ? map.fight : undefined
  const current = fight?.order[fight.turn]?.tokenId
  if (!current) return
  session.focus.select(current)
  session.focus.show(current)
}
