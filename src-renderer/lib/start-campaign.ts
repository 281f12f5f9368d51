// Which campaign the GM screen opens by itself. The desktop app and `npm run web` load the page
// with `#open=latest`, so the GM lands on the campaign they last worked on (on a first start,
// the bundled sample); a page loaded without it shows the campaign list. `#open=<id>` names one.
import type { CampaignSummary } from '../../src-main/campaign/schema'

export function campaignToOpen(hash: string, campaigns: readonly CampaignSummary[]): string | null {
  const wanted = new URLSearchParams(hash.replace(/^#/, '')).get('open')
  if (!wanted) return null
  if (wanted !== 'latest') return campaigns.some((c) => c.id === wanted) ? wanted : null
  const readable = campaigns.filter((c) => !c.unreadable && !c.newer && !c.tooLarge)
  if (readable.length === 0) return null
  return readable.reduce((newest, c) => (c.updatedAt > newest.updatedAt ? c : newest)).id
}
