// Where campaign files are parsed (issue 11.5). A small file is parsed in place: it takes a
// millisecond or two. A bigger one goes to a worker thread (file-worker.ts), so the main thread,
// which also answers every WebSocket and the player view, never spends seconds in JSON.parse or
// schema checks; only the finished campaign is copied back. Files over the cap are never parsed.
import type { Worker } from 'node:worker_threads'
import { promises as fs } from 'node:fs'
import {
  CampaignTooLargeError,
  MAX_CAMPAIGN_FILE_BYTES,
  decodeCampaignImport,
  readCampaignFile,
  summarizeCampaignFile,
  type FileSummary,
  type ReadCampaign,
} from './campaign-file'
import {
  rebuildError,
  unpackRead,
  type PackedRead,
  type WorkerRequest,
  type WorkerResponse,
} from './file-worker-protocol'
import type { WrittenMap } from './known-maps'
import type { DecodedCampaign, ExtractedPicture } from './migrations'
import { spawnModuleWorker } from '../worker-spawn'

/** Files (and imports) up to this size are parsed on the calling thread. */
export const INLINE_PARSE_BYTES = 1024 * 1024

export interface FileReaderOptions {
  maxBytes?: number
  inlineBytes?: number
  /**
   * Stores token pictures an upgrade took out of a version-4 file (migrations.ts), before the
   * campaign is handed on; without it they are dropped with the file's inline copies.
   */
  storePictures?: (pictures: ExtractedPicture[]) => Promise<void>
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
type Request = DistributiveOmit<WorkerRequest, 'id'>

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void }

/** The campaign file worker (built beside the main bundle as campaign-file-worker.js). */
function spawnWorker(): Worker {
  return spawnModuleWorker(import.meta.url, 'campaign-file-worker.js', 'file-worker.ts')
}

export class CampaignFileReader {
  readonly maxBytes: number
  readonly inlineBytes: number
  /** What was parsed where: lets tests check that big files never meet the main thread. */
  readonly parsed = { inline: 0, worker: 0 }
  /** Opens the worker answered with the full check it had just made for the list (tests). */
  checkedForListOpens = 0
  private worker: Worker | null = null
  private workerFailed = false
  private nextId = 1
  private readonly pending = new Map<number, Pending>()

  private readonly storePictures: FileReaderOptions['storePictures']

  constructor(options: FileReaderOptions = {}) {
    this.maxBytes = options.maxBytes ?? MAX_CAMPAIGN_FILE_BYTES
    this.inlineBytes = options.inlineBytes ?? INLINE_PARSE_BYTES
    this.storePictures = options.storePictures
  }

  /** Stores the pictures an upgrade took out, and hands on the campaign without them. */
  private async settled(decoded: DecodedCampaign): Promise<DecodedCampaign> {
    if (!decoded.pictures) return decoded
    const { pictures, ...rest } = decoded
    await this.storePictures?.(pictures)
    return rest
  }

  /** `written`: the maps the app last wrote to the file, which the check may skip (known-maps.ts). */
  async read(file: string, written?: WrittenMap[]): Promise<ReadCampaign> {
    return this.settle(await this.readUnsettled(file, written))
  }

  /**
   * read, but the token pictures an upgrade took out are left in the answer, not yet stored
   * (settle stores them): a campaign read ahead of its open (open-ahead.ts) changes nothing until
   * it is opened.
   */
  async readUnsettled(file: string, written?: WrittenMap[]): Promise<ReadCampaign> {
    const { size } = await fs.stat(file)
    if (size > this.maxBytes) throw new CampaignTooLargeError(size, this.maxBytes)
    const inline = (): Promise<ReadCampaign> => readCampaignFile(file, this.maxBytes, written)
    const read = this.offThread(size)
      ? await this.viaWorker(
          { op: 'read', file, maxBytes: this.maxBytes, written },
          inline,
          (packed: PackedRead) => unpackRead(packed),
        )
      : await inline()
    if (read.checkedForList) this.checkedForListOpens++
    return read
  }

