// Issue 26: a 35 MB Universal VTT file of wall points took 1.2 GB of resident memory to import.
// A child process (memory/child.ts) takes in a generated file of that kind as the command-line
// import does and as the app's import job does, and reports its peak resident memory from /proc:
// the rise stays within a few times the file's size. Nothing here depends on the machine's speed.
import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir, removeDir } from '../campaign/temp-dirs.testing'
import { uvttFile, wallPointLines } from './hostile-files.testing'

const CHILD = fileURLToPath(new URL('./memory/child.ts', import.meta.url))

/** What a child reports: its resident memory after loading (start) and at its peak, in bytes. */
interface Figures {
  start: number
  peak: number
  outcome: string
}

async function takeIn(file: string, mode: 'cli' | 'job'): Promise<Figures> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  if (code !== 0) throw new Error(`the memory child failed (${code}): ${err}`)
  return JSON.parse(out.trim().split('\n').at(-1)!) as Figures
}

describe('resident memory of a Universal VTT import', () => {
  let dir: string
  let file: string
  let bytes: number

  beforeAll(async () => {
    dir = await makeTempDir('gm-uvtt-memory-')
    file = join(dir, 'wall-points.uvtt')
    const text = JSON.stringify(uvttFile(1000, wallPointLines(1000, 35e6)))
    bytes = text.length
    await writeFile(file, text)
  }, 120_000)

  afterAll(async () => {
    await removeDir(dir)
  })

  it.each([
    ['the command-line import', 'cli', /bytes of map$/],
    ['the import job (preview)', 'job', /^map-too-detailed$/],
  ] as const)(
    '%s of a 35 MB file of wall points rises by a few times the file, not by 1.2 GB',
    async (_label, mode, outcome) => {
      const figures = await takeIn(file, mode)
      const rise = figures.peak - figures.start
      console.log(
        `[uvtt memory] ${mode}: file ${(bytes / 1e6).toFixed(1)} MB, start ` +
          `${(figures.start / 1e6).toFixed(0)} MB, peak +${(rise / 1e6).toFixed(0)} MB ` +
          `(${(rise / bytes).toFixed(1)} × the file): ${figures.outcome}`,
      )
      // The whole file was taken in (a refusal from its size alone would prove nothing).
      expect(figures.outcome).toMatch(outcome)
      expect(bytes).toBeGreaterThan(34e6)
      expect(rise).toBeLessThan(10 * bytes)
    },
    300_000,
  )
})
