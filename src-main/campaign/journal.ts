// The per-campaign journal (issue 11.2): every change is appended to <dataDir>/journal/<id>/ and
// fsynced before the change is acknowledged, so an edit the UI showed as done survives a crash
// that comes before the next snapshot (the campaign file, written a moment later).
//
// Files. The journal is a chain of generations, `00000001.jsonl`, `00000002.jsonl`, … Each starts
// with a header line {format, base, after}: `base` is the SHA-256 of the snapshot bytes its
// records apply to, `after` the sequence number of the last record before it. Then one record a
// line: {seq, at, edit, cause, changes}, the record changes (core/campaign/changes.ts) a command,
// an undo or a redo made, as the windows received them (`edit` says which, for the undo history;
// `cause` the command's type). Journals are append-only in format too: records written before
// record changes, {seq, at, command} and {seq, at, undo | redo: patch} (core/campaign/patch.ts),
// are still replayed as they were written.
//
// Saving a snapshot starts a new generation whose base is that snapshot's hash; once the snapshot
// is on disk the older generations are deleted. Records made while the snapshot is still being
// hashed are acknowledged from the older generation and copied after the new header (so a new
// generation's first records may repeat the older one's last: replay skips what it has applied). On open (journal-replay.ts), the generation whose
// base is the hash of the file just read is replayed, then each following one whose `after`
// continues it. A torn last line (a crash mid-append) is ignored: that record was never
// acknowledged. Journal data the app cannot replay is set aside and the GM told, never deleted.
import { createHash } from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import type { Change } from '@core/campaign/changes'
import type { PatchOp } from '@core/campaign/patch'
import type { Command } from '@core/campaign/schema'

export const JOURNAL_FORMAT = 'grid-gm-journal/1'

export interface JournalHeader {
  format: typeof JOURNAL_FORMAT
  base: string
  after: number
}

/** What a record says was done: a command, an undo or a redo. */
export type JournalEdit = 'command' | 'undo' | 'redo'

/** A record as written now: the change list itself. */
export interface JournalChanges {
  edit: JournalEdit
  cause: string
  changes: Change[]
}

/** Records written before record changes (still replayed): a command, or an undo / redo patch. */
export type LegacyJournalChange = { command: Command } | { undo: PatchOp[] } | { redo: PatchOp[] }

export type JournalChange = JournalChanges | LegacyJournalChange
export type JournalRecord = { seq: number; at: string } & JournalChange

const GENERATION_FILE = /^(\d{8})\.jsonl$/

export function generationFile(dir: string, gen: number): string {
  return path.join(dir, `${String(gen).padStart(8, '0')}.jsonl`)
}

/** The hash that ties a generation to the snapshot it applies to. */
export function hashSnapshot(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined
  try {
    handle = await fs.open(dir, 'r')
    await handle.sync()
  } catch {
    // Not possible on every platform (Windows); the file's own fsync still holds its bytes.
  } finally {
    await handle?.close().catch(() => undefined)
  }
}

interface Deferred {
  promise: Promise<void>
  resolve: () => void
  reject: (error: unknown) => void
}

function deferred(): Deferred {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  // A batch nobody awaits any more must not become an unhandled rejection.
  promise.catch(() => undefined)
  return { promise, resolve, reject }
}

/**
 * The writer for one open campaign. Records appended during one event-loop turn are written and
 * fsynced together (one fsync for a burst of commands); batches are written strictly in order,
 * so whatever survives a crash is a prefix of what was appended.
 */
