// Opening a campaign replays its journal (journal.ts) on top of the file just read (issue 27).
//
// The generation whose base is the file's hash is replayed, then each one whose `after` continues
// it (records it repeats from the one before, copied there by a save's rotation, are skipped; a
// generation holding no record is passed over). Replay stops at the first record that does not apply: one that is damaged, one the reducer
// refuses (a token that is not there, a square off the map), an undo patch whose path is not in the
// campaign, or a change after which the loader would refuse the campaign (loadable.ts). What came
// before it is kept; the rest is set aside, and the GM told (a JournalNotice each). Journal data is
// never deleted unless it holds no record at all, or only records the snapshot already holds:
//   - the generation where replay stopped is copied whole to `<file>.<problem>-line-<n>-<time>`,
//     then cut back to the records that were replayed, so the chain stays replayable until the
//     replayed changes are folded into the file (a crash in between replays them again);
//   - a generation that cannot be replayed at all (its header damaged, not for this file, or not
//     continuing the chain) is renamed `<file>.<problem>-<time>`.
import { constants, promises as fs } from 'node:fs'
import path from 'node:path'
import { applyCommand } from '@core/campaign/commands'
import type { UndoHistory } from '@core/campaign/history'
import {
  generationFile,
  JOURNAL_FORMAT,
  listGenerations,
  syncDirectory,
  type JournalEdit,
  type JournalHeader,
  type JournalRecord,
} from './journal'
import { applyPatch, diff, type PatchOp } from '@core/campaign/patch'
import { applyChanges } from '@core/campaign/changes'
import { changeSchema } from '@core/campaign/change-schema'
import { treeOpsOf } from '@core/campaign/change-paths'
import { commandSchema, type Campaign } from '@core/campaign/schema'
import { z } from 'zod'
import type { JournalNotice, JournalProblem } from '@core/campaign/journal-notice'

interface ParsedRecord {
  record: JournalRecord
  line: number
  /** Byte offset just after the record's line. */
  end: number
}

