// Hostile pictures and packs for tests, made in memory (no large files in the repository): the
// inputs of issues 26 and 27 that made the app hang, swell or accept garbage. A zlib stream of
// gigabytes of zeros is built from one small deflated chunk repeated (a sync-flushed chunk of
// zeros refers only to the zeros just before it, so it can follow itself any number of times).
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib'

const MIB = 1024 * 1024
let zeroChunk: Buffer | null = null

/** Raw deflate of one MiB of zeros, ending on a byte boundary, not final. */
function zeroMebibyte(): Buffer {
  zeroChunk ??= deflateRawSync(Buffer.alloc(MIB), {
    level: 9,
    finishFlush: constants.Z_SYNC_FLUSH,
  })
  return zeroChunk
}

/** A raw deflate stream of `mebibytes` MiB of zeros (and its final empty block). */
export function rawZeros(mebibytes: number): Buffer {
  const chunk = zeroMebibyte()
  const parts: Buffer[] = []
  for (let i = 0; i < mebibytes; i++) parts.push(chunk)
  // A final, empty fixed-Huffman block.
  parts.push(Buffer.from([0x03, 0x00]))
  return Buffer.concat(parts)
}

/** A zlib stream of `mebibytes` MiB of zeros, checksum included. */
export function zlibZeros(mebibytes: number): Buffer {
  const length = mebibytes * MIB
  const adler = (((length % 65521) << 16) | 1) >>> 0
  const trailer = Buffer.alloc(4)
  trailer.writeUInt32BE(adler)
  return Buffer.concat([Buffer.from([0x78, 0xda]), rawZeros(mebibytes), trailer])
}

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])))
  return Buffer.concat([head, data, crc])
}

/** A PNG of this header and these IDAT bytes (8-bit RGBA unless said otherwise). */
export function pngWith(
  width: number,
  height: number,
  idat: Uint8Array,
  { depth = 8, colourType = 6 }: { depth?: number; colourType?: number } = {},
): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([depth, colourType, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', new Uint8Array(0)),
  ])
}

/** Issue 26: a 2 MB PNG of 1 × 1 pixel whose image data inflates to 2 GB. */
export function onePixelPngInflatingTo2GB(): Buffer {
  return pngWith(1, 1, zlibZeros(2048))
}

/** Issue 27: a 6.25 MB PNG (1,000 × 1,000) whose image data inflates to about 6.4 GB. */
export function pngInflatingTo6GB(): Buffer {
  return pngWith(1000, 1000, zlibZeros(6150))
}

/** Issue 26: a 1 MB PNG of 16,384 × 16,384 pixels (grey: 256 MiB of zeros, honestly). */
export function png16384Squared(): Buffer {
  return pngWith(16_384, 16_384, zlibZeros(256), { colourType: 0 })
}

/** Issue 26: a 437 KB PNG that claims 60,000 × 60,000 pixels. */
export function pngClaiming60000Squared(): Buffer {
  return pngWith(60_000, 60_000, zlibZeros(430))
}

/** Issue 26: a PNG header (signature, IHDR) followed by no valid image data. */
export function pngHeaderWithoutData(): Buffer {
  const png = pngWith(64, 64, Buffer.from('not deflate data at all'))
  return png
}

/** Issue 27: an HTML page behind a PNG signature and header. */
export function htmlBehindPngHeader(): Buffer {
  const header = pngWith(64, 64, new Uint8Array(0)).subarray(0, 33)
  return Buffer.concat([
    header,
    Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  ])
}

/**
 * A whole, valid 64 × 64 PNG with an HTML page after its IEND chunk: a PNG / HTML polyglot, the
 * other way to put HTML behind a PNG header.
 */
export function htmlAfterPngEnd(): Buffer {
  const png = pngWith(64, 64, deflateSync(Buffer.alloc(64 * (1 + 64 * 4))))
  return Buffer.concat([
    png,
    Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  ])
}

/** Issue 27: a 34-byte WebP (lossless) that claims 16,384 × 16,384 pixels. */
export function tinyWebpClaiming16384Squared(): Buffer {
  const webp = Buffer.alloc(34)
  webp.write('RIFF', 0, 'latin1')
  webp.writeUInt32LE(26, 4)
  webp.write('WEBP', 8, 'latin1')
  webp.write('VP8L', 12, 'latin1')
  webp.writeUInt32LE(14, 16)
  webp[20] = 0x2f
  const bits = (16_383 | (16_383 << 14)) >>> 0
  webp.writeUInt32LE(bits, 21)
  return webp
}

