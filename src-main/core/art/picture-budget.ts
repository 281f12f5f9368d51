// What the app agrees to decode (issues 26 and 27): a picture is judged from its header before a
// single pixel is decoded. A side over the limit, too many pixels, or a decode whose peak memory
// (worked out per format from the header: how each decoder lays out its buffers) would pass the
// memory budget is refused with a code. The decoders then hold themselves to the header's promise
// (png-decode.ts never inflates past the size the header implies), so a small file cannot make a
// big decode.
import { MAX_ASSET_BYTES, MAX_TOKEN_PICTURE_BYTES } from './asset-limits'
import type { PictureHeader } from './image-info'
import { PictureError } from './picture-error'

/** What a picture is for: map art (map pictures, Universal VTT pictures) or a token's picture. */
export type PictureUse = 'map' | 'token'

export interface PictureLimits {
  /** Largest file, in bytes. */
  maxBytes: number
  /** Longest side, in pixels. */
  maxSide: number
  /** Most pixels (width × height). */
  maxPixels: number
}

export const PICTURE_LIMITS: Record<PictureUse, PictureLimits> = {
  map: { maxBytes: MAX_ASSET_BYTES, maxSide: 16_384, maxPixels: 100_000_000 },
  token: { maxBytes: MAX_TOKEN_PICTURE_BYTES, maxSide: 4_096, maxPixels: 4_096 * 4_096 },
}

/** The most memory one decode may need at its peak (1 GiB). */
export const DECODE_MEMORY_BUDGET = 1024 * 1024 * 1024

/** Refuses, by its header alone, a picture this use may not decode. */
export function checkPictureBudget(
  header: PictureHeader,
  fileBytes: number,
  use: PictureUse,
): void {
  const limits = PICTURE_LIMITS[use]
  checkFileSize(fileBytes, use)
  const { width, height } = header
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels)
    throw new PictureError(
      'asset-too-many-pixels',
      `The picture is ${width} × ${height} pixels; the limit is ${limits.maxSide} a side and ` +
        `${limits.maxPixels / 1e6} million pixels.`,
    )
  const memory = decodeMemory(header, fileBytes)
  if (memory > DECODE_MEMORY_BUDGET)
    throw new PictureError(
      'asset-over-memory',
      `Decoding this ${width} × ${height} ${header.type.toUpperCase()} would take ` +
        `${megabytes(memory)} MB; the limit is ${megabytes(DECODE_MEMORY_BUDGET)} MB.`,
    )
}

export function checkFileSize(fileBytes: number, use: PictureUse): void {
  const { maxBytes } = PICTURE_LIMITS[use]
  if (fileBytes > maxBytes)
    throw new PictureError(
      'asset-too-large',
      `The picture is ${megabytes(fileBytes)} MB; the limit is ${megabytes(maxBytes)} MB.`,
    )
}

/**
 * The peak memory of decoding the picture to RGBA with this app's decoders, in bytes: the file,
 * what the decoder keeps while it works, and the RGBA result.
 */
export function decodeMemory(header: PictureHeader, fileBytes: number): number {
  const pixels = header.width * header.height
  switch (header.type) {
    case 'png': {
      const raw = pngRawBytes(header)
      // 8-bit RGBA is unfiltered in place and becomes the result itself (png-decode.ts).
      const inPlace = header.colourType === 6 && header.depth === 8 && !header.interlaced
      return fileBytes + raw + (inPlace ? 0 : pixels * 4) + INFLATE_SLACK
    }
    case 'jpeg':
      return fileBytes + jpegDecoderBytes(header) + pixels * 4
    case 'webp':
      // libwebp's own buffers inside the WebAssembly memory (a lossless picture keeps a 32-bit
      // pixel per pixel besides the RGBA output), the copy out of it, and the memory's growth.
      return 2 * fileBytes + pixels * (header.lossless ? 12 : 10) + WEBP_MEMORY_SLACK
  }
}

/**
 * The inflater hands out its output in chunks that are copied into place and left for the
 * garbage collector, which lets up to this much pile up (measured: 8,000² RGBA peaked 33 MB over
 * its 256 MB of pixels).
 */
const INFLATE_SLACK = 64 * 1024 * 1024

/** WebAssembly memory grows in steps and never gives back: room for one step. */
const WEBP_MEMORY_SLACK = 64 * 1024 * 1024

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

/** Adam7: the seven passes' first column and row and their steps. */
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const

/** Bits per pixel of a PNG's samples (0 for a colour type the format does not have). */
export function pngBitsPerPixel(colourType: number, depth: number): number {
  return (PNG_CHANNELS[colourType] ?? 0) * depth
}

/** The size a PNG's image data inflates to: every row of every pass with its filter byte. */
export function pngRawBytes(header: {
  width: number
  height: number
  depth: number
  colourType: number
  interlaced: boolean
}): number {
  const bits = pngBitsPerPixel(header.colourType, header.depth)
  const rowBytes = (width: number): number => Math.ceil((width * bits) / 8)
  if (!header.interlaced) return header.height * (1 + rowBytes(header.width))
  let total = 0
  for (const [x0, y0, dx, dy] of ADAM7) {
    const width = Math.ceil((header.width - x0) / dx)
    const height = Math.ceil((header.height - y0) / dy)
    if (width > 0 && height > 0) total += height * (1 + rowBytes(width))
  }
  return total
}

/**
 * jpeg-js keeps every 8×8 block of every component as its own Int32Array (256 bytes of samples
 * and twice as much again for the objects and allocations around them: measured, a 3,000² 4:4:4
 * JPEG peaked at 42 bytes a pixel), one byte per sample of each component once the blocks are
 * turned into lines, and the interleaved samples before RGBA.
 */
function jpegDecoderBytes(header: Extract<PictureHeader, { type: 'jpeg' }>): number {
  const maxH = Math.max(1, ...header.components.map((c) => c.h))
  const maxV = Math.max(1, ...header.components.map((c) => c.v))
  const mcusPerLine = Math.ceil(header.width / 8 / maxH)
  const mcusPerColumn = Math.ceil(header.height / 8 / maxV)
  let bytes = header.width * header.height * header.components.length
  for (const component of header.components) {
    const blocks = mcusPerLine * component.h * mcusPerColumn * component.v
    bytes += blocks * JPEG_BLOCK_BYTES
  }
  return bytes
}

const JPEG_BLOCK_BYTES = 768

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')
}
