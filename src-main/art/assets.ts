// Pictures (map art, token pictures) stored once each, as files named by the SHA-256 of their
// bytes in <dataDir>/assets/, beside campaigns/. Campaigns reference them by hash, so a picture
// used by ten maps or kept by twenty backups is on disk once, and a campaign file stays small.
//
// Nothing is kept unchecked: a picture is judged by its header against the picture budget and
// decoded in full on a decode worker before its first byte is written (issues 26 and 27). A file
// is written atomically (temp + fsync + rename) and never changed afterwards: its name is its
// content. A temp file a crash left is removed at the next start. Cleaning up deletes only files
// that no campaign, backup, journal or trashed campaign mentions, so restoring any backup never
// finds its art missing.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { writeFileAtomic, isTempFileName } from '../campaign/atomicFile'
import type { ImageInfo, ImageType } from '@core/art/image-info'
import { ASSET_HASH_PATTERN, MAX_ASSET_BYTES } from '@core/art/asset-limits'
import type { PictureUse } from '@core/art/picture-budget'
import { sharedPictureDecoder, type PictureDecoder } from './picture-decoder'
import { PictureError } from '@core/art/picture-error'

export { ASSET_HASH_PATTERN, MAX_ASSET_BYTES }
/** The store's refusals are the pictures' own (picture-error.ts). */
export { PictureError as AssetError }

export interface StoredAsset extends ImageInfo {
  hash: string
  bytes: number
}

/** A picture that passed every check (AssetStore.check), ready to be written; nothing else is. */
export class CheckedPicture {
  private constructor(
    readonly bytes: Uint8Array,
    readonly info: ImageInfo,
    readonly hash: string,
  ) {}

  /** Only the store's check makes one. */
  static async of(
    source: Uint8Array | string,
    use: PictureUse,
    decoder: Pick<PictureDecoder, 'check'>,
  ): Promise<CheckedPicture> {
    const { bytes, info, hash } = await decoder.check(source, use)
    return new CheckedPicture(bytes, info, hash)
  }
}

const EXTENSION: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' }

export interface AssetStoreOptions {
  /** Decodes pictures before they are kept (default: the app's shared decode worker). */
  decoder?: Pick<PictureDecoder, 'check'>
}

export class AssetStore {
  readonly dir: string
  private readonly decoder: Pick<PictureDecoder, 'check'>
  /** The start-up sweep of temp files; writes wait for it, so it never removes one of theirs. */
  private sweep: Promise<unknown> = Promise.resolve()

  constructor(
    readonly dataDir: string,
    options: AssetStoreOptions = {},
  ) {
    this.dir = path.join(dataDir, 'assets')
    this.decoder = options.decoder ?? sharedPictureDecoder()
  }

  /**
   * Checks a picture for this use without writing anything: a PNG, JPEG or WebP within the
   * picture budget (picture-budget.ts) that decodes in full. Throws a PictureError otherwise.
   */
  check(source: Uint8Array | string, use: PictureUse): Promise<CheckedPicture> {
    return CheckedPicture.of(source, use, this.decoder)
  }

  /** Writes a checked picture (once) and answers its hash and size. */
  async store(picture: CheckedPicture): Promise<StoredAsset> {
    await this.sweep
    const file = this.fileFor(picture.hash, picture.info.type)
    await fs.mkdir(this.dir, { recursive: true })
    if (!(await exists(file))) await writeFileAtomic(file, picture.bytes)
    return { hash: picture.hash, bytes: picture.bytes.byteLength, ...picture.info }
  }

  /** Checks, then stores: a refused picture writes nothing. Base64 text is decoded off main. */
  async put(source: Uint8Array | string, use: PictureUse = 'map'): Promise<StoredAsset> {
    return this.store(await this.check(source, use))
  }

  /**
   * Removes the temp files a crash left in the assets folder (a write cut short before its
   * rename). Run at start-up: the data folder's lock (data-lock.ts) means no other app writes
   * here, so every temp file from before this sweep is a dead one, whatever process id it names
   * (ids are reused after a restart). This store's writes wait for the sweep; another store's
   * write that started meanwhile (a campaign upgrade moving token pictures) is newer than it.
   */
  removeTempFiles(): Promise<string[]> {
    const sweeping = (async () => {
      // File times may run a little ahead of Date.now()'s whole milliseconds.
      const startedAt = Date.now() + 1
      const names = await fs.readdir(this.dir).catch(() => [] as string[])
      const removed: string[] = []
      for (const name of names) {
        if (!isTempFileName(name)) continue
        const file = path.join(this.dir, name)
        const written = await fs.stat(file).then(
          (stat) => stat.mtimeMs,
          () => Infinity,
        )
        if (written >= startedAt) continue
        await fs.rm(file, { force: true })
        removed.push(name)
      }
      return removed
    })()
    this.sweep = sweeping.catch(() => undefined)
    return sweeping
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
    if (!ASSET_HASH_PATTERN.test(hash)) throw new PictureError('asset-not-found', 'No such image.')
    for (const type of Object.keys(EXTENSION) as ImageType[]) {
      const bytes = await fs.readFile(this.fileFor(hash, type)).catch(() => null)
      if (bytes) return { type, bytes }
    }
    throw new PictureError('asset-not-found', 'The image is missing from the assets folder.')
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

/**
 * Start-up clean-up, in the background: temp files a crash left, then pictures nothing mentions.
 * A failure costs only disk space, so it is logged, not raised.
 */
export function cleanUpAssets(assets: AssetStore): Promise<void> {
  return assets
    .removeTempFiles()
    .then(() => assets.collectGarbage())
    .then(
      () => undefined,
      (error: unknown) => console.error('[assets] clean-up failed:', error),
    )
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  )
}
