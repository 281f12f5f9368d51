// The art worker: decodes map pictures, builds the players' grid-aligned copy and encodes masked
// tiles, so main's event loop (pages, sockets, the player view) never waits on pixels.
import { parentPort } from 'node:worker_threads'
import { decodeImage } from './decode'
import { buildArtBase, encodeTilePng, maskedTile, type ArtBase } from './player-art'
import type { ArtWorkerRequest, ArtWorkerResponse } from './art-worker-protocol'

/** Bases kept in memory, newest last; a few maps' worth. */
const MAX_BASES = 4
const bases = new Map<string, ArtBase>()

async function answer(request: ArtWorkerRequest): Promise<ArtWorkerResponse> {
  switch (request.op) {
    case 'base': {
      const image = await decodeImage(request.bytes, request.type)
      const base = buildArtBase(image, request.align, request.mapWidth, request.mapHeight)
      bases.delete(request.key)
      bases.set(request.key, base)
      while (bases.size > MAX_BASES) bases.delete(bases.keys().next().value as string)
      return { id: request.id, ok: true, squarePx: base.squarePx }
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
    case 'probe': {
      const image = await decodeImage(request.bytes, request.type)
      if (image.data.length < image.width * image.height * 4)
        throw new Error('the picture is cut short')
      return { id: request.id, ok: true }
    }
  }
}

parentPort?.on('message', (request: ArtWorkerRequest) => {
  answer(request).then(
    (response) =>
      parentPort?.postMessage(
        response,
        response.ok && response.png ? [response.png.buffer as ArrayBuffer] : [],
      ),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies ArtWorkerResponse),
  )
})
