// Decodes a stored picture to 8-bit RGBA in plain JavaScript / WebAssembly, so main can cut the
// players' copy of map art without a browser: PNG with fast-png, JPEG with jpeg-js, WebP with
// libwebp compiled to wasm (@jsquash/webp). Runs on the art worker (art-worker.ts), never on the
// thread that answers pages.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { convertIndexedToRgb, decode as decodePngFile } from 'fast-png'
import jpeg from 'jpeg-js'
import type { ImageType } from './image-info'

export interface Rgba {
  width: number
  height: number
  /** width × height × 4 bytes, row by row. */
  data: Uint8Array
}

/** The largest picture decoded (in pixels): 16,384² is far beyond any battle map export. */
export const MAX_DECODED_PIXELS = 16_384 * 16_384

export async function decodeImage(bytes: Uint8Array, type: ImageType): Promise<Rgba> {
  if (type === 'png') return decodePng(bytes)
  if (type === 'jpeg') {
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_DECODED_PIXELS / 1e6,
      maxMemoryUsageInMB: 4096,
    })
    return { width: image.width, height: image.height, data: image.data }
  }
  return decodeWebp(bytes)
}

function decodePng(bytes: Uint8Array): Rgba {
  const png = decodePngFile(bytes)
  const { width, height } = png
  if (width * height > MAX_DECODED_PIXELS)
    throw new Error(`The picture is too large to decode (${width} × ${height}).`)
  if (png.palette) {
    const rgb = convertIndexedToRgb(png)
    return expand(width, height, rgb, png.palette[0].length, 8)
  }
  return expand(width, height, png.data, png.channels, png.depth)
}

/** Any PNG sample layout (grey, grey + alpha, RGB, RGBA; 1–16 bits) to 8-bit RGBA. */
function expand(
  width: number,
  height: number,
  data: ArrayLike<number>,
  channels: number,
  depth: number,
): Rgba {
  const out = new Uint8Array(width * height * 4)
  const scale = depth === 16 ? 1 / 257 : depth < 8 ? 255 / ((1 << depth) - 1) : 1
  const sample = (i: number): number => Math.round(data[i] * scale)
  for (let p = 0; p < width * height; p++) {
    const s = p * channels
    const o = p * 4
    if (channels <= 2) {
      const grey = sample(s)
      out[o] = out[o + 1] = out[o + 2] = grey
      out[o + 3] = channels === 2 ? sample(s + 1) : 255
    } else {
      out[o] = sample(s)
      out[o + 1] = sample(s + 1)
      out[o + 2] = sample(s + 2)
      out[o + 3] = channels === 4 ? sample(s + 3) : 255
    }
  }
  return { width, height, data: out }
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
