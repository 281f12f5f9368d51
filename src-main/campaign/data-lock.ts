// One app per data folder (issue 11.4). The desktop app and `npm run web` default to the same
// folder; two of them would each keep campaigns in memory and overwrite the other's saves. The
// first to start creates <dataDir>/grid-gm.lock exclusively (O_EXCL) and writes who it is; a second
// one finds the file, reads the owner and refuses with a message naming that process. A lock left
// by a process that died (kill -9, power cut) is taken over: same host and that pid is not running.
// Node-only; never imports electron.
import { randomBytes } from 'node:crypto'
import { promises as fs, readFileSync, unlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const LOCK_FILE_NAME = 'grid-gm.lock'

export type AppKind = 'desktop' | 'web'

export interface LockOwner {
  pid: number
  host: string
  app: AppKind
  startedAt: string
  /** Tells two holders with the same pid apart (a pid reused after a reboot or in a container). */
  token: string
}

export interface DataFolderLock {
  readonly file: string
  readonly owner: LockOwner
  /** Removes the lock file if it is still ours. */
  release(): Promise<void>
  /** The same, for process 'exit' handlers where nothing asynchronous runs. */
  releaseSync(): void
}

export class DataFolderLockedError extends Error {
  readonly code = 'data-folder-locked'
  constructor(
    readonly file: string,
    readonly owner: LockOwner,
  ) {
    super(describeHolder(path.dirname(file), owner))
    this.name = 'DataFolderLockedError'
  }
}

export interface LockOptions {
  pid?: number
  host?: string
  now?: () => Date
  /** Whether a process of this host is running (default: signal 0). */
  isAlive?: (pid: number) => boolean
}

const APP_NAMES: Record<AppKind, string> = {
  desktop: 'the Grid GM desktop app',
  web: 'Grid GM in the browser (npm run web)',
}

/** The message a second instance shows: which app, which process, since when. */
export function describeHolder(dataDir: string, owner: LockOwner): string {
  const app = APP_NAMES[owner.app] ?? 'another Grid GM'
  if (owner.pid === 0) {
    return (
      `The data folder ${dataDir} is being opened by another Grid GM that is starting right now. ` +
      `/ データフォルダ ${dataDir} は起動中の別の Grid GM が開こうとしています。`
    )
  }
  return (
    `The data folder ${dataDir} is in use by ${app}, process ${owner.pid} on ${owner.host}, since ${owner.startedAt}. ` +
    'Close that one first (two apps on one folder would overwrite each other’s saves), or choose another folder. ' +
    `/ データフォルダ ${dataDir} は別の Grid GM（${owner.host} のプロセス ${owner.pid}、${owner.startedAt} から）が使用中です。先にそちらを閉じてください。`
  )
}

/** Locks held by this process, so a second host in the same process is refused too. */
const heldHere = new Set<string>()

function defaultIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>
    if (
      typeof value.pid === 'number' &&
      Number.isInteger(value.pid) &&
      typeof value.host === 'string' &&
      (value.app === 'desktop' || value.app === 'web') &&
      typeof value.startedAt === 'string' &&
      typeof value.token === 'string'
    ) {
      return value as LockOwner
    }
  } catch {
    // fall through
  }
  return null
}

async function readLock(file: string): Promise<{ text: string; mtimeMs: number } | null> {
  try {
    const [text, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)])
    return { text, mtimeMs: stat.mtimeMs }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** A lock file nobody could have finished writing within this long is not being written. */
const UNFINISHED_LOCK_MS = 10_000

export async function acquireDataFolderLock(
  dataDir: string,
  app: AppKind,
  options: LockOptions = {},
): Promise<DataFolderLock> {
  const file = path.join(path.resolve(dataDir), LOCK_FILE_NAME)
  const now = options.now ?? (() => new Date())
  const isAlive = options.isAlive ?? defaultIsAlive
  const owner: LockOwner = {
    pid: options.pid ?? process.pid,
    host: options.host ?? os.hostname(),
    app,
    startedAt: now().toISOString(),
    token: randomBytes(8).toString('hex'),
  }
  await fs.mkdir(path.dirname(file), { recursive: true })

  let unfinished: LockOwner | null = null
  for (let attempt = 0; attempt < 10; attempt++) {
    if (await tryCreate(file, owner)) return holdLock(file, owner)
    const found = await readLock(file)
    if (!found) continue // released meanwhile: try again
    const holder = parseOwner(found.text)
    if (!holder) {
      if (now().getTime() - found.mtimeMs < UNFINISHED_LOCK_MS) {
        // Another instance is writing it this very moment: give it a moment to finish.
        unfinished = {
          pid: 0,
          host: owner.host,
          app,
          startedAt: new Date(found.mtimeMs).toISOString(),
          token: '',
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
        continue
      }
      // Left empty by a crash between create and write: stale.
    } else if (!isStale(file, holder, owner, isAlive)) {
      throw new DataFolderLockedError(file, holder)
    }
    await takeOver(file, found.text)
  }
  if (unfinished) throw new DataFolderLockedError(file, unfinished)
  throw new Error(`Could not take the lock ${file}: it keeps changing.`)
}

function isStale(
  file: string,
  holder: LockOwner,
  me: LockOwner,
  isAlive: (pid: number) => boolean,
): boolean {
  // On another machine (a shared folder) we cannot tell whether it still runs: assume it does.
  if (holder.host !== me.host) return false
  if (holder.pid === me.pid) return !heldHere.has(file)
  return !isAlive(holder.pid)
}

async function tryCreate(file: string, owner: LockOwner): Promise<boolean> {
  let handle: fs.FileHandle
  try {
    handle = await fs.open(file, 'wx')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    await handle.writeFile(`${JSON.stringify(owner)}\n`, 'utf8')
    await handle.sync()
  } finally {
    await handle.close()
  }
  return true
}

/**
 * Moves a stale lock aside rather than deleting it, then checks that what moved is the stale one:
 * if another starter took it over first, the file moved is its fresh lock, which goes back.
 */
async function takeOver(file: string, staleText: string): Promise<void> {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    await fs.rename(file, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  const moved = await fs.readFile(aside, 'utf8').catch(() => staleText)
  if (moved !== staleText) {
    await fs.link(aside, file).catch(() => undefined)
  }
  await fs.rm(aside, { force: true })
}

function holdLock(file: string, owner: LockOwner): DataFolderLock {
  heldHere.add(file)
  let released = false
  const stillOurs = (text: string): boolean => parseOwner(text)?.token === owner.token
  const onExit = (): void => lock.releaseSync()
  const lock: DataFolderLock = {
    file,
    owner,
    async release() {
      if (released) return
      released = true
      process.off('exit', onExit)
      heldHere.delete(file)
      const found = await readLock(file).catch(() => null)
      if (found && stillOurs(found.text)) await fs.rm(file, { force: true })
    },
    releaseSync() {
      if (released) return
      released = true
      process.off('exit', onExit)
      heldHere.delete(file)
      try {
        if (stillOurs(readFileSync(file, 'utf8'))) unlinkSync(file)
      } catch {
        // Gone already, or unreadable: nothing of ours to remove.
      }
    },
  }
  // A normal exit that skipped close() still frees the folder; kill -9 leaves a stale lock instead.
  process.on('exit', onExit)
  return lock
}
