// Messages between main and the tile worker (art-worker.ts).
import type { TileRef } from './player-art'

export type ArtWorkerRequest =
  | {
      id: number
      op: 'keep'
      key: string
      squarePx: number
      mapWidth: number
      mapHeight: number
      data: Uint8Array
    }
  | { id: number; op: 'tile'; key: string; tile: TileRef; mask: string }

export type ArtWorkerResponse =
  { id: number; ok: true; png?: Uint8Array } | { id: number; ok: false; message: string }
