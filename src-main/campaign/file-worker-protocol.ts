// Messages between file-reader.ts and file-worker.ts, and how an error crosses the thread
// boundary: by name, rebuilt as the same class so the store's damage policy sees what it would
// have seen on the main thread.
import type { Campaign } from '@core/campaign/schema'
import { CampaignTooLargeError, type ReadCampaign } from './campaign-file'
import type { WrittenMap } from './known-maps'
import { CampaignDataError, MigrationError } from './migrations'

/**
 * A read campaign as the worker answers it: the campaign as its JSON text, the rest as it is.
 * Copying the campaign's object graph across (structured clone) held main for ~100 ms for the
 * 51-map bench campaign while it rebuilt every object; one string crosses in a copy of its
 * bytes, and JSON.parse builds the same objects in a third of that (issue 29). Campaign data is
 * plain JSON (the file it came from), so the text gives the same campaign.
 */
export interface PackedRead extends Omit<ReadCampaign, 'decoded'> {
  decoded: Omit<ReadCampaign['decoded'], 'campaign'> & { campaignJson: string }
}

export function packRead(read: ReadCampaign): PackedRead {
  const { campaign, ...decoded } = read.decoded
  return { ...read, decoded: { ...decoded, campaignJson: JSON.stringify(campaign) } }
}

export function unpackRead(packed: PackedRead): ReadCampaign {
  const { campaignJson, ...decoded } = packed.decoded
  return { ...packed, decoded: { ...decoded, campaign: JSON.parse(campaignJson) as Campaign } }
}

export type WorkerRequest =
  | { id: number; op: 'read'; file: string; maxBytes: number; written?: WrittenMap[] }
  | { id: number; op: 'summary'; file: string; maxBytes: number }
  | { id: number; op: 'decodeText'; text: string }

export interface SerializedError {
  name: string
  message: string
  code?: string
  newerVersion?: boolean
  bytes?: number
  limit?: number
}

export type WorkerResponse =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError }

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const out: SerializedError = { name: error.name, message: error.message }
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') out.code = code
  if (error instanceof MigrationError) out.newerVersion = error.newerVersion
  if (error instanceof CampaignTooLargeError) {
    out.bytes = error.bytes
    out.limit = error.limit
  }
  return out
}

export function rebuildError(error: SerializedError): Error {
  switch (error.name) {
    case 'SyntaxError':
      return new SyntaxError(error.message)
    case 'MigrationError':
      return new MigrationError(error.message, error.newerVersion)
    case 'CampaignDataError':
      return new CampaignDataError(error.message)
    case 'CampaignTooLargeError':
      return new CampaignTooLargeError(error.bytes ?? 0, error.limit ?? 0)
  }
  const rebuilt = new Error(error.message) as Error & { code?: string }
  rebuilt.name = error.name
  if (error.code) rebuilt.code = error.code
  return rebuilt
}
