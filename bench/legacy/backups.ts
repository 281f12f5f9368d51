// Verbatim copy of src-main/campaign/backups.ts at 999981f (before issue 29), the baseline of `npm run bench -- save`.
// Rolling backups: every save also lands in <dataDir>/backups/<id>/ under a name that sorts by
// time (UTC, e.g. 20250114T093005123Z-000042.json). Pruning keeps the newest `keepRecent` saves
// plus the newest save of each of the last `keepDays` UTC days, so a mistake noticed next week
// can still be undone from the file system.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { copyFileAtomic, isTempFileName } from './atomicFile'

export interface BackupPolicy {
  keepRecent: number
  keepDays: number
}

export const DEFAULT_BACKUP_POLICY: BackupPolicy = { keepRecent: 10, keepDays: 30 }

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
  policy: BackupPolicy,
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

/** Copies the just-saved campaign file into `dir`, then prunes. Returns the backup's path. */
export async function writeBackup(
  dir: string,
  savedFile: string,
  now: Date,
  policy: BackupPolicy,
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
