// Test pictures in WebP, encoded with libwebp (the @jsquash/webp encoder, its wasm read from the
// package: there is no network here).
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

type Encode = (typeof import('@jsquash/webp/encode.js'))['default']

let encoder: Promise<Encode> | null = null

function webpEncoder(): Promise<Encode> {
  encoder ??= (async () => {
    const require = createRequire(import.meta.url)
    const wasm = await WebAssembly.compile(
      await readFile(require.resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm')),
    )
    const module = await import('@jsquash/webp/encode.js')
    await module.init(wasm)
    return module.default
  })()
  return encoder
}

/** RGBA pixels as a WebP file, lossless or lossy. */
export async function encodeWebp(
  rgba: Uint8Array,
  width: number,
  height: number,
  lossless: boolean,
): Promise<Uint8Array> {
  const encode = await webpEncoder()
  const data = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.byteLength)
  // The encoder reads only these three fields of an ImageData (there is none in Node).
  const image = { data, width, height, colorSpace: 'srgb' } as ImageData
  return new Uint8Array(await encode(image, { lossless: lossless ? 1 : 0 }))
}
