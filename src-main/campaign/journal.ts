// The per-campaign journal (issue 11.2): every change is appended to <dataDir>/journal/<id>/ and
// fsynced before the change is acknowledged, so an edit the UI showed as done survives a crash
// that comes before the next snapshot (the campaign file, written a moment later).
//
// Files. The journal is a chain of generations, `00000001.jsonl`, `00000002.jsonl`, … Each starts
// with a header line {format, base, after}: `base` is the SHA-256 of the snapshot bytes its
// records apply to, `after` the sequence number of the last record before it. Then one record a
// line: {seq, at, command} for a command as applied (initiative dice already in it), or
// {seq, at, undo | redo: patch} for undo and redo, which restore states no command describes.
//
// Saving a snapshot starts a new generation whose base is that snapshot's hash; once the snapshot
// is on disk the older generations are deleted. On open, the generation whose base is the hash of
// the file just read is replayed, then each following one whose `after` continues it. A torn last
// line (a crash mid-append) is ignored: that record was never acknowledged.
import { createHash } from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import type { UndoHistory } from './history'
import { applyCommand } from './commands'
import { applyPatch, type PatchOp } from './patch'
import { commandSchema, type Campaign, type Command } from './schema'

export const JOURNAL_FORMAT = 'grid-gm-journal/1'

interface JournalHeader {
  format: typeof JOURNAL_FORMAT
  base: string
  after: number
}

export type JournalChange = { command: Command } | { undo: PatchOp[] } | { redo: PatchOp[] }
export type JournalRecord = { seq: number; at: string } & JournalChange

const GENERATION_FILE = /^(\d{8})\.jsonl$/

function generationFile(dir: string, gen: number): string {
  return path.join(dir, `${String(gen).padStart(8, '0')}.jsonl`)
}

