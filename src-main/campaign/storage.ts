// One JSON file per campaign: <dataDir>/campaigns/<id>.json, written through lowdb with an
// atomic, fsyncing adapter, plus rolling backups in <dataDir>/backups/<id>/. Files are parsed by
// file-reader.ts (big ones on a worker thread, none over the size cap); the list comes from
// campaign-index.ts, so listing does not parse files the index already knows. A file still holding
// the bytes this store wrote is opened without the full check (trusted-snapshot.ts).
//
// Damaged-file policy (one rule, tested in storage.test.ts):
//   When <id>.json cannot be parsed or does not validate, the newest backup that parses and
//   validates is looked for. If there is one, the damaged file is RENAMED (never rewritten) to
//   <id>.json.bad-<UTC stamp> beside it, so its bytes stay on disk unchanged, the good backup is
//   saved as the new <id>.json, and the load reports `recovered` with the reason and both
//   paths. If no backup is good, nothing on disk is touched and a CampaignUnreadableError
//   explains it: a blank campaign is never returned. A file from a newer app version is not
//   damage: it is refused with a message and left alone.
import { promises as fs, type Stats } from 'node:fs'
import path from 'node:path'
import { Low } from 'lowdb'
import { AtomicJsonFile, FileChunks, removeStaleTempFiles } from './atomicFile'
import { TRUSTED_LOADER, type WrittenRecord } from './trusted-snapshot'
import type { BackupPolicy } from './backups'
import { BackupPacer, DEFAULT_BACKUP_POLICY, listBackupNames, writeBackup } from './backups'
import type { DecodedCampaign } from './migrations'
import { CampaignDataError, MigrationError } from './migrations'
import type { Campaign, CampaignSummary } from '@core/campaign/schema'
import { CURRENT_SCHEMA_VERSION } from '@core/campaign/schema'
import {
  FILE_LAYOUT,
  mapHashesOf,
  mapSpansOf,
  serializeCampaign,
  serializeCampaignInSlices,
  type SerializedCampaign,
} from './serialize'

export { serializeCampaign }
import { CampaignFileReader, type FileReaderOptions } from './file-reader'
import type { FileSummary, ReadCampaign } from './campaign-file'
import type { WrittenMap } from './known-maps'
import { OpenReads } from './open-reads'
import { AssetStore } from '../art/assets'
import { CampaignIndex } from './campaign-index'
import { isSafeCampaignId } from '@core/campaign/campaign-id'

export { isSafeCampaignId }

export interface StoreOptions {
  /** Injected clock for backup names and the daily backup rule. */
  now?: () => Date
  backupPolicy?: Partial<BackupPolicy>
  /** Size cap and worker threshold for parsing files (file-reader.ts). */
  files?: FileReaderOptions
  /**
   * Open files this store wrote without the full check (default true). False takes the full path
   * for every file, as before issue 29: the bench's baseline and the tests' reference.
   */
  trustWrittenFiles?: boolean
}

export interface RecoveryInfo {
  reason: string
  /** What was wrong with the file (the parser's or schema's words). */
  damage: string
  badFile: string
  backupFile: string
}

export interface LoadResult extends DecodedCampaign {
  file: string
  recovered?: RecoveryInfo
  /** SHA-256 of the bytes the campaign was decoded from (the file, or the backup it recovered from). */
  sourceHash: string
  /** SHA-256 of the campaign file as it is on disk now. */
  fileHash: string
  /** At least the size the campaign takes when saved (serializeCampaign), in bytes. */
  savedBytes: number
  /** Opened as the bytes this app wrote, without the full check (trusted-snapshot.ts). */
  trusted?: boolean
}

export class CampaignNotFoundError extends Error {
  readonly code = 'not-found'
  constructor(readonly campaignId: string) {
    super(`No campaign with id "${campaignId}".`)
    this.name = 'CampaignNotFoundError'
  }
}

export class CampaignUnreadableError extends Error {
  readonly code = 'campaign-unreadable'
  constructor(
    message: string,
    readonly file: string,
  ) {
    super(message)
    this.name = 'CampaignUnreadableError'
  }
}

