// A campaign with its pictures as one file: a zip holding campaign.json (the usual export) and
// assets/<sha-256>.<ext> for every picture the campaign names. Read and written with fflate.
// Unpacking checks everything before anyone writes anything: only those names, sizes announced
// and real within limits (no zip bombs), each picture's bytes hashing to its name and being a
// PNG, JPEG or WebP, and the campaign itself decoding.
import { createHash } from 'node:crypto'
import { unzipSync, zipSync, type Zippable } from 'fflate'
import { MAX_CAMPAIGN_FILE_BYTES } from '../campaign/limits'
import { decodeCampaignImport } from '../campaign/campaign-file'
import type { Campaign } from '../campaign/schema'
import { MAX_ASSET_BYTES } from './asset-limits'
import { imageInfo } from './image-info'

export const PACK_CAMPAIGN_FILE = 'campaign.json'
/** Everything a pack may unpack to, all files together. */
export const MAX_PACK_BYTES = 512 * 1024 * 1024
const ASSET_NAME = /^assets\/([0-9a-f]{64})\.(png|jpg|webp)$/

export class PackError extends Error {
  readonly code = 'invalid-pack'
  constructor(message: string) {
    super(message)
    this.name = 'PackError'
  }
}

/** The pictures a campaign names (map art and token pictures), by hash. */
export function assetsOf(campaign: Campaign): string[] {
  const hashes = new Set<string>()
  for (const map of campaign.maps) {
    if (map.art) hashes.add(map.art.asset)
    for (const token of map.tokens) if (token.picture) hashes.add(token.picture)
  }
  return [...hashes]
}

export function packCampaign(
  exportJson: string,
  assets: ReadonlyArray<{ hash: string; type: 'png' | 'jpeg' | 'webp'; bytes: Uint8Array }>,
): Uint8Array {
  const files: Zippable = {
    [PACK_CAMPAIGN_FILE]: [new TextEncoder().encode(exportJson), { level: 6 }],
  }
  // Pictures are compressed already: stored as they are.
  for (const asset of assets)
    files[`assets/${asset.hash}.${asset.type === 'jpeg' ? 'jpg' : asset.type}`] = [
      asset.bytes,
      { level: 0 },
    ]
  return zipSync(files)
}

export interface UnpackedCampaign {
  json: string
  campaign: Campaign
  assets: Array<{ hash: string; bytes: Uint8Array }>
  /** Pictures the campaign names that the pack does not hold: the assets folder must have them. */
  notPacked: string[]
}

export function unpackCampaign(bytes: Uint8Array): UnpackedCampaign {
  let total = 0
  let entries: Record<string, Uint8Array>
  try {
    entries = unzipSync(bytes, {
      filter(file) {
        if (file.name !== PACK_CAMPAIGN_FILE && !ASSET_NAME.test(file.name))
          throw new PackError(`The pack holds a file it may not: ${file.name.slice(0, 100)}.`)
        const limit = file.name === PACK_CAMPAIGN_FILE ? MAX_CAMPAIGN_FILE_BYTES : MAX_ASSET_BYTES
        total += file.originalSize
        if (file.originalSize > limit || total > MAX_PACK_BYTES)
          throw new PackError(`The pack is too large to unpack (${file.name}).`)
        return true
      },
    })
  } catch (error) {
    if (error instanceof PackError) throw error
    throw new PackError(`The file is not a readable campaign pack: ${(error as Error).message}.`)
  }
  const campaignBytes = entries[PACK_CAMPAIGN_FILE]
  if (!campaignBytes) throw new PackError(`The pack has no ${PACK_CAMPAIGN_FILE}.`)
  const assets: UnpackedCampaign['assets'] = []
  for (const [name, data] of Object.entries(entries)) {
    const match = ASSET_NAME.exec(name)
    if (!match) continue
    // The announced size is the packer's word; the real one is checked too.
    if (data.byteLength > MAX_ASSET_BYTES)
      throw new PackError(`The picture ${name} is over the size limit.`)
    if (createHash('sha256').update(data).digest('hex') !== match[1])
      throw new PackError(`The picture ${name} is damaged (its bytes do not match its name).`)
    if (!imageInfo(data))
      throw new PackError(`The file ${name} is not a PNG, JPEG or WebP picture.`)
    assets.push({ hash: match[1], bytes: data })
  }
  if (campaignBytes.byteLength > MAX_CAMPAIGN_FILE_BYTES)
    throw new PackError('The campaign in the pack is over the size limit.')
  const json = new TextDecoder('utf-8', { fatal: true }).decode(campaignBytes)
  let campaign: Campaign
  try {
    campaign = decodeCampaignImport(json).campaign
  } catch (error) {
    throw new PackError(`The campaign in the pack cannot be read: ${(error as Error).message}`)
  }
  const packed = new Set(assets.map((a) => a.hash))
  return {
    json,
    campaign,
    assets,
    notPacked: assetsOf(campaign).filter((hash) => !packed.has(hash)),
  }
}
