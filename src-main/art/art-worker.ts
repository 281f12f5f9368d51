// The tile worker: keeps the players' grid-aligned copies of map art (built on a decode worker,
// picture-decoder.ts) and encodes masked tiles from them, so main's event loop (pages, sockets,
// the player view) never waits on pixels. It never decodes a picture: its memory is the copies it
// keeps, at most MAX_BASE_BYTES of them.
import { parentPort } from 'node:worker_threads'
import { encodeTilePng, maskedTile, type ArtBase } from './player-art'
import type { ArtWorkerRequest, ArtWorkerResponse } from './art-worker-protocol'

/** Copies kept, newest last: a few maps' worth, and never more bytes than this. */
const MAX_BASES = 4
const MAX_BASE_BYTES = 320 * 1024 * 1024
const bases = new Map<string, ArtBase>()

function keptBytes(): number {
  let total = 0
  for (const base of bases.values()) total += base.data.byteLength
  return total
}

function answer(request: ArtWorkerRequest): ArtWorkerResponse {
  switch (request.op) {
    case 'keep': {
      const { key, squarePx, mapWidth, mapHeight, data } = request
      bases.delete(key)
      bases.set(key, { squarePx, mapWidth, mapHeight, data })
      while (bases.size > MAX_BASES || (bases.size > 1 && keptBytes() > MAX_BASE_BYTES))
        bases.delete(bases.keys().next().value as string)
      return { id: request.id, ok: true }
    }
    case 'tile': {
      const base = bases.get(request.key)
      if (!base) return { id: request.id, ok: false, message: 'base-missing' }
      return {
        id: request.id,
        ok: true,
        png: encodeTilePng(maskedTile(base, request.tile, request.mask)),
      }
    }
  }
}

parentPort?.on('message', (request: ArtWorkerRequest) => {
  let response: ArtWorkerResponse
  try {
    response = answer(request)
  } catch (error) {
    response = {
      id: request.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    }
  }
  parentPort?.postMessage(
    response,
    response.ok && response.png ? [response.png.buffer as ArrayBuffer] : [],
  )
})
