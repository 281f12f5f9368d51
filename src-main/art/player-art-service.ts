// Map art for the players, as main serves it. The player view payload names tiles by random ids
// (never the picture's hash, a URL or the full picture); the player page then asks for each tile
// by id (verb player.artTiles, batched) and gets a PNG with every square it may not see in the fog colour.
// A tile's id changes whenever what it shows changes, so pages cache tiles by id.
import { randomBytes } from 'node:crypto'
import type { CampaignMap, MapArt } from '@core/campaign/schema'
import type { AssetStore } from './assets'
import type { ArtWorkerClient } from './art-worker-client'
import { sharedPictureDecoder, type PictureDecoder } from './picture-decoder'
import { tileMask, tilesOf, type TileRef } from './player-art'
import { IMAGE_MIME } from '@core/art/image-info'

export interface PlayerArtTiles {
  /** Pixels per square of the tiles. */
  squarePx: number
  tiles: Array<{ id: string } & TileRef>
}

export interface PlayerArtSource {
  /**
   * The tiles the players may get for this map of this campaign now (`known`: the squares they
   * see or remember); undefined while the picture is being prepared.
   */
  tilesFor(map: CampaignMap, known: Uint8Array, campaignId: string): PlayerArtTiles | undefined
  /** One tile as a PNG data URL; rejects for an id it never gave out. */
  tileDataUrl(id: string): Promise<string>
  /**
   * A token picture as a data: URL for the player view; undefined while it is read (the view is
   * refreshed once it is) or if it is missing.
   */
  tokenPicture(hash: string): string | undefined
  /** Calls `listener` whenever a picture the views asked for becomes ready; answers the unsubscribe. */
  onReady(listener: () => void): () => void
}

interface BaseState {
  art: MapArt
  mapWidth: number
  mapHeight: number
  status: 'building' | 'ready' | 'failed'
  squarePx: number
}

interface TileEntry {
  key: string
  /** The campaign's map whose fog made the id, and that fog's generation: forgetting ends it. */
  owner: string
  generation: number
  tile: TileRef
  mask: string
}

interface FogMemory {
  known: Uint8Array
  generation: number
}

/** Tile ids remembered (a whole 800² map explored is 10,000 tiles); past it, ids start afresh. */
const MAX_TILE_IDS = 50_000
const MAX_ENCODED = 600

