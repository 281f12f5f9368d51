// Trusted snapshots (issue 29: open a big campaign the app wrote in ≤ 150 ms). Every campaign file
// the app writes is serializeCampaign of a campaign that passed the loader's checks (the loader's
// own, or every command's, loadable.ts), so the loader would give back exactly that campaign. The
// store records the SHA-256 of the bytes it wrote (campaign-index.json, with each map's place in
// the file); a file whose bytes still have that hash is parsed here, on the calling thread,
// without the schema walk and the repair pass, and its maps' bytes seed the save cache. Any other
// file (edited by hand, copied in, written by another version, or the record lost with the index)
// takes the full path (file-reader.ts). A hash is only ever recorded for bytes the app itself
// wrote, so a match can only mean those bytes.
import { promises as fs } from 'node:fs'
import { CURRENT_SCHEMA_VERSION, type Campaign } from '@core/campaign/schema'
import { CampaignTooLargeError, parseCampaignBytes, type ReadCampaign } from './campaign-file'
import { hashSnapshot } from './journal'
import { isObject } from './migrations'
import { FILE_LAYOUT, adoptMapBytes } from './serialize'

/**
 * Which loader a record vouches for: the schema version and this revision. Bump the revision when
 * the loader would decode a current-version file the app wrote differently (a new default or
 * repair without a schema bump), so older records are no longer trusted.
 */
export const TRUSTED_LOADER = `schema-${CURRENT_SCHEMA_VERSION}/1`

/** What the store keeps about a file it wrote. */
export interface WrittenRecord {
  /** SHA-256 of the bytes written. */
  sha256: string
  /** TRUSTED_LOADER when they were written. */
  loader: string
  /** Each map's [start, end) in the file: its bytes, to seed the save cache on open. */
  maps?: [number, number][]
  /**
   * SHA-256 of each map's bytes: a file edited by hand still skips the full check for the maps
   * that kept them (known-maps.ts).
   */
  mapHashes?: string[]
  /**
   * The layout the bytes were written in (serialize.ts FILE_LAYOUT; absent: pretty-printed, by an
   * earlier version). Only bytes in today's layout seed the save cache.
   */
  layout?: string
}

export function isWrittenRecord(value: unknown): value is WrittenRecord {
  if (!isObject(value)) return false
  const { sha256, loader, maps, mapHashes, layout } = value
  return (
    typeof sha256 === 'string' &&
    typeof loader === 'string' &&
    (layout === undefined || typeof layout === 'string') &&
    (mapHashes === undefined ||
      (Array.isArray(mapHashes) && mapHashes.every((hash) => typeof hash === 'string'))) &&
    (maps === undefined ||
      (Array.isArray(maps) &&
        maps.every(
          (span) =>
            Array.isArray(span) &&
            span.length === 2 &&
            Number.isSafeInteger(span[0]) &&
            Number.isSafeInteger(span[1]),
        )))
  )
}

/** A file read once: its bytes and their hash, to check against a record before parsing. */
export interface FileBytes {
  bytes: Buffer
  hash: string
}

export async function readFileBytes(file: string, maxBytes: number): Promise<FileBytes> {
  const { size } = await fs.stat(file)
  if (size > maxBytes) throw new CampaignTooLargeError(size, maxBytes)
  const bytes = await fs.readFile(file)
  if (bytes.length > maxBytes) throw new CampaignTooLargeError(bytes.length, maxBytes)
  return { bytes, hash: hashSnapshot(bytes) }
}

/**
 * The campaign in `read` if the record vouches for exactly these bytes and this loader; undefined
 * means take the full path. Never throws for a file that merely is not trusted.
 */
export function readTrusted(
  read: FileBytes,
  record: WrittenRecord | undefined,
): ReadCampaign | undefined {
  if (!record || record.sha256 !== read.hash || record.loader !== TRUSTED_LOADER) return undefined
  let raw: unknown
  try {
    raw = parseCampaignBytes(read.bytes)
  } catch {
    return undefined
  }
  if (!isObject(raw) || raw.schemaVersion !== CURRENT_SCHEMA_VERSION || !Array.isArray(raw.maps))
    return undefined
  const campaign = raw as unknown as Campaign
  if (record.maps && record.layout === FILE_LAYOUT)
    adoptMapBytes(campaign.maps, read.bytes, record.maps)
  return {
    decoded: { campaign, fromVersion: CURRENT_SCHEMA_VERSION, repairs: [] },
    hash: read.hash,
    savedBytes: read.bytes.length,
  }
}