/** Issue 27: a 1 MB JPEG whose frame claims 30,000 × 30,000 pixels in three components. */
export function jpegClaiming30000Squared(): Buffer {
  return jpegWithFrame(30_000, 30_000, MIB)
}

/** A baseline JPEG header (SOI, SOF0 with three 1×1-sampled components) padded to `bytes`. */
export function jpegWithFrame(width: number, height: number, bytes: number): Buffer {
  const sof = Buffer.from([
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    1,
    0x11,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ])
  const head = Buffer.concat([Buffer.from([0xff, 0xd8]), sof])
  return Buffer.concat([
    head,
    Buffer.alloc(Math.max(0, bytes - head.length - 2)),
    Buffer.from([0xff, 0xd9]),
  ])
}

export interface RawZipEntry {
  name: string
  /** The entry's data as stored in the zip (raw deflate when `method` is 8). */
  data: Uint8Array
  /** The size the directory announces. */
  size: number
  crc: number
  method: 0 | 8
  /** Sizes and CRC in a data descriptor after the data, as macOS and Java write zips. */
  descriptor?: boolean
  /** false: a local record the directory does not list (what a streaming unzip still sees). */
  listed?: boolean
  /** The name in the local header, when it is not the directory's. */
  localName?: string
  /** A directory entry only, pointing at this offset (into another entry's bytes). */
  at?: number
}

/** A stored (uncompressed) entry, honest about its size. */
export function storedEntry(name: string, bytes: Uint8Array): RawZipEntry {
  return { name, data: bytes, size: bytes.length, crc: crc32(bytes), method: 0 }
}

/** The local record of an entry: header, name, data and its descriptor if it has one. */
export function localRecord(entry: RawZipEntry): Buffer {
  const nameBytes = Buffer.from(entry.localName ?? entry.name, 'utf8')
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(entry.descriptor ? 8 : 0, 6)
  local.writeUInt16LE(entry.method, 8)
  if (!entry.descriptor) {
    local.writeUInt32LE(entry.crc, 14)
    local.writeUInt32LE(entry.data.length, 18)
    local.writeUInt32LE(entry.size, 22)
  }
  local.writeUInt16LE(nameBytes.length, 26)
  const parts = [local, nameBytes, Buffer.from(entry.data)]
  if (entry.descriptor) {
    const descriptor = Buffer.alloc(16)
    descriptor.writeUInt32LE(0x08074b50, 0)
    descriptor.writeUInt32LE(entry.crc, 4)
    descriptor.writeUInt32LE(entry.data.length, 8)
    descriptor.writeUInt32LE(entry.size, 12)
    parts.push(descriptor)
  }
  return Buffer.concat(parts)
}

/**
 * A zip written byte by byte (local records, central directory, end record), so it can say what
 * fflate never would: two entries of one name, a size that is a lie, a record the directory does
 * not list, a directory that disagrees with its records.
 */
export function rawZip(entries: readonly RawZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const nameBytes = Buffer.from(entry.name, 'utf8')
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(entry.descriptor ? 8 : 0, 8)
    central.writeUInt16LE(entry.method, 10)
    central.writeUInt32LE(entry.crc, 16)
    central.writeUInt32LE(entry.data.length, 20)
    central.writeUInt32LE(entry.size, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(entry.at ?? offset, 42)
    if (entry.listed !== false) directory.push(central, nameBytes)
    if (entry.at !== undefined) continue
    const record = localRecord(entry)
    locals.push(record)
    offset += record.length
  }
  const directoryBytes = Buffer.concat(directory)
  const listed = entries.filter((entry) => entry.listed !== false).length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(listed, 8)
  end.writeUInt16LE(listed, 10)
  end.writeUInt32LE(directoryBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directoryBytes, end])
}

/**
 * Issue 27: an entry that announces `announced` bytes but inflates to `mebibytes` MiB of zeros
 * (8 GB in an 8 MB pack: 8,192 MiB).
 */
export function lyingEntry(name: string, announced: number, mebibytes: number): RawZipEntry {
  return { name, data: rawZeros(mebibytes), size: announced, crc: 0, method: 8 }
}
