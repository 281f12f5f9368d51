// Every edit reaches the page twice (the dispatch's answer and the campaign.changed event), each a
// fresh copy of the whole campaign; overlays key their rules questions on the map object, so a
// second copy of an unchanged map would ask them all again. The shown map keeps its object when
// its content is the same: one map compared, not the campaign.
import type { Campaign } from '../../src-main/campaign/schema'

export function keepUnchangedMap(
  previous: Campaign | null,
  next: Campaign,
  mapId: string | null,
): Campaign {
  if (!previous || !mapId || previous.id !== next.id) return next
  const before = previous.maps.find((m) => m.id === mapId)
  const index = next.maps.findIndex((m) => m.id === mapId)
  if (!before || index < 0 || next.maps[index] === before) return next
  if (JSON.stringify(before) !== JSON.stringify(next.maps[index])) return next
  return { ...next, maps: next.maps.map((m, i) => (i === index ? before : m)) }
}
