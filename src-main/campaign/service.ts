// The campaign service: open campaigns in memory, every change through applyCommand with undo,
// autosave to the store, import / export, and a change feed. Both transports (Electron IPC and
// the Node host's WebSocket) call this one object. Node-only; never imports electron.
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
import { applyCommand } from '@core/campaign/commands'
import { UndoHistory } from '@core/campaign/history'
import { CampaignJournal, hashSnapshot, type JournalChange, type JournalEdit } from './journal'
import { loadForEditing, type KeptHistory } from './load-for-editing'
import { checkChange } from '@core/campaign/loadable'
import { FileBudget } from './file-budget'
import { decodeCampaign } from './migrations'
import { changesOf, type Change } from '@core/campaign/changes'
import { treeOpsOf } from '@core/campaign/change-paths'
import type { Campaign, CampaignMap, CampaignSummary, Command } from '@core/campaign/schema'
import { CURRENT_SCHEMA_VERSION, strictCommandSchema } from '@core/campaign/schema'
import { CampaignStore, serializeCampaign } from './storage'
import { serializeCampaignInSlices } from './serialize'
import { stringifyInSlices } from './json-slices'
import { EXPORT_FORMAT } from './campaign-file'
import { CampaignLibrary } from './library'
import type { FileReaderOptions } from './file-reader'

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

