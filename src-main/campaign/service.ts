// The campaign service: the lifecycle of campaigns (list, create, open with the journal replayed,
// autosave to the store (snapshot-saves.ts), close, flush, import / export) and the notices about
// them. Every change goes through the edit pipeline (edit-pipeline.ts: applyCommand with undo, the
// journal, the change feed). Both transports (Electron IPC and the Node host's WebSocket) call
// this one object.
// Node-only; never imports electron.
import { randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import type {
  CampaignNotice,
  CampaignServiceApi,
  ChangeEvent,
  ImportConflict,
  OpenResult,
  TrashEntry,
} from '@core/contract/campaign-service'
import type { BackupPolicy } from './backups'
import { UndoHistory } from '@core/campaign/history'
import { CampaignJournal } from './journal'
import { loadForEditing, type KeptHistory } from './load-for-editing'
import { FileBudget } from './file-budget'
import { decodeCampaign } from './migrations'
import type { Campaign, CampaignMap, CampaignSummary, Command } from '@core/campaign/schema'
import { CURRENT_SCHEMA_VERSION } from '@core/campaign/schema'
import { CampaignStore } from './storage'
import { SnapshotSaves } from './snapshot-saves'
import { EXPORT_FORMAT } from './campaign-file'
import { CampaignEdits } from './edit-pipeline'
import { openCampaignEntry, type OpenCampaign } from './open-campaign'
import { CampaignLibrary } from './library'
import type { FileReaderOptions } from './file-reader'
import { IdleWork } from './idle-work'

export { EXPORT_FORMAT }
/**
 * Every acknowledged change is already on disk in the journal (fsynced before the answer), so the
 * snapshot save only folds the journal into the file: every 5 s at most keeps the journal short
 * without re-serialising a large campaign at the GM's click rate (issue 13).
 */
export const DEFAULT_AUTOSAVE_DELAY_MS = 5000

/**
 * How many closed campaigns keep their undo history (issue 25: switching to another campaign and
 * back keeps it for the evening); the least recently closed go first.
 */
const KEPT_HISTORIES = 20

export interface CampaignServiceOptions {
  dataDir: string
  /** How long after the first unsaved change the autosave runs (default DEFAULT_AUTOSAVE_DELAY_MS, 5 s). */
  autosaveDelayMs?: number
  /** Seeded into an empty data folder on first start. */
  sampleCampaignFile?: string
  /** Injected clock (timestamps, backup names, the daily backup rule). */
  now?: () => Date
  historyLimit?: number
  backupPolicy?: Partial<BackupPolicy>
  /** Size cap and worker threshold for parsing campaign files (file-reader.ts). */
  files?: FileReaderOptions
  /**
   * Open files the app wrote without the full check (trusted-snapshot.ts; default true). Tests
   * that hold a state to the loader's verdict turn it off.
   */
  trustWrittenFiles?: boolean
  /**
   * Read the campaign opened last ahead of its open once a page has listed (open-ahead.ts; default
   * true). The open bench turns it off to time the open's own work.
   */
  readAhead?: boolean
  /** Delay before the shown map's sight is prepared after an open (default PREPARE_SHOWN_MAP_MS). */
  prepareShownMapMs?: number
  /** Autosave failures cannot be thrown to anyone; they are reported here (default: console.error). */
  onSaveError?: (campaignId: string, error: unknown) => void
}

export class CampaignServiceError extends Error {
  constructor(
    readonly code: 'not-open' | 'invalid-import' | 'invalid-name' | 'disposed' | 'sample-invalid',
    message: string,
  ) {
    super(message)
    this.name = 'CampaignServiceError'
  }
}

export async function createCampaignService(
  options: CampaignServiceOptions,
): Promise<CampaignService> {
  const service = new CampaignService(options)
  await service.start(options.sampleCampaignFile)
  return service
}

export class CampaignService implements CampaignServiceApi {
  readonly store: CampaignStore
  private readonly library: CampaignLibrary
  private readonly open_ = new Map<string, OpenCampaign>()
  private readonly loading = new Map<string, Promise<OpenResult>>()
  private readonly edits: CampaignEdits
  private readonly noticeListeners = new Set<(notice: CampaignNotice) => void>()
  /** Undo histories of campaigns closed while the app runs, with the file each ends at. */
  private readonly keptHistories = new Map<string, KeptHistory>()
  /** The autosave and the snapshot saves (snapshot-saves.ts). */
  private readonly saves: SnapshotSaves
  private readonly now: () => Date
  private readonly historyLimit: number | undefined
  private readonly onSaveError: (campaignId: string, error: unknown) => void
  /** Reading ahead after a list, preparing the shown map after an open (idle-work.ts). */
  private readonly idleWork: IdleWork
  private disposed = false

  constructor(options: CampaignServiceOptions) {
    this.now = options.now ?? (() => new Date())
    this.store = new CampaignStore(options.dataDir, {
      now: this.now,
      backupPolicy: options.backupPolicy,
      files: options.files,
      trustWrittenFiles: options.trustWrittenFiles,
    })
    this.library = new CampaignLibrary(this, this.now)
    this.edits = new CampaignEdits({
      now: () => this.now(),
      requireLive: () => this.requireLive(),
      requireOpen: (id) => this.requireOpen(id),
      markDirty: (id, entry) => this.saves.markDirty(id, entry),
      saveEntry: (id, entry) => this.saves.save(id, entry),
    })
    this.saves = new SnapshotSaves(
      {
        store: this.store,
        disposed: () => this.disposed,
        failed: (id, error) => this.saveFailed(id, error),
      },
      Math.max(0, options.autosaveDelayMs ?? DEFAULT_AUTOSAVE_DELAY_MS),
    )
    this.historyLimit = options.historyLimit
    this.idleWork = new IdleWork(
      {
        idle: () => !this.disposed && this.open_.size === 0 && this.loading.size === 0,
        campaignOf: (id) => this.open_.get(id)?.campaign,
        prepareJournal: (id) => this.open_.get(id)?.journal.prepare(),
        openedLast: (ids) => this.store.openedLast(ids),
        readAhead: (id) => this.store.readAhead(id),
      },
      { readAhead: options.readAhead, prepareShownMapMs: options.prepareShownMapMs },
    )
    this.onSaveError =
      options.onSaveError ??
      ((id, error) => console.error(`[campaign] autosave of ${id} failed`, error))
  }

  /** Creates the data folders; on the very first start, seeds the bundled sample campaign. */
  async start(sampleCampaignFile?: string): Promise<void> {
    const { firstStart } = await this.store.init()
    if (!firstStart || !sampleCampaignFile) return
    let campaign: Campaign
    try {
      campaign = decodeCampaign(JSON.parse(await fs.readFile(sampleCampaignFile, 'utf8'))).campaign
    } catch (error) {
      throw new CampaignServiceError(
        'sample-invalid',
        `The bundled sample campaign ${sampleCampaignFile} could not be loaded: ${(error as Error).message}`,
      )
    }
    await this.store.save(campaign)
  }

  async list(): Promise<CampaignSummary[]> {
    this.idleWork.asked()
    const summaries = await this.store.list()
    // With no campaign open, the one opened last is read ahead of its open (idle-work.ts).
    this.idleWork.listed(summaries)
    return summaries
  }

  /** Settles once the campaign the last list chose is read ahead (or was not: tests). */
  readAheadSettled(): Promise<void> {
    return this.idleWork.readAheadSettled()
  }

  async create(name: string): Promise<Campaign> {
    this.requireLive()
    const trimmed = typeof name === 'string' ? name.trim() : ''
    if (trimmed.length < 1 || trimmed.length > 200) {
      throw new CampaignServiceError('invalid-name', 'A campaign name needs 1 to 200 characters.')
    }
    const at = this.now().toISOString()
    const campaign: Campaign = {
      schemaVersion: CURRENT_SCHEMA_VERSION,
      id: randomUUID(),
      name: trimmed,
      createdAt: at,
      updatedAt: at,
      maps: [],
      notes: '',
    }
    const { hash } = await this.store.save(campaign)
    const journal = new CampaignJournal(this.store.journalDir(campaign.id), {
      gen: 1,
      base: hash,
      after: 0,
    })
    const budget = await FileBudget.measure(campaign, this.store.reader.maxBytes)
    const entry = openCampaignEntry(
      campaign,
      new UndoHistory(this.historyLimit),
      journal,
      budget,
      hash,
    )
    // The file just saved is backed up, and the journal's first generation starts from it.
    entry.backedUpGen = entry.savedGen = 1
    this.open_.set(campaign.id, entry)
    return campaign
  }

  async open(id: string): Promise<OpenResult> {
    this.requireLive()
    this.idleWork.asked()
    const already = this.open_.get(id)
    if (already) return { campaign: already.campaign, revision: already.revision }
    // Two windows opening the same campaign at once must share one load (and one recovery).
    let pending = this.loading.get(id)
    if (!pending) {
      pending = this.load(id).finally(() => this.loading.delete(id))
      this.loading.set(id, pending)
    }
    return pending
  }

  private async load(id: string): Promise<OpenResult> {
    const kept = this.keptHistories.get(id)
    this.keptHistories.delete(id)
    const loaded = await loadForEditing(this.store, id, {
      now: this.now,
      historyLimit: this.historyLimit,
      ...(kept ? { kept } : {}),
    })
    const entry = openCampaignEntry(
      loaded.campaign,
      loaded.history,
      loaded.journal,
      loaded.budget,
      loaded.fileHash,
    )
    this.open_.set(id, entry)
    if (loaded.replayed > 0) {
      // Fold the replayed changes into a snapshot now, so the next crash starts from here. If that
      // fails the journal still holds them, and the autosave tries again.
      entry.dirty = true
      await this.saves.save(id, entry).catch((error: unknown) => {
        this.saveFailed(id, error)
        this.saves.markDirty(id, entry)
      })
    } else if (loaded.told.repaired) this.saves.markDirty(id, entry)
    return { campaign: entry.campaign, revision: entry.revision, ...loaded.told }
  }

  /**
   * Prepares the shown map's first edit once the app is idle (shown-map-preparation.ts). Resolves
   * when done or skipped.
   */
  prepareShownMap(id: string, mapId: string | null): Promise<void> {
    return this.idleWork.prepareShownMap(id, mapId)
  }

  async close(id: string): Promise<void> {
    this.idleWork.cancel(id)
    const entry = this.open_.get(id)
    if (!entry) return
    await this.saves.save(id, entry)
    await this.saves.backUpLastSave(id, entry)
    this.open_.delete(id)
    await entry.journal.close()
    if (entry.history.canUndo || entry.history.canRedo) {
      this.keptHistories.set(id, { history: entry.history, fileHash: entry.fileHash })
      for (const oldest of this.keptHistories.keys()) {
        if (this.keptHistories.size <= KEPT_HISTORIES) break
        this.keptHistories.delete(oldest)
      }
    }
  }

  async dispatch(id: string, command: Command): Promise<Campaign> {
    return (await this.dispatchEdit(id, command)).campaign
  }

  async undo(id: string): Promise<Campaign> {
    return (await this.undoEdit(id)).campaign
  }

  async redo(id: string): Promise<Campaign> {
    return (await this.redoEdit(id)).campaign
  }

  /**
   * dispatch, answered with the change itself: the new revision and its record changes (issue
   * 28); refused with CampaignLimitError, changing nothing, if the loader would refuse the result.
   */
  dispatchEdit(id: string, command: Command): Promise<ChangeEvent> {
    return this.edits.dispatchEdit(id, command)
  }

  /** Adds a map checked on its import worker without checking it again on main (issue 26). */
  addCheckedMap(id: string, map: CampaignMap, savedBytes: number): Promise<ChangeEvent> {
    return this.edits.addCheckedMap(id, map, savedBytes)
  }

  undoEdit(id: string): Promise<ChangeEvent> {
    return this.edits.stepHistory(id, 'undo')
  }

  redoEdit(id: string): Promise<ChangeEvent> {
    return this.edits.stepHistory(id, 'redo')
  }

  async flush(id?: string): Promise<void> {
    const ids = id === undefined ? [...this.open_.keys()] : [id]
    const results = await Promise.allSettled(
      ids.map((each) => {
        const entry = this.open_.get(each)
        return entry ? this.saves.save(each, entry) : Promise.resolve()
      }),
    )
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) throw failed.reason
  }

  async exportCampaign(id: string): Promise<string> {
    // Opening replays the journal, so an export never misses the last acknowledged changes.
    const campaign = this.open_.get(id)?.campaign ?? (await this.open(id)).campaign
    return JSON.stringify(
      { format: EXPORT_FORMAT, exportedAt: this.now().toISOString(), campaign },
      null,
      2,
    )
  }

  /**
   * Accepts an export (the wrapper) or a bare campaign file. An id already in the list is refused
   * with `import-conflict` unless `onConflict` says to replace it or keep both (library.ts).
   */
  async importCampaign(json: string, onConflict?: ImportConflict): Promise<Campaign> {
    this.requireLive()
    return this.library.import(json, onConflict)
  }

  /** A new campaign name, as an undoable command. */
  async rename(id: string, name: string): Promise<Campaign> {
    this.requireLive()
    return this.library.rename(id, name)
  }

  /** Moves the campaign, with its backups, to the trash (restorable). */
  async deleteCampaign(id: string): Promise<TrashEntry> {
    this.requireLive()
    return this.library.delete(id)
  }

  async listTrash(): Promise<TrashEntry[]> {
    return this.library.trash.list()
  }

  async restore(trashId: string): Promise<{ id: string; name: string }> {
    this.requireLive()
    return this.library.restore(trashId)
  }

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    return this.edits.subscribe(listener)
  }

  subscribeNotices(listener: (notice: CampaignNotice) => void): () => void {
    this.noticeListeners.add(listener)
    return () => {
      this.noticeListeners.delete(listener)
    }
  }

  /** An autosave nobody awaited failed: logged, and told to the GM pages (issue 25). */
  private saveFailed(id: string, error: unknown): void {
    this.onSaveError(id, error)
    const code = (error as { code?: unknown } | null)?.code
    const notice: CampaignNotice = {
      campaignId: id,
      kind: 'save-failed',
      errno: typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : 'unknown',
      at: this.now().toISOString(),
    }
    for (const listener of [...this.noticeListeners]) {
      try {
        listener(notice)
      } catch (listenerError) {
        console.error('[campaign] notice listener failed', listenerError)
      }
    }
  }

  getCampaign(id: string): Campaign | undefined {
    return this.open_.get(id)?.campaign
  }

  canUndo(id: string): boolean {
    return this.open_.get(id)?.history.canUndo ?? false
  }

  canRedo(id: string): boolean {
    return this.open_.get(id)?.history.canRedo ?? false
  }

  /** Writes everything pending and stops the timers; the service refuses changes afterwards. */
  async dispose(): Promise<void> {
    if (this.disposed) return
    this.disposed = true
    for (const entry of this.open_.values()) clearTimeout(entry.timer)
    this.idleWork.cancelAll()
    try {
      await this.flush()
      for (const [id, entry] of this.open_) await this.saves.backUpLastSave(id, entry)
    } finally {
      this.edits.clearListeners()
      this.noticeListeners.clear()
      this.keptHistories.clear()
      await Promise.all([...this.open_.values()].map((entry) => entry.journal.close()))
      await this.store.close()
    }
  }

  private requireLive(): void {
    if (this.disposed)
      throw new CampaignServiceError('disposed', 'The campaign service has been shut down.')
  }

  private requireOpen(id: string): OpenCampaign {
    const entry = this.open_.get(id)
    if (!entry) {
      throw new CampaignServiceError('not-open', `Campaign "${id}" is not open; open it first.`)
    }
    return entry
  }
}
