// The verbs about pictures (asset.*, campaign packs, a Universal VTT file's picture), kept apart
// from handlers.ts, which dispatches to them. Errors carry kebab-case codes (and a JSON pointer
// where one applies), which toHandlerError passes on as the contract's error.
//
// Every picture is checked before it is kept (art/assets.ts: header, picture budget, a full
// decode on a decode worker); a pack is read on a pack worker (art/pack-reader.ts). Main only
// waits for them, so the GM page and the player view are answered meanwhile.
import type { CampaignServiceApi } from '@core/contract/campaign-service'
import type { Campaign, MapArt } from '@core/campaign/schema'
import type { AssetStore, CheckedPicture, StoredAsset } from '../art/assets'
import { assetsOf, packCampaign } from '../art/campaign-pack'
import { IMAGE_MIME } from '@core/art/image-info'
import { PackError } from '../art/pack-error'
import { createPackReader, type PackReader } from '../art/pack-reader'
import type { PictureUse } from '@core/art/picture-budget'
import { PictureError } from '@core/art/picture-error'

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

/** What a pack import kept and what it left unread. */
export interface PackImportReport {
  /** Pictures the campaign uses that came from the pack. */
  pictures: number
  /** Entries the campaign does not use (other pictures, other files): not read, not kept. */
  ignored: number
}

export interface ArtVerbs {
  put(base64: string, use: PictureUse): Promise<StoredAsset>
  dataUrl(hash: string): Promise<{ dataUrl: string }>
  /** A campaign with pictures as a zip; one without as its JSON export. */
  exportFile(id: string): Promise<{ zip: string } | { json: string }>
  /** Imports a pack, every check made before anything is written. */
  importPack(
    base64: string,
    onConflict?: 'replace' | 'keep-both',
  ): Promise<{ campaign: Campaign; report: PackImportReport }>
  /** Refuses a Universal VTT picture that may not be kept (its code, at /image). */
  checkUvttPicture(base64: string): Promise<void>
  /** Stores a Universal VTT picture as map art: the export's pixel (0, 0) is the map's corner. */
  storeUvttPicture(base64: string, pixelsPerGrid: number): Promise<MapArt | undefined>
  dispose(): void
}

export function createArtVerbs(
  service: Pick<CampaignServiceApi, 'exportCampaign' | 'open' | 'importCampaign'>,
  assets: AssetStore | undefined,
  packs: PackReader = createPackReader(),
): ArtVerbs {
  const store = (): AssetStore => {
    if (!assets) throw new ArtVerbError('unavailable', 'Pictures are not available in this app.')
    return assets
  }
  // The Universal VTT import checks its picture, then stores it: one decode for both.
  let lastUvtt: { base64: string; picture: CheckedPicture } | null = null
  async function checkedUvtt(base64: string): Promise<CheckedPicture> {
    if (lastUvtt?.base64 === base64) return lastUvtt.picture
    let picture: CheckedPicture
    try {
      picture = await store().check(base64, 'map')
    } catch (error) {
      if (!(error instanceof PictureError)) throw error
      const undecodable = error.code === 'asset-undecodable' || error.code === 'asset-not-image'
      throw new ArtVerbError(
        undecodable ? 'image-undecodable' : error.code,
        `The map image is refused: ${error.message}`,
        '/image',
      )
    }
    lastUvtt = { base64, picture }
    return picture
  }

  return {
    put: (base64, use) => store().put(base64, use),
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
      const assetStore = store()
      const pack = await packs.read(base64)
      for (const { hash } of pack.notPacked) {
        if (!(await assetStore.has(hash)))
          throw new PackError(
            'pack-picture-missing',
            `The pack lacks the picture ${hash}, which its campaign uses.`,
          )
      }
      // Every kept picture decodes in full within its budget before the first one is written.
      const checked: CheckedPicture[] = []
      for (const picture of pack.pictures) {
        try {
          checked.push(await assetStore.check(picture.bytes, picture.use))
        } catch (error) {
          if (!(error instanceof PictureError)) throw error
          throw new PictureError(
            error.code,
            `The pack's picture ${picture.hash}: ${error.message}`,
            `/assets/${picture.hash}`,
          )
        }
      }
      // Pictures first, so the campaign never names one that is not there.
      for (const picture of checked) await assetStore.store(picture)
      const campaign = await service.importCampaign(pack.json, onConflict)
      return { campaign, report: { pictures: checked.length, ignored: pack.ignored } }
    },
    async checkUvttPicture(base64) {
      if (!assets) return
      await checkedUvtt(base64)
    },
    async storeUvttPicture(base64, pixelsPerGrid) {
      if (!assets) return undefined
      const stored = await assets.store(await checkedUvtt(base64))
      lastUvtt = null
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
    dispose() {
      lastUvtt = null
      void packs.dispose()
    },
  }
}
