// Universal VTT imports as main runs them: each on its own worker thread (import-worker.ts), with
// progress, a cancel that ends the worker at once, and a memory cap. A worker serves one import
// and is ended after it, so the memory a big file needed goes back to the system. Every run is
// answered: with the import's result, or with `import-cancelled`, `import-out-of-memory` or
// `import-failed` when the worker was ended, ran out of memory or died.
import type { ResourceLimits, Worker } from 'node:worker_threads'
import { spawnModuleWorker } from '../worker-spawn'
import type { UvttJobRequest, UvttJobResult } from '@core/uvtt/import-job'
import { UVTT_LIMITS } from '@core/uvtt/limits'
import { adoptListJson } from '../campaign/json-slices'
import { adoptMapListPieces, mapListPiecesComing } from '../campaign/serialize'

export type UvttWorkerMessage =
  | { type: 'progress'; done: number; total: number }
  /** A slice of the new map's edges or wall lines, as JSON, sent before the result. */
  | { type: 'map-part'; field: MapListField; json: string }
  /**
   * Pieces of the same list as the campaign file writes it (serialize.ts mapListPieces), sent
   * after the result once main asks for them (FILE_PIECES_WANTED, when it has taken the map in):
   * main answers the import without waiting for them.
   */
  | { type: 'map-file-part'; field: MapListField; pieces: string[] }
  /** The file's pieces are all sent (the worker is done). */
  | { type: 'file-done' }
  | { type: 'result'; result: UvttJobResult }

/** What main posts to the worker once the map is taken in: the worker may write its file pieces. */
export const FILE_PIECES_WANTED = 'file-pieces-wanted'

/** The new map's lists that come in parts; the result's map holds none of them. */
export const MAP_LIST_FIELDS = ['edges', 'wallLines'] as const
export type MapListField = (typeof MAP_LIST_FIELDS)[number]
/** Edges (or wall lines) to a part: each is parsed on main in a few milliseconds. */
export const MAP_PART_ITEMS = 2000
/** File pieces (a thousand elements each) to a message. */
export const MAP_FILE_PIECES = 20

type CampaignMapLists = Partial<Record<MapListField, readonly unknown[]>>

/** What the worker sent of the new map's lists (JSON before its result, the file's after). */
export interface MapParts {
  json: Record<MapListField, string[]>
  file: Record<MapListField, string[]>
}

/** The worker's heap cap (limits.ts), and room for short-lived objects so fewer survive to it. */
export const UVTT_WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: UVTT_LIMITS.workerMemoryMb,
  maxYoungGenerationSizeMb: 64,
}

export interface UvttRunOptions {
  /** Names the run for `cancel` and for the progress the page shows. */
  jobId?: string
  /** Wall and portal segments done, of the total; (0, 0) while the file is being read. */
  onProgress?: (done: number, total: number) => void
}