export class CampaignJournal {
  private gen: number
  private headers = new Map<number, JournalHeader>()
  private seq: number
  /**
   * Lines waiting for the next write; a large one comes as parts of its text, which may still be
   * being written out in slices.
   */
  private pending: Array<string | Promise<readonly string[]>> = []
  /** The newest generation number handed out (a rotation that failed never reuses its number). */
  private newestGen: number
  /**
   * Rotations whose snapshot hash is not known yet: what is written meanwhile goes on to the
   * current generation (acknowledged from there) and is also kept here, to be copied after the
   * new generation's header once the hash is known (issue 29: a click during a save waited for
   * the whole campaign to be serialised and hashed).
   */
  private carriers = new Set<string[]>()
  /** Rotations switch in the order they were started. */
  private rotations: Promise<void> = Promise.resolve()
  private batch: Deferred | null = null
  private scheduled = false
  private chain: Promise<void> = Promise.resolve()
  private handle: { gen: number; file: fs.FileHandle } | null = null
  private closed = false
  /** The generation prepare() created, while no line has been written to any. */
  private unwritten: number | null = null
  /** Set when a write failed: until the next snapshot is saved, the journal cannot be trusted. */
  broken = false

  constructor(
    readonly dir: string,
    start: { gen: number; base: string; after: number },
  ) {
    this.gen = start.gen
    this.newestGen = start.gen
    this.seq = start.after
    this.headers.set(start.gen, { format: JOURNAL_FORMAT, base: start.base, after: start.after })
  }

  get lastSeq(): number {
    return this.seq
  }

