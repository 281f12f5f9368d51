// Decodes a stored picture to 8-bit RGBA in plain JavaScript / WebAssembly, so main can cut the
// players' copy of map art without a browser: PNG with the app's own bounded decoder
// (png-decode.ts), JPEG with jpeg-js, WebP with libwebp compiled to wasm (@jsquash/webp). Every
// decode is first judged from the header against the picture budget (picture-budget.ts) and must
// give exactly the size its header announced. Runs on the decode worker (decode-worker.ts), never
// on the thread that answers pages.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import jpeg from 'jpeg-js'
import { pictureHeader, type ImageType, type PictureHeader } from '@core/art/image-info'
import {
  checkFileSize,
  checkPictureBudget,
  DECODE_MEMORY_BUDGET,
  PICTURE_LIMITS,
  type PictureUse,
} from '@core/art/picture-budget'
import { PictureError } from '@core/art/picture-error'
import { decodePng } from './png-decode'
import type { Rgba } from './rgba'

/**
 * The picture's header, if it is a PNG, JPEG or WebP (of `type`, when given) that this use may
 * decode; throws a PictureError otherwise.
 */
export function admitPicture(bytes: Uint8Array, use: PictureUse, type?: ImageType): PictureHeader {
  // The size first: a 2 GB "picture" is refused without a look inside.
  checkFileSize(bytes.byteLength, use)
  const header = pictureHeader(bytes)
  if (!header || (type && header.type !== type))
    throw new PictureError('asset-not-image', 'The file is not a PNG, JPEG or WebP picture.')
  checkPictureBudget(header, bytes.byteLength, use)
  return header
}

/** Decodes within the budget, or throws; the result has exactly the header's size. */
export async function decodeImage(
  bytes: Uint8Array,
  type: ImageType,
  use: PictureUse = 'map',
): Promise<Rgba> {
  const header = admitPicture(bytes, use, type)
  let image: Rgba
  try {
    image = await decodeAdmitted(bytes, header, use)
  } catch (error) {
    if (error instanceof PictureError) throw error
    throw new PictureError(
      'asset-undecodable',
      `The ${type.toUpperCase()} does not decode: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (
    image.width !== header.width ||
    image.height !== header.height ||
    image.data.length !== image.width * image.height * 4
  )
    throw new PictureError(
      'asset-undecodable',
      'The picture decodes to another size than its header says.',
    )
  return image
}

async function decodeAdmitted(
  bytes: Uint8Array,
  header: PictureHeader,
  use: PictureUse,
): Promise<Rgba> {
  switch (header.type) {
    case 'png':
      return decodePng(bytes)
    case 'jpeg': {
      const image = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        tolerantDecoding: false,
        maxResolutionInMP: PICTURE_LIMITS[use].maxPixels / 1e6,
        maxMemoryUsageInMB: DECODE_MEMORY_BUDGET / (1024 * 1024),
      })
      return { width: image.width, height: image.height, data: image.data }
    }
    case 'webp':
      return decodeWebp(bytes)
  }
}

let webpReady: Promise<
  (buffer: ArrayBuffer) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>
> | null = null

/** libwebp's decoder, its wasm read from the package (no fetch: there is no network here). */
function webpDecoder() {
  webpReady ??= (async () => {
    const require = createRequire(import.meta.url)
    const wasmFile = require.resolve('@jsquash/webp/codec/dec/webp_dec.wasm')
    const module = await WebAssembly.compile(await readFile(wasmFile))
    const decoder = await import('@jsquash/webp/decode.js')
    await decoder.init(module)
    return decoder.default
  })()
  return webpReady
}

async function decodeWebp(bytes: Uint8Array): Promise<Rgba> {
  const decode = await webpDecoder()
  const copy = bytes.slice().buffer
  const image = await decode(copy)
  return {
    width: image.width,
    height: image.height,
    data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
  }
}