interface OpenCampaign {
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
  private readonly listeners = new Set<(event: ChangeEvent) => void>()
  private readonly noticeListeners = new Set<(notice: CampaignNotice) => void>()
  /** Undo histories of campaigns closed while the app runs, with the file each ends at. */
  private readonly keptHistories = new Map<string, KeptHistory>()
  private readonly autosaveDelayMs: number
  private readonly now: () => Date
  private readonly historyLimit: number | undefined
  private readonly onSaveError: (campaignId: string, error: unknown) => void
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
    this.autosaveDelayMs = Math.max(0, options.autosaveDelayMs ?? DEFAULT_AUTOSAVE_DELAY_MS)
    this.historyLimit = options.historyLimit
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
    return this.store.list()
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
    this.open_.set(
      campaign.id,
      this.newEntry(campaign, new UndoHistory(this.historyLimit), journal, budget, hash),
    )
    return campaign
  }

  async open(id: string): Promise<OpenResult> {
    this.requireLive()
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
    const entry = this.newEntry(
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
      await this.saveEntry(id, entry).catch((error: unknown) => {
        this.saveFailed(id, error)
        this.markDirty(id, entry)
      })
    } else if (loaded.told.repaired) this.markDirty(id, entry)
    return { campaign: entry.campaign, revision: entry.revision, ...loaded.told }
  }

  async close(id: string): Promise<void> {
    const entry = this.open_.get(id)
    if (!entry) return
    await this.saveEntry(id, entry)
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
   * 28). A command after which the loader would refuse the campaign (a limit passed, the file too
   * big) is refused with CampaignLimitError and changes nothing (issue 27).
   */
  async dispatchEdit(id: string, command: Command): Promise<ChangeEvent> {
    this.requireLive()
    const valid = strictCommandSchema.parse(command)
    const entry = this.requireOpen(id)
    const next = applyCommand(entry.campaign, valid)
    if (next === entry.campaign) return this.unchanged(id, entry, valid.type)
    const change = this.stamped(entry, next)
    const ops = treeOpsOf(change.campaign, change.changes)
    checkChange(change.campaign, ops)
    entry.budget.admit(change.campaign, ops)
    entry.history.record(entry.campaign)
    return this.commit(id, entry, change, valid.type, 'command')
  }

  /**
   * Adds a map checked where it was made (an imported Universal VTT map: the campaign map schema,
   * its consistency and the bytes its edges and wall lines take in the file, all on its import
   * worker), as the `map.add` command does, without checking it again on main (issue 26: a map
   * of a hundred thousand edges kept the host from answering for seconds). What is checked here
   * is the rest: the campaign's limits on its list of maps and the file-size budget. The journal
   * line and the windows' event are written out in slices.
   */
  async addCheckedMap(id: string, map: CampaignMap, savedBytes: number): Promise<ChangeEvent> {
    this.requireLive()
    const entry = this.requireOpen(id)
    const command: Command = { type: 'map.add', map }
    const next = applyCommand(entry.campaign, command, { checkedMaps: new Set([map]) })
    const change = this.stamped(entry, next)
    // The map itself is not walked again: its list's limits are, and its skeleton's size.
    const skeleton = { ...map, edges: [], wallLines: [] }
    const ops = treeOpsOf(change.campaign, change.changes).map((op) =>
      op.op === 'splice' && op.items.includes(map) ? { ...op, items: [] } : op,
    )
    checkChange(change.campaign, ops)
    const sized = ops.map((op) =>
      op.op === 'splice' && op.path.length === 1 && op.path[0] === 'maps'
        ? { ...op, items: [skeleton] }
        : op,
    )
    entry.budget.admit(change.campaign, sized, true, savedBytes)
    entry.history.record(entry.campaign)
    return this.commit(id, entry, change, command.type, 'command', true)
  }

  // Undo and redo return to states that were admitted once (loaded, or made by a checked
  // command), so they are never refused; the budget still counts what they add.
  async undoEdit(id: string): Promise<ChangeEvent> {
    this.requireLive()
    const entry = this.requireOpen(id)
    const previous = entry.history.undo(entry.campaign)
    if (!previous) return this.unchanged(id, entry, 'undo')
    const change = this.stamped(entry, previous)
    entry.budget.admit(change.campaign, treeOpsOf(change.campaign, change.changes), false)
    return this.commit(id, entry, change, 'undo', 'undo')
  }

  async redoEdit(id: string): Promise<ChangeEvent> {
    this.requireLive()
    const entry = this.requireOpen(id)
    const next = entry.history.redo(entry.campaign)
    if (!next) return this.unchanged(id, entry, 'redo')
    const change = this.stamped(entry, next)
    entry.budget.admit(change.campaign, treeOpsOf(change.campaign, change.changes), false)
    return this.commit(id, entry, change, 'redo', 'redo')
  }

  async flush(id?: string): Promise<void> {
    const ids = id === undefined ? [...this.open_.keys()] : [id]
    const results = await Promise.allSettled(
      ids.map((each) => {
        const entry = this.open_.get(each)
        return entry ? this.saveEntry(each, entry) : Promise.resolve()
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
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
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
    try {
      await this.flush()
    } finally {
      this.listeners.clear()
      this.noticeListeners.clear()
      this.keptHistories.clear()
      await Promise.all([...this.open_.values()].map((entry) => entry.journal.close()))
      await this.store.close()
    }
  }

  private newEntry(
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

  /** `next` as the campaign would become it now, and the record changes from the current one. */
  private stamped(entry: OpenCampaign, next: Campaign): StampedChange {
    const at = this.now().toISOString()
    const campaign = { ...next, updatedAt: at }
    // Cheap: applyCommand and the undo history share every untouched object (changes.ts).
    return { campaign, at, changes: changesOf(entry.campaign, campaign) }
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

  /**
   * Makes `next` the campaign, appends its record changes to the journal and waits until they are
   * on disk, then tells the listeners and answers: an acknowledged change survives a crash (issue
   * 11.2). The journal, the listeners (every window) and undo hold the same change list.
   */
  private async commit(
    id: string,
    entry: OpenCampaign,
    { campaign, at, changes }: StampedChange,
    cause: string,
    edit: JournalEdit,
    large = false,
  ): Promise<ChangeEvent> {
    entry.campaign = campaign
    entry.revision += 1
    this.markDirty(id, entry)
    const event: ChangeEvent = {
      campaignId: id,
      campaign,
      revision: entry.revision,
      changes,
      cause: { type: cause },
      canUndo: entry.history.canUndo,
      canRedo: entry.history.canRedo,
    }
    const record: JournalChange = { edit, cause, changes }
    await this.makeDurable(id, entry, record, at, large ? stringifyInSlices(record) : undefined)
    for (const listener of [...this.listeners]) {
      try {
        listener(event)
      } catch (error) {
        console.error('[campaign] change listener failed', error)
      }
    }
    return event
  }

  /** The answer to a command that changed nothing: the same revision, no changes. */
  private unchanged(id: string, entry: OpenCampaign, cause: string): ChangeEvent {
    return {
      campaignId: id,
      campaign: entry.campaign,
      revision: entry.revision,
      changes: [],
      cause: { type: cause },
      canUndo: entry.history.canUndo,
      canRedo: entry.history.canRedo,
    }
  }

  /** The journal append; if the journal cannot be written, a snapshot save is the fallback. */
  private async makeDurable(
    id: string,
    entry: OpenCampaign,
    change: JournalChange,
    at: string,
    text?: Promise<string>,
  ): Promise<void> {
    if (!entry.journal.broken) {
      try {
        await entry.journal.append(change, at, text)
        return
      } catch (error) {
        console.error(
          `[campaign] journal of ${id} could not be written; saving a snapshot instead`,
          error,
        )
      }
    }
    await this.saveEntry(id, entry)
  }

  /**
   * Autosave runs a fixed delay after the first unsaved change; later changes do not push it
   * back, so a steady stream of edits is still written at least every `autosaveDelayMs`.
   */
  private markDirty(id: string, entry: OpenCampaign): void {
    entry.dirty = true
    if (entry.timer !== undefined || this.disposed) return
    entry.timer = setTimeout(() => {
      entry.timer = undefined
      this.saveEntry(id, entry).catch((error: unknown) => this.saveFailed(id, error))
    }, this.autosaveDelayMs)
  }

  private saveEntry(id: string, entry: OpenCampaign): Promise<void> {
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
    const run = ready
      .catch(() => undefined) // without its header the generation is created on its first append
      .then(() => serialized)
      .then((file) => {
        entry.budget.saved(mark, file.bytes)
        return this.store.save(snapshot, file)
      })
      .then(
        (saved) => {
          entry.fileHash = saved.hash
          return entry.journal.snapshotSaved(gen).catch((error: unknown) => {
            // Old generations left behind are harmless: the next open deletes them.
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

interface StampedChange {
  campaign: Campaign
  at: string
  changes: Change[]
}
