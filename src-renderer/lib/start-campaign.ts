// Which campaign the GM screen opens by itself. The desktop app and `npm run web` load the page
// with `#open=latest`, so the GM lands on the campaign they last worked on (on a first start,
// the bundled sample); a page loaded without it shows the campaign list. `#open=<id>` names one,
// and `&map=<id>` its map tab. Once a campaign is open the page writes its address that way, so a
// reload reopens the campaign and map it had, not the one edited last.
import type { CampaignSummary } from '@core/campaign/schema'

export function campaignToOpen(hash: string, campaigns: readonly CampaignSummary[]): string | null {
  const wanted = new URLSearchParams(hash.replace(/^#/, '')).get('open')
  if (!wanted) return null
  if (wanted !== 'latest') return campaigns.some((c) => c.id === wanted) ? wanted : null
  const readable = campaigns.filter((c) => !c.unreadable && !c.newer && !c.tooLarge)
  if (readable.length === 0) return null
  return readable.reduce((newest, c) => (c.updatedAt > newest.updatedAt ? c : newest)).id
}

/** The map tab the address names (`#open=<id>&map=<id>`), if any. */
export function mapToOpen(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('map') || null
}

/** The address (hash) that reopens this campaign and map; '' for the campaign list. */
export function addressFor(campaignId: string | null, mapId: string | null): string {
  if (!campaignId) return ''
  const params = new URLSearchParams({ open: campaignId })
  if (mapId) params.set('map', mapId)
  return `#${params.toString()}`
}
