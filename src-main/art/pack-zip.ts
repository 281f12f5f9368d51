// Reading a campaign pack's zip without trusting it: the central directory is parsed strictly
// (one disk, no ZIP64, no encryption, stored or deflated entries only, every entry's data inside
// the file), and an entry is inflated only when asked for, as a stream with a byte counter that
// stops at the size the directory announced (bounded-inflate.ts). An entry announcing 100 bytes
// that would inflate to 8 GB costs one chunk of work. Its CRC is checked too.
//
// The directory must also agree with the records it lists, and they must fill the file: each
// local record names the file its directory entry names, with the same method, and the records
// follow one another from the first byte to the directory with nothing between them and nothing
// shared. Another tool (a streaming unzip reads the records, not the directory) then sees exactly
// the entries this reader sees: no second campaign.json hidden between records, no entry inside
// another's bytes, no record named `../x` behind a harmless directory name.
import { crc32 } from 'node:zlib'
import { inflateExactly, InflateError } from './bounded-inflate'
import { PackError } from './pack-error'

export interface ZipEntry {
  name: string
  method: 0 | 8
  crc: number
  compressedSize: number
  size: number
  /** Where the entry's local header starts. */
  localOffset: number
}

/** More entries than any pack the app writes could need (the app writes one per picture). */
export const MAX_PACK_ENTRIES = 100_000

const END_OF_DIRECTORY = 0x06054b50
const DIRECTORY_ENTRY = 0x02014b50
const LOCAL_HEADER = 0x04034b50

function unreadable(why: string): PackError {
  return new PackError('pack-unreadable', `The file is not a readable campaign pack: ${why}.`)
}

/** The zip's central directory, in order. */
export function readZipDirectory(zip: Uint8Array): ZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  let end = -1
  // The end record is 22 bytes plus a comment of at most 65,535.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at
      break
    }
  }
  if (end < 0) throw unreadable('no zip directory')
  const disk = view.getUint16(end + 4, true)
  const directoryDisk = view.getUint16(end + 6, true)
  const count = view.getUint16(end + 10, true)
  const directorySize = view.getUint32(end + 12, true)
  const directoryOffset = view.getUint32(end + 16, true)
  if (disk !== 0 || directoryDisk !== 0) throw unreadable('a zip split over several files')
  if (count === 0xffff || directoryOffset === 0xffffffff) throw unreadable('a ZIP64 archive')
  if (count > MAX_PACK_ENTRIES) throw unreadable(`more than ${MAX_PACK_ENTRIES} entries`)
  if (directoryOffset + directorySize > end) throw unreadable('its directory runs past its end')
  const entries: ZipEntry[] = []
  let at = directoryOffset
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY)
      throw unreadable('a damaged directory')
    const flags = view.getUint16(at + 8, true)
    const method = view.getUint16(at + 10, true)
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    if (flags & 1) throw unreadable('an encrypted entry')
    if (method !== 0 && method !== 8) throw unreadable(`an entry compressed by method ${method}`)
    const next = at + 46 + nameLength + extraLength + commentLength
    if (next > end) throw unreadable('a damaged directory')
    const entry: ZipEntry = {
      name: Buffer.from(zip.subarray(at + 46, at + 46 + nameLength)).toString('utf8'),
      method,
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    }
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff)
      throw unreadable('a ZIP64 entry')
    entries.push(entry)
    at = next
  }
  if (at !== directoryOffset + directorySize || at !== end)
    throw unreadable('its directory does not end where it says')
  checkRecords(zip, entries, directoryOffset)
  return entries
}

const DATA_DESCRIPTOR = 0x08074b50

/** The records the directory lists fill the file up to the directory, each as it says (see top). */
function checkRecords(
  zip: Uint8Array,
  entries: readonly ZipEntry[],
  directoryOffset: number,
): void {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset)
  let expected = 0
  for (const entry of byOffset) {
    const at = entry.localOffset
    if (at > expected) throw unreadable('it holds bytes its directory does not list')
    if (at < expected) throw unreadable('two of its entries share bytes')
    if (at + 30 > directoryOffset || view.getUint32(at, true) !== LOCAL_HEADER)
      throw unreadable(`the entry ${shortName(entry.name)} is not where the directory says`)
    const flags = view.getUint16(at + 6, true)
    const method = view.getUint16(at + 8, true)
    const nameLength = view.getUint16(at + 26, true)
    const name = zip.subarray(at + 30, at + 30 + nameLength)
    if (method !== entry.method || !Buffer.from(name).equals(Buffer.from(entry.name, 'utf8')))
      throw unreadable(`the record of ${shortName(entry.name)} disagrees with its directory`)
    let next = at + 30 + nameLength + view.getUint16(at + 28, true) + entry.compressedSize
    if (flags & 8) {
      // A data descriptor follows: crc and sizes, after a signature most tools write.
      next += next + 4 <= zip.length && view.getUint32(next, true) === DATA_DESCRIPTOR ? 16 : 12
    }
    if (next > directoryOffset)
      throw unreadable(`the entry ${shortName(entry.name)} runs into the directory`)
    expected = next
  }
  if (expected !== directoryOffset) throw unreadable('it holds bytes its directory does not list')
}

/**
 * The entry's bytes: exactly `entry.size` of them with the announced CRC, or a PackError
 * (`pack-entry-bomb` for data that inflates past its announced size).
 */
export async function readZipEntry(zip: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const at = entry.localOffset
  if (at + 30 > zip.length || view.getUint32(at, true) !== LOCAL_HEADER)
    throw unreadable(`the entry ${shortName(entry.name)} is not where the directory says`)
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
  if (start + entry.compressedSize > zip.length)
    throw unreadable(`the entry ${shortName(entry.name)} runs past the end`)
  const data = zip.subarray(start, start + entry.compressedSize)
  let bytes: Uint8Array
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw damaged(entry, 'its sizes disagree')
    bytes = data
  } else {
    try {
      bytes = await inflateExactly(data, entry.size, 'raw')
    } catch (error) {
      if (!(error instanceof InflateError)) throw error
      if (error.reason === 'beyond')
        throw new PackError(
          'pack-entry-bomb',
          `The entry ${shortName(entry.name)} inflates to more than the ${entry.size} bytes it announces; the import stopped there.`,
        )
      throw damaged(entry, error.message)
    }
  }
  if (crc32(bytes) !== entry.crc) throw damaged(entry, 'its CRC does not match')
  return bytes
}

function damaged(entry: ZipEntry, why: string): PackError {
  return new PackError(
    'pack-entry-damaged',
    `The entry ${shortName(entry.name)} is damaged: ${why}.`,
  )
}

export function shortName(name: string): string {
  return JSON.stringify(name.length > 100 ? `${name.slice(0, 100)}…` : name)
}
