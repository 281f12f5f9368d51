// Two hosts on one data folder would overwrite each other's saves (issue 11.4). The real CLI
// (`npm run web`) is started twice on the same folder: the second exits with a message naming the
// first one's pid. After the first is killed with SIGKILL its stale lock is taken over.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../campaign/temp-dirs.testing'
import { startHost } from './server'

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

let dataDir: string
const children: ChildProcess[] = []

beforeEach(async () => {
  dataDir = await makeTempDir('gm-single-host-')
})
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await removeDir(dataDir)
})

interface Run {
  child: ChildProcess
  output: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

function runCli(): Run {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--data', dataDir, '--port', '0'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  children.push(child)
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, output: () => output, exited }
}

/** Resolves once the host says it is running; rejects if it exits first. */
async function running(run: Run): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = (): void => {
      if (run.output().includes('is running at')) resolve()
    }
    run.child.stdout!.on('data', check)
    check()
    void run.exited.then(({ code }) =>
      reject(new Error(`host exited (code ${code}): ${run.output()}`)),
    )
  })
}

describe('one host per data folder', () => {
  it('a second host on the same folder exits with a message naming the first one’s pid', async () => {
    const first = runCli()
    await running(first)

    const second = runCli()
    const { code } = await second.exited
    expect(code).toBe(3)
    expect(second.output()).toContain(`process ${first.child.pid}`)
    expect(second.output()).toContain(dataDir)

    // kill -9 leaves the lock behind; the next start sees its process is gone and takes over.
    first.child.kill('SIGKILL')
    await first.exited
    const third = runCli()
    await running(third)
    third.child.kill('SIGINT')
    const stopped = await third.exited
    expect(stopped, third.output()).toEqual({ code: 0, signal: null })
  }, 60_000)

  it('startHost refuses a folder another host in this process holds, and frees it on close', async () => {
    const host = await startHost({ dataDir, port: 0, autosaveDelayMs: 10_000 })
    await expect(startHost({ dataDir, port: 0 })).rejects.toMatchObject({
      code: 'data-folder-locked',
    })
    await host.close()
    const again = await startHost({ dataDir, port: 0, autosaveDelayMs: 10_000 })
    await again.close()
  })
})
