// A campaign file's bytes, built without stalling main (issue 13: a save of a 7.5 MB campaign
// must not block the event loop for more than 16 ms) and cheaply after one edit (issue 29: a save
// after one map changed ≤ 30 ms of CPU). The file is JSON laid out as serializeCampaign writes it
// (the structure indented, each record on one line), in UTF-8. Each map's bytes are kept by map
// object (campaigns are immutable, so an edit that touches one token leaves every other map's
// bytes as they were), and within a map each field's text by its value, so the edited map reuses
// the walls it did not touch; a long list in a map (an imported map's hundred thousand edges,
// issues 26 and 27) is written a slice of elements at a time. The work yields to the event
// loop whenever a slice has run for a few milliseconds; the bytes are hashed as they are gathered.
import { createHash } from 'node:crypto'
import type { Campaign } from '@core/campaign/schema'

/**
 * How deep the file is indented: the campaign (0), its fields and its maps list (1), each map (2)
 * and each map's fields (3) are written a member to a line; anything deeper (a wall, a token, a
 * square, a fog span list, a light) is compact JSON on its own line. Pretty-printing every level
 * made the 51-map bench campaign 13.4 MB instead of 3.9 MB compact: three times the bytes to
 * read, hash, decode, write and copy into a backup for the same data (issue 29).
 */
const COMPACT_DEPTH = 4

/**
 * The layout's name, recorded with what the store writes (trusted-snapshot.ts): a file written in
 * another layout (pretty-printed, by an earlier version) still opens as written, but its maps'
 * bytes are not kept for the next save, which writes them in this layout.
 */
export const FILE_LAYOUT = 'records-on-lines/1'

/**
 * The text of `value` as it sits `depth` levels deep in the file (JSON.stringify's choices for
 * what to leave out: undefined and function values in objects; null for them in lists); undefined
 * where JSON.stringify would answer undefined.
 */
function layoutText(value: unknown, depth: number): string | undefined {
  if (depth >= COMPACT_DEPTH || typeof value !== 'object' || value === null)
    return JSON.stringify(value)
  const lead = `\n${indent(depth + 1)}`
  let text = ''
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++)
      text += `${i === 0 ? '[' : ','}${lead}${layoutText(value[i], depth + 1) ?? 'null'}`
    return text === '' ? '[]' : `${text}\n${indent(depth)}]`
  }
  for (const [key, item] of Object.entries(value)) {
    const body = layoutText(item, depth + 1)
    if (body !== undefined)
      text += `${text === '' ? '{' : ','}${lead}${JSON.stringify(key)}: ${body}`
  }
  return text === '' ? '{}' : `${text}\n${indent(depth)}}`
}

/** The exact bytes a campaign is saved as; the journal ties itself to their hash. */
export function serializeCampaign(campaign: Campaign): string {
  return `${layoutText(campaign, 0)}\n`
}

/** Values' texts by object, with the depth each was written at (the indent is part of it). */
const pieceCache = new WeakMap<object, { depth: number; text: string }>()
/** A long list's text, as the pieces it was written in (never joined). */
const piecesCache = new WeakMap<object, string[]>()

/** Lists in a map longer than this are written this many elements to a piece. */
const LIST_SLICE = 1000

const indent = (depth: number) => '  '.repeat(depth)

