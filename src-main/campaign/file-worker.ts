// The campaign file worker: reads and parses campaign files on its own thread, so a big file never
// stalls the thread that answers the GM pages and the player view (issue 11.5). It runs the same
// functions as the main thread (campaign-file.ts) and answers over the port. Started by
// file-reader.ts; built as its own entry for the desktop app (electron.vite.config.ts).
import { parentPort } from 'node:worker_threads'
import { decodeCampaignImport, readCampaignFile, summarizeCampaignFile } from './campaign-file'
import { serializeError, type WorkerRequest, type WorkerResponse } from './file-worker-protocol'

const port = parentPort
if (!port) throw new Error('file-worker.ts runs as a worker thread only.')

port.on('message', (request: WorkerRequest) => {
  void answer(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies WorkerResponse),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        ok: false,
        error: serializeError(error),
      } satisfies WorkerResponse),
  )
})

async function answer(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'read':
      return readCampaignFile(request.file, request.maxBytes, request.written)
    case 'summary':
      return summarizeCampaignFile(request.file, request.maxBytes)
    case 'decodeText':
      return decodeCampaignImport(request.text)
  }
}
