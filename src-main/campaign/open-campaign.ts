// One campaign held open by the service: its current state, undo history, journal and save state.
// The lifecycle (service.ts) creates, saves and closes it; the edit pipeline (edit-pipeline.ts)
// changes it.
import type { UndoHistory } from '@core/campaign/history'
import type { Campaign } from '@core/campaign/schema'
import type { CampaignJournal } from './journal'
import type { FileBudget } from './file-budget'

export interface OpenCampaign {
  campaign: Campaign
  history: UndoHistory
  /** Every change is appended here, durably, before it is acknowledged (journal.ts). */
  journal: CampaignJournal
  dirty: boolean
  /** Counts the changes since this campaign was opened; a page applies edits in this order. */
  revision: number
  /** Keeps the saved file under the size the loader opens (file-budget.ts). */
  budget: FileBudget
  /** SHA-256 of the campaign file as this entry last read or wrote it. */
  fileHash: string
  timer?: ReturnType<typeof setTimeout>
  /** The latest save of this campaign, so flush can wait for one already running. */
  saving: Promise<void>
  /**
   * The journal generation whose base is the newest backup this session made of the campaign
   * (backups.ts: the autosave backs up every few minutes): the generations from it on are kept,
   * so a damaged file opens as that backup with every change since replayed. None yet: the next
   * save backs up.
   */
  backedUpGen?: number
  /**
   * The generation the last save started (its base is the file as it is now). Not backedUpGen:
   * the last save made no backup, and closing the campaign makes one.
   */
  savedGen?: number
}

/** A campaign just opened or created: clean, at revision 0, its file's hash as read or written. */
export function openCampaignEntry(
  campaign: Campaign,
  history: UndoHistory,
  journal: CampaignJournal,
  budget: FileBudget,
  fileHash: string,
): OpenCampaign {
  return {
    campaign,
    history,
    journal,
    budget,
    dirty: false,
    revision: 0,
    saving: Promise.resolve(),
    fileHash,
  }
}