  /** Stores the pictures readUnsettled left in `read`, and answers it without them. */
  async settle(read: ReadCampaign): Promise<ReadCampaign> {
    return read.decoded.pictures ? { ...read, decoded: await this.settled(read.decoded) } : read
  }

  async summary(file: string, size: number): Promise<FileSummary> {
    if (size > this.maxBytes) return { updatedAt: '', mapCount: 0, tooLarge: true }
    const inline = (): Promise<FileSummary> => summarizeCampaignFile(file, this.maxBytes)
    if (!this.offThread(size)) return inline()
    return this.viaWorker({ op: 'summary', file, maxBytes: this.maxBytes }, inline)
  }

  /** An imported campaign's JSON text (an export or a bare campaign file). */
  async decodeText(text: string): Promise<DecodedCampaign> {
    const bytes = Buffer.byteLength(text, 'utf8')
    if (bytes > this.maxBytes) throw new CampaignTooLargeError(bytes, this.maxBytes)
    const inline = async (): Promise<DecodedCampaign> => decodeCampaignImport(text)
    return this.settled(
      this.offThread(bytes)
        ? await this.viaWorker({ op: 'decodeText', text }, inline)
        : await inline(),
    )
  }

  /**
   * Starts the worker now, before any file needs it (the campaign list saw a big file): its start
   * and module loading then overlap the GM choosing, not the open (issue 29). Idle, it keeps
   * nothing alive.
   */
  prestart(): void {
    if (!this.workerFailed) this.startWorker()
  }

  /** Whether a worker thread is up (started, not stopped). */
  get workerRunning(): boolean {
    return this.worker !== null
  }

  close(): void {
    void this.worker?.terminate()
    this.worker = null
  }

  /** Counts the parse; false means parse here. */
  private offThread(bytes: number): boolean {
    const worker = bytes > this.inlineBytes && !this.workerFailed
    this.parsed[worker ? 'worker' : 'inline']++
    return worker
  }

  /** `unpack`: the worker's answer to the value (file-worker-protocol.ts), if it is packed. */
  private async viaWorker<T, Packed = T>(
    message: Request,
    inline: () => Promise<T>,
    unpack?: (packed: Packed) => T,
  ): Promise<T> {
    let answer: unknown
    try {
      answer = await this.request(message)
    } catch (error) {
      if (this.workerFailed) return inline()
      throw error
    }
    return unpack ? unpack(answer as Packed) : (answer as T)
  }

  private request(message: Request): Promise<unknown> {
    if (this.workerFailed)
      return Promise.reject(new Error('The campaign file worker is not available.'))
    const worker = this.startWorker()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      // Only a request in flight keeps the process alive; an idle worker never does.
      worker.ref()
      worker.postMessage({ ...message, id } as WorkerRequest)
    })
  }

  private startWorker(): Worker {
    if (this.worker) return this.worker
    const worker = spawnWorker()
    let online = false
    worker.once('online', () => (online = true))
    worker.unref()
    worker.on('message', (response: WorkerResponse) => {
      const pending = this.pending.get(response.id)
      this.pending.delete(response.id)
      if (this.pending.size === 0) worker.unref()
      if (!pending) return
      if (response.ok) pending.resolve(response.value)
      else pending.reject(rebuildError(response.error))
    })
    const fail = (error: unknown): void => {
      if (this.worker === worker) this.worker = null
      for (const [, pending] of this.pending) pending.reject(error)
      this.pending.clear()
    }
    worker.on('error', (error) => {
      // A worker that cannot even start (its file missing from a package) would fail every time:
      // parse on this thread from now on rather than not at all.
      if (!online && !this.workerFailed) {
        this.workerFailed = true
        console.error(
          '[campaign] the file worker could not start; parsing on the main thread',
          error,
        )
      }
      fail(error)
    })
    worker.on('exit', (code) =>
      fail(new Error(`The campaign file worker stopped (exit code ${code}).`)),
    )
    this.worker = worker
    return worker
  }
}
