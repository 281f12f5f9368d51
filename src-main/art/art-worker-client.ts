// The tile worker (art-worker.ts) as main talks to it: started on first use, answers matched to
// requests by id, every request answered even when the worker dies. Used by the players' copy of
// map art (player-art-service.ts); pictures are decoded elsewhere (picture-decoder.ts).
import type { Worker } from 'node:worker_threads'
import { spawnModuleWorker } from '../worker-spawn'
import type { ArtWorkerRequest, ArtWorkerResponse } from './art-worker-protocol'

export type ArtRequest = ArtWorkerRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'id'>
    : never
  : never

export interface ArtWorkerClient {
  call(request: ArtRequest, transfer?: ArrayBuffer[]): Promise<ArtWorkerResponse>
  dispose(): void
}

/** The kept copies are buffers outside the heap; the heap itself stays small. */
const TILE_WORKER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 }

export function createArtWorkerClient(
  spawn: () => Worker = () =>
    spawnModuleWorker(import.meta.url, 'art-worker.js', 'art-worker.ts', TILE_WORKER_LIMITS),
): ArtWorkerClient {
  let worker: Worker | null = null
  let nextId = 1
  const pending = new Map<number, (response: ArtWorkerResponse) => void>()

  function call(request: ArtRequest, transfer: ArrayBuffer[] = []): Promise<ArtWorkerResponse> {
    if (!worker) {
      const started = spawn()
      started.unref()
      started.on('message', (response: ArtWorkerResponse) => {
        pending.get(response.id)?.(response)
        pending.delete(response.id)
      })
      started.on('error', (error) => {
        for (const resolve of pending.values())
          resolve({ id: 0, ok: false, message: error.message })
        pending.clear()
        worker = null
      })
      worker = started
    }
    const id = nextId++
    return new Promise((resolve) => {
      pending.set(id, resolve)
      worker!.postMessage({ ...request, id }, transfer)
    })
  }

  return {
    call,
    dispose() {
      void worker?.terminate()
      worker = null
    },
  }
}