export interface UvttImports {
  run(request: UvttJobRequest, options?: UvttRunOptions): Promise<UvttJobResult>
  /** Ends the run with that id; false when there is none (finished, or never started). */
  cancel(jobId: string): boolean
  /** Imports running now. */
  running(): number
  dispose(): void
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * The result's map with the lists that came in parts put back, one part parsed per turn of the
 * event loop: the worker's messages reach main all in one task, where parsing the fifty parts of
 * a hundred-thousand-edge map at once held other requests up for a quarter of a second (issue 26).
 */
export async function withParts(
  result: UvttJobResult,
  parts: MapParts,
  turn: () => Promise<void> = nextTurn,
): Promise<UvttJobResult> {
  if (!result.ok || !result.answer.map) return result
  const map = { ...result.answer.map }
  for (const field of MAP_LIST_FIELDS) {
    if (parts.json[field].length === 0) continue
    const list: unknown[] = []
    for (const json of parts.json[field]) {
      await turn()
      for (const item of JSON.parse(json) as unknown[]) list.push(item)
    }
    // The journal line, the windows' event and the save reuse the worker's texts of the list.
    adoptListJson(list, parts.json[field])
    if (parts.file[field].length > 0) adoptMapListPieces(list, parts.file[field])
    if (field === 'edges') map.edges = list as typeof map.edges
    else map.wallLines = list as NonNullable<typeof map.wallLines>
  }
  return { ok: true, answer: { ...result.answer, map } }
}

export function createUvttImports(
  spawn: () => Worker = () =>
    spawnModuleWorker(import.meta.url, 'uvtt-worker.js', 'import-worker.ts', UVTT_WORKER_LIMITS),
): UvttImports {
  const runs = new Map<symbol, { jobId?: string; end: (result: UvttJobResult) => void }>()
  /** Workers that answered and still write the new map's file pieces. */
  const finishing = new Set<Worker>()

  function failure(code: string, message: string): UvttJobResult {
    return { ok: false, error: { code, message } }
  }

  return {
    run(request, options = {}) {
      return new Promise((resolve) => {
        const key = Symbol(options.jobId ?? 'uvtt-import')
        const worker = spawn()
        let settled = false
        const end = (result: UvttJobResult, keepWorker = false): void => {
          if (settled) return
          settled = true
          runs.delete(key)
          if (keepWorker) finishing.add(worker)
          else void worker.terminate()
          resolve(result)
        }
        runs.set(key, { jobId: options.jobId, end })
        // The map's lists as the worker wrote them, parsed once its result is in (withParts).
        const parts: MapParts = {
          json: { edges: [], wallLines: [] },
          file: { edges: [], wallLines: [] },
        }
        /** The worker has answered: its exit is expected, and a cancel still wins meanwhile. */
        let answered = false
        /** The new map once taken in, and whether the worker has sent all its file pieces. */
        let added: CampaignMapLists | null = null
        let fileDone = false
        // Settled once the file pieces are adopted or the worker is gone: a save waits for it.
        let piecesSettled!: () => void
        const piecesAdopted = new Promise<void>((resolve) => (piecesSettled = resolve))
        const adoptFilePieces = (): void => {
          if (!added || !fileDone) return
          for (const field of MAP_LIST_FIELDS) {
            const list = added[field]
            if (list && parts.file[field].length > 0) adoptMapListPieces(list, parts.file[field])
          }
          piecesSettled()
          finishing.delete(worker)
          void worker.terminate()
        }
        worker.on('message', (message: UvttWorkerMessage) => {
          if (message.type === 'map-file-part') parts.file[message.field].push(...message.pieces)
          else if (message.type === 'file-done') {
            fileDone = true
            adoptFilePieces()
          }
          if (settled || answered) return
          if (message.type === 'progress') options.onProgress?.(message.done, message.total)
          else if (message.type === 'map-part') parts.json[message.field].push(message.json)
          else if (message.type === 'result') {
            answered = true
            void withParts(message.result, parts).then(
              (taken) => {
                const map = taken.ok ? taken.answer.map : undefined
                if (!map || settled) return end(taken)
                added = map
                for (const field of MAP_LIST_FIELDS) {
                  const list = map[field]
                  if (list && parts.json[field].length > 0) mapListPiecesComing(list, piecesAdopted)
                }
                // The worker stays until it has sent the file's pieces of the lists, which it
                // starts only now that main has parsed the parts.
                worker.postMessage(FILE_PIECES_WANTED)
                end(taken, true)
                adoptFilePieces()
              },
              (error: unknown) =>
                end(failure('import-failed', `The import stopped: ${String(error)}`)),
            )
          }
        })
        worker.on('error', (error: Error & { code?: string }) => {
          if (answered) return
          end(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? failure(
                  'import-out-of-memory',
                  `The file needs more than the ${UVTT_WORKER_LIMITS.maxOldGenerationSizeMb} MB an import may use.`,
                )
              : failure('import-failed', `The import stopped: ${error.message}`),
          )
        })
        worker.on('exit', () => {
          piecesSettled()
          finishing.delete(worker)
          if (!answered) end(failure('import-failed', 'The import stopped unexpectedly.'))
        })
        worker.postMessage(request)
      })
    },
    cancel(jobId) {
      for (const run of runs.values()) {
        if (run.jobId !== jobId) continue
        run.end(failure('import-cancelled', 'The import was cancelled.'))
        return true
      }
      return false
    },
    running: () => runs.size,
    dispose() {
      for (const run of [...runs.values()])
        run.end(failure('import-cancelled', 'The app is closing.'))
      for (const worker of finishing) void worker.terminate()
      finishing.clear()
    },
  }
}
