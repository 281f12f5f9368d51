// Reading one campaign file: size cap, bytes → text → JSON → current campaign, and the short
// summary the campaign list shows. Plain functions with no state, so the file worker
// (file-worker.ts) and the main thread run exactly the same code.
import { promises as fs } from 'node:fs'
import { hashSnapshot } from './journal'
import { MAX_CAMPAIGN_FILE_BYTES } from '@core/campaign/limits'
import { decodeCampaign, MigrationError, type DecodedCampaign } from './migrations'
import { adoptMapBytes, serializeCampaign, serializedByteLength } from './serialize'
import { CURRENT_SCHEMA_VERSION } from '@core/campaign/schema'
import { knownMapObjects, knownMapsIn, type KnownMaps, type WrittenMap } from './known-maps'

export { MAX_CAMPAIGN_FILE_BYTES }
export const EXPORT_FORMAT = 'gm-campaign-export/1'

export class CampaignTooLargeError extends Error {
  readonly code = 'campaign-too-large'
  constructor(
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(
      `This campaign is ${megabytes(bytes)} MB; the app opens and imports campaigns of up to ${megabytes(limit)} MB. ` +
        `/ このキャンペーンは ${megabytes(bytes)} MB あります。開ける・読み込めるのは ${megabytes(limit)} MB までです。`,
    )
    this.name = 'CampaignTooLargeError'
  }
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

/**
 * JSON from a campaign file's bytes. A UTF-8 byte-order mark (some editors add one) is skipped;
 * bytes that are not UTF-8 are damage, never decoded with replacement characters that the next
 * save would write back over the original.
 */
export function parseCampaignBytes(bytes: Uint8Array): unknown {
  let text: string
  try {
    text = UTF8.decode(bytes)
  } catch {
    throw new SyntaxError('the file is not valid UTF-8 text')
  }
  return JSON.parse(text) as unknown
}

/** An import's text (an export wrapper or a bare campaign file) to the current campaign. */
export function decodeCampaignImport(text: string): DecodedCampaign {
  const parsed = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown
  return decodeCampaign(unwrapExport(parsed))
}

function unwrapExport(parsed: unknown): unknown {
  if (typeof parsed === 'object' && parsed !== null && 'format' in parsed) {
    const wrapper = parsed as { format: unknown; campaign?: unknown }
    if (wrapper.format !== EXPORT_FORMAT)
      throw new SyntaxError(`unknown export format ${JSON.stringify(wrapper.format)}`)
    return wrapper.campaign
  }
  return parsed
}

export interface ReadCampaign {
  decoded: DecodedCampaign
  /** SHA-256 of the file's bytes (the journal's tie to this snapshot). */
  hash: string
  /**
   * The size of the file the app would save for this campaign (what the file-size budget starts
   * from, file-budget.ts): measured where the file was parsed, so a big one costs main nothing.
   */
  savedBytes: number
  /** The file worker answered with the full check it made for the list (file-worker.ts). */
  checkedForList?: true
}

/** Reads and caps one campaign file. */
async function readCapped(file: string, maxBytes: number): Promise<Buffer> {
  const { size } = await fs.stat(file)
  if (size > maxBytes) throw new CampaignTooLargeError(size, maxBytes)
  const bytes = await fs.readFile(file)
  if (bytes.length > maxBytes) throw new CampaignTooLargeError(bytes.length, maxBytes)
  return bytes
}

/** Reads, caps and decodes one campaign file. */
async function readAndDecode(
  file: string,
  maxBytes: number,
): Promise<{ decoded: DecodedCampaign; hash: string }> {
  const bytes = await readCapped(file, maxBytes)
  return { decoded: decodeCampaign(parseCampaignBytes(bytes)), hash: hashSnapshot(bytes) }
}

/**
 * One campaign file, to open: decoded, hashed, and its saved size measured. `written` (the maps
 * the app last wrote there, known-maps.ts) lets the check skip the maps that still hold them.
 */
export async function readCampaignFile(
  file: string,
  maxBytes = MAX_CAMPAIGN_FILE_BYTES,
  written?: readonly WrittenMap[],
): Promise<ReadCampaign> {
  const bytes = await readCapped(file, maxBytes)
  const hash = hashSnapshot(bytes)
  const found = written && knownMapsIn(bytes, written)
  const read = found && found.known.size > 0 && decodeWithKnownMaps(bytes, hash, found)
  if (read) return read
  const decoded = decodeCampaign(parseCampaignBytes(bytes))
  return {
    decoded,
    hash,
    savedBytes: Buffer.byteLength(serializeCampaign(decoded.campaign), 'utf8'),
  }
}

/**
 * The file read again, answered with `decoded` (its full decode made earlier, from bytes hashing to
 * `hash`) if its bytes are still those; undefined if they changed.
 */
export async function rereadCampaignFile(
  file: string,
  maxBytes: number,
  earlier: { decoded: DecodedCampaign; hash: string },
): Promise<ReadCampaign | undefined> {
  const hash = hashSnapshot(await readCapped(file, maxBytes))
  if (hash !== earlier.hash) return undefined
  const { decoded } = earlier
  return {
    decoded,
    hash,
    savedBytes: Buffer.byteLength(serializeCampaign(decoded.campaign), 'utf8'),
    checkedForList: true,
  }
}

/**
 * A current-version campaign file already read and hashed on this thread, checked in full except
 * for the maps `found` vouches for (known-maps.ts); their bytes seed the save cache, so measuring
 * the saved size, and the first save, encode only the rest. Undefined when the file is not one
 * this applies to (another schema version, maps not where the scan found them): the caller takes
 * the full path. Throws what decodeCampaign throws for a damaged file.
 */
export function decodeWithKnownMaps(
  bytes: Buffer,
  hash: string,
  found: KnownMaps,
): ReadCampaign | undefined {
  const raw = parseCampaignBytes(bytes)
  const known = knownMapObjects(raw, found)
  if (
    known.size !== found.known.size ||
    (raw as { schemaVersion?: unknown }).schemaVersion !== CURRENT_SCHEMA_VERSION
  )
    return undefined
  const decoded = decodeCampaign(raw, known)
  const maps = (raw as { maps: unknown[] }).maps
  const knownIndexes = [...found.known]
  adoptMapBytes(
    knownIndexes.map((index) => maps[index]),
    bytes,
    knownIndexes.map((index) => found.spans[index]),
  )
  return { decoded, hash, savedBytes: serializedByteLength(decoded.campaign) }
}

/** What the campaign list shows of one file. */
export interface FileSummary {
  name?: string
  updatedAt: string
  mapCount: number
  /** Damaged: opening it recovers from a backup. */
  unreadable?: boolean
  /** Saved by a newer version of the app: left alone, not opened. */
  newer?: boolean
  /** Larger than the app parses. */
  tooLarge?: boolean
}

export async function summarizeCampaignFile(
  file: string,
  maxBytes = MAX_CAMPAIGN_FILE_BYTES,
  /** Hears the file's full decode (the file worker keeps it for the open that often follows). */
  onDecoded?: (read: { decoded: DecodedCampaign; hash: string }) => void,
): Promise<FileSummary> {
  try {
    const read = await readAndDecode(file, maxBytes)
    onDecoded?.(read)
    const { campaign } = read.decoded
    return { name: campaign.name, updatedAt: campaign.updatedAt, mapCount: campaign.maps.length }
  } catch (error) {
    if (error instanceof CampaignTooLargeError)
      return { updatedAt: '', mapCount: 0, tooLarge: true }
    if (error instanceof MigrationError && error.newerVersion)
      return { updatedAt: '', mapCount: 0, newer: true }
    if (isSystemError(error)) throw error
    return { updatedAt: '', mapCount: 0, unreadable: true }
  }
}

/** An I/O failure (ENOENT, EACCES…), as opposed to a file that was read and found wanting. */
export function isSystemError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)
}
