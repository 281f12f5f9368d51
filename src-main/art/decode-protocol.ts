// Messages between main and the decode worker (decode-worker.ts).
import type { ImageInfo, ImageType } from '@core/art/image-info'
import type { PictureUse } from '@core/art/picture-budget'
import type { ArtAlignment } from './player-art'

export type DecodeJob =
  | {
      op: 'check'
      /** The picture's bytes, or its base64 text as base64Text bytes (decoded on the worker). */
      source: Uint8Array
      base64: boolean
      use: PictureUse
    }
  | {
      op: 'base'
      bytes: Uint8Array
      type: ImageType
      use: 'map'
      align: ArtAlignment
      mapWidth: number
      mapHeight: number
      /**
       * The copy is written here, into memory main allocated and lent: memory the worker itself
       * allocated and handed back would keep its thread's whole heap arena resident after it ends.
       */
      output: Uint8Array
    }

export type DecodeResult =
  | {
      op: 'check'
      info: ImageInfo
      /** SHA-256 of the bytes: the picture's name in the assets folder. */
      hash: string
      /** The bytes, when they came as base64. */
      bytes?: Uint8Array
    }
  | { op: 'base'; squarePx: number; data: Uint8Array }
