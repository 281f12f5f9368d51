// The page's copy of the open campaign follows main by edits (issue 13): each dispatch, undo and
// redo answers with the revision it made and a patch from the one before, and campaign.changed
// brings the same edit (the page's own edits reach it twice, once each way). applyPatch copies
// only the path a patch changes, so an untouched map keeps its object and the overlays keyed on
// it ask the rules nothing. A gap in revisions (a lost event, a restarted main) means the page's
// copy is stale: it opens the campaign again.
import { applyPatch, PatchError } from '@core/campaign/patch'
import type { Campaign } from '@core/campaign/schema'
import type { CampaignEdit } from '@core/contract/campaign-service'

export type EditOutcome =
  | { kind: 'applied'; campaign: Campaign; revision: number }
  /** Already in the copy: the second arrival of the page's own edit, or an older one. */
  | { kind: 'known' }
  /** A revision was missed or the patch does not fit: open the campaign again. */
  | { kind: 'resync' }

export function applyEdit(campaign: Campaign, revision: number, edit: CampaignEdit): EditOutcome {
  if (edit.revision <= revision) return { kind: 'known' }
  if (edit.revision !== revision + 1) return { kind: 'resync' }
  try {
    return { kind: 'applied', campaign: applyPatch(campaign, edit.patch), revision: edit.revision }
  } catch (error) {
    if (error instanceof PatchError) return { kind: 'resync' }
    throw error
  }
}