export function createPlayerArtService(
  assets: Pick<AssetStore, 'get'>,
  worker: ArtWorkerClient,
  decoder: Pick<PictureDecoder, 'base'> = sharedPictureDecoder(),
): PlayerArtSource {
  const bases = new Map<string, BaseState>()
  const ids = new Map<string, TileEntry>()
  const idOfContent = new Map<string, string>()
  const encoded = new Map<string, string>()
  const fogs = new Map<string, FogMemory>()
  const tokenPictures = new Map<string, string | null>()
  const listeners = new Set<() => void>()
  const onReady = (): void => listeners.forEach((listener) => listener())
  const call = worker.call

  async function build(key: string, state: BaseState): Promise<void> {
    try {
      const { bytes } = await assets.get(state.art.asset)
      const { pixelsPerSquare, offsetX, offsetY } = state.art
      // Decoded on a worker that ends afterwards: only the grid-aligned copy stays, in the tile worker.
      const base = await decoder.base(
        bytes,
        state.art.type,
        { pixelsPerSquare, offsetX, offsetY },
        state.mapWidth,
        state.mapHeight,
      )
      const response = await call(
        {
          op: 'keep',
          key,
          squarePx: base.squarePx,
          mapWidth: base.mapWidth,
          mapHeight: base.mapHeight,
          data: base.data,
        },
        [base.data.buffer as ArrayBuffer],
      )
      if (!response.ok) throw new Error(response.message)
      state.status = 'ready'
      state.squarePx = base.squarePx
    } catch (error) {
      state.status = 'failed'
      console.error(
        '[art] cannot prepare the players’ copy of a map picture:',
        error instanceof Error ? error.message : error,
      )
    }
    onReady()
  }

  /**
   * Remembers what the players know of the map now. If they forgot any square (a fog reset, the
   * hide brush, an undone move), every tile id given out under the old fog dies with it: an id
   * saved before cannot fetch the forgotten squares' pixels.
   */
  function fogGeneration(owner: string, known: Uint8Array): number {
    const memory = fogs.get(owner)
    if (!memory) {
      fogs.set(owner, { known, generation: 0 })
      return 0
    }
    const before = memory.known
    let forgot = before.length !== known.length
    for (let i = 0; !forgot && i < known.length; i++) forgot = before[i] === 1 && known[i] !== 1
    memory.known = known
    if (forgot) {
      memory.generation++
      for (const [id, entry] of ids) {
        if (entry.owner !== owner) continue
        ids.delete(id)
        encoded.delete(id)
        idOfContent.delete(contentOf(entry))
      }
    }
    return memory.generation
  }

  function contentOf(entry: TileEntry): string {
    return `${entry.owner}|${entry.generation}|${entry.tile.x},${entry.tile.y}|${entry.mask}`
  }

  function idFor(entry: TileEntry): string {
    const content = contentOf(entry)
    let id = idOfContent.get(content)
    if (id) return id
    if (ids.size >= MAX_TILE_IDS) {
      ids.clear()
      idOfContent.clear()
      encoded.clear()
    }
    id = randomBytes(16).toString('hex')
    ids.set(id, entry)
    idOfContent.set(content, id)
    return id
  }

  return {
    tilesFor(map, known, campaignId) {
      const art = map.art
      if (!art) return undefined
      const key = [
        art.asset,
        art.pixelsPerSquare,
        art.offsetX,
        art.offsetY,
        map.width,
        map.height,
      ].join('|')
      let state = bases.get(key)
      if (!state) {
        state = { art, mapWidth: map.width, mapHeight: map.height, status: 'building', squarePx: 0 }
        bases.set(key, state)
        void build(key, state)
      }
      // The fog is the map's in this campaign: a copied campaign's map has its own.
      const owner = JSON.stringify([campaignId, map.id, key])
      const generation = fogGeneration(owner, known)
      if (state.status !== 'ready') return undefined
      const tiles: PlayerArtTiles['tiles'] = []
      for (const tile of tilesOf(map.width, map.height)) {
        const mask = tileMask(tile, known, map.width)
        if (mask !== null)
          tiles.push({ id: idFor({ key, owner, generation, tile, mask }), ...tile })
      }
      return { squarePx: state.squarePx, tiles }
    },
    async tileDataUrl(id) {
      const entry = ids.get(id)
      const alive = (): boolean =>
        entry !== undefined && fogs.get(entry.owner)?.generation === entry.generation
      if (!entry || !alive()) throw new Error('unknown-tile')
      const cached = encoded.get(id)
      if (cached) return cached
      let response = await call({ op: 'tile', key: entry.key, tile: entry.tile, mask: entry.mask })
      const state = bases.get(entry.key)
      if (!response.ok && response.message === 'base-missing' && state) {
        // The worker let the picture go (another map's took its place): prepare it again.
        await build(entry.key, state)
        response = await call({ op: 'tile', key: entry.key, tile: entry.tile, mask: entry.mask })
      }
      if (!response.ok || !response.png) throw new Error(response.ok ? 'no-tile' : response.message)
      // The fog may have forgotten squares while the tile was encoded.
      if (!alive()) throw new Error('unknown-tile')
      const url = `data:image/png;base64,${Buffer.from(response.png).toString('base64')}`
      encoded.set(id, url)
      if (encoded.size > MAX_ENCODED) encoded.delete(encoded.keys().next().value as string)
      return url
    },
    tokenPicture(hash) {
      const known = tokenPictures.get(hash)
      if (known !== undefined) return known ?? undefined
      tokenPictures.set(hash, null)
      assets.get(hash).then(
        ({ type, bytes }) => {
          tokenPictures.set(hash, `data:${IMAGE_MIME[type]};base64,${bytes.toString('base64')}`)
          onReady()
        },
        () => undefined,
      )
      return undefined
    },
    onReady(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
