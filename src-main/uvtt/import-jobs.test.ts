// The import workers themselves: one per import, ended after it; a file that needs more memory
// than the cap is refused with its own code instead of taking the host down.
import { EventEmitter } from 'node:events'
import type { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { spawnModuleWorker } from '../worker-spawn'
import { longDiagonalWalls, uvttFile } from './hostile-files.testing'
import { UVTT_LIMITS } from '@core/uvtt/limits'
import {
  createUvttImports,
  FILE_PIECES_WANTED,
  MAP_PART_ITEMS,
  type UvttWorkerMessage,
} from './import-jobs'
import type { UvttJobResult } from '@core/uvtt/import-job'
import { stringifyInSlices } from '../campaign/json-slices'
import { mapListPieces, serializeCampaign, serializeCampaignInSlices } from '../campaign/serialize'
import { makeCampaign } from '@core/campaign/test-helpers'
import type { Campaign, CampaignMap } from '@core/campaign/schema'

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

/**
 * A worker that answers an import as import-worker.ts does (the map's edges in parts, then the
 * result), every message in one task, as Node delivers a worker's queued messages to main.
 */
function answeringWorker(
  edges: unknown[],
  write: (slice: unknown[]) => string = (slice) => JSON.stringify(slice),
  filePieces?: string[],
  /** When the worker sends the file's pieces (after its result, as import-worker.ts does). */
  fileSent: Promise<void> = Promise.resolve(),
): () => Worker {
  return () => {
    const worker = new EventEmitter() as EventEmitter & {
      postMessage(message: unknown): void
      terminate(): Promise<number>
    }
    // As import-worker.ts: the file's pieces only once main asks for them.
    let wanted!: () => void
    const piecesWanted = new Promise<void>((resolve) => (wanted = resolve))
    worker.postMessage = (message) => {
      if (message === FILE_PIECES_WANTED) return wanted()
      setImmediate(() => {
        const send = (message: UvttWorkerMessage) => worker.emit('message', message)
        for (let start = 0; start < edges.length; start += MAP_PART_ITEMS)
          send({
            type: 'map-part',
            field: 'edges',
            json: write(edges.slice(start, start + MAP_PART_ITEMS)),
          })
        const result = {
          ok: true,
          answer: { summary: { width: 1000 }, map: { id: 'm', edges: [] }, savedBytes: 1 },
        } as unknown as UvttJobResult
        send({ type: 'result', result })
        void Promise.all([fileSent, piecesWanted]).then(() => {
          if (filePieces) send({ type: 'map-file-part', field: 'edges', pieces: filePieces })
          send({ type: 'file-done' })
          worker.emit('exit', 0)
        })
      })
    }
    worker.terminate = () => Promise.resolve(0)
    return worker as unknown as Worker
  }
}

describe('Universal VTT import results on main', () => {
  it("are saved from the worker's own text of the map's long lists, exactly as the file writes them", async () => {
    // Through the real worker: about 20,000 edges.
    const json = JSON.stringify(uvttFile(400, longDiagonalWalls(400, 60)))
    let exited!: Promise<unknown>
    const imports = createUvttImports(() => {
      const worker = spawnWith(UVTT_LIMITS.workerMemoryMb)()
      exited = new Promise((resolve) => worker.once('exit', resolve))
      return worker
    })
    const result = await imports.run({ json, system: 'arianrhod', dryRun: false, name: 'm' })
    if (!result.ok || !result.answer.map) throw new Error('refused')
    // The worker ends once main has its file pieces (sent after the answer).
    await exited
    const map = { ...result.answer.map, id: 'imported' } as CampaignMap
    expect(map.edges.length).toBeGreaterThan(15_000)
    const campaign: Campaign = { ...makeCampaign(), maps: [map] }
    const { parts } = await serializeCampaignInSlices(campaign)
    expect(Buffer.concat(parts).toString('utf8')).toBe(serializeCampaign(campaign))
    expect(await stringifyInSlices(campaign)).toBe(JSON.stringify(campaign))
  })

  it("leave the worker's file pieces until every part is taken in, so the two do not share a core", async () => {
    // Through the real worker: about 20,000 edges, eleven parts.
    const json = JSON.stringify(uvttFile(400, longDiagonalWalls(400, 60)))
    const seen: string[] = []
    let exited!: Promise<unknown>
    const imports = createUvttImports(() => {
      const worker = spawnWith(UVTT_LIMITS.workerMemoryMb)()
      exited = new Promise((resolve) => worker.once('exit', resolve))
      worker.on('message', (message: UvttWorkerMessage) => seen.push(message.type))
      const post = worker.postMessage.bind(worker)
      worker.postMessage = (message: unknown) => {
        if (message === FILE_PIECES_WANTED) seen.push('wanted')
        post(message)
      }
      return worker
    })
    const result = await imports.run({ json, system: 'arianrhod', dryRun: false, name: 'm' })
    if (!result.ok || !result.answer.map) throw new Error('refused')
    await exited
    expect(seen.filter((type) => type === 'map-part').length).toBeGreaterThan(5)
    // Asked for once the result's parts are parsed, and not one piece before.
    expect(seen.indexOf('wanted')).toBeGreaterThan(seen.indexOf('result'))
    expect(seen.indexOf('map-file-part')).toBeGreaterThan(seen.indexOf('wanted'))
    expect(seen.at(-1)).toBe('file-done')
  })

  it('are taken in one part per turn of the event loop, other work served between parts', async () => {
    const edges = Array.from({ length: 10 * MAP_PART_ITEMS + 5 }, (_, i) => ({
      between: [
        [i % 1000, Math.floor(i / 1000)],
        [(i % 1000) + 1, Math.floor(i / 1000)],
      ],
      kind: 'wall',
    }))
    const imports = createUvttImports(answeringWorker(edges))
    // Another request's turn, counted while the import's result is taken in.
    let turns = 0
    let counting = true
    const count = (): void => {
      turns++
      if (counting) setImmediate(count)
    }
    const running = imports.run({ json: '{}', system: 'arianrhod', dryRun: false, name: 'm' })
    setImmediate(count)
    const result = await running
    counting = false
    expect(result).toMatchObject({ ok: true })
    if (!result.ok) return
    // Exactly the edges the worker sent, in order.
    expect(result.answer.map?.edges).toEqual(edges)
    // Eleven parts: taken in one a turn, not all eleven in the task that delivered them.
    expect(turns).toBeGreaterThanOrEqual(11)
    expect(imports.running()).toBe(0)
  })

  it('lets a cancel win while the parts are being taken in', async () => {
    const edges = Array.from({ length: 5 * MAP_PART_ITEMS }, () => ({
      between: [
        [0, 0],
        [1, 0],
      ],
      kind: 'wall',
    }))
    const imports = createUvttImports(answeringWorker(edges))
    const running = imports.run(
      { json: '{}', system: 'arianrhod', dryRun: false, name: 'm' },
      { jobId: 'job' },
    )
    // The result arrives in the first turn; cancel a turn after, with the parts half taken in.
    await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setImmediate(resolve))
    expect(imports.cancel('job')).toBe(true)
    expect(await running).toMatchObject({ ok: false, error: { code: 'import-cancelled' } })
  })

  it("keep the worker's text of the lists, so main does not write them again", async () => {
    const edges = Array.from({ length: 3 * MAP_PART_ITEMS }, (_, i) => ({
      between: [
        [i, 0],
        [i + 1, 0],
      ],
      kind: 'wall',
    }))
    // Text the worker wrote with spaces (JSON.stringify never does): if the journal line and the
    // event are written from the worker's text, the spaces show.
    const spaced = (slice: unknown[]) => JSON.stringify(slice, null, 1)
    const result = await createUvttImports(answeringWorker(edges, spaced)).run({
      json: '{}',
      system: 'arianrhod',
      dryRun: false,
      name: 'm',
    })
    if (!result.ok) throw new Error('refused')
    const list = result.answer.map?.edges ?? []
    expect(list).toEqual(edges)
    const text = await stringifyInSlices(list)
    expect(JSON.parse(text)).toEqual(edges)
    expect(text).not.toBe(JSON.stringify(edges))
    expect(text).toContain('\n')
  })

  it("keep the worker's file text of the lists, so main's save does not write them again", async () => {
    const edges = Array.from({ length: 3 * MAP_PART_ITEMS }, (_, i) => ({
      between: [
        [i, 0],
        [i + 1, 0],
      ],
      kind: 'wall',
    }))
    // The file's pieces as the worker writes them, marked: the save shows whose they are.
    const pieces = (mapListPieces(edges) ?? []).map((piece, i) =>
      i === 0 ? piece.replace('"wall"', '"WORKER"') : piece,
    )
    // The worker sends them only after main has answered the import: the answer waits for none.
    let sendFile!: () => void
    const fileSent = new Promise<void>((resolve) => (sendFile = resolve))
    const imports = createUvttImports(answeringWorker(edges, undefined, pieces, fileSent))
    const result = await imports.run({ json: '{}', system: 'arianrhod', dryRun: false, name: 'm' })
    if (!result.ok || !result.answer.map) throw new Error('refused')
    // A save that starts before they come waits for them instead of writing the list on main.
    const map = { ...result.answer.map, id: 'imported' } as CampaignMap
    const saving = serializeCampaignInSlices({ ...makeCampaign(), maps: [map] })
    await new Promise((resolve) => setImmediate(resolve))
    sendFile()
    const { parts } = await saving
    expect(Buffer.concat(parts).toString('utf8')).toContain('"WORKER"')
  })
})
