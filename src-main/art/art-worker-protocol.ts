// Messages between main and the art worker (art-worker.ts).
import type { ImageType } from './image-info'
import type { ArtAlignment, TileRef } from './player-art'

export type ArtWorkerRequest =
  | {
      id: number
      op: 'base'
      key: string
      bytes: Uint8Array
      type: ImageType
      align: ArtAlignment
      mapWidth: number
      mapHeight: number
    }
  | { id: number; op: 'tile'; key: string; tile: TileRef; mask: string }
  | { id: number; op: 'probe'; bytes: Uint8Array; type: ImageType }

export type ArtWorkerResponse =
  | { id: number; ok: true; png?: Uint8Array; squarePx?: number }
  | { id: number; ok: false; message: string }
