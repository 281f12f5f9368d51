// Opening a big campaign in the page (issue 13): the map shown in full, every map as an outline
// (its own type, core/campaign/outline.ts), so a 50-map campaign does not cross the wire whole.
import type { Campaign } from '@core/campaign/schema'
import { outlineOf, type MapOutline } from '@core/campaign/outline'

/**
 * The campaign holding only the shown map in full, and every map's outline in the campaign's
 * order: what the map tabs need, none of the squares, walls, tokens or fog of the others.
 * `shown` null or unknown: the first map is shown.
 */
export function outlined(
  campaign: Campaign,
  shown: string | null,
): { campaign: Campaign; outlines: MapOutline[] } {
  const full = campaign.maps.some((m) => m.id === shown) ? shown : (campaign.maps[0]?.id ?? null)
  return {
    campaign: { ...campaign, maps: campaign.maps.filter((m) => m.id === full) },
    outlines: campaign.maps.map(outlineOf),
  }
}
