// A PNG decoder that keeps to the header's word: the image data is inflated into a buffer of
// exactly the size the header implies (every row of every pass, one filter byte each) and the
// first byte beyond it stops the inflater (bounded-inflate.ts). Chunks are read strictly (lengths
// inside the file, CRCs checked, IHDR first, IEND present and last, no unknown critical chunk), so
// text or HTML behind a PNG signature, or after a whole PNG, is refused rather than half-decoded.
// Ancillary chunks are skipped unread: a compressed colour profile is never inflated. The result
// is 8-bit RGBA.
import { crc32 } from 'node:zlib'
import { inflateExactly, InflateError } from './bounded-inflate'
import { ADAM7, pngBitsPerPixel, pngRawBytes } from '@core/art/picture-budget'
import { PNG_SIGNATURE } from '@core/art/image-info'
import type { Rgba } from './rgba'

export class PngError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PngError'
  }
}

/** Bit depths each colour type may have (PNG specification, 11.2.2). */
const DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
}

interface PngParts {
  width: number
  height: number
  depth: number
  colourType: number
  interlaced: boolean
  palette: Uint8Array | null
  /** Palette alpha (one per entry), or the transparent grey / RGB sample values. */
  transparency: Uint8Array | null
  data: Uint8Array[]
}

export async function decodePng(bytes: Uint8Array): Promise<Rgba> {
  const parts = readChunks(bytes)
  const size = pngRawBytes(parts)
  let raw: Uint8Array
  try {
    raw = await inflateExactly(parts.data, size, 'zlib')
  } catch (error) {
    if (error instanceof InflateError)
      throw new PngError(
        error.reason === 'beyond'
          ? `Its image data inflates to more than the ${size} bytes a ${parts.width} × ${parts.height} picture holds.`
          : `Its image data is damaged (${error.message})`,
      )
    throw error
  }
  return toRgba(parts, raw)
}

function readChunks(bytes: Uint8Array): PngParts {
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) throw new PngError('It is not a PNG.')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let header: Omit<PngParts, 'palette' | 'transparency' | 'data'> | null = null
  let palette: Uint8Array | null = null
  let transparency: Uint8Array | null = null
  const data: Uint8Array[] = []
  let dataEnded = false
  let at = 8
  for (;;) {
    if (at + 12 > bytes.length) throw new PngError('It ends before its IEND chunk.')
    const length = view.getUint32(at)
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    if (!/^[A-Za-z]{4}$/.test(type)) throw new PngError('A chunk has no valid type.')
    if (length > bytes.length - at - 12) throw new PngError(`Its ${type} chunk runs past the end.`)
    const body = bytes.subarray(at + 8, at + 8 + length)
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length))
      throw new PngError(`Its ${type} chunk is damaged (CRC).`)
    at += 12 + length
    if (!header && type !== 'IHDR') throw new PngError('It does not start with IHDR.')
    if (data.length > 0 && type !== 'IDAT') dataEnded = true
    switch (type) {
      case 'IHDR':
        if (header) throw new PngError('It has two IHDR chunks.')
        header = readHeader(body)
        break
      case 'PLTE':
        if (length % 3 !== 0 || length === 0 || length / 3 > 256 || data.length > 0)
          throw new PngError('Its palette is malformed.')
        palette = body
        break
      case 'tRNS':
        transparency = body
        break
      case 'IDAT':
        if (dataEnded) throw new PngError('Its image data is split by other chunks.')
        data.push(body)
        break
      case 'IEND':
        if (!header || data.length === 0) throw new PngError('It has no image data.')
        // A PNG ends here: bytes after it (an HTML page, another file) make a polyglot, refused.
        if (length !== 0 || at !== bytes.length)
          throw new PngError('It goes on after its IEND chunk.')
        if (header.colourType === 3 && !palette) throw new PngError('It has no palette.')
        return { ...header, palette, transparency, data }
      default:
        // A critical chunk (upper-case first letter) this decoder does not know must not be skipped.
        if (type.charCodeAt(0) < 97) throw new PngError(`It needs a ${type} chunk, unsupported.`)
    }
  }
}

function readHeader(body: Uint8Array): Omit<PngParts, 'palette' | 'transparency' | 'data'> {
  if (body.length !== 13) throw new PngError('Its IHDR chunk is malformed.')
  const view = new DataView(body.buffer, body.byteOffset, 13)
  const width = view.getUint32(0)
  const height = view.getUint32(4)
  const [depth, colourType, compression, filter, interlace] = body.subarray(8, 13)
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff)
    throw new PngError('Its size is invalid.')
  if (!DEPTHS[colourType]?.includes(depth))
    throw new PngError(`Colour type ${colourType} with ${depth}-bit samples is not PNG.`)
  if (compression !== 0 || filter !== 0 || interlace > 1)
    throw new PngError('It uses an unknown compression, filter or interlace method.')
  return { width, height, depth, colourType, interlaced: interlace === 1 }
}

