// Opening a campaign from disk for editing: the file through the loader (storage.ts), the journal
// replayed on top of it with every record checked as a change is when it is made (journal-replay.ts,
// loadable.ts, file-budget.ts), and what the GM must be told about it: a backup opened instead of a
// damaged file, repairs, journal files set aside.
import path from 'node:path'
import type { OpenResult, RecoveryNotice } from '@core/contract/campaign-service'
import { backupTime } from './backups'
import { FileBudget } from './file-budget'
import { UndoHistory } from '@core/campaign/history'
import { CampaignJournal } from './journal'
import { applyRecord, replayJournal } from './journal-replay'
import { checkChange } from '@core/campaign/loadable'
import { CURRENT_SCHEMA_VERSION, type Campaign } from '@core/campaign/schema'
import type { RepairNote } from '@core/campaign/repair-notes'
import type { CampaignStore, RecoveryInfo } from './storage'

export interface LoadedForEditing {
  campaign: Campaign
  history: UndoHistory
  journal: CampaignJournal
  budget: FileBudget
  /** Journal records replayed onto the file: to fold into a snapshot at once. */
  replayed: number
  /** What the open answers besides the campaign (recovered, repaired, journal). */
  told: Omit<OpenResult, 'campaign' | 'revision'>
  /** SHA-256 of the campaign file as it is on disk now. */
  fileHash: string
}

/** An undo history kept from earlier this evening, with the file it ends at (service.ts). */
export interface KeptHistory {
  history: UndoHistory
  fileHash: string
}

export async function loadForEditing(
  store: CampaignStore,
  id: string,
  options: { now: () => Date; historyLimit?: number; kept?: KeptHistory },
): Promise<LoadedForEditing> {
  const loaded = await store.load(id)
  const budget = new FileBudget(store.reader.maxBytes, loaded.savedBytes)
  // Changes acknowledged after the last snapshot are in the journal: replay them, undo history too.
  const journalDir = store.journalDir(id)
  const stamp = options.now().toISOString().replace(/[-:.]/g, '')
  // Closed earlier this evening and the file untouched since: its undo history is still good, and
  // any journal records come after it (issue 25).
  const kept = options.kept
  const history =
    kept && kept.fileHash === loaded.fileHash && !loaded.recovered
      ? kept.history
      : new UndoHistory(options.historyLimit)
  const replay = await replayJournal(
    journalDir,
    loaded.sourceHash,
    stamp,
    loaded.campaign,
    (state, record) =>
      applyRecord(state, record, history, (after, patch) => {
        checkChange(after, patch)
        budget.admit(after, patch)
      }),
  )
  const journal = new CampaignJournal(journalDir, {
    gen: replay.nextGen,
    base: loaded.fileHash,
    after: replay.lastSeq,
  })
  const repaired: RepairNote[] = [...loaded.repairs]
  if (loaded.fromVersion < CURRENT_SCHEMA_VERSION) {
    repaired.unshift({
      code: 'schema-upgraded',
      fromVersion: loaded.fromVersion,
      toVersion: CURRENT_SCHEMA_VERSION,
    })
  }
  for (const notice of replay.notices) {
    console.warn(
      `[campaign] ${id}: journal ${notice.file} set aside as ${notice.keptAs} (${notice.problem}${notice.reason ? `: ${notice.reason}` : ''})`,
    )
  }
  return {
    campaign: replay.campaign,
    history,
    journal,
    budget,
    replayed: replay.applied,
    fileHash: loaded.fileHash,
    told: {
      ...(loaded.recovered ? { recovered: recoveryNotice(loaded.recovered) } : {}),
      ...(repaired.length > 0 ? { repaired } : {}),
      ...(replay.notices.length > 0 ? { journal: replay.notices } : {}),
    },
  }
}

/** What the page is told about a recovery: names, not the data folder's paths (issue 12.11). */
function recoveryNotice(info: RecoveryInfo): RecoveryNotice {
  const backupFile = path.basename(info.backupFile)
  return {
    damage: info.damage,
    badFile: path.basename(info.badFile),
    backupFile,
    backupSavedAt: backupTime(backupFile)?.toISOString() ?? null,
  }
}
