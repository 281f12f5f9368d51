// The worker thread that runs one Universal VTT import (import-job.ts) off the main thread, so the
// host keeps answering the GM page, the player view and LAN tablets meanwhile. It reports progress
// at most every PROGRESS_MS and answers once; main ends the worker afterwards (its memory goes with
// it) or at once when the GM cancels (import-jobs.ts).
import { parentPort } from 'node:worker_threads'
import { runUvttJob, type UvttJobRequest } from '@core/uvtt/import-job'
import type { UvttWorkerMessage } from './import-jobs'

const PROGRESS_MS = 100

const port = parentPort
if (!port) throw new Error('import-worker.ts runs as a worker thread only.')

port.once('message', (request: UvttJobRequest) => {
  let last = 0
  const post = (message: UvttWorkerMessage): void => port.postMessage(message)
  post({ type: 'progress', done: 0, total: 0 })
  try {
    const result = runUvttJob(request, (done, total) => {
      const now = Date.now()
      if (now - last < PROGRESS_MS && done < total) return
      last = now
      post({ type: 'progress', done, total })
    })
    post({ type: 'result', result })
  } catch (error) {
    post({
      type: 'result',
      result: {
        ok: false,
        error: {
          code: 'import-failed',
          message: error instanceof Error ? error.message : String(error),
        },
      },
    })
  }
})