  /**
   * Resolves once the record is on disk (fsynced). `parts`, when given, are the change's JSON
   * (JSON.stringify(change)) in consecutive parts, being built without blocking main
   * (json-slices.ts stringifyInParts) for a large one: they are written one at a time, never
   * joined into one string or encoded in one go (issue 26: a 5 MB line held main for 40 ms).
   */
  append(change: JournalChange, at: string, parts?: Promise<readonly string[]>): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The journal is closed.'))
    this.seq += 1
    const head = `{"seq":${this.seq},"at":${JSON.stringify(at)},`
    this.pending.push(
      parts
        ? parts.then((json) => [`${head}${json[0].slice(1)}`, ...json.slice(1), '\n'])
        : `${JSON.stringify({ seq: this.seq, at, ...change })}\n`,
    )
    this.batch ??= deferred()
    const { promise } = this.batch
    if (!this.scheduled) {
      this.scheduled = true
      setImmediate(() => this.enqueuePending())
    }
    return promise
  }

  /**
   * Starts the generation that follows the snapshot about to be written (`base` is its hash,
   * or the promise of it while the snapshot is serialised in slices). Until the hash is known,
   * records go on to the current generation, acknowledged from there; then the new generation is
   * written, its header and a copy of those records, and the records after it go there. Resolves
   * once that is on disk: only then may the snapshot replace the file (replay of the old file
   * skips the copies, journal-replay.ts). Rejects when the header could not be written; the journal
   * is then broken and the snapshot must not be written.
   */
  rotate(base: string | Promise<string>): { gen: number; ready: Promise<void> } {
    this.enqueuePending()
    const gen = ++this.newestGen
    const after = this.seq
    const carried: string[] = []
    this.carriers.add(carried)
    const ready = Promise.all([base, this.rotations]).then(
      ([hash]) => {
        // Lines appended before this point are written to the current generation (and carried).
        this.enqueuePending()
        this.carriers.delete(carried)
        this.gen = gen
        this.headers.set(gen, { format: JOURNAL_FORMAT, base: hash, after })
        const started = this.chain.then(async () => {
          await this.openGeneration(gen)
          if (carried.length > 0) await this.write(gen, carried)
        })
        this.chain = started.catch(() => undefined)
        return started.catch((error: unknown) => {
          this.broken = true
          throw error
        })
      },
      (error: unknown) => {
        this.carriers.delete(carried)
        throw error
      },
    )
    this.rotations = ready.catch(() => undefined)
    return { gen, ready }
  }

  /**
   * Creates the current generation's file ahead, its header on disk (the directory entry too), so
   * the first append writes and syncs its line only: creating it took four syncs inside the first
   * edit after an open (3–13 ms here). A failure is left for that append to meet and report.
   */
  prepare(): Promise<void> {
    if (this.closed || this.handle?.gen === this.gen) return Promise.resolve()
    const gen = this.gen
    const created = this.chain.then(async () => {
      if (this.closed || this.handle) return
      await this.openGeneration(gen)
      this.unwritten = gen
    })
    this.chain = created.catch(() => undefined)
    return this.chain
  }

  /** The snapshot that starts `gen` is on disk: older generations are folded into it. */
  async snapshotSaved(gen: number): Promise<void> {
    this.broken = false
    for (const old of await listGenerations(this.dir)) {
      if (old < gen) await fs.rm(generationFile(this.dir, old), { force: true })
    }
  }

  /** Writes what is pending and closes the file. */
  async close(): Promise<void> {
    if (this.closed) return
    this.enqueuePending()
    this.closed = true
    await this.rotations
    await this.chain
    await this.handle?.file.close().catch(() => undefined)
    this.handle = null
    // Created ahead and never written to: nothing to keep (replay would skip it anyway).
    if (this.unwritten !== null)
      await fs.rm(generationFile(this.dir, this.unwritten), { force: true }).catch(() => undefined)
  }

  private enqueuePending(): void {
    this.scheduled = false
    if (this.pending.length === 0 || !this.batch) return
    const lines = this.pending
    const batch = this.batch
    const gen = this.gen
    this.pending = []
    this.batch = null
    const carriers = [...this.carriers]
    const written = this.chain.then(async () => {
      const chunks = writeChunks(await Promise.all(lines))
      await this.write(gen, chunks)
      for (const carried of carriers) carried.push(...chunks)
    })
    written.then(batch.resolve, (error: unknown) => {
      this.broken = true
      batch.reject(error)
    })
    this.chain = written.catch(() => undefined)
  }

  /** Appends the chunks one at a time (each encoded on its own), then fsyncs. */
  private async write(gen: number, chunks: readonly string[]): Promise<void> {
    const file = await this.openGeneration(gen)
    this.unwritten = null
    for (const chunk of chunks) await file.appendFile(chunk, 'utf8')
    await file.datasync()
  }

  /** The open file of `gen`, created with its header (durably, directory entry included) if new. */
  private async openGeneration(gen: number): Promise<fs.FileHandle> {
    if (this.handle?.gen === gen) return this.handle.file
    await this.handle?.file.close().catch(() => undefined)
    this.handle = null
    await fs.mkdir(this.dir, { recursive: true })
    const name = generationFile(this.dir, gen)
    const file = await fs.open(name, 'a')
    try {
      const { size } = await file.stat()
      if (size === 0) {
        await file.appendFile(`${JSON.stringify(this.headers.get(gen))}\n`, 'utf8')
        await file.sync()
        await syncDirectory(this.dir)
        await syncDirectory(path.dirname(this.dir))
      }
    } catch (error) {
      await file.close().catch(() => undefined)
      throw error
    }
    this.handle = { gen, file }
    return file
  }
}

/** Characters a journal write encodes at most in one go, unless one part of a line is longer. */
export const JOURNAL_WRITE_CHARS = 1 << 18

/**
 * A batch's lines as the texts written one after another: small lines together (one write for a
 * burst of commands), a large line's parts each on their own.
 */
export function writeChunks(lines: ReadonlyArray<string | readonly string[]>): string[] {
  const chunks: string[] = []
  let run: string[] = []
  let chars = 0
  const flush = (): void => {
    if (run.length > 0) chunks.push(run.join(''))
    run = []
    chars = 0
  }
  for (const line of lines) {
    for (const part of typeof line === 'string' ? [line] : line) {
      if (chars > 0 && chars + part.length > JOURNAL_WRITE_CHARS) flush()
      run.push(part)
      chars += part.length
    }
  }
  flush()
  return chunks
}

export async function listGenerations(dir: string): Promise<number[]> {
  let names: string[]
  try {
    names = await fs.readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return names
    .map((name) => GENERATION_FILE.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b)
}
