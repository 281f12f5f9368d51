// The page's first edit of a map as cheap as the ones after it (issue 29). A click finds the edge
// it lands on, and applying main's change finds the records it names, through the keys kept per
// list (core/campaign/list-keys.ts); an edit derives the new lists' keys from the old ones, but
// the lists the page received with the campaign have none until something asks. On a map of
// 5,000 walls that first ask keyed every edge inside the first wall click (~5 ms of a 16 ms
// budget, more with a cold JIT). The board asks here instead, while the page is idle after
// showing a map: the campaign's lists (the maps) and the shown map's, each keyed once and kept,
// a piece at a time so that a painted map's 40,000 squares never make one long task.
import { editListKeysInSteps } from '@core/campaign/list-keys'
import type { Campaign, CampaignMap } from '@core/campaign/schema'

/** Records keyed between two looks at the idle deadline. */
export const KEYS_PER_PIECE = 500

/**
 * Keys the lists of `map` and of the campaign holding it, as an edit would ask them, yielding
 * after each piece of KEYS_PER_PIECE records.
 */
export function keepEditKeys(campaign: Campaign | null, map: CampaignMap): Generator<void> {
  return editListKeysInSteps(campaign, map, KEYS_PER_PIECE)
}

/** How long an idle period has left (requestIdleCallback's deadline). */
export interface IdleDeadline {
  timeRemaining(): number
}

/**
 * Runs `steps` while the page is idle, a step at a time while the idle period lasts, over as many
 * idle periods as it takes; answers a cancel. A page without idle callbacks (tests' DOM) runs a
 * step per timer.
 */
export function whenIdle(steps: Iterator<unknown>, timeoutMs = 1000): () => void {
  let cancelled = false
  let cancelPending = () => {}
  const run = (deadline: IdleDeadline) => {
    if (cancelled) return
    do {
      if (steps.next().done) return
    } while (deadline.timeRemaining() > 1)
    schedule()
  }
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(run, { timeout: timeoutMs })
      cancelPending = () => cancelIdleCallback(handle)
    } else {
      const timer = setTimeout(() => run({ timeRemaining: () => 0 }), 0)
      cancelPending = () => clearTimeout(timer)
    }
  }
  schedule()
  return () => {
    cancelled = true
    cancelPending()
  }
}
