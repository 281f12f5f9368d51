// "Next turn" and "Previous" (issue 25): after the step the GM sees whose turn it is without
// looking for it: that combatant is selected (its rules answers in the Fight dock) and the board
// brings it into view when it is off screen. An option, on by default, remembered on this
// computer like the docks.
import type { GmSession } from './session.svelte'

const STORAGE_KEY = 'grid-gm.follow-turn'

function readSaved(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) !== 'off'
  } catch {
    return true
  }
}

export class TurnFollow {
  /** Select the current combatant and show it on the board after each turn step. */
  on = $state(readSaved())

  set(on: boolean): void {
    this.on = on
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, on ? 'on' : 'off')
    } catch {
      // Storage can be unavailable (private mode); the choice then lasts for this page only.
    }
  }
}

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
