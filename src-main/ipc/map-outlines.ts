// Opening a big campaign in the page (issue 13): the map shown in full, every other map as an
// outline, so a 50-map campaign does not cross the wire whole.
import type { Campaign } from '@core/campaign/schema'
import { blankMap } from '@core/campaign/blank-map'

/**
 * The campaign with every map but the shown one as an outline: what the map tabs need, none of
 * the squares, walls, tokens or fog. `shown` null or unknown: the first map is shown.
 */
export function outlined(
  campaign: Campaign,
  shown: string | null,
): { campaign: Campaign; outlines: string[] } {
  const full = campaign.maps.some((m) => m.id === shown) ? shown : (campaign.maps[0]?.id ?? null)
  const outlines: string[] = []
  const maps = campaign.maps.map((map) => {
    if (map.id === full) return map
    outlines.push(map.id)
    return blankMap(map)
  })
  return { campaign: { ...campaign, maps }, outlines }
}
