// Images (map art, later token pictures) stored once each, as files named by the SHA-256 of their
// bytes in <dataDir>/assets/, beside campaigns/. Campaigns reference them by hash, so a picture
// used by ten maps or kept by twenty backups is on disk once, and a campaign file stays small.
//
// A file is written atomically (temp + fsync + rename) and never changed afterwards: its name is
// its content. Cleaning up deletes only files that no campaign, backup, journal or trashed
// campaign mentions, so restoring any backup never finds its art missing.
import { createHash } from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { writeFileAtomic, isTempFileName } from '../campaign/atomicFile'
import { imageInfo, type ImageInfo, type ImageType } from './image-info'

import { ASSET_HASH_PATTERN, MAX_ASSET_BYTES } from './asset-limits'

export { ASSET_HASH_PATTERN, MAX_ASSET_BYTES }

export class AssetError extends Error {
  constructor(
    readonly code: 'asset-too-large' | 'asset-not-image' | 'asset-not-found',
    message: string,
  ) {
    super(message)
    this.name = 'AssetError'
  }
}

export interface StoredAsset extends ImageInfo {
  hash: string
  bytes: number
}

const EXTENSION: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' }

export class AssetStore {
  readonly dir: string

  constructor(readonly dataDir: string) {
    this.dir = path.join(dataDir, 'assets')
  }

  /** Stores the image (once) and answers its hash and size; refuses what is not a PNG, JPEG or WebP. */
  async put(bytes: Uint8Array): Promise<StoredAsset> {
    if (bytes.byteLength > MAX_ASSET_BYTES) {
      throw new AssetError(
        'asset-too-large',
        `The image is ${megabytes(bytes.byteLength)} MB; the limit is ${megabytes(MAX_ASSET_BYTES)} MB.`,
      )
    }
    const info = imageInfo(bytes)
    if (!info)
      throw new AssetError('asset-not-image', 'The file is not a PNG, JPEG or WebP picture.')
    const hash = createHash('sha256').update(bytes).digest('hex')
    const file = this.fileFor(hash, info.type)
    await fs.mkdir(this.dir, { recursive: true })
    if (!(await exists(file))) await writeFileAtomic(file, bytes)
    return { hash, bytes: bytes.byteLength, ...info }
  }

  /** Whether the picture is stored (without reading it: a picture may be 40 MB). */
  async has(hash: string): Promise<boolean> {
    if (!ASSET_HASH_PATTERN.test(hash)) return false
    for (const type of Object.keys(EXTENSION) as ImageType[])
      if (await exists(this.fileFor(hash, type))) return true
    return false
  }

  /** The stored bytes of one image, with its type. */
  async get(hash: string): Promise<{ type: ImageType; bytes: Buffer }> {
    if (!ASSET_HASH_PATTERN.test(hash)) throw new AssetError('asset-not-found', 'No such image.')
    for (const type of Object.keys(EXTENSION) as ImageType[]) {
      const bytes = await fs.readFile(this.fileFor(hash, type)).catch(() => null)
      if (bytes) return { type, bytes }
    }
    throw new AssetError('asset-not-found', 'The image is missing from the assets folder.')
  }

  /**
   * Deletes every stored image no file under the data folder mentions by hash (campaigns, backups,
   * journals, trash). Answers the hashes removed.
   */
  async collectGarbage(): Promise<string[]> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[])
    const stored = new Map<string, string>()
    for (const name of names) {
      const hash = name.split('.')[0]
      if (ASSET_HASH_PATTERN.test(hash) && !isTempFileName(name)) stored.set(hash, name)
    }
    if (stored.size === 0) return []
    const referenced = await this.referencedHashes(new Set(stored.keys()))
    const removed: string[] = []
    for (const [hash, name] of stored) {
      if (referenced.has(hash)) continue
      await fs.rm(path.join(this.dir, name), { force: true })
      removed.push(hash)
    }
    return removed
  }

  private fileFor(hash: string, type: ImageType): string {
    return path.join(this.dir, `${hash}.${EXTENSION[type]}`)
  }

  /** Which of `candidates` appear in any text file of the data folder outside assets/. */
  private async referencedHashes(candidates: Set<string>): Promise<Set<string>> {
    const found = new Set<string>()
    const walk = async (dir: string): Promise<void> => {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => [])
      for (const entry of entries) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) {
          if (full !== this.dir) await walk(full)
          continue
        }
        if (!entry.isFile()) continue
        const text = await fs.readFile(full, 'latin1').catch(() => '')
        for (const match of text.matchAll(/[0-9a-f]{64}/g))
          if (candidates.has(match[0])) found.add(match[0])
        if (found.size === candidates.size) return
      }
    }
    await walk(this.dataDir)
    return found
  }
}

/** Start-up clean-up, in the background: a failure costs only disk space, so it is logged, not raised. */
export function cleanUpAssets(assets: AssetStore): void {
  assets
    .collectGarbage()
    .catch((error: unknown) => console.error('[assets] clean-up failed:', error))
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1)
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  )
}
