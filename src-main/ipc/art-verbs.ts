// The verbs about pictures (asset.*, campaign packs, a Universal VTT file's picture), kept apart
// from handlers.ts, which dispatches to them. Errors carry kebab-case codes (and a JSON pointer
// where one applies), which toHandlerError passes on as the contract's error.
import { createHash } from 'node:crypto'
import type { CampaignServiceApi } from '../campaign/api'
import type { Campaign, MapArt } from '../campaign/schema'
import type { AssetStore } from '../art/assets'
import type { ArtWorkerClient } from '../art/art-worker-client'
import { assetsOf, packCampaign, unpackCampaign } from '../art/campaign-pack'
import { IMAGE_MIME, imageInfo } from '../art/image-info'

export class ArtVerbError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly path?: string,
  ) {
    super(message)
    this.name = 'ArtVerbError'
  }
}

/** Strict base64 (a data: URL prefix allowed) to bytes; anything else is refused, not guessed at. */
export function decodeBase64(
  text: string,
  code: 'asset-not-image' | 'invalid-pack' = 'asset-not-image',
): Buffer {
  const body = text.replace(/^data:[a-z/+.-]+;base64,/, '').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0) {
    throw new ArtVerbError(
      code,
      code === 'invalid-pack'
        ? 'The file is not valid base64.'
        : 'The picture is not valid base64.',
    )
  }
  return Buffer.from(body, 'base64')
}

export interface ArtVerbs {
  put(base64: string): ReturnType<AssetStore['put']>
  dataUrl(hash: string): Promise<{ dataUrl: string }>
  /** A campaign with pictures as a zip; one without as its JSON export. */
  exportFile(id: string): Promise<{ zip: string } | { json: string }>
  /** Imports a pack, every check made before anything is written. */
  importPack(base64: string, onConflict?: 'replace' | 'keep-both'): Promise<Campaign>
  /** Refuses a Universal VTT picture that does not decode (`image-undecodable`, at /image). */
  checkUvttPicture(base64: string): Promise<void>
  /** Stores a Universal VTT picture as map art: the export's pixel (0, 0) is the map's corner. */
  storeUvttPicture(base64: string, pixelsPerGrid: number): Promise<MapArt | undefined>
}

/** Pictures already decoded in full by the check, by hash: the dialog's dry run and the import then decode once. */
const MAX_CHECKED = 32

export function createArtVerbs(
  service: Pick<CampaignServiceApi, 'exportCampaign' | 'open' | 'importCampaign'>,
  assets: AssetStore | undefined,
  worker: ArtWorkerClient | undefined,
): ArtVerbs {
  const checked = new Set<string>()
  const store = (): AssetStore => {
    if (!assets) throw new ArtVerbError('unavailable', 'Pictures are not available in this app.')
    return assets
  }
  return {
    put: (base64) => store().put(decodeBase64(base64)),
    async dataUrl(hash) {
      const { type, bytes } = await store().get(hash)
      return { dataUrl: `data:${IMAGE_MIME[type]};base64,${bytes.toString('base64')}` }
    },
    async exportFile(id) {
      const json = await service.exportCampaign(id)
      const hashes = assetsOf((await service.open(id)).campaign)
      if (hashes.length === 0) return { json }
      const pictures = await Promise.all(
        hashes.map(async (hash) => ({ hash, ...(await store().get(hash)) })),
      )
      return { zip: Buffer.from(packCampaign(json, pictures)).toString('base64') }
    },
    async importPack(base64, onConflict) {
      const pack = unpackCampaign(decodeBase64(base64, 'invalid-pack'))
      for (const hash of pack.notPacked) {
        if (!(await store().has(hash)))
          throw new ArtVerbError('invalid-pack', 'The pack lacks a picture its campaign uses.')
      }
      // Everything checked: pictures first, so the campaign never names one that is not there.
      for (const asset of pack.assets) await store().put(asset.bytes)
      return service.importCampaign(pack.json, onConflict)
    },
    async checkUvttPicture(base64) {
      if (!worker) return
      const bytes = decodeBase64(base64)
      const hash = createHash('sha256').update(bytes).digest('hex')
      if (checked.has(hash)) return
      const info = imageInfo(bytes)
      const problem = info
        ? await worker.probe(bytes, info.type)
        : 'not a PNG, JPEG or WebP picture'
      if (problem)
        throw new ArtVerbError(
          'image-undecodable',
          `The map image does not decode: ${problem}.`,
          '/image',
        )
      if (checked.size >= MAX_CHECKED) checked.clear()
      checked.add(hash)
    },
    async storeUvttPicture(base64, pixelsPerGrid) {
      if (!assets) return undefined
      const stored = await assets.put(decodeBase64(base64))
      return {
        asset: stored.hash,
        type: stored.type,
        width: stored.width,
        height: stored.height,
        pixelsPerSquare: pixelsPerGrid,
        offsetX: 0,
        offsetY: 0,
      }
    },
  }
}
