// "Next turn" and "Previous" (issue 25): after the step the GM sees whose turn it is without
// looking for it: that combatant is selected (its rules answers in the Fight dock) and the board
// brings it into view when it is off screen, unless the GM turned the follow off.
import type { GmSession } from './session.svelte'

/** One step through the turn order (PageDown / PageUp or the buttons), then the follow. */
export async function stepTurn(session: GmSession, mapId: string, by: 1 | -1): Promise<void> {
  const done = await session.dispatch({
    type: by > 0 ? 'fight.next' : 'fight.previous',
    mapId,
  })
  if (!done || !session.turnFollow.on) return
  const map = session.selectedMap
  const fight = map?.id === mapId ? map.fight : undefined
  const current = fight?.order[fight.turn]?.tokenId
  if (!current) return
  session.focus.select(current)
  session.focus.show(current)
}
