// The import workers themselves: one per import, ended after it; a file that needs more memory
// than the cap is refused with its own code instead of taking the host down.
import type { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { spawnModuleWorker } from '../worker-spawn'
import { longDiagonalWalls, uvttFile } from './hostile-files.testing'
import { UVTT_LIMITS } from '@core/uvtt/limits'
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
    // A 14 KB file whose map is 105,000 edges: the worker runs out of heap while it builds them,
    // in the importer's own code. (A heap limit reached inside one long JSON.parse is not a safe
    // test: Node may then abort the whole process instead of ending the worker, nodejs/node#47224.
    // The app's cap is far above what parsing the largest file it takes needs.)
    const json = JSON.stringify(uvttFile(1000, longDiagonalWalls(1000, 150)))
    const request = { json, system: 'arianrhod' as const, dryRun: false, name: 'm' }
    const capped = createUvttImports(spawnWith(32))
    expect(await capped.run(request)).toMatchObject({
      ok: false,
      error: { code: 'import-out-of-memory' },
    })
    expect(capped.running()).toBe(0)
    // The same file within the app's cap: imported.
    const roomy = createUvttImports(spawnWith(UVTT_LIMITS.workerMemoryMb))
    expect(await roomy.run(request)).toMatchObject({
      ok: true,
      answer: { summary: { width: 1000 } },
    })
  })
})
