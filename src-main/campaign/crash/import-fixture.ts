// Shared by the import crash test and its child process: the campaign the child imports into,
// and the picture, pack and Universal VTT file of import number n (each with a picture of its own,
// so every import writes a new file to the assets folder).
import { encode } from 'fast-png'
import { zipSync } from 'fflate'
import { EXPORT_FORMAT } from '../campaign-file'
import type { Campaign } from '@core/campaign/schema'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'

export const IMPORT_BASE_ID = 'import-base'
export const IMPORTED_NAME = 'Imported'
const WIDTH = 400
const HEIGHT = 300
export const UVTT_SQUARES = { x: 8, y: 6 }

export const importBase: Campaign = makeCampaign({
  id: IMPORT_BASE_ID,
  name: 'Import base',
  maps: [makeMap({ id: 'm1', width: 8, height: 6 })],
})

/** Picture n: noise (so it is hundreds of kilobytes, a write that takes a while), unique to n. */
export function importPicture(n: number): Uint8Array {
  const data = new Uint8Array(WIDTH * HEIGHT * 4)
  let state = (n * 2654435761) >>> 0 || 1
  for (let i = 0; i < data.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    data[i] = (i & 3) === 3 ? 255 : state >>> 24
  }
  return encode({ width: WIDTH, height: HEIGHT, data, channels: 4, depth: 8 })
}

export function mapArt(hash: string) {
  return {
    asset: hash,
    type: 'png' as const,
    width: WIDTH,
    height: HEIGHT,
    pixelsPerSquare: WIDTH / 8,
    offsetX: 0,
    offsetY: 0,
  }
}

/** Pack n: the base campaign as "Imported n", its map under picture n, with the picture. */
export function importPack(n: number, picture: Uint8Array, hash: string): Uint8Array {
  const campaign: Campaign = {
    ...importBase,
    id: `imported-${n}`,
    name: `${IMPORTED_NAME} ${n}`,
    maps: importBase.maps.map((map) => ({ ...map, art: mapArt(hash) })),
  }
  const json = JSON.stringify({ format: EXPORT_FORMAT, campaign })
  return zipSync({
    'campaign.json': new TextEncoder().encode(json),
    [`assets/${hash}.png`]: [picture, { level: 0 }],
  })
}

/** A Universal VTT file of import n: a map of UVTT_SQUARES with picture n under it. */
export function importUvtt(picture: Uint8Array): string {
  return JSON.stringify({
    format: 0.3,
    resolution: {
      map_origin: { x: 0, y: 0 },
      map_size: UVTT_SQUARES,
      pixels_per_grid: WIDTH / UVTT_SQUARES.x,
    },
    line_of_sight: [
      [
        { x: 1, y: 1 },
        { x: 5, y: 1 },
      ],
    ],
    portals: [],
    lights: [],
    image: Buffer.from(picture).toString('base64'),
  })
}
