// The page's first edit of a map as cheap as the ones after it (issue 29). A click finds the edge
// it lands on, and applying main's change finds the records it names, through the keys kept per
// list (core/campaign/list-keys.ts); an edit derives the new lists' keys from the old ones, but
// the lists the page received with the campaign have none until something asks. On a map of
// 5,000 walls that first ask keyed every edge inside the first wall click (~5 ms of a 16 ms
// budget, more with a cold JIT). The board asks here instead, once the page is idle after
// showing a map: the campaign's lists (the maps) and the shown map's, each keyed once and kept.
import { collectionsIn, keysOf, type Collection } from '@core/campaign/list-keys'
import type { Campaign, CampaignMap } from '@core/campaign/schema'

/** The list at `field` inside `holder`, if it is one. */
function listAt(holder: unknown, field: readonly string[]): unknown[] | null {
  let node = holder
  for (const key of field) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return null
    node = (node as Record<string, unknown>)[key]
  }
  return Array.isArray(node) ? node : null
}

function keep(holder: unknown, collections: readonly Collection[]): void {
  for (const collection of collections) {
    const list = listAt(holder, collection.field)
    if (list) keysOf(list, collection)
  }
}

/** Keys the lists of `map` and of the campaign holding it, as an edit would ask them. */
export function keepEditKeys(campaign: Campaign | null, map: CampaignMap): void {
  if (campaign) keep(campaign, collectionsIn('campaign'))
  keep(map, collectionsIn('map'))
}

/**
 * Runs `work` once the page is idle (before `timeoutMs` at the latest); answers a cancel. A page
 * without idle callbacks (tests' DOM) runs it on a timer.
 */
export function whenIdle(work: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: timeoutMs })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(work, 0)
  return () => clearTimeout(timer)
}
