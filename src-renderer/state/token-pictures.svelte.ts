// Token pictures on the GM page: stored in main's assets folder and named by hash on the token
// (schema 5), fetched once each (asset.get) and shared by the board, the PNG export and panels.
import { SvelteMap } from 'svelte/reactivity'
import type { GmApi } from '../lib/api'

const urls = new SvelteMap<string, string>()
// Not reactive: it is written while the board renders, which reactive state must not be.
const asked: Record<string, true> = {}

/** The picture's data: URL, or undefined while it loads (the caller re-renders when it arrives). */
export function tokenPictureUrl(api: GmApi, hash: string | undefined): string | undefined {
  if (!hash) return undefined
  const url = urls.get(hash)
  if (url || asked[hash]) return url
  asked[hash] = true
  api.call('asset.get', { hash }).then(
    ({ dataUrl }) => urls.set(hash, dataUrl),
    () => undefined,
  )
  return undefined
}

/** Waits for the picture (the PNG export needs it drawn, not pending). */
export async function loadTokenPicture(api: GmApi, hash: string): Promise<string | undefined> {
  const known = urls.get(hash)
  if (known) return known
  try {
    const { dataUrl } = await api.call('asset.get', { hash })
    urls.set(hash, dataUrl)
    return dataUrl
  } catch {
    return undefined
  }
}
