// What the player view keeps per campaign map between two views (issue 29: the edge tables and
// the fog's row spans, so a wall click rebuilds what it touched). Each cache is a Map whose keys
// start with `campaignId\nmapId`; the player channel drops a campaign's entries when the GM closes
// it, deletes it or an import replaces it (a later view of such a map builds them again).
const caches: Map<string, unknown>[] = []

/** A cache whose entries are dropped with their campaign. */
export function perMapCache<T>(): Map<string, T> {
  const cache = new Map<string, T>()
  caches.push(cache)
  return cache
}

/** The key of a map's entry (`part` tells apart several entries of one map). */
export function mapCacheKey(campaignId: string, mapId: string, part?: string): string {
  return part === undefined ? `${campaignId}\n${mapId}` : `${campaignId}\n${mapId}\n${part}`
}

const mapOf = (key: string, campaignId: string): string | null =>
  key.startsWith(`${campaignId}\n`) ? key.slice(campaignId.length + 1).split('\n')[0] : null

/** Drops every entry of the campaign's maps but those of `keep` (the map the table still shows). */
export function forgetCampaignCaches(campaignId: string, keep?: string): void {
  for (const cache of caches)
    for (const key of [...cache.keys()]) {
      const mapId = mapOf(key, campaignId)
      if (mapId !== null && mapId !== keep) cache.delete(key)
    }
}

/** The maps of a campaign that some cache holds an entry for, sorted (tests). */
export function cachedMapsOf(campaignId: string): string[] {
  const maps = new Set<string>()
  for (const cache of caches)
    for (const key of cache.keys()) {
      const mapId = mapOf(key, campaignId)
      if (mapId !== null) maps.add(mapId)
    }
  return [...maps].sort()
}