/** The hash that ties a generation to the snapshot it applies to. */
export function hashSnapshot(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

async function syncDirectory(dir: string): Promise<void> {
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
  private pending: string[] = []
  private batch: Deferred | null = null
  private scheduled = false
  private chain: Promise<void> = Promise.resolve()
  private handle: { gen: number; file: fs.FileHandle } | null = null
  private closed = false
  /** Set when a write failed: until the next snapshot is saved, the journal cannot be trusted. */
  broken = false

  constructor(
    readonly dir: string,
    start: { gen: number; base: string; after: number },
  ) {
    this.gen = start.gen
    this.seq = start.after
    this.headers.set(start.gen, { format: JOURNAL_FORMAT, base: start.base, after: start.after })
  }

  get lastSeq(): number {
    return this.seq
  }

  /** Resolves once the record is on disk (fsynced). */
  append(change: JournalChange, at: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The journal is closed.'))
    this.seq += 1
    this.pending.push(`${JSON.stringify({ seq: this.seq, at, ...change })}\n`)
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
   * or the promise of it while the snapshot is serialised in slices). Records appended from now
   * on go there, written once the header is. Resolves once the header is on disk.
   */
  rotate(base: string | Promise<string>): { gen: number; ready: Promise<void> } {
    this.enqueuePending()
    const gen = ++this.gen
    const after = this.seq
    const ready = this.chain.then(async () => {
      this.headers.set(gen, { format: JOURNAL_FORMAT, base: await base, after })
      await this.openGeneration(gen)
    })
    this.chain = ready.catch(() => undefined)
    return { gen, ready }
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
    await this.chain
    await this.handle?.file.close().catch(() => undefined)
    this.handle = null
  }

  private enqueuePending(): void {
    this.scheduled = false
    if (this.pending.length === 0 || !this.batch) return
    const lines = this.pending.join('')
    const batch = this.batch
    const gen = this.gen
    this.pending = []
    this.batch = null
    const written = this.chain.then(() => this.write(gen, lines))
    written.then(batch.resolve, (error: unknown) => {
      this.broken = true
      batch.reject(error)
    })
    this.chain = written.catch(() => undefined)
  }

  private async write(gen: number, lines: string): Promise<void> {
    const file = await this.openGeneration(gen)
    await file.appendFile(lines, 'utf8')
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

interface ParsedGeneration {
  gen: number
  header: JournalHeader | null
  records: JournalRecord[]
  /** A line that is not a record and is not the torn last line: the file is damaged there. */
  damagedAt?: number
}

function parseRecord(line: string): JournalRecord | null {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const record = value as Record<string, unknown>
  if (!Number.isInteger(record.seq) || typeof record.at !== 'string') return null
  if ('command' in record) {
    const command = commandSchema.safeParse(record.command)
    return command.success
      ? { seq: record.seq as number, at: record.at, command: command.data }
      : null
  }
  for (const kind of ['undo', 'redo'] as const) {
    if (Array.isArray(record[kind]))
      return {
        seq: record.seq as number,
        at: record.at,
        [kind]: record[kind] as PatchOp[],
      } as JournalRecord
  }
  return null
}

async function parseGeneration(dir: string, gen: number): Promise<ParsedGeneration> {
  const text = await fs.readFile(generationFile(dir, gen), 'utf8')
  const lines = text.split('\n')
  // Text after the last newline is a line whose append never finished: never acknowledged.
  lines.pop()
  const parsed: ParsedGeneration = { gen, header: null, records: [] }
  let header: unknown
  try {
    header = JSON.parse(lines[0] ?? '')
  } catch {
    return parsed
  }
  const h = header as Partial<JournalHeader> | null
  if (h?.format !== JOURNAL_FORMAT || typeof h.base !== 'string' || !Number.isInteger(h.after))
    return parsed
  parsed.header = h as JournalHeader
  let expected = parsed.header.after + 1
  for (let i = 1; i < lines.length; i++) {
    const record = parseRecord(lines[i])
    if (!record || record.seq !== expected) {
      // Only the very last line may be torn; anything else is damage.
      if (i < lines.length - 1 || record) parsed.damagedAt = i + 1
      break
    }
    parsed.records.push(record)
    expected += 1
  }
  return parsed
}

export interface JournalReplay {
  /** Records to apply to the snapshot, in order. */
  records: JournalRecord[]
  /** The sequence number the next record continues from. */
  lastSeq: number
  /** The number for this session's first generation. */
  nextGen: number
  /** What the GM should hear about (journal files set aside), one line each. */
  notes: string[]
}

/**
 * Reads the generations that apply to the snapshot with hash `base`, deletes the ones already
 * folded into it, and sets aside (renames, never deletes) any with records that cannot apply.
 */
export async function readJournal(
  dir: string,
  base: string,
  stamp: string,
): Promise<JournalReplay> {
  const gens = await listGenerations(dir)
  const parsed = await Promise.all(gens.map((gen) => parseGeneration(dir, gen)))
  const start = parsed.findIndex((p) => p.header?.base === base)
  const replay: JournalReplay = {
    records: [],
    lastSeq: 0,
    nextGen: (gens.at(-1) ?? 0) + 1,
    notes: [],
  }
  const setAside = async (p: ParsedGeneration, why: string): Promise<void> => {
    const file = generationFile(dir, p.gen)
    const aside = `${file}.${why}-${stamp}`
    await fs.rename(file, aside)
    replay.notes.push(
      `Journal file ${path.basename(file)} could not be replayed (${why}); it was kept as ${path.basename(aside)}. ` +
        `/ ジャーナル ${path.basename(file)} を再生できなかったため ${path.basename(aside)} として残しました。`,
    )
  }

  if (start === -1) {
    // Nothing applies to this snapshot: a file replaced by hand, or a journal already folded.
    for (const p of parsed) {
      if (p.records.length > 0) await setAside(p, 'unmatched')
      else await fs.rm(generationFile(dir, p.gen), { force: true })
    }
    return replay
  }
  for (const p of parsed.slice(0, start)) await fs.rm(generationFile(dir, p.gen), { force: true })

  replay.lastSeq = parsed[start].header!.after
  let broken = false
  for (const p of parsed.slice(start)) {
    if (broken || !p.header || p.header.after !== replay.lastSeq) {
      broken = true
      if (p.records.length > 0 || p.damagedAt) await setAside(p, 'unchained')
      else await fs.rm(generationFile(dir, p.gen), { force: true })
      continue
    }
    replay.records.push(...p.records)
    replay.lastSeq += p.records.length
    if (p.damagedAt) {
      await setAside(p, `damaged-line-${p.damagedAt}`)
      broken = true
    }
  }
  return replay
}

/** Applies journal records the way the service applied them, rebuilding the undo history too. */
export function replayRecords(
  campaign: Campaign,
  records: readonly JournalRecord[],
  history: UndoHistory,
): Campaign {
  let state = campaign
  for (const record of records) {
    if ('command' in record) {
      const next = applyCommand(state, record.command)
      history.record(state)
      state = { ...next, updatedAt: record.at }
    } else if ('undo' in record) {
      const next = applyPatch(state, record.undo)
      history.replayUndo(state)
      state = next
    } else {
      const next = applyPatch(state, record.redo)
      history.replayRedo(state)
      state = next
    }
  }
  return state
}
