// The one art worker (art-worker.ts) as main talks to it: started on first use, answers matched to
// requests by id, every request answered even when the worker dies. Shared by the players' copy of
// map art (player-art-service.ts) and the import check that a picture decodes (ipc/art-verbs.ts).
import type { Worker } from 'node:worker_threads'
import { spawnModuleWorker } from '../worker-spawn'
import type { ArtWorkerRequest, ArtWorkerResponse } from './art-worker-protocol'
import type { ImageType } from './image-info'

export type ArtRequest = ArtWorkerRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'id'>
    : never
  : never

export interface ArtWorkerClient {
  call(request: ArtRequest, transfer?: ArrayBuffer[]): Promise<ArtWorkerResponse>
  /** Decodes a picture in full; answers why it does not decode, or null when it does. */
  probe(bytes: Uint8Array, type: ImageType): Promise<string | null>
  dispose(): void
}

export function createArtWorkerClient(
  spawn: () => Worker = () => spawnModuleWorker(import.meta.url, 'art-worker.js', 'art-worker.ts'),
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
    async probe(bytes, type) {
      const copy = new Uint8Array(bytes)
      const response = await call({ op: 'probe', bytes: copy, type }, [copy.buffer])
      return response.ok ? null : response.message
    },
    dispose() {
      void worker?.terminate()
      worker = null
    },
  }
}
