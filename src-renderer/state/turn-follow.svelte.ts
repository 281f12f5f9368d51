// The "follow the turn" option (issue 25): on by default, remembered on this computer like the
// docks. The step itself is turn-step.ts.
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