/** One value as it sits `depth` levels deep in the file; undefined if JSON omits it. */
function piece(value: unknown, depth: number): string | undefined {
  const cacheable = typeof value === 'object' && value !== null
  if (cacheable) {
    const cached = pieceCache.get(value)
    if (cached?.depth === depth) return cached.text
  }
  const text = layoutText(value, depth)
  if (text === undefined) return undefined
  if (cacheable) pieceCache.set(value, { depth, text })
  return text
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export interface SerializedCampaign {
  /**
   * The file's bytes in order: one buffer per map (cached by map object, so a save encodes only
   * the maps that changed) and small ones between them. Written with one gathered write.
   */
  parts: Buffer[]
  /** sha-256 of the file, as journal.ts hashSnapshot would answer it. */
  hash: string
  /** The file's size in bytes. */
  bytes: number
}

export type Yield = () => Promise<void>

const yieldToEventLoop: Yield = () => new Promise((resolve) => setImmediate(resolve))

/** A map's bytes as it sits in the file (two levels deep), by map object. */
const mapBytesCache = new WeakMap<object, Buffer>()

/** A point in the work where the caller may yield to the event loop (no bytes). */
const PAUSE = null

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8')

/**
 * The file's bytes in order (maps cached by object, other top-level values by their text), with
 * PAUSE between pieces of work: an uncached map is built piece by piece before its bytes come.
 */
function* campaignParts(campaign: Campaign): Generator<Buffer | typeof PAUSE> {
  let first = true
  yield utf8('{')
  for (const [key, value] of Object.entries(campaign)) {
    const lead = `${first ? '' : ','}\n  ${JSON.stringify(key)}: `
    if (key === 'maps' && Array.isArray(value) && value.length > 0) {
      first = false
      yield utf8(`${lead}[`)
      for (let i = 0; i < value.length; i++) {
        yield utf8(i === 0 ? '\n    ' : ',\n    ')
        const map: unknown = value[i]
        if (isPlainObject(map)) yield* mapBytes(map)
        else yield utf8(piece(map, 2) ?? 'null')
      }
      yield utf8('\n  ]')
      continue
    }
    const text = piece(value, 1)
    if (text === undefined) continue
    first = false
    yield utf8(lead + text)
    yield PAUSE
  }
  yield utf8(first ? '}\n' : '\n}\n')
}

/** One map's bytes: cached by the map object, else encoded from its pieces (cached by field). */
function* mapBytes(map: Record<string, unknown>): Generator<Buffer | typeof PAUSE> {
  const cached = mapBytesCache.get(map)
  if (cached !== undefined) return yield cached
  const encoded: Buffer[] = []
  let length = 0
  for (const text of mapPieces(map, 2)) {
    const piece = utf8(text)
    encoded.push(piece)
    length += piece.length
    yield PAUSE
  }
  // Gathered a piece at a time: one Buffer.concat of an imported map's 10 MB held main for
  // tens of milliseconds (issue 26).
  const bytes = Buffer.allocUnsafe(length)
  let offset = 0
  for (const piece of encoded) {
    offset += piece.copy(bytes, offset)
    yield PAUSE
  }
  mapBytesCache.set(map, bytes)
  yield bytes
}

/**
 * Writes the text of each field of `map` (a map of the campaign's list) as a save writes it, a
 * piece a step (a field, or a slice of LIST_SLICE elements of a long list), and keeps it as a save
 * keeps it. A map opened from the file has only its whole bytes kept (adoptMapBytes), so the first
 * save after an edit wrote every field of the edited map again (~80 ms of CPU for the 1 MB bench
 * map); the host writes the shown map's pieces while it is idle (shown-map-preparation.ts), and
 * that save writes only what the edits changed.
 */
export function* writeMapPiecesAhead(map: Campaign['maps'][number]): Generator<void, void> {
  for (const _piece of mapPieces(map as unknown as Record<string, unknown>, 2)) yield
}

/** Bytes hashed between two chances to yield: a big map's buffer is hashed in these. */
const HASH_CHUNK = 1 << 20

/**
 * A map `depth` levels deep, field by field (each field's text cached by its value, so an edited
 * map reuses the walls it did not touch), a long list a slice of elements to a piece.
 */
function* mapPieces(map: Record<string, unknown>, depth: number): Generator<string> {
  let empty = true
  const lead = `\n${indent(depth + 1)}`
  for (const [key, value] of Object.entries(map)) {
    const long = Array.isArray(value) && value.length > LIST_SLICE
    const body = long ? undefined : piece(value, depth + 1)
    if (!long && body === undefined) continue
    yield `${empty ? '{' : ','}${lead}${JSON.stringify(key)}: `
    empty = false
    if (long) yield* listPieces(value as unknown[], depth + 1)
    else yield body as string
  }
  yield empty ? '{}' : `\n${indent(depth)}}`
}

/**
 * A long list `depth` levels deep, LIST_SLICE elements to a piece (cached whole by the list), each
 * element on its own line (the list holds records: compact, one JSON.stringify each).
 */
function* listPieces(list: unknown[], depth: number): Generator<string> {
  const cached = piecesCache.get(list)
  if (cached !== undefined) return yield* cached
  const pieces: string[] = []
  const lead = `\n${indent(depth + 1)}`
  for (let start = 0; start < list.length; start += LIST_SLICE) {
    const items = list.slice(start, start + LIST_SLICE)
    let text = writtenSlice(items, depth, start === 0)
    if (text === undefined) {
      text = start === 0 ? '[' : ','
      for (let i = 0; i < items.length; i++)
        text += `${i === 0 ? '' : ','}${lead}${layoutText(items[i], depth + 1) ?? 'null'}`
      rememberSlice(items, depth, start === 0, text)
    }
    pieces.push(text)
    yield text
  }
  const tail = `\n${indent(depth)}]`
  pieces.push(tail)
  yield tail
  piecesCache.set(list, pieces)
}

/**
 * Slices of long lists written lately, by their first element: a list one edit made from another
 * (a wall added at the end, one replaced) shares every other slice's elements with it, so a save
 * writes one slice of a 5,000-wall map, not five (issue 29: the page bench's autosaves). Bounded,
 * oldest out first: a removal near the front shifts every later slice, and those slices' texts
 * would otherwise stay reachable from elements that are still in the list.
 */
const writtenSlices = new Map<
  object,
  { items: unknown[]; depth: number; head: boolean; text: string }
>()
const WRITTEN_SLICES = 256

function writtenSlice(items: unknown[], depth: number, head: boolean): string | undefined {
  const first = items[0]
  if (typeof first !== 'object' || first === null) return undefined
  const entry = writtenSlices.get(first)
  if (
    entry === undefined ||
    entry.depth !== depth ||
    entry.head !== head ||
    entry.items.length !== items.length ||
    !entry.items.every((item, i) => item === items[i])
  )
    return undefined
  // Used again: the newest now, so it is the last to go.
  writtenSlices.delete(first)
  writtenSlices.set(first, entry)
  return entry.text
}

function rememberSlice(items: unknown[], depth: number, head: boolean, text: string): void {
  const first = items[0]
  // Only objects can be told apart by identity (campaign values are never changed in place).
  if (typeof first !== 'object' || first === null) return
  writtenSlices.delete(first)
  writtenSlices.set(first, { items, depth, head, text })
  for (const oldest of writtenSlices.keys()) {
    if (writtenSlices.size <= WRITTEN_SLICES) break
    writtenSlices.delete(oldest)
  }
}

/** How deep a map's fields sit in the file (the file, its maps list, a map, the field). */
const MAP_FIELD_DEPTH = 3

/**
 * A map field's long list as the file writes it (the pieces listPieces makes), for a list longer
 * than LIST_SLICE; undefined for a shorter one (written whole, cached by value). The import worker
 * writes an imported map's edges this way, so main does not (issue 26: 0.6 s of main's CPU).
 */
export function mapListPieces(list: readonly unknown[]): string[] | undefined {
  return list.length > LIST_SLICE ? [...listPieces(list as unknown[], MAP_FIELD_DEPTH)] : undefined
}

/**
 * Takes `pieces` (mapListPieces of a list equal to `list`, made elsewhere) as the file's text of
 * `list`: a save then writes no piece of it again. Campaign values are never changed in place.
 */
export function adoptMapListPieces(list: readonly unknown[], pieces: readonly string[]): void {
  if (list.length > LIST_SLICE) piecesCache.set(list, [...pieces])
}

/** Lists whose file pieces are being written elsewhere, until they are adopted (or never are). */
const coming = new WeakMap<object, Promise<void>>()

/**
 * Says that `list`'s file pieces are being written elsewhere (the import worker, after its
 * answer): a save waits for `done` (settled once they are adopted, or will not come) rather than
 * writing the list on main meanwhile.
 */
export function mapListPiecesComing(list: readonly unknown[], done: Promise<void>): void {
  const settled = done.catch(() => undefined)
  coming.set(list, settled)
  void settled.then(() => {
    if (coming.get(list) === settled) coming.delete(list)
  })
}

/** Waits for the file pieces of the campaign's long lists that are still coming. */
async function piecesComing(campaign: Campaign): Promise<void> {
  const waits: Promise<void>[] = []
  for (const map of campaign.maps as unknown[]) {
    if (!isPlainObject(map) || mapBytesCache.has(map)) continue
    for (const value of Object.values(map)) {
      const wait = typeof value === 'object' && value !== null ? coming.get(value) : undefined
      if (wait) waits.push(wait)
    }
  }
  await Promise.all(waits)
}

/**
 * The file's bytes and their hash, in slices of about `sliceMs` of work between yields. The
 * campaign must not change under it (campaigns are immutable values, so a snapshot never does).
 * After the first save only changed maps are encoded; the rest is hashing cached bytes.
 */
export async function serializeCampaignInSlices(
  campaign: Campaign,
  options: { sliceMs?: number; yieldNow?: Yield; now?: () => number } = {},
): Promise<SerializedCampaign> {
  await piecesComing(campaign)
  const sliceMs = options.sliceMs ?? 6
  const yieldNow = options.yieldNow ?? yieldToEventLoop
  const now = options.now ?? (() => performance.now())
  const hash = createHash('sha256')
  const parts: Buffer[] = []
  let bytes = 0
  let sliceStart = now()
  for (const part of campaignParts(campaign)) {
    if (part !== PAUSE) {
      parts.push(part)
      bytes += part.length
      for (let start = 0; start < part.length; start += HASH_CHUNK) {
        hash.update(
          start === 0 && part.length <= HASH_CHUNK
            ? part
            : part.subarray(start, start + HASH_CHUNK),
        )
        if (now() - sliceStart >= sliceMs) {
          await yieldNow()
          sliceStart = now()
        }
      }
      continue
    }
    if (now() - sliceStart >= sliceMs) {
      await yieldNow()
      sliceStart = now()
    }
  }
  return { parts, hash: hash.digest('hex'), bytes }
}

/**
 * The size in bytes of the file the campaign is saved as, at once. Maps the last save (or
 * measure) already wrote are cached, so after the first call only changed maps are encoded.
 */
export function serializedByteLength(campaign: Campaign): number {
  let bytes = 0
  for (const part of campaignParts(campaign)) if (part !== PAUSE) bytes += part.length
  return bytes
}

/** The bytes of `parts` (text as UTF-8). */
export function byteLengthOf(parts: readonly (string | Uint8Array)[]): number {
  let bytes = 0
  for (const part of parts)
    bytes += typeof part === 'string' ? Buffer.byteLength(part, 'utf8') : part.byteLength
  return bytes
}

/**
 * Seeds the cache with the bytes a file already holds for its maps (a trusted open: the file is
 * exactly serializeCampaign of the campaign parsed from it), so the first save after opening
 * encodes only what changed since. `spans` are each map's [start, end) in `file`.
 */
export function adoptMapBytes(
  maps: readonly unknown[],
  file: Buffer,
  spans: readonly (readonly [number, number])[],
): void {
  if (spans.length !== maps.length) return
  maps.forEach((map, i) => {
    const [start, end] = spans[i]
    if (isPlainObject(map) && start >= 0 && start <= end && end <= file.length)
      mapBytesCache.set(map, file.subarray(start, end))
  })
}

/** SHA-256 of a map's bytes, by the buffer holding them (a save hashes only changed maps). */
const mapHashCache = new WeakMap<Buffer, string>()

/**
 * SHA-256 of each map's bytes in the file `parts` make (as serializeCampaignInSlices built them),
 * in the order of the maps; only maps whose bytes are new since the last save are hashed, a
 * big one HASH_CHUNK bytes at a time with a chance to yield between (options as there).
 */
export async function mapHashesOf(
  campaign: Campaign,
  parts: readonly Buffer[],
  options: { sliceMs?: number; yieldNow?: Yield; now?: () => number } = {},
): Promise<string[]> {
  await piecesComing(campaign)
  const sliceMs = options.sliceMs ?? 6
  const yieldNow = options.yieldNow ?? yieldToEventLoop
  const now = options.now ?? (() => performance.now())
  let sliceStart = now()
  const hashes: string[] = []
  for (const part of parts) {
    const map = campaign.maps[hashes.length] as unknown
    if (map === undefined || !isPlainObject(map) || mapBytesCache.get(map) !== part) continue
    let hash = mapHashCache.get(part)
    if (hash === undefined) {
      const hasher = createHash('sha256')
      for (let start = 0; start < part.length; start += HASH_CHUNK) {
        hasher.update(part.subarray(start, start + HASH_CHUNK))
        if (now() - sliceStart >= sliceMs) {
          await yieldNow()
          sliceStart = now()
        }
      }
      hash = hasher.digest('hex')
      mapHashCache.set(part, hash)
    }
    hashes.push(hash)
  }
  return hashes
}

/** Each map's [start, end) in the file `parts` make (as serializeCampaignInSlices built them). */
export function mapSpansOf(campaign: Campaign, parts: readonly Buffer[]): [number, number][] {
  const spans: [number, number][] = []
  let offset = 0
  for (const part of parts) {
    offset += part.length
    const map = campaign.maps[spans.length] as unknown
    if (map !== undefined && isPlainObject(map) && mapBytesCache.get(map) === part)
      spans.push([offset - part.length, offset])
  }
  return spans
}
