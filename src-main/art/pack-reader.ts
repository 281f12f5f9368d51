// Main's side of reading a campaign pack: the pack worker (pack-worker.ts) does the work, one
// import at a time, on a worker that ends after each (job-worker.ts): main only waits.
import type { Worker } from 'node:worker_threads'
import { spawnModuleWorker } from '../worker-spawn'
import type { UnpackedCampaign } from './campaign-pack'
import { base64Text } from './base64'
import { createJobRunner, JobError, type JobRunner } from './job-worker'
import { isPackErrorCode, PackError } from './pack-error'
import { isPictureErrorCode, PictureError } from '@core/art/picture-error'

export interface PackReader {
  read(base64: string): Promise<UnpackedCampaign>
  /** Jobs carry the pack's base64 text as base64Text bytes. */
  readonly runner: JobRunner<{ base64: Uint8Array }, UnpackedCampaign>
  dispose(): Promise<void>
}

/** A 64 MB campaign parses into a few times its size in objects; the heap may not grow past this. */
const PACK_WORKER_LIMITS = { maxOldGenerationSizeMb: 1536, maxYoungGenerationSizeMb: 64 }

export function spawnPackWorker(): Worker {
  return spawnModuleWorker(import.meta.url, 'pack-worker.js', 'pack-worker.ts', PACK_WORKER_LIMITS)
}

export function createPackReader(spawn: () => Worker = spawnPackWorker): PackReader {
  const runner = createJobRunner<{ base64: Uint8Array }, UnpackedCampaign>(spawn)
  return {
    runner,
    async read(base64) {
      try {
        const text = base64Text(base64)
        return await runner.run({ base64: text }, { large: true, transfer: [text.buffer] })
      } catch (error) {
        if (!(error instanceof JobError)) throw error
        if (isPackErrorCode(error.code)) throw new PackError(error.code, error.message)
        if (isPictureErrorCode(error.code))
          throw new PictureError(error.code, error.message, error.path)
        // Codes of the campaign layer (newer-version) pass as they are.
        if (error.code !== 'internal') throw error
        throw new PackError('pack-unreadable', `The pack could not be read: ${error.message}`)
      }
    },
    dispose: () => runner.dispose(),
  }
}