interface ParsedGeneration {
  gen: number
  header: JournalHeader | null
  headerEnd: number
  records: ParsedRecord[]
  /** A line that is not a record and is not the torn last line: the file is damaged there. */
  damagedAt?: number
  /** Complete lines in the file (a torn last line is not one). */
  lines: number
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
  if ('changes' in record) {
    const parsed = changesRecordSchema.safeParse(record)
    return parsed.success ? { seq: record.seq as number, at: record.at, ...parsed.data } : null
  }
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

const changesRecordSchema = z.object({
  edit: z.enum(['command', 'undo', 'redo']),
  cause: z.string().max(100),
  changes: z.array(changeSchema),
})

function parseHeader(line: string | undefined): JournalHeader | null {
  let header: unknown
  try {
    header = JSON.parse(line ?? '')
  } catch {
    return null
  }
  const h = header as Partial<JournalHeader> | null
  if (h?.format !== JOURNAL_FORMAT || typeof h.base !== 'string' || !Number.isInteger(h.after))
    return null
  return h as JournalHeader
}

async function parseGeneration(dir: string, gen: number): Promise<ParsedGeneration> {
  const bytes = await fs.readFile(generationFile(dir, gen))
  // Split on bytes, so the offsets where a file is cut back are exact whatever the text holds.
  const lines: { text: string; end: number }[] = []
  for (let start = 0, nl = bytes.indexOf(0x0a); nl >= 0; nl = bytes.indexOf(0x0a, start)) {
    lines.push({ text: bytes.subarray(start, nl).toString('utf8'), end: nl + 1 })
    start = nl + 1
  }
  // Text after the last newline is a line whose append never finished: never acknowledged.
  const header = parseHeader(lines[0]?.text)
  const parsed: ParsedGeneration = {
    gen,
    header,
    headerEnd: lines[0]?.end ?? 0,
    records: [],
    lines: lines.length,
  }
  if (!header) return parsed
  let expected = header.after + 1
  for (let i = 1; i < lines.length; i++) {
    const record = parseRecord(lines[i].text)
    if (!record || record.seq !== expected) {
      parsed.damagedAt = i + 1
      break
    }
    parsed.records.push({ record, line: i + 1, end: lines[i].end })
    expected += 1
  }
  return parsed
}

/** A generation with no record in it (a header alone, or not even a whole header line). */
function holdsNothing(p: ParsedGeneration): boolean {
  return p.lines === 0 || (p.header !== null && p.lines === 1)
}

/** Applies one record to `state` and answers the next state; throws when it does not apply. */
export type ApplyRecord = (state: Campaign, record: JournalRecord) => Campaign

export interface JournalReplay {
  campaign: Campaign
  /** How many records were applied. */
  applied: number
  /** The sequence number the next record continues from. */
  lastSeq: number
  /** The number for this session's first generation. */
  nextGen: number
  notices: JournalNotice[]
}

/**
 * Replays the journal in `dir` onto `campaign` (read from the snapshot whose hash is `base`),
 * tidies the generations the snapshot already holds, and sets aside what cannot be replayed.
 */
export async function replayJournal(
  dir: string,
  base: string,
  stamp: string,
  campaign: Campaign,
  apply: ApplyRecord,
): Promise<JournalReplay> {
  const gens = await listGenerations(dir)
  const parsed = await Promise.all(gens.map((gen) => parseGeneration(dir, gen)))
  const replay: JournalReplay = {
    campaign,
    applied: 0,
    lastSeq: 0,
    nextGen: (gens.at(-1) ?? 0) + 1,
    notices: [],
  }
  const start = parsed.findIndex((p) => p.header?.base === base)
  /** Not replayable at all: renamed whole (or removed if it holds nothing). */
  const setAside = async (p: ParsedGeneration, problem: JournalProblem): Promise<void> => {
    const file = generationFile(dir, p.gen)
    if (holdsNothing(p)) return fs.rm(file, { force: true })
    const kept = `${file}.${problem}-${stamp}`
    await fs.rename(file, kept)
    replay.notices.push({
      problem,
      file: path.basename(file),
      keptAs: path.basename(kept),
      replayed: 0,
      setAside: p.records.length,
    })
  }

  if (start === -1) {
    // Nothing applies to this snapshot: a file replaced by hand, or a journal already folded.
    for (const p of parsed) await setAside(p, p.header ? 'unmatched' : 'damaged-header')
    return replay
  }
  for (const p of parsed.slice(0, start)) {
    // Older generations are folded into the snapshot, but they stay until a backup holds it (the
    // session's first save makes one: snapshot-saves.ts): after a crash following a save that
    // made no backup, a file damaged before this session saves opens as the newest backup with
    // them replayed. One that cannot be read is set aside.
    if (!p.header) await setAside(p, 'damaged-header')
  }

  replay.lastSeq = parsed[start].header!.after
  let broken = false
  for (const p of parsed.slice(start)) {
    // A generation that holds no record (its header torn, or a rotation that went no further)
    // neither continues nor breaks the chain.
    if (!broken && holdsNothing(p)) continue
    // A generation may start before the last record replayed: the records a save's rotation
    // wrote to the older generation while the snapshot was hashed, copied after its header.
    if (broken || !p.header || p.header.after > replay.lastSeq) {
      broken = true
      await setAside(p, p.header ? 'unchained' : 'damaged-header')
      continue
    }
    let stop: { line: number; reason?: string; problem: JournalProblem } | undefined
    let keptEnd = p.headerEnd
    let replayed = 0
    for (const { record, line, end } of p.records) {
      if (record.seq <= replay.lastSeq) {
        keptEnd = end
        continue
      }
      try {
        replay.campaign = apply(replay.campaign, record)
      } catch (error) {
        stop = { line, reason: (error as Error).message, problem: 'not-applicable' }
        break
      }
      replayed += 1
      replay.applied += 1
      replay.lastSeq = record.seq
      keptEnd = end
    }
    if (!stop && p.damagedAt) stop = { line: p.damagedAt, problem: 'damaged-line' }
    if (!stop) continue
    broken = true
    const kept = await keepCopy(
      generationFile(dir, p.gen),
      `${stop.problem}-line-${stop.line}-${stamp}`,
    )
    await cutBack(generationFile(dir, p.gen), keptEnd)
    replay.notices.push({
      problem: stop.problem,
      file: path.basename(generationFile(dir, p.gen)),
      keptAs: path.basename(kept),
      line: stop.line,
      replayed,
      setAside: p.records.length - replayed,
      ...(stop.reason ? { reason: stop.reason } : {}),
    })
  }
  return replay
}

/** A durable copy of `file` beside it, never over an existing one. */
async function keepCopy(file: string, suffix: string): Promise<string> {
  let kept = `${file}.${suffix}`
  for (let n = 2; ; n++) {
    try {
      await fs.copyFile(file, kept, constants.COPYFILE_EXCL)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      kept = `${file}.${suffix}-${n}`
    }
  }
  const handle = await fs.open(kept, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
  await syncDirectory(path.dirname(file))
  return kept
}

/** Cuts `file` back to its first `bytes` (the records that were replayed), durably. */
async function cutBack(file: string, bytes: number): Promise<void> {
  const handle = await fs.open(file, 'r+')
  try {
    await handle.truncate(bytes)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * The state after one record, as the service made it, with the undo history rebuilt alongside;
 * `check` throws when the loader would refuse the result (the service passes loadable.ts and the
 * file-size budget). Throws, changing nothing, when the record does not apply.
 */
export function applyRecord(
  state: Campaign,
  record: JournalRecord,
  history: UndoHistory,
  check: (after: Campaign, patch: PatchOp[]) => void,
): Campaign {
  if ('changes' in record) {
    const next = applyChanges(state, record.changes)
    check(next, treeOpsOf(next, record.changes))
    recordInHistory(history, record.edit, state, next)
    return next
  }
  // Written before record changes (append-only: old journals still replay).
  const next =
    'command' in record
      ? { ...applyCommand(state, record.command), updatedAt: record.at }
      : applyPatch(state, 'undo' in record ? record.undo : record.redo)
  check(next, diff(state, next))
  recordInHistory(
    history,
    'command' in record ? 'command' : 'undo' in record ? 'undo' : 'redo',
    state,
    next,
  )
  return next
}

function recordInHistory(
  history: UndoHistory,
  edit: JournalEdit,
  before: Campaign,
  after: Campaign,
): void {
  if (edit === 'command') history.record(before, after)
  else if (edit === 'undo') history.replayUndo(before, after)
  else history.replayRedo(before, after)
}