function toRgba(png: PngParts, raw: Uint8Array): Rgba {
  const { width, height, colourType, depth } = png
  const bits = pngBitsPerPixel(colourType, depth)
  const filterStep = Math.max(1, bits >> 3)
  if (!png.interlaced && colourType === 6 && depth === 8) {
    // The common case converts in place: unfilter, then close the gaps of the filter bytes.
    unfilter(raw, 0, width * 4, height, 4)
    for (let y = 0; y < height; y++)
      raw.copyWithin(y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1))
    return { width, height, data: raw.subarray(0, width * height * 4) }
  }
  const out = new Uint8Array(width * height * 4)
  const pixel = samplesToRgba(png)
  const passes = png.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const)
  let at = 0
  for (const [x0, y0, dx, dy] of passes) {
    const passWidth = Math.ceil((width - x0) / dx)
    const passHeight = Math.ceil((height - y0) / dy)
    if (passWidth <= 0 || passHeight <= 0) continue
    const rowBytes = Math.ceil((passWidth * bits) / 8)
    unfilter(raw, at, rowBytes, passHeight, filterStep)
    for (let py = 0; py < passHeight; py++) {
      const row = raw.subarray(at + py * (rowBytes + 1) + 1, at + (py + 1) * (rowBytes + 1))
      const y = y0 + py * dy
      for (let px = 0; px < passWidth; px++) pixel(row, px, out, (y * width + x0 + px * dx) * 4)
    }
    at += passHeight * (rowBytes + 1)
  }
  return { width, height, data: out }
}

/** Undoes the per-row filters (PNG specification, 9.2) in place, rows of `rowBytes` after a filter byte. */
function unfilter(
  raw: Uint8Array,
  start: number,
  rowBytes: number,
  rows: number,
  bpp: number,
): void {
  for (let y = 0; y < rows; y++) {
    const line = start + y * (rowBytes + 1)
    const filter = raw[line]
    const row = line + 1
    const prior = row - (rowBytes + 1)
    const hasPrior = y > 0
    switch (filter) {
      case 0:
        break
      case 1:
        for (let i = bpp; i < rowBytes; i++)
          raw[row + i] = (raw[row + i] + raw[row + i - bpp]) & 255
        break
      case 2:
        if (hasPrior)
          for (let i = 0; i < rowBytes; i++) raw[row + i] = (raw[row + i] + raw[prior + i]) & 255
        break
      case 3:
        for (let i = 0; i < rowBytes; i++) {
          const left = i >= bpp ? raw[row + i - bpp] : 0
          const up = hasPrior ? raw[prior + i] : 0
          raw[row + i] = (raw[row + i] + ((left + up) >> 1)) & 255
        }
        break
      case 4:
        for (let i = 0; i < rowBytes; i++) {
          const a = i >= bpp ? raw[row + i - bpp] : 0
          const b = hasPrior ? raw[prior + i] : 0
          const c = i >= bpp && hasPrior ? raw[prior + i - bpp] : 0
          const p = a + b - c
          const pa = Math.abs(p - a)
          const pb = Math.abs(p - b)
          const pc = Math.abs(p - c)
          const predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
          raw[row + i] = (raw[row + i] + predictor) & 255
        }
        break
      default:
        throw new PngError(`Row ${y} has an unknown filter (${filter}).`)
    }
  }
}

type PixelWriter = (row: Uint8Array, x: number, out: Uint8Array, o: number) => void

/** Reads pixel x of an unfiltered row and writes it as RGBA at out[o]. */
function samplesToRgba(png: PngParts): PixelWriter {
  const { depth, colourType, palette, transparency } = png
  const sample = sampleReader(depth)
  const to8 = depth === 16 ? (v: number) => v >> 8 : (v: number) => (v * 255) / ((1 << depth) - 1)
  const channels = pngBitsPerPixel(colourType, depth) / depth
  const key16 = (i: number): number =>
    transparency && transparency.length >= 2 * (i + 1)
      ? (transparency[2 * i] << 8) | transparency[2 * i + 1]
      : -1
  switch (colourType) {
    case 3:
      return (row, x, out, o) => {
        const index = sample(row, x)
        if (3 * index + 2 >= palette!.length)
          throw new PngError('A pixel names a colour its palette lacks.')
        out[o] = palette![3 * index]
        out[o + 1] = palette![3 * index + 1]
        out[o + 2] = palette![3 * index + 2]
        out[o + 3] = transparency && index < transparency.length ? transparency[index] : 255
      }
    case 0: {
      const key = key16(0)
      return (row, x, out, o) => {
        const v = sample(row, x)
        out[o] = out[o + 1] = out[o + 2] = to8(v)
        out[o + 3] = v === key ? 0 : 255
      }
    }
    case 2: {
      const keys = [key16(0), key16(1), key16(2)]
      return (row, x, out, o) => {
        const r = sample(row, 3 * x)
        const g = sample(row, 3 * x + 1)
        const b = sample(row, 3 * x + 2)
        out[o] = to8(r)
        out[o + 1] = to8(g)
        out[o + 2] = to8(b)
        out[o + 3] = r === keys[0] && g === keys[1] && b === keys[2] ? 0 : 255
      }
    }
    default: {
      // 4 (grey + alpha) and 6 (RGBA).
      const grey = colourType === 4
      return (row, x, out, o) => {
        const s = channels * x
        if (grey) {
          out[o] = out[o + 1] = out[o + 2] = to8(sample(row, s))
          out[o + 3] = to8(sample(row, s + 1))
        } else {
          out[o] = to8(sample(row, s))
          out[o + 1] = to8(sample(row, s + 1))
          out[o + 2] = to8(sample(row, s + 2))
          out[o + 3] = to8(sample(row, s + 3))
        }
      }
    }
  }
}

/** Sample i of a row at this bit depth (1–16). */
function sampleReader(depth: number): (row: Uint8Array, i: number) => number {
  if (depth === 8) return (row, i) => row[i]
  if (depth === 16) return (row, i) => (row[2 * i] << 8) | row[2 * i + 1]
  const perByte = 8 / depth
  const mask = (1 << depth) - 1
  return (row, i) => (row[Math.floor(i / perByte)] >> (8 - depth * ((i % perByte) + 1))) & mask
}
