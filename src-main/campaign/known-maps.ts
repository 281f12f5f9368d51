// Maps a hand-edited file still holds exactly as the app wrote them (issue 29: a hand-edited
// 9 MB campaign opens in ≤ 300 ms). The store records the SHA-256 of each map's bytes in every
// file it writes (campaign-index.json). A file whose whole hash no longer matches still takes the
// full check, except for each element of its "maps" array whose bytes hash to a map the app
// wrote: those bytes are ones the app wrote after its checks, so the schema walk and the repair
// pass would give the map back unchanged, and they skip it (migrations.ts decodeCampaign). What
// spans maps (their ids) is still checked; bytes that hash to nothing recorded are never trusted.
import { createHash } from 'node:crypto'

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const COMMA = 0x2c
const COLON = 0x3a

const isSpace = (byte: number): boolean =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09

/** Why a layout is not one this module vouches for: the caller then walks every map. */
class NotVouched extends Error {}

function skipSpace(bytes: Uint8Array, at: number): number {
  while (at < bytes.length && isSpace(bytes[at])) at++
  return at
}

function expectByte(bytes: Uint8Array, at: number, byte: number): void {
  if (bytes[at] !== byte) throw new NotVouched()
}

/** The index after the JSON value starting at `start` (a string, container or literal). */
function valueEnd(bytes: Uint8Array, start: number): number {
  const first = bytes[start]
  const n = bytes.length
  if (first === QUOTE || first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0
    for (let i = start; i < n; i++) {
      const byte = bytes[i]
      if (byte === QUOTE) {
        // Inside a string a backslash always escapes the byte after it (\uXXXX included).
        for (i++; i < n; i++) {
          const inner = bytes[i]
          if (inner === BACKSLASH) i++
          else if (inner === QUOTE) break
        }
        if (depth === 0) return i + 1
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++
      else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        if (--depth === 0) return i + 1
      }
    }
    throw new NotVouched()
  }
  let i = start
  while (
    i < n &&
    !isSpace(bytes[i]) &&
    bytes[i] !== COMMA &&
    bytes[i] !== CLOSE_BRACE &&
    bytes[i] !== CLOSE_BRACKET
  )
    i++
  if (i === start) throw new NotVouched()
  return i
}

const MAPS_KEY = [0x6d, 0x61, 0x70, 0x73] // m a p s

/**
 * Each element of the top-level "maps" array as [start, end) in `bytes` (a campaign file's JSON),
 * or undefined when the layout is not one to vouch for: no such array, a second "maps" key, or a
 * top-level key written with escapes (JSON.parse would read it as a name this scan cannot see).
 * Meant for bytes JSON.parse accepts; for others it may answer anything but the caller parses
 * them anyway and refuses them.
 *
 * `whole` maps a start to the end of bytes known to be one whole JSON object (a map the app
 * wrote): an element starting there is stepped over without reading it, since a value that
 * starts at a balanced object's first brace ends at its last.
 */
export function mapElementSpans(
  bytes: Uint8Array,
  whole: ReadonlyMap<number, number> = new Map(),
): [number, number][] | undefined {
  try {
    let at = 0
    // A UTF-8 byte-order mark, which parseCampaignBytes skips.
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) at = 3
    at = skipSpace(bytes, at)
    expectByte(bytes, at, OPEN_BRACE)
    at = skipSpace(bytes, at + 1)
    let spans: [number, number][] | undefined
    if (bytes[at] === CLOSE_BRACE) return undefined
    for (;;) {
      expectByte(bytes, at, QUOTE)
      const keyEnd = valueEnd(bytes, at)
      const key = bytes.subarray(at + 1, keyEnd - 1)
      if (key.includes(BACKSLASH)) return undefined
      const isMaps = key.length === 4 && MAPS_KEY.every((byte, i) => key[i] === byte)
      at = skipSpace(bytes, keyEnd)
      expectByte(bytes, at, COLON)
      at = skipSpace(bytes, at + 1)
      if (isMaps) {
        if (spans !== undefined || bytes[at] !== OPEN_BRACKET) return undefined
        spans = []
        at = skipSpace(bytes, at + 1)
        if (bytes[at] === CLOSE_BRACKET) at++
        else
          for (;;) {
            const end = whole.get(at) ?? valueEnd(bytes, at)
            spans.push([at, end])
            at = skipSpace(bytes, end)
            if (bytes[at] === COMMA) {
              at = skipSpace(bytes, at + 1)
              continue
            }
            expectByte(bytes, at, CLOSE_BRACKET)
            at++
            break
          }
      } else at = valueEnd(bytes, at)
      at = skipSpace(bytes, at)
      if (bytes[at] === COMMA) {
        at = skipSpace(bytes, at + 1)
        continue
      }
      expectByte(bytes, at, CLOSE_BRACE)
      return spans
    }
  } catch (error) {
    if (error instanceof NotVouched) return undefined
    throw error
  }
}

/** A map the app wrote: the SHA-256 and length of its bytes in the file. */
export interface WrittenMap {
  sha256: string
  length: number
}

export const hashBytes = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex')

export interface KnownMaps {
  /** Each map element's [start, end) in the file. */
  spans: [number, number][]
  /** Indexes (in the file's maps array) of the maps whose bytes the app wrote. */
  known: Set<number>
  /** The bytes the full check still has to walk: the file less the known maps. */
  uncheckedBytes: number
}

/** How the app writes a map in a campaign file: its braces on lines of their own, 4 spaces in. */
const MAP_OPENS = Buffer.from('\n    {')
const MAP_CLOSES = Buffer.from('\n    }')

/**
 * Which maps of `bytes` hash to one the app wrote (`written`: SHA-256 and length of each map's
 * bytes in the file it wrote last); undefined when the file's layout is not one to vouch for.
 * Maps are looked for where the app writes them (a brace on a line 4 spaces in, up to the next
 * such closing brace, of a length the app wrote), hashed, and only those that match are stepped
 * over by the scan of the file's structure, which places them in the maps array; everything
 * else is read byte by byte.
 */
export function knownMapsIn(bytes: Buffer, written: readonly WrittenMap[]): KnownMaps | undefined {
  const recorded = new Set(written.map((map) => map.sha256))
  const lengths = new Set(written.map((map) => map.length))
  const whole = new Map<number, number>()
  for (let from = 0; ;) {
    const opens = bytes.indexOf(MAP_OPENS, from)
    if (opens < 0) break
    const start = opens + MAP_OPENS.length - 1
    from = start
    const closes = bytes.indexOf(MAP_CLOSES, start)
    if (closes < 0) break
    const end = closes + MAP_CLOSES.length
    if (lengths.has(end - start) && recorded.has(hashBytes(bytes.subarray(start, end)))) {
      whole.set(start, end)
      from = end
    }
  }
  const spans = mapElementSpans(bytes, whole)
  if (!spans) return undefined
  const known = new Set<number>()
  let uncheckedBytes = bytes.length
  spans.forEach(([start, end], index) => {
    if (whole.get(start) === end) {
      known.add(index)
      uncheckedBytes -= end - start
    }
  })
  return { spans, known, uncheckedBytes }
}

/** The map objects of a parsed file that `found` vouches for (none if the file does not match). */
export function knownMapObjects(raw: unknown, found: KnownMaps | undefined): Set<unknown> {
  const maps = (raw as { maps?: unknown } | null)?.maps
  if (!found || !Array.isArray(maps) || maps.length !== found.spans.length) return new Set()
  return new Set([...found.known].map((index) => maps[index] as unknown))
}
