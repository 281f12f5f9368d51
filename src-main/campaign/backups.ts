// Rolling backups: every save also lands in <dataDir>/backups/<id>/ under a name that sorts by
// time (UTC, e.g. 20250114T093005123Z-000042.json). Pruning keeps the newest `keepRecent` saves
// plus the newest save of each of the last `keepDays` UTC days, so a mistake noticed next week
// can still be undone from the file system.
//
// The autosave backs up at most every `everyMs` (issue 29: a copy of the whole file every 5 s
// doubled what a GM's evening wrote to disk). Between two backups the journal keeps every
// generation since the newest one (snapshot-saves.ts), so a damaged file still opens as that backup with
// every acknowledged change replayed on top; closing a campaign backs up what its last save wrote.
//
// A backup is a copy (a clone where the file system shares blocks), never a hard link to the
// campaign file: editors and scripts often rewrite a file in place, and a hand edit that broke
// the campaign file would break a linked backup with it, the very one recovery needs (issue 29
// tried links; storage.test.ts's damaged-file cases write in place and caught it).
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { copyFileAtomic, isTempFileName } from './atomicFile'

export interface BackupPolicy {
  keepRecent: number
  keepDays: number
  /** An autosave backs up only when the newest backup it knows is this old (ms). */
  everyMs: number
}

export const DEFAULT_BACKUP_POLICY: BackupPolicy = {
  keepRecent: 10,
  keepDays: 30,
  everyMs: 3 * 60_000,
}

const BACKUP_NAME = /^(\d{8})T\d{9}Z-\d{6}\.json$/

let sequence = 0

/** Sortable UTC stamp; the sequence number orders saves made within the same millisecond. */
export function backupName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:.]/g, '')
  sequence = (sequence + 1) % 1_000_000
  return `${stamp}-${String(sequence).padStart(6, '0')}.json`
}

export function isBackupName(name: string): boolean {
  return BACKUP_NAME.test(name)
}

/** When a backup was saved, read back from its name; null for a name this module did not make. */
export function backupTime(name: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-\d{6}\.json$/.exec(name)
  if (!match) return null
  const [, y, mo, d, h, mi, s, ms] = match.map(Number)
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms))
}

/** Backup file names in `dir`, oldest first. */
export async function listBackupNames(dir: string): Promise<string[]> {
  let names: string[]
  try {
    names = await fs.readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return names.filter((n) => isBackupName(n) && !isTempFileName(n)).sort()
}

function utcDayKey(date: Date): string {
  return date.toISOString().slice(0, 10).replace(/-/g, '')
}

/** The names to keep, given every backup name (any order) and the current time. */
export function backupsToKeep(
  names: readonly string[],
  now: Date,
  policy: Pick<BackupPolicy, 'keepRecent' | 'keepDays'>,
): Set<string> {
  const newestFirst = [...names].filter(isBackupName).sort().reverse()
  const keep = new Set(newestFirst.slice(0, policy.keepRecent))
  const oldestDay = utcDayKey(new Date(now.getTime() - (policy.keepDays - 1) * 86_400_000))
  const daysSeen = new Set<string>()
  for (const name of newestFirst) {
    const day = BACKUP_NAME.exec(name)![1]
    if (day < oldestDay || daysSeen.has(day)) continue
    daysSeen.add(day)
    keep.add(name)
  }
  return keep
}

/**
 * The backups one store makes, with when it last made each campaign's: an autosave backs up only
 * when that is the policy's everyMs ago (or none was made since the app started).
 */
export class BackupPacer {
  private readonly last = new Map<string, number>()
  constructor(
    private readonly policy: BackupPolicy,
    private readonly now: () => Date,
  ) {}

  due(id: string): boolean {
    const last = this.last.get(id)
    return last === undefined || this.now().getTime() - last >= this.policy.everyMs
  }

  /** Backs up `file`, the campaign `id`'s, into `dir` (writeBackup). */
  async make(id: string, dir: string, file: string): Promise<string> {
    const at = this.now()
    const backup = await writeBackup(dir, file, at, this.policy)
    this.last.set(id, at.getTime())
    return backup
  }
}

/** Copies the just-saved campaign file into `dir`, then prunes. Returns the backup's path. */
export async function writeBackup(
  dir: string,
  savedFile: string,
  now: Date,
  policy: Pick<BackupPolicy, 'keepRecent' | 'keepDays'>,
): Promise<string> {
  await fs.mkdir(dir, { recursive: true })
  const file = path.join(dir, backupName(now))
  await copyFileAtomic(savedFile, file)
  const names = await listBackupNames(dir)
  const keep = backupsToKeep(names, now, policy)
  for (const name of names) {
    if (!keep.has(name)) await fs.rm(path.join(dir, name), { force: true })
  }
  return file
}
