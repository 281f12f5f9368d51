// One field refusal on screen at a time (issue 25): a new one replaces the last, so messages under
// fields the GM has left never pile up. Each field asks with its own token.
class RefusalSlot {
  holder = $state<symbol | null>(null)
}

export const refusalSlot = new RefusalSlot()
