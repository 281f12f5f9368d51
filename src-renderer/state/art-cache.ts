// Map pictures on the GM page, fetched from main's assets folder once per picture (asset.get) and
// kept decoded for the board. Two pictures are kept: the map on screen and the one before.
import { closeArtImage, loadArtImage, type ArtImage } from '../lib/art-image'
import { dataUrlToBlob } from '../lib/read-file'
import type { GmApi } from '../lib/api'

export interface LoadedArt {
  hash: string
  blob: Blob
  image: ArtImage
}

const KEEP = 2
const loaded = new Map<string, Promise<LoadedArt>>()

export function loadArt(api: GmApi, hash: string): Promise<LoadedArt> {
  let entry = loaded.get(hash)
  if (entry) {
    loaded.delete(hash)
    loaded.set(hash, entry)
    return entry
  }
  entry = api.call('asset.get', { hash }).then(async ({ dataUrl }) => {
    const blob = dataUrlToBlob(dataUrl)
    return { hash, blob, image: await loadArtImage(blob) }
  })
  entry.catch(() => loaded.delete(hash))
  loaded.set(hash, entry)
  while (loaded.size > KEEP) {
    const [oldest, promise] = loaded.entries().next().value as [string, Promise<LoadedArt>]
    loaded.delete(oldest)
    void promise.then((art) => closeArtImage(art.image)).catch(() => undefined)
  }
  return entry
}
