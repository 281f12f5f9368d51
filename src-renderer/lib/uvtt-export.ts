// Saves the open map as a Universal VTT 0.3 file (src-main/uvtt/export.ts does the conversion).
import type { CampaignMap } from '../../src-main/campaign/schema'
import { exportUvtt } from '../../src-main/uvtt/export'
import { pngFileName, saveBlob } from './png-export'

export function uvttFileName(map: { name: string; id: string }): string {
  return pngFileName(map).replace(/\.png$/, '.uvtt')
}

export function exportMapUvtt(map: CampaignMap): void {
  saveBlob(new Blob([JSON.stringify(exportUvtt(map), null, 1)], { type: 'application/json' }), uvttFileName(map))
}
