// Verbatim copy of src-main/campaign/serialize.ts at 999981f (before issue 29), the baseline of `npm run bench -- save`.
// A campaign file's text, written without stalling main (issue 13: a save of a 7.5 MB campaign
// must not block the event loop for more than 16 ms). The text is exactly
// `JSON.stringify(campaign, null, 2)` plus a newline, built from pieces: each map field and each
// other top-level value is stringified on its own and kept by object (campaigns are immutable, so
// an edit that touches one token leaves the map's walls and every other map cached), a long list
// in a map (an imported map's hundred thousand edges, issues 26 and 27) is stringified a slice of
// elements at a time, the pieces are hashed as they are joined, and the work yields to the event
// loop whenever a slice has run for a few milliseconds.
import { createHash } from 'node:crypto'
import type { Campaign } from '@core/campaign/schema'

/** The exact bytes a campaign is saved as; the journal ties itself to their hash. */
export function serializeCampaign(campaign: Campaign): string {
  return `${JSON.stringify(campaign, null, 2)}\n`
}

/** Values' texts by object, with the depth each was written at (the indent is part of it). */
const pieceCache = new WeakMap<object, { depth: number; text: string }>()
/** A map's text and a long list's, as the pieces they were written in (never joined). */
const piecesCache = new WeakMap<object, string[]>()

/** Lists in a map longer than this are written this many elements to a piece. */
const LIST_SLICE = 1000

const indent = (depth: number) => '  '.repeat(depth)

/** One value as it sits `depth` levels deep in the pretty-printed file; undefined if JSON omits it. */
function piece(value: unknown, depth: number): string | undefined {
  const cacheable = typeof value === 'object' && value !== null
  if (cacheable) {
    const cached = pieceCache.get(value)
    if (cached?.depth === depth) return cached.text
  }
  const text = JSON.stringify(value, null, 2)
  if (text === undefined) return undefined
  const indented = text.replace(/\n/g, `\n${indent(depth)}`)
  if (cacheable) pieceCache.set(value, { depth, text: indented })
  return indented
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export interface SerializedCampaign {
  /** The text in pieces: joined, the file; written one by one, no 20 MB string is ever built. */
  parts: string[]
  /** sha-256 of the text, as journal.ts hashSnapshot would answer it. */
  hash: string
}

export type Yield = () => Promise<void>

const yieldToEventLoop: Yield = () => new Promise((resolve) => setImmediate(resolve))

/** The file's text in order, piece by piece (maps and other top-level values cached by object). */
function* campaignPieces(campaign: Campaign): Generator<string> {
  let first = true
  yield '{'
  for (const [key, value] of Object.entries(campaign)) {
    const lead = `${first ? '' : ','}\n  ${JSON.stringify(key)}: `
    if (key === 'maps' && Array.isArray(value) && value.length > 0) {
      first = false
      yield `${lead}[`
      for (let i = 0; i < value.length; i++) {
        yield i === 0 ? '\n    ' : ',\n    '
        const map: unknown = value[i]
        if (isPlainObject(map)) yield* mapPieces(map, 2)
        else yield piece(map, 2) ?? 'null'
      }
      yield '\n  ]'
      continue
    }
    const text = piece(value, 1)
    if (text === undefined) continue
    first = false
    yield lead + text
  }
  yield first ? '}\n' : '\n}\n'
}

/**
 * A map `depth` levels deep, field by field (each field's text cached by its value, so an edited
 * map reuses the walls it did not touch), a long list a slice of elements to a piece.
 */
function* mapPieces(map: Record<string, unknown>, depth: number): Generator<string> {
  const cached = piecesCache.get(map)
  if (cached !== undefined) return yield* cached
  const pieces: string[] = []
  const lead = `\n${indent(depth + 1)}`
  for (const [key, value] of Object.entries(map)) {
    const long = Array.isArray(value) && value.length > LIST_SLICE
    const body = long ? undefined : piece(value, depth + 1)
    if (!long && body === undefined) continue
    const head = `${pieces.length === 0 ? '{' : ','}${lead}${JSON.stringify(key)}: `
    pieces.push(head)
    yield head
    for (const text of long ? listPieces(value as unknown[], depth + 1) : [body as string]) {
      pieces.push(text)
      yield text
    }
  }
  const tail = pieces.length === 0 ? '{}' : `\n${indent(depth)}}`
  pieces.push(tail)
  yield tail
  piecesCache.set(map, pieces)
}

/**
 * A long list `depth` levels deep, LIST_SLICE elements to a piece (cached whole by the list). Each
 * slice is one JSON.stringify of its elements, its brackets cut off: a call per element (and a
 * regular expression per element) cost ten times the CPU for a list of a hundred thousand edges.
 */
function* listPieces(list: unknown[], depth: number): Generator<string> {
  const cached = piecesCache.get(list)
  if (cached !== undefined) return yield* cached
  const pieces: string[] = []
  const lead = `\n${indent(depth)}`
  for (let start = 0; start < list.length; start += LIST_SLICE) {
    // "[\n  a,\n  b\n]": without "[" and "\n]", every line moved `depth` levels in.
    const slice = JSON.stringify(list.slice(start, start + LIST_SLICE), null, 2)
    const text = `${start === 0 ? '[' : ','}${slice.slice(1, -2).replace(/\n/g, lead)}`
    pieces.push(text)
    yield text
  }
  const tail = `\n${indent(depth)}]`
  pieces.push(tail)
  yield tail
  piecesCache.set(list, pieces)
}

/**
 * The file text and its hash, in slices of about `sliceMs` of work between yields. The campaign
 * must not change under it (campaigns are immutable values, so a snapshot never does).
 */
export async function serializeCampaignInSlices(
  campaign: Campaign,
  options: { sliceMs?: number; yieldNow?: Yield; now?: () => number } = {},
): Promise<SerializedCampaign> {
  const sliceMs = options.sliceMs ?? 6
  const yieldNow = options.yieldNow ?? yieldToEventLoop
  const now = options.now ?? (() => performance.now())
  const hash = createHash('sha256')
  const parts: string[] = []
  let sliceStart = now()
  for (const text of campaignPieces(campaign)) {
    parts.push(text)
    hash.update(text)
    if (now() - sliceStart >= sliceMs) {
      await yieldNow()
      sliceStart = now()
    }
  }
  return { parts, hash: hash.digest('hex') }
}

/**
 * The size in bytes of the file the campaign is saved as, at once. Maps the last save (or
 * measure) already wrote are cached, so after the first call only changed maps are stringified.
 */
export function serializedByteLength(campaign: Campaign): number {
  let bytes = 0
  for (const text of campaignPieces(campaign)) bytes += Buffer.byteLength(text, 'utf8')
  return bytes
}

/** The bytes of `parts` as UTF-8. */
export function byteLengthOf(parts: readonly string[]): number {
  let bytes = 0
  for (const text of parts) bytes += Buffer.byteLength(text, 'utf8')
  return bytes
}
