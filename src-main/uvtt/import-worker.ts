// The worker thread that runs one Universal VTT import (import-job.ts) off the main thread, so the
// host keeps answering the GM page, the player view and LAN tablets meanwhile. It reports progress
// at most every PROGRESS_MS and answers once; main ends the worker afterwards (its memory goes with
// it) or at once when the GM cancels (import-jobs.ts).
import { parentPort } from 'node:worker_threads'
import { runUvttJob, type UvttJobRequest } from '@core/uvtt/import-job'
import {
  MAP_FILE_PIECES,
  MAP_LIST_FIELDS,
  MAP_PART_ITEMS,
  type UvttWorkerMessage,
} from './import-jobs'
import { mapListPieces } from '../campaign/serialize'

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
    if (result.ok && result.answer.map) {
      // The map's long lists go as JSON text in slices: main parses one slice per task, where one
      // structured clone of a hundred thousand edges would hold it up for a second (issue 26).
      const { map } = result.answer
      for (const field of MAP_LIST_FIELDS) {
        const list = map[field] ?? []
        for (let start = 0; start < list.length; start += MAP_PART_ITEMS)
          post({
            type: 'map-part',
            field,
            json: JSON.stringify(list.slice(start, start + MAP_PART_ITEMS)),
          })
      }
      const { edges: _edges, wallLines: _wallLines, ...rest } = map
      post({
        type: 'result',
        result: { ok: true, answer: { ...result.answer, map: { ...rest, edges: [] } } },
      })
      // Then as the campaign file writes them, so main's save does not write them again: about
      // half a second of CPU for 105,000 edges, started only once main has taken the map in
      // (FILE_PIECES_WANTED), so main's parsing and its collections of the new map's objects
      // have the second core (issue 26: done at once they ran beside it and took twice as long).
      port.once('message', () => {
        for (const field of MAP_LIST_FIELDS) {
          const pieces = mapListPieces(map[field] ?? []) ?? []
          for (let start = 0; start < pieces.length; start += MAP_FILE_PIECES)
            post({
              type: 'map-file-part',
              field,
              pieces: pieces.slice(start, start + MAP_FILE_PIECES),
            })
        }
        post({ type: 'file-done' })
      })
    } else post({ type: 'result', result })
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