function requireSafeId(id: string): void {
  if (!isSafeCampaignId(id)) throw new CampaignNotFoundError(id)
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export class CampaignStore {
  readonly campaignsDir: string
  readonly backupsDir: string
  readonly journalsDir: string
  readonly reader: CampaignFileReader
  private readonly index: CampaignIndex
  private readonly now: () => Date
  private readonly policy: BackupPolicy
  private readonly backups: BackupPacer
  private readonly trustWritten: boolean
  /** Files opened as the bytes this store wrote, without the full check (for tests). */
  trustedOpens = 0
  /** How a file is read for its open: trusted, known maps, full check, read ahead. */
  readonly reads: OpenReads
  private readonly writeChains = new Map<string, Promise<unknown>>()
  /**
   * The summary of each campaign file being saved now, by file name: from the rename until the
   * index learns the new file, the list would otherwise take the file for a hand edit and read
   * it (seconds on the file worker for an imported map of a hundred thousand edges, issue 26).
   */
  private readonly savingSummaries = new Map<string, FileSummary>()

  constructor(
    readonly dataDir: string,
    options: StoreOptions = {},
  ) {
    this.campaignsDir = path.join(dataDir, 'campaigns')
    this.backupsDir = path.join(dataDir, 'backups')
    this.journalsDir = path.join(dataDir, 'journal')
    const assets = new AssetStore(dataDir)
    this.reader = new CampaignFileReader({
      ...options.files,
      // Token pictures, checked like any other: one that is refused is dropped (the token shows
      // its colour), as a GIF is.
      storePictures: async (pictures) => {
        for (const picture of pictures)
          await assets.put(picture.bytes, 'token').catch(() => undefined)
      },
    })
    this.index = new CampaignIndex(path.join(dataDir, 'campaign-index.json'))
    this.now = options.now ?? (() => new Date())
    this.policy = { ...DEFAULT_BACKUP_POLICY, ...options.backupPolicy }
    this.backups = new BackupPacer(this.policy, this.now)
    this.trustWritten = options.trustWrittenFiles ?? true
    this.reads = new OpenReads(this.reader, this.index, this.trustWritten, (file, written) =>
      this.readFile(file, written, false),
    )
  }

  /** Creates the folders. `firstStart` is true when the campaigns folder did not exist yet. */
  async init(): Promise<{ firstStart: boolean }> {
    const firstStart = !(await pathExists(this.campaignsDir))
    await fs.mkdir(this.campaignsDir, { recursive: true })
    await fs.mkdir(this.backupsDir, { recursive: true })
    return { firstStart }
  }

  campaignFile(id: string): string {
    requireSafeId(id)
    return path.join(this.campaignsDir, `${id}.json`)
  }

  backupDir(id: string): string {
    requireSafeId(id)
    return path.join(this.backupsDir, id)
  }

  /** The campaign's journal (journal.ts): changes made since its last snapshot. */
  journalDir(id: string): string {
    requireSafeId(id)
    return path.join(this.journalsDir, id)
  }

  async exists(id: string): Promise<boolean> {
    return isSafeCampaignId(id) && pathExists(this.campaignFile(id))
  }

  /** Full paths of the campaign's backups, oldest first. */
  async listBackups(id: string): Promise<string[]> {
    const dir = this.backupDir(id)
    return (await listBackupNames(dir)).map((name) => path.join(dir, name))
  }

  /**
   * Every campaign file, newest first. A file the index knows as it is now is not read at all; any
   * other is summarised by the file reader (on the worker when big, never when over the cap).
   */
  async list(): Promise<CampaignSummary[]> {
    const names = await fs.readdir(this.campaignsDir).catch(() => [] as string[])
    const summaries: CampaignSummary[] = []
    const listed = new Set<string>()
    for (const name of names) {
      if (!name.endsWith('.json')) continue
      const id = name.slice(0, -'.json'.length)
      if (!isSafeCampaignId(id)) continue
      const file = path.join(this.campaignsDir, name)
      let stat
      try {
        stat = await fs.stat(file)
      } catch {
        continue // removed meanwhile
      }
      if (!stat.isFile()) continue
      listed.add(name)
      // A big file may be opened next and, unless it is still as this app wrote it, is parsed on
      // the worker: start that now, while the GM looks at the list. A file still as the app wrote
      // it opens on this thread (trusted-snapshot.ts): a worker booting then would only take a
      // core from that open (issue 29).
      if (
        stat.size > this.reader.inlineBytes &&
        stat.size <= this.reader.maxBytes &&
        !(await this.opensTrusted(name, stat))
      )
        this.reader.prestart()
      const saving = this.savingSummaries.get(name)
      let summary = saving ?? (await this.index.get(name, stat))
      if (!summary) {
        try {
          summary = await this.reader.summary(file, stat.size)
        } catch {
          summary = { updatedAt: '', mapCount: 0, unreadable: true }
        }
        await this.index.set(name, stat, summary)
      }
      const { name: campaignName, ...rest } = summary
      summaries.push({ id, name: campaignName ?? id, ...rest })
    }
    await this.index.retain(listed)
    await this.index.persist(true).catch(() => undefined)
    return summaries.sort(
      (a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id),
    )
  }

  /** Whether opening the file would most likely take the trusted path (the hash decides). */
  private async opensTrusted(name: string, stat: Stats): Promise<boolean> {
    if (!this.trustWritten) return false
    return (await this.index.writtenAsIs(name, stat))?.loader === TRUSTED_LOADER
  }

  /** Stops the file worker and writes the index. */
  async close(): Promise<void> {
    this.reads.drop()
    this.reader.close()
    await this.index.persist(true).catch(() => undefined)
  }

  async load(id: string): Promise<LoadResult> {
    const file = this.campaignFile(id)
    await this.removeStaleTemps(id)
    if (!(await pathExists(file))) throw new CampaignNotFoundError(id)
    let damage: string
    try {
      const { read: unsettled, trusted } = await this.reads.forOpen(file)
      void this.index.opened(path.basename(file), this.now()).then(() => this.index.persist())
      if (trusted) {
        this.trustedOpens++
        return {
          ...withFileIdentity(unsettled.decoded, id),
          file,
          sourceHash: unsettled.hash,
          fileHash: unsettled.hash,
          savedBytes: unsettled.savedBytes,
          trusted: true,
        }
      }
      const read = await this.reader.settle(unsettled)
      const decoded = withFileIdentity(read.decoded, id)
      if (decoded.fromVersion < CURRENT_SCHEMA_VERSION || decoded.repairs.length > 0) {
        // The next save replaces the original bytes; keep them among the backups first.
        await writeBackup(this.backupDir(id), file, this.now(), this.policy)
      }
      return {
        ...decoded,
        file,
        sourceHash: read.hash,
        fileHash: read.hash,
        savedBytes: savedBytesOf(read, decoded),
      }
    } catch (error) {
      if (error instanceof MigrationError && error.newerVersion) throw error
      if (!isDamage(error)) throw error
      damage = describeError(error)
    }
    return this.recover(id, file, damage)
  }

  private async recover(id: string, file: string, damage: string): Promise<LoadResult> {
    const backups = (await this.listBackups(id)).reverse()
    for (const backupFile of backups) {
      let decoded: DecodedCampaign
      let sourceHash: string
      let savedBytes: number
      try {
        const read = await this.readFile(backupFile)
        decoded = withFileIdentity(read.decoded, id)
        sourceHash = read.hash
        savedBytes = savedBytesOf(read, decoded)
      } catch {
        continue
      }
      const badFile = await this.moveAside(file)
      const { hash } = await this.save(decoded.campaign)
      const reason =
        `The campaign file ${path.basename(file)} is damaged (${damage}). ` +
        `The newest good backup (${path.basename(backupFile)}) was opened instead; the damaged file was kept as ${path.basename(badFile)}. ` +
        `/ キャンペーンファイルが壊れていたため、最新の正常なバックアップを開きました。壊れたファイルは ${path.basename(badFile)} として残してあります。`
      return {
        ...decoded,
        file,
        recovered: { reason, damage, badFile, backupFile },
        sourceHash,
        fileHash: hash,
        savedBytes,
      }
    }
    throw new CampaignUnreadableError(
      `The campaign file ${file} is damaged (${damage}) and none of its ${backups.length} backups could be read. ` +
        'Nothing was changed on disk.',
      file,
    )
  }

  /** Rename keeps the damaged bytes exactly as they were, out of the way of the next save. */
  private async moveAside(file: string): Promise<string> {
    const stamp = this.now().toISOString().replace(/[-:.]/g, '')
    let target = `${file}.bad-${stamp}`
    for (let n = 2; await pathExists(target); n++) target = `${file}.bad-${stamp}-${n}`
    await fs.rename(file, target)
    return target
  }

  /**
   * Atomically writes the campaign and a backup, and answers the hash of the bytes written.
   * Saves of one campaign run one at a time, in order. `serialized` is the campaign's file as
   * serializeCampaignInSlices built it, when the caller has it already. `backup: 'due'` (the
   * autosave) backs up only when this store made none of the campaign for the policy's everyMs
   * (backupFile is then null).
   */
  save(
    campaign: Campaign,
    serialized?: SerializedCampaign,
    backup: 'always' | 'due' = 'always',
  ): Promise<{ file: string; backupFile: string | null; hash: string }> {
    const file = this.campaignFile(campaign.id)
    return this.inOrder(campaign.id, async () => {
      const { parts, hash } = serialized ?? (await serializeCampaignInSlices(campaign))
      // Each map's own hash, kept so a hand edit elsewhere in the file leaves it known
      // (known-maps.ts); only maps whose bytes are new are hashed.
      const mapHashes = await mapHashesOf(campaign, parts)
      const name = path.basename(file)
      const summary = {
        name: campaign.name,
        updatedAt: campaign.updatedAt,
        mapCount: campaign.maps.length,
      }
      this.savingSummaries.set(name, summary)
      try {
        const db = new Low<unknown>(new AtomicJsonFile(file, () => new FileChunks(parts)), null)
        db.data = campaign
        await db.write()
        const backupFile =
          backup === 'always' || this.backups.due(campaign.id)
            ? await this.backups.make(campaign.id, this.backupDir(campaign.id), file)
            : null
        // The list's index learns the new file as it is, so listing never needs to parse it,
        // and what was written, so opening it needs no full check.
        const stat = await fs.stat(file).catch(() => null)
        if (stat) {
          const written: WrittenRecord = {
            sha256: hash,
            loader: TRUSTED_LOADER,
            maps: mapSpansOf(campaign, parts),
            mapHashes,
            layout: FILE_LAYOUT,
          }
          await this.index.set(name, stat, summary, written)
          void this.index.persist()
        }
        return { file, backupFile, hash }
      } finally {
        this.savingSummaries.delete(name)
      }
    })
  }

  /** Backs up the campaign file as it is now (a close after saves that made none), in order. */
  backUpNow(id: string): Promise<string> {
    return this.inOrder(id, () => this.backups.make(id, this.backupDir(id), this.campaignFile(id)))
  }

  /** Runs `work` after the campaign's writes before it: one write of a campaign at a time. */
  private inOrder<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.writeChains.get(id) ?? Promise.resolve()
    const run = previous.catch(() => undefined).then(work)
    this.writeChains.set(id, run)
    void run
      .finally(() => {
        if (this.writeChains.get(id) === run) this.writeChains.delete(id)
      })
      .catch(() => undefined)
    return run
  }

  /**
   * Reads and parses the campaign `id` ahead of its open, while the GM looks at the list
   * (open-reads.ts). Answers the campaign read (its open takes it), if any.
   */
  readAhead(id: string): Promise<Campaign | undefined> {
    return this.reads.readAhead(this.campaignFile(id))
  }

  /**
   * Of the listed campaign ids, the one opened last (the index remembers opens), else the first
   * listed; undefined if there are none.
   */
  async openedLast(ids: readonly string[]): Promise<string | undefined> {
    let last: { id: string; at: string } | undefined
    for (const id of ids) {
      const at = await this.index.openedAt(`${id}.json`)
      if (at !== undefined && (last === undefined || at > last.at)) last = { id, at }
    }
    return last?.id ?? ids[0]
  }

  /** `settle`: store the token pictures an upgrade took out (file-reader.ts). */
  private async readFile(
    file: string,
    written?: WrittenMap[],
    settle = true,
  ): Promise<ReadCampaign> {
    try {
      return await (settle
        ? this.reader.read(file, written)
        : this.reader.readUnsettled(file, written))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new CampaignNotFoundError(path.basename(file, '.json'))
      throw error
    }
  }

  private async removeStaleTemps(id: string): Promise<void> {
    await removeStaleTempFiles(this.campaignsDir, `${id}.json.tmp-`)
    await removeStaleTempFiles(this.backupDir(id), '')
  }
}

