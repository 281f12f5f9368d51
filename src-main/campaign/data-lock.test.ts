// The data-folder lock (issue 11.4): exclusive create, the holder named in the refusal, stale
// locks of dead processes taken over, never a lock of a live process or another machine.
import { spawnSync } from 'node:child_process'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  acquireDataFolderLock,
  DataFolderLockedError,
  LOCK_FILE_NAME,
  type LockOwner,
} from './data-lock'
import { makeTempDir, removeDir } from './temp-dirs.testing'

let dataDir: string
const releases: Array<() => Promise<void>> = []

beforeEach(async () => {
  dataDir = await makeTempDir('gm-lock-')
})
afterEach(async () => {
  for (const release of releases.splice(0)) await release()
  await removeDir(dataDir)
})

const lockFile = (): string => path.join(dataDir, LOCK_FILE_NAME)
const readOwner = async (): Promise<LockOwner> =>
  JSON.parse(await fs.readFile(lockFile(), 'utf8')) as LockOwner

/** The pid of a process that has exited (spawnSync waits for it). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  return child.pid!
}

async function writeForeignLock(owner: Partial<LockOwner>): Promise<void> {
  const full: LockOwner = {
    pid: 1,
    host: os.hostname(),
    app: 'desktop',
    startedAt: '2026-01-01T00:00:00.000Z',
    token: 'abc',
    ...owner,
  }
  await fs.writeFile(lockFile(), JSON.stringify(full))
}

describe('data folder lock', () => {
  it('creates the lock with pid, host, app kind and start time, and removes it on release', async () => {
    const lock = await acquireDataFolderLock(dataDir, 'web', {
      now: () => new Date('2026-03-01T10:00:00Z'),
    })
    expect(await readOwner()).toEqual({
      pid: process.pid,
      host: os.hostname(),
      app: 'web',
      startedAt: '2026-03-01T10:00:00.000Z',
      token: lock.owner.token,
    })
    await lock.release()
    await expect(fs.access(lockFile())).rejects.toThrow()
    // free again
    releases.push((await acquireDataFolderLock(dataDir, 'web')).release)
  })

  it('refuses a second holder in the same process, naming the holder', async () => {
    const first = await acquireDataFolderLock(dataDir, 'web')
    releases.push(first.release)
    const refused = await acquireDataFolderLock(dataDir, 'desktop').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(DataFolderLockedError)
    expect((refused as DataFolderLockedError).owner.pid).toBe(process.pid)
    expect((refused as Error).message).toContain(`process ${process.pid}`)
    expect((refused as Error).message).toContain('npm run web')
  })

  it('refuses while the holding process runs, and takes the lock over once it is dead', async () => {
    await writeForeignLock({ pid: process.ppid, app: 'desktop' })
    const refused = await acquireDataFolderLock(dataDir, 'web').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(DataFolderLockedError)
    expect((refused as Error).message).toContain(`process ${process.ppid}`)
    expect((refused as Error).message).toContain('desktop app')

    const dead = deadPid()
    await writeForeignLock({ pid: dead })
    const lock = await acquireDataFolderLock(dataDir, 'web')
    releases.push(lock.release)
    expect((await readOwner()).pid).toBe(process.pid)
    expect((await fs.readdir(dataDir)).filter((n) => n.includes('stale'))).toEqual([])
  })

  it('never takes over a lock from another machine (a shared folder)', async () => {
    await writeForeignLock({ pid: deadPid(), host: 'some-other-host' })
    const refused = await acquireDataFolderLock(dataDir, 'web').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(DataFolderLockedError)
    expect((refused as Error).message).toContain('some-other-host')
  })

  it('a lock left by an earlier process with our own pid is stale (pid reused)', async () => {
    await writeForeignLock({ pid: process.pid, token: 'earlier' })
    const lock = await acquireDataFolderLock(dataDir, 'web')
    releases.push(lock.release)
    expect((await readOwner()).token).toBe(lock.owner.token)
  })

  it('an empty lock file is being written if fresh, left by a crash if old', async () => {
    await fs.writeFile(lockFile(), '')
    const later = () => new Date(Date.now() + 60_000)
    const lock = await acquireDataFolderLock(dataDir, 'web', { now: later })
    releases.push(lock.release)
    await lock.release()
    await fs.writeFile(lockFile(), '')
    const refused = await acquireDataFolderLock(dataDir, 'web').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(DataFolderLockedError)
    expect((refused as Error).message).toContain('starting right now')
  })

  it('release leaves a lock that is not ours alone', async () => {
    const lock = await acquireDataFolderLock(dataDir, 'web')
    await writeForeignLock({ pid: process.ppid, token: 'someone-else' })
    await lock.release()
    expect((await readOwner()).token).toBe('someone-else')
  })
})
