// The page's copy of the open campaign follows main by record changes (issue 28): every change,
// the page's own included, arrives once as campaign.changed with the revision it makes, and the
// page applies it with the same applyChanges main uses. The page holds some maps in full and every
// map as an outline (campaign.open outlineExcept): changes inside a map it holds as an outline
// only update that outline. applyChanges copies only what a change touches, so an untouched map
// keeps its object and the overlays keyed on it ask the rules nothing. A gap in revisions (a lost
// event, a restarted main) or a change that does not fit means the copy is stale: open it again.
import { applyChanges, ChangeError } from '@core/campaign/changes'
import { changesForHeld, outlinesAfter, type MapOutline } from '@core/campaign/outline'
import type { Campaign } from '@core/campaign/schema'
import type { CampaignEdit } from '@core/contract/campaign-service'

/** What the page holds of a campaign: its full maps in `campaign`, every map's outline in order. */
export interface HeldCampaign {
  campaign: Campaign
  outlines: readonly MapOutline[]
}

export type EditOutcome =
  | { kind: 'applied'; held: HeldCampaign; revision: number }
  /** Already in the copy (an older revision). */
  | { kind: 'known' }
  /** A revision was missed or the changes do not fit: open the campaign again. */
  | { kind: 'resync' }

export function applyEdit(held: HeldCampaign, revision: number, edit: CampaignEdit): EditOutcome {
  if (edit.revision <= revision) return { kind: 'known' }
  if (edit.revision !== revision + 1) return { kind: 'resync' }
  const full = new Set(held.campaign.maps.map((m) => m.id))
  try {
    const campaign = applyChanges(held.campaign, changesForHeld(edit.changes, full))
    return {
      kind: 'applied',
      held: { campaign, outlines: outlinesAfter(held.outlines, edit.changes) },
      revision: edit.revision,
    }
  } catch (error) {
    if (error instanceof ChangeError) return { kind: 'resync' }
    throw error
  }
}