/**
 * The saved size the reader measured (off the main thread for a big file), plus room for an id
 * that withFileIdentity replaced: the file-size budget needs a bound, not the exact number.
 */
function savedBytesOf(read: ReadCampaign, decoded: DecodedCampaign): number {
  return read.savedBytes + (decoded.campaign.id === read.decoded.campaign.id ? 0 : 2048)
}

/**
 * The file name is the campaign's identity: a file whose inner id differs (a copied file, a hand
 * edit, a hostile `../x`) is repaired to its file name, so every save writes the file it was
 * opened from and never another campaign's.
 */
function withFileIdentity(decoded: DecodedCampaign, id: string): DecodedCampaign {
  if (decoded.campaign.id === id) return decoded
  return {
    ...decoded,
    campaign: { ...decoded.campaign, id },
    repairs: [
      ...decoded.repairs,
      { code: 'campaign-id-mismatch', innerId: decoded.campaign.id.slice(0, 100), fileId: id },
    ],
  }
}

/** Syntax and schema errors mean the file is damaged; I/O errors (permissions…) do not. */
function isDamage(error: unknown): boolean {
  return (
    error instanceof SyntaxError ||
    error instanceof MigrationError ||
    error instanceof CampaignDataError
  )
}

async function pathExists(file: string): Promise<boolean> {
  try {
    await fs.access(file)
    return true
  } catch {
    return false
  }
}
