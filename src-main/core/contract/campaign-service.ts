// The campaign service's public surface. Both the Electron IPC handlers and the Node host's
// WebSocket handlers call exactly this, so the two transports cannot drift apart.
import type { Campaign, CampaignMap, CampaignSummary, Command } from '../campaign/schema'
import type { Change } from '../campaign/changes'
import type { JournalNotice } from '../campaign/journal-notice'
import type { RepairNote } from '../campaign/repair-notes'

export type { JournalNotice, RepairNote }

/** What an import does when the campaign's id is already in the list. */
export type ImportConflict = 'replace' | 'keep-both'

/** A deleted campaign kept in the trash (trash.ts). */
export interface TrashEntry {
  trashId: string
  /** The campaign's id (its file name) when it was deleted. */
  id: string
  name: string
  deletedAt: string
  mapCount: number
}

/** What the GM is told when a damaged file was set aside and a backup opened (issue 12.11). */
export interface RecoveryNotice {
  /** What was wrong with the file (the parser's or schema's words). */
  damage: string
  /** File names only: the data folder's full path is the user's business, not the page's. */
  badFile: string
  backupFile: string
  /** When the opened backup was saved (read from its name), ISO; null if its name does not say. */
  backupSavedAt: string | null
}

export interface OpenResult {
  campaign: Campaign
  /** The campaign's revision in main: edits carry the next ones (CampaignEdit). */
  revision: number
  /** Set when the campaign file was unreadable and the newest good backup was opened instead. */
  recovered?: RecoveryNotice
  /**
   * What the load-time migration and repair pass changed, one code each with its counts and ids
   * (absent if nothing); the page words them.
   */
  repaired?: RepairNote[]
  /** Journal data that could not be replayed and was set aside (journal-replay.ts), one each. */
  journal?: JournalNotice[]
}

/**
 * One change as every GM window receives it, once, as the campaign.changed event (issue 28): the
 * revision it makes and its record changes (changes.ts) from the revision before. A page that
 * holds that earlier revision applies them with applyChanges; one that missed a revision opens
 * the campaign again.
 */
export interface CampaignEdit {
  campaignId: string
  revision: number
  changes: Change[]
  /** The type of the command that produced this change, or 'undo' / 'redo'. */
  cause: { type: string }
  canUndo: boolean
  canRedo: boolean
}

/** The answer to dispatch, undo and redo: main's revision after it (the change comes as the event). */
export interface EditAck {
  campaignId: string
  revision: number
  canUndo: boolean
  canRedo: boolean
}

/** A change inside main: the edit plus the whole new campaign (the player view reads it). */
export interface ChangeEvent extends CampaignEdit {
  campaign: Campaign
}

/**
 * Something the GM must hear about that is no answer to a call (issue 25): an autosave that failed
 * (the journal still holds every acknowledged change; the next change or flush tries again).
 */
export interface CampaignNotice {
  campaignId: string
  kind: 'save-failed'
  /** Node's error code (ENOSPC, EACCES …) or 'unknown'. */
  errno: string
  at: string
}

export interface CampaignServiceApi {
  list(): Promise<CampaignSummary[]>
  create(name: string): Promise<Campaign>
  open(id: string): Promise<OpenResult>
  close(id: string): Promise<void>
  /** Applies one command through the single apply function, records it for undo, schedules autosave. */
  dispatch(id: string, command: Command): Promise<Campaign>
  undo(id: string): Promise<Campaign>
  redo(id: string): Promise<Campaign>
  /** The same three, answered with the change (revision and record changes) rather than the campaign. */
  dispatchEdit(id: string, command: Command): Promise<ChangeEvent>
  undoEdit(id: string): Promise<ChangeEvent>
  redoEdit(id: string): Promise<ChangeEvent>
  /**
   * A new map checked where it was made (an imported map, on its import worker), with the bytes
   * its edges and wall lines take in the file: the `map.add` command without its checks again.
   */
  addCheckedMap(id: string, map: CampaignMap, savedBytes: number): Promise<ChangeEvent>
  /** Writes any pending autosave now. */
  flush(id?: string): Promise<void>
  exportCampaign(id: string): Promise<string>
  /** An id already in the list is refused (`import-conflict`) unless `onConflict` says what to do. */
  importCampaign(json: string, onConflict?: ImportConflict): Promise<Campaign>
  /** A new name, through the campaign.rename command (undoable). */
  rename(id: string, name: string): Promise<Campaign>
  /** Moves the campaign and its backups to the trash. */
  deleteCampaign(id: string): Promise<TrashEntry>
  listTrash(): Promise<TrashEntry[]>
  /** Back from the trash; under a new id and name if its id was taken meanwhile. */
  restore(trashId: string): Promise<{ id: string; name: string }>
  subscribe(listener: (event: ChangeEvent) => void): () => void
  /** Notices for the GM pages (failed autosaves). */
  subscribeNotices(listener: (notice: CampaignNotice) => void): () => void
}
