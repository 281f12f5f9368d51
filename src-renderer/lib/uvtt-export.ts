// Saves the open map as a Universal VTT 0.3 file (src-main/core/uvtt/export.ts does the conversion),
// with the map's picture re-cut to the grid so other tools line it up without an offset.
import type { CampaignMap } from '@core/campaign/schema'
import { exportUvtt } from '@core/uvtt/export'
import { pngFileName, saveBlob } from './png-export'
import { gridAlignedPng } from './art-image'
import type { GmApi } from './api'
import { loadArt } from '../state/art-cache'

export function uvttFileName(map: { name: string; id: string }): string {
  return pngFileName(map).replace(/\.png$/, '.uvtt')
}

export async function exportMapUvtt(map: CampaignMap, api: GmApi): Promise<void> {
  const image = map.art
    ? await gridAlignedPng((await loadArt(api, map.art.asset)).blob, map.art, map.width, map.height)
    : undefined
  saveBlob(
    new Blob([JSON.stringify(exportUvtt(map, image), null, 1)], { type: 'application/json' }),
    uvttFileName(map),
  )
}
