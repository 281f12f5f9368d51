// The import workers themselves: one per import, ended after it; a file that needs more memory
// than the cap is refused with its own code instead of taking the host down.
import type { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { spawnModuleWorker } from '../worker-spawn'
import { uvttFile, wallPointLines } from './hostile-files.testing'
import { createUvttImports } from './import-jobs'

const spawnWith = (maxOldGenerationSizeMb: number) => (): Worker =>
  spawnModuleWorker(
    new URL('./import-jobs.ts', import.meta.url).href,
    'uvtt-worker.js',
    'import-worker.ts',
    { maxOldGenerationSizeMb },
  )

describe('Universal VTT import workers', () => {
  it('end each worker after its import', async () => {
    const exited: number[] = []
    const imports = createUvttImports(() => {
      const worker = spawnWith(512)()
      worker.on('exit', (code) => exited.push(code))
      return worker
    })
    const json = JSON.stringify(
      uvttFile(20, [
        [
          { x: 1, y: 1 },
          { x: 9, y: 4 },
        ],
      ]),
    )
    for (let i = 0; i < 2; i++) {
      const result = await imports.run({ json, system: 'arianrhod', dryRun: true, name: 'm' })
      expect(result).toMatchObject({ ok: true, answer: { summary: { width: 20 } } })
    }
    expect(imports.running()).toBe(0)
    await expect.poll(() => exited.length).toBe(2)
  })

  it('refuses a file that needs more memory than the cap, and the host goes on', async () => {
    const imports = createUvttImports(spawnWith(24))
    const json = JSON.stringify(uvttFile(1000, wallPointLines(1000, 20e6)))
    const result = await imports.run({ json, system: 'arianrhod', dryRun: true, name: 'm' })
    expect(result).toMatchObject({ ok: false, error: { code: 'import-out-of-memory' } })
    expect(imports.running()).toBe(0)
  })
})
