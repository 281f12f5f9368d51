// A campaign file's text, written without stalling main (issue 13: a save of a 7.5 MB campaign
// must not block the event loop for more than 16 ms). The text is exactly
// `JSON.stringify(campaign, null, 2)` plus a newline, built from pieces: each map and each other
// top-level value is stringified on its own and kept by object (campaigns are immutable, so an
// edit that touches one map leaves every other piece cached), the pieces are hashed as they are
// joined, and the work yields to the event loop whenever a slice has run for a few milliseconds.
import { createHash } from 'node:crypto'
import type { Campaign } from './schema'

/** The exact bytes a campaign is saved as; the journal ties itself to their hash. */
export function serializeCampaign(campaign: Campaign): string {
  return `${JSON.stringify(campaign, null, 2)}\n`
}

const pieceCache = new WeakMap<object, string>()

/** One value as it sits `depth` levels deep in the pretty-printed file; undefined if JSON omits it. */
function piece(value: unknown, depth: number): string | undefined {
  const cacheable = typeof value === 'object' && value !== null
  if (cacheable) {
    const cached = pieceCache.get(value)
    if (cached !== undefined) return cached
  }
  const text = JSON.stringify(value, null, 2)
  if (text === undefined) return undefined
  const indented = text.replace(/\n/g, `\n${'  '.repeat(depth)}`)
  // A map or log appears at one depth only, so one cache serves both.
  if (cacheable) pieceCache.set(value, indented)
  return indented
}

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
        const map = piece(value[i], 2) ?? 'null'
        yield `${i === 0 ? '' : ','}\n    ${map}`
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
