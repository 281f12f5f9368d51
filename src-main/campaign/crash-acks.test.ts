// The crash test's count of acknowledgements (crash.test.ts failed twice under load with more
// edges on disk than its acks allowed: 171 acks counted, 412 steps made). A child's stdout is a
// Unix socket; once it is full (the parent busy elsewhere, ~170 short lines), a line the child
// "printed" waits in the child's memory and dies with it at SIGKILL, while the child goes on making
// steps. Here the parent does not read at all and the child kills itself at a fixed point after
// its output backs up (crash/ack-child.ts), so the check does not depend on timing: every step the
// child made, but the one in flight, must have an ack line the parent reads.
import { spawn } from 'node:child_process'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from './temp-dirs.testing'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const ACK_CHILD = path.join(REPO_ROOT, '.tmp', 'crash-ack-child.mjs')

let root: string

beforeAll(async () => {
  await build({
    entryPoints: [fileURLToPath(new URL('./crash/ack-child.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: ACK_CHILD,
    logLevel: 'error',
  })
  root = await makeTempDir('gm-crash-acks-')
})
afterAll(async () => {
  await removeDir(root)
})

describe('crash child acknowledgements', () => {
  it('are all readable by the parent after a SIGKILL, even when the parent was not reading', async () => {
    const madeFile = path.join(root, 'made.txt')
    const child = spawn(process.execPath, [ACK_CHILD, madeFile], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    let acks = 0
    let buffered = ''
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      acks += lines.filter((line) => /^ack \d+ \d+$/.test(line)).length
    })
    // A busy parent: nothing is read until the child is gone (then Node hands over what is queued).
    child.stdout.pause()
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('close', (_code, signal) => resolve(signal)),
    )
    expect(signal, `the child should kill itself, stderr: ${stderr}`).toBe('SIGKILL')
    const made = (await fs.readFile(madeFile, 'utf8')).trim().split('\n').length
    expect(acks).toBeGreaterThan(0)
    // At most the step in flight has no ack line.
    expect(made - acks, `${made} steps made, ${acks} ack lines read`).toBeLessThanOrEqual(1)
  })
})
