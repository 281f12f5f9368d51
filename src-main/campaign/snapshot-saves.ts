// The snapshot saves of an open campaign: the autosave's timer, the save that folds the journal
// into the campaign file (a new journal generation started first, so changes acknowledged
// meanwhile belong after it), and the backups' pace (backups.ts): the journal keeps its
// generations from the newest backup's on, and the service's close backs up a last save that
// made none. The service (service.ts) holds the open campaigns and says when to save.
// Node-only.
import { hashSnapshot } from './journal'
import type { OpenCampaign } from './open-campaign'
import { serializeCampaignInSlices } from './serialize'
import { serializeCampaign, type CampaignStore } from './storage'

/** What the saves need of the service. */
export interface SavesHost {
  readonly store: CampaignStore
  /** The service has shut down: no autosave is started any more. */
  disposed(): boolean
  /** An autosave nobody awaited failed (the service logs it and tells the GM pages). */
  failed(id: string, error: unknown): void
}

export class SnapshotSaves {
  constructor(
    private readonly host: SavesHost,
    /** How long after the first unsaved change the autosave runs. */
    private readonly delayMs: number,
  ) {}

  /**
   * Autosave runs a fixed delay after the first unsaved change; later changes do not push it
   * back, so a steady stream of edits is still written at least every `delayMs`.
   */
  markDirty(id: string, entry: OpenCampaign): void {
    entry.dirty = true
    if (entry.timer !== undefined || this.host.disposed()) return
    entry.timer = setTimeout(() => {
      entry.timer = undefined
      this.save(id, entry).catch((error: unknown) => this.host.failed(id, error))
    }, this.delayMs)
  }

  /**
   * The service stops using the campaign (close, dispose): if its last save made no backup, the
   * file is backed up now, and the journal's older generations go. A failure leaves them, so a
   * damaged file still opens as the newest backup with them replayed.
   */
  async backUpLastSave(id: string, entry: OpenCampaign): Promise<void> {
    if (entry.savedGen === undefined || entry.savedGen === entry.backedUpGen) return
    try {
      await this.host.store.backUpNow(id)
      entry.backedUpGen = entry.savedGen
      await entry.journal.snapshotSaved(entry.savedGen)
    } catch (error) {
      console.error(`[campaign] could not back up ${id} on close`, error)
    }
  }

  /** Writes the campaign's file if it has unsaved changes; else waits for a save running. */
  save(id: string, entry: OpenCampaign): Promise<void> {
    clearTimeout(entry.timer)
    entry.timer = undefined
    if (!entry.dirty) return entry.saving
    entry.dirty = false
    const snapshot = entry.campaign
    const mark = entry.budget.mark
    // Serialised in slices (serialize.ts) so a large campaign never stalls main; a sync copy is
    // the fallback if that ever fails, so the generation header always gets its hash.
    const serialized = serializeCampaignInSlices(snapshot).catch(() => {
      const bytes = Buffer.from(serializeCampaign(snapshot), 'utf8')
      return { parts: [bytes], hash: hashSnapshot(bytes), bytes: bytes.length }
    })
    // Changes from now on belong after this snapshot: they go to a new journal generation.
    const { gen, ready } = entry.journal.rotate(serialized.then(({ hash }) => hash))
    // Without the new generation on disk, records acknowledged meanwhile are only in the old one:
    // the snapshot must not replace the file it belongs to (the journal is broken; the next
    // change saves again).
    const run = ready
      .then(() => serialized)
      .then((file) => {
        entry.budget.saved(mark, file.bytes)
        // A backup every few minutes (backups.ts); the first save of a session always makes one,
        // as the journal before this session's is gone.
        return this.host.store.save(
          snapshot,
          file,
          entry.backedUpGen === undefined ? 'always' : 'due',
        )
      })
      .then(
        (saved) => {
          entry.fileHash = saved.hash
          entry.savedGen = gen
          if (saved.backupFile !== null) entry.backedUpGen = gen
          // Generations since the newest backup stay: a damaged file opens as that backup with
          // them replayed (journal-replay.ts follows the chain from the backup's generation).
          return entry.journal.snapshotSaved(entry.backedUpGen ?? gen).catch((error: unknown) => {
            // Old generations left behind are harmless: replay skips them, the next save's tidy
            // takes them.
            console.error(`[campaign] could not tidy the journal of ${id}`, error)
          })
        },
        (error: unknown) => {
          // Still unsaved: the next change or flush tries again.
          entry.dirty = true
          throw error
        },
      )
    entry.saving = run.catch(() => undefined)
    return run
  }
}
