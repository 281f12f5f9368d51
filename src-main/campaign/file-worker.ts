// The campaign file worker: reads and parses campaign files on its own thread, so a big file never
// stalls the thread that answers the GM pages and the player view (issue 11.5). It runs the same
// functions as the main thread (campaign-file.ts) and answers over the port. Started by
// file-reader.ts; built as its own entry for the desktop app (electron.vite.config.ts).
import { parentPort } from 'node:worker_threads'
import {
  decodeCampaignImport,
  readCampaignFile,
  rereadCampaignFile,
  summarizeCampaignFile,
  type ReadCampaign,
} from './campaign-file'
import {
  packRead,
  serializeError,
  type WorkerRequest,
  type WorkerResponse,
} from './file-worker-protocol'
import type { DecodedCampaign } from './migrations'

/**
 * The last file the list had to check here in full (one it does not know as the app wrote it), for
 * a minute: the GM most often opens what the list just showed, and the open would check the same
 * bytes in full again (issue 29: the first open of such a file). Believed only while the file's
 * bytes hash the same; taken by the open, so it is never kept twice.
 */
let listed: { file: string; decoded: DecodedCampaign; hash: string; expires: number } | undefined
const KEEP_LISTED_MS = 60_000

async function readKeptOrFile(
  file: string,
  maxBytes: number,
  written: Parameters<typeof readCampaignFile>[2],
): Promise<ReadCampaign> {
  const kept = listed?.file === file && listed.expires > Date.now() ? listed : undefined
  listed = undefined
  return (
    (kept && (await rereadCampaignFile(file, maxBytes, kept))) ??
    readCampaignFile(file, maxBytes, written)
  )
}

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
      return packRead(await readKeptOrFile(request.file, request.maxBytes, request.written))
    case 'summary':
      return summarizeCampaignFile(request.file, request.maxBytes, (read) => {
        const kept = { file: request.file, ...read, expires: Date.now() + KEEP_LISTED_MS }
        listed = kept
        setTimeout(() => {
          if (listed === kept) listed = undefined
        }, KEEP_LISTED_MS).unref()
      })
    case 'decodeText':
      return decodeCampaignImport(request.text)
  }
}
