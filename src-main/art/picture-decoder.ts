// Main's side of picture decoding: the header and the budget are checked here, at once and without
// decoding; the decode itself runs on a decode worker (decode-worker.ts) that ends after any large
// job and whenever it is idle (job-worker.ts). All decodes of the app share one runner, so they
// run one after another and their memory never adds up.
import type { Worker } from 'node:worker_threads'
import { spawnModuleWorker } from '../worker-spawn'
import { base64Text } from './base64'
import { admitPicture } from './decode'
import type { DecodeJob, DecodeResult } from './decode-protocol'
import { pictureHeader, type ImageInfo, type ImageType } from '@core/art/image-info'
import { createJobRunner, JobError, type JobRunner } from './job-worker'
import {
  checkPictureBudget,
  decodeMemory,
  DECODE_MEMORY_BUDGET,
  type PictureUse,
} from '@core/art/picture-budget'
import { isPictureErrorCode, PictureError } from '@core/art/picture-error'
import { artBaseBytes, type ArtAlignment, type ArtBase } from './player-art'

export interface CheckedBytes {
  info: ImageInfo
  hash: string
  bytes: Uint8Array
}

export interface PictureDecoder {
  /**
   * The picture's type, size and hash if this use may keep it: a PNG, JPEG or WebP within the
   * budget that decodes in full to its header's size. Throws a PictureError otherwise. Base64
   * text is decoded on the worker (a 40 MB picture's text would hold main up for half a second).
   */
  check(source: Uint8Array | string, use: PictureUse): Promise<CheckedBytes>
  /** The players' grid-aligned copy of map art (player-art.ts), decoded within the budget. */
  base(
    bytes: Uint8Array,
    type: ImageType,
    align: ArtAlignment,
    mapWidth: number,
    mapHeight: number,
  ): Promise<ArtBase>
  /** The runner, for tests that count workers. */
  readonly runner: JobRunner<DecodeJob, DecodeResult>
  dispose(): Promise<void>
}

/**
 * A decode needing more than this (the inflater's 64 MB of slack included) ends its worker at
 * once when done; smaller ones (token pictures, small maps) share a worker until it is idle.
 */
export const LARGE_DECODE_BYTES = 96 * 1024 * 1024

/**
 * Worker heap limit: jpeg-js keeps each 8×8 block as its own object, so a JPEG at the budget
 * needs a heap of about the budget; anything beyond stops the worker.
 */
const WORKER_LIMITS = {
  maxOldGenerationSizeMb: DECODE_MEMORY_BUDGET / (1024 * 1024),
  maxYoungGenerationSizeMb: 64,
  stackSizeMb: 4,
}

export function spawnDecodeWorker(): Worker {
  return spawnModuleWorker(import.meta.url, 'decode-worker.js', 'decode-worker.ts', WORKER_LIMITS)
}

export function createPictureDecoder(spawn: () => Worker = spawnDecodeWorker): PictureDecoder {
  const runner = createJobRunner<DecodeJob, DecodeResult>(spawn)

  async function run(job: DecodeJob, memory: number): Promise<DecodeResult> {
    const moved = job.op === 'base' ? [job.bytes.buffer, job.output.buffer] : [job.source.buffer]
    try {
      return await runner.run(job, {
        transfer: moved as ArrayBuffer[],
        large: memory > LARGE_DECODE_BYTES,
      })
    } catch (error) {
      if (error instanceof JobError && isPictureErrorCode(error.code))
        throw new PictureError(error.code, error.message)
      throw new PictureError(
        'asset-undecodable',
        `The picture could not be decoded: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }

  return {
    runner,
    async check(source, use) {
      if (typeof source === 'string') {
        // The header, from the first bytes, refuses a hostile picture before a worker starts.
        const header = pictureHeader(base64Prefix(source))
        if (header) checkPictureBudget(header, 0, use)
        const result = await run(
          { op: 'check', source: base64Text(source), base64: true, use },
          header ? decodeMemory(header, (source.length * 3) / 4) : Infinity,
        )
        if (result.op !== 'check' || !result.bytes)
          throw new PictureError('asset-undecodable', 'The picture was not checked.')
        return { info: result.info, hash: result.hash, bytes: result.bytes }
      }
      const header = admitPicture(source, use)
      // The worker gets its own copy: the caller still writes these bytes.
      const result = await run(
        { op: 'check', source: new Uint8Array(source), base64: false, use },
        decodeMemory(header, source.byteLength),
      )
      if (result.op !== 'check') throw new PictureError('asset-undecodable', 'Not checked.')
      return { info: result.info, hash: result.hash, bytes: source }
    },
    async base(bytes, type, align, mapWidth, mapHeight) {
      const header = admitPicture(bytes, 'map', type)
      const copy = new Uint8Array(bytes)
      const output = new Uint8Array(artBaseBytes(align.pixelsPerSquare, mapWidth, mapHeight))
      const result = await run(
        { op: 'base', bytes: copy, type, use: 'map', align, mapWidth, mapHeight, output },
        decodeMemory(header, bytes.byteLength),
      )
      if (result.op !== 'base') throw new PictureError('asset-undecodable', 'No base was built.')
      return { squarePx: result.squarePx, mapWidth, mapHeight, data: result.data }
    },
    dispose: () => runner.dispose(),
  }
}

/** The first bytes of a base64 picture (up to 192 KB: a JPEG's size may follow its EXIF data). */
function base64Prefix(text: string): Uint8Array {
  const body = text.slice(text.startsWith('data:') ? text.indexOf(',') + 1 : 0, 262_144 + 1024)
  const clean = body.replace(/[^A-Za-z0-9+/]/g, '')
  return Buffer.from(clean.slice(0, clean.length - (clean.length % 4)), 'base64')
}

let shared: PictureDecoder | null = null

/** The app's one decoder: every store and the players' art share it, one decode at a time. */
export function sharedPictureDecoder(): PictureDecoder {
  shared ??= createPictureDecoder()
  return shared
}
