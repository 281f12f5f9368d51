// The map-art tiles a player view names, fetched by id (player.artTiles) in batches and kept while
// the view still names them. Ids change whenever a tile's content does, so a cached id is never stale.
import { MAX_ART_TILES_PER_CALL } from '@core/contract/channels'

export type FetchTiles = (ids: string[]) => Promise<Array<{ id: string; dataUrl: string }>>

/** Tiles kept beyond the ones on screen, so walking back and forth does not refetch. */
const SPARE = 200

export const NO_TILES: ReadonlyMap<string, string> = new Map()

export class ArtTileCache {
  private urls: ReadonlyMap<string, string> = NO_TILES
  private pending = new Set<string>()

  /** @param onChange gets every new set of tiles (the board keeps it in its state). */
  constructor(
    private readonly fetchTiles: FetchTiles,
    private readonly onChange: (urls: ReadonlyMap<string, string>) => void,
  ) {}

  /** Fetches the tiles among `ids` not held yet; forgets old tiles the view no longer names. */
  want(ids: readonly string[]): void {
    const missing = ids.filter((id) => !this.urls.has(id) && !this.pending.has(id))
    for (let i = 0; i < missing.length; i += MAX_ART_TILES_PER_CALL) {
      const batch = missing.slice(i, i + MAX_ART_TILES_PER_CALL)
      for (const id of batch) this.pending.add(id)
      this.fetchTiles(batch)
        .then((tiles) => {
          const next = new Map(this.urls)
          for (const tile of tiles) next.set(tile.id, tile.dataUrl)
          this.urls = this.pruned(next, ids)
          this.onChange(this.urls)
        })
        .catch(() => undefined)
        .finally(() => {
          for (const id of batch) this.pending.delete(id)
        })
    }
  }

  private pruned(urls: Map<string, string>, current: readonly string[]): Map<string, string> {
    if (urls.size <= current.length + SPARE) return urls
    const keep = new Set(current)
    const next = new Map<string, string>()
    let spare = SPARE
    for (const [id, url] of [...urls].reverse()) {
      if (keep.has(id)) next.set(id, url)
      else if (spare-- > 0) next.set(id, url)
    }
    return next
  }
}
