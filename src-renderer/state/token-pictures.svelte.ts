// Token pictures on the GM page: stored in main's assets folder and named by hash on the token
// (schema 5), fetched once each (asset.get) and shared by the board, the PNG export and panels.
import { SvelteMap } from 'svelte/reactivity'
import type { GmApi } from '../lib/api'

const urls = new SvelteMap<string, string>()
// Not reactive: it is written while the board renders, which reactive state must not be.
const requests: Record<string, Promise<string | undefined>> = {}

/** Waits for the picture (the PNG export needs it drawn, not pending); undefined if it is missing. */
export function loadTokenPicture(api: GmApi, hash: string): Promise<string | undefined> {
  requests[hash] ??= api.call('asset.get', { hash }).then(
    ({ dataUrl }) => {
      urls.set(hash, dataUrl)
      return dataUrl
    },
    () => undefined,
  )
  return requests[hash]
}

/** The picture's data: URL, or undefined while it loads (the caller re-renders when it arrives). */
export function tokenPictureUrl(api: GmApi, hash: string | undefined): string | undefined {
  if (!hash) return undefined
  const url = urls.get(hash)
  if (!url) void loadTokenPicture(api, hash)
  return url
}
