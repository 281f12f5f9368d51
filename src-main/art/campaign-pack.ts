// A campaign with its pictures as one file: a zip holding campaign.json (the usual export) and
// assets/<sha-256>.<ext> for every picture the campaign names. Written with fflate; read by
// readPack on the pack worker (pack-worker.ts), never on the thread that answers pages.
//
// Reading keeps only what the campaign uses: campaign.json and the pictures it names. Every other
// entry is ignored unread (and counted), except a name that could leave a folder, which is
// refused. Two entries of one name are refused. Each kept entry is inflated with a byte counter
// that stops at its announced size (pack-zip.ts), must match its CRC and, for a picture, its hash
// and the picture budget for its use (picture-budget.ts); main then decodes each kept picture in
// full before anything is written (ipc/art-verbs.ts).
import { createHash } from 'node:crypto'
import { zipSync, type Zippable } from 'fflate'
import { MAX_CAMPAIGN_FILE_BYTES } from '@core/campaign/limits'
import { decodeCampaignImport } from '../campaign/campaign-file'
import type { Campaign } from '@core/campaign/schema'
import { MAX_PACK_BYTES } from '@core/art/asset-limits'
import { admitPicture } from './decode'
import { PackError } from './pack-error'
import { readZipDirectory, readZipEntry, shortName, type ZipEntry } from './pack-zip'
import { PICTURE_LIMITS, type PictureUse } from '@core/art/picture-budget'
import { PictureError } from '@core/art/picture-error'

export const PACK_CAMPAIGN_FILE = 'campaign.json'
export { MAX_PACK_BYTES }
const ASSET_NAME = /^assets\/([0-9a-f]{64})\.(png|jpg|webp)$/

/** The pictures a campaign names (map art and token pictures), by hash. */
export function assetsOf(campaign: Campaign): string[] {
  return [...pictureUses(campaign).keys()]
}

/** Each picture the campaign names and what for: map art wins over a token's picture. */
export function pictureUses(campaign: Campaign): Map<string, PictureUse> {
  const uses = new Map<string, PictureUse>()
  for (const map of campaign.maps) {
    if (map.art) uses.set(map.art.asset, 'map')
    for (const token of map.tokens)
      if (token.picture && !uses.has(token.picture)) uses.set(token.picture, 'token')
  }
  return uses
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

export interface PackPicture {
  hash: string
  use: PictureUse
  bytes: Uint8Array
}

export interface UnpackedCampaign {
  json: string
  /** The pictures the campaign names that the pack holds, checked by header and hash. */
  pictures: PackPicture[]
  /** Pictures the campaign names that the pack does not hold: the assets folder must have them. */
  notPacked: Array<{ hash: string; use: PictureUse }>
  /** Entries left unread: pictures the campaign does not name, other files, folders. */
  ignored: number
}

/** A name that could leave a folder when someone unpacks it: refused, whatever else is in the pack. */
function unsafeName(name: string): boolean {
  return (
    name.startsWith('/') ||
    name.includes('\\') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').includes('..') ||
    // Control characters, as in a name built to fool a terminal or a file manager.
    [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  )
}

/** Reads a pack (base64 or bytes) as described above. Runs on the pack worker. */
export async function readPack(zip: Uint8Array): Promise<UnpackedCampaign> {
  const entries = readZipDirectory(zip)
  const byName = new Map<string, ZipEntry>()
  for (const entry of entries) {
    if (unsafeName(entry.name))
      throw new PackError(
        'pack-bad-entry',
        `The pack holds a file it may not: ${shortName(entry.name)}.`,
      )
    if (byName.has(entry.name))
      throw new PackError(
        'pack-duplicate-entry',
        `The pack holds two entries named ${shortName(entry.name)}; which one is meant cannot be told.`,
      )
    byName.set(entry.name, entry)
  }
  const campaignEntry = byName.get(PACK_CAMPAIGN_FILE)
  if (!campaignEntry)
    throw new PackError('pack-no-campaign', `The pack has no ${PACK_CAMPAIGN_FILE}.`)
  if (campaignEntry.size > MAX_CAMPAIGN_FILE_BYTES)
    throw new PackError('pack-too-large', `The campaign in the pack is over the size limit.`)
  const json = campaignText(await readZipEntry(zip, campaignEntry))
  const campaign = decodePackCampaign(json)

  const pictureEntries = new Map<string, ZipEntry>()
  for (const entry of entries) {
    const hash = ASSET_NAME.exec(entry.name)?.[1]
    if (!hash) continue
    if (pictureEntries.has(hash))
      throw new PackError('pack-duplicate-entry', `The pack holds the picture ${hash} twice.`)
    pictureEntries.set(hash, entry)
  }
  const kept: Array<{ hash: string; use: PictureUse; entry: ZipEntry }> = []
  const notPacked: UnpackedCampaign['notPacked'] = []
  let total = campaignEntry.size
  for (const [hash, use] of pictureUses(campaign)) {
    const entry = pictureEntries.get(hash)
    if (!entry) {
      notPacked.push({ hash, use })
      continue
    }
    total += entry.size
    if (entry.size > PICTURE_LIMITS[use].maxBytes || total > MAX_PACK_BYTES)
      throw new PackError(
        'pack-too-large',
        `The picture ${shortName(entry.name)} is over the size limit.`,
      )
    kept.push({ hash, use, entry })
  }
  const pictures: PackPicture[] = []
  for (const { hash, use, entry } of kept) {
    const bytes = await readZipEntry(zip, entry)
    if (createHash('sha256').update(bytes).digest('hex') !== hash)
      throw new PackError(
        'pack-entry-damaged',
        `The picture ${shortName(entry.name)} is damaged (its bytes do not match its name).`,
      )
    try {
      admitPicture(bytes, use)
    } catch (error) {
      if (error instanceof PictureError)
        throw new PictureError(error.code, `${entry.name}: ${error.message}`, `/${entry.name}`)
      throw error
    }
    pictures.push({ hash, use, bytes })
  }
  return { json, pictures, notPacked, ignored: entries.length - 1 - kept.length }
}

function campaignText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new PackError(
      'pack-campaign-invalid',
      `The pack's ${PACK_CAMPAIGN_FILE} is not UTF-8 text.`,
    )
  }
}

function decodePackCampaign(json: string): Campaign {
  try {
    return decodeCampaignImport(json).campaign
  } catch (error) {
    // A campaign from a newer app keeps its own code: the page says to update, not "damaged".
    if ((error as { code?: unknown }).code === 'newer-version') throw error
    throw new PackError(
      'pack-campaign-invalid',
      `The campaign in the pack cannot be read: ${(error as Error).message}`,
    )
  }
}
