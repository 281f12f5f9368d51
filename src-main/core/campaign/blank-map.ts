// A map with nothing on it yet: a new map in the editor, or an outline of one the page does not
// hold (ipc/map-outlines.ts).
import type { CampaignMap } from './schema'

export function blankMap(
  outline: Pick<CampaignMap, 'id' | 'name' | 'system' | 'width' | 'height'>,
): CampaignMap {
  const { id, name, system, width, height } = outline
  return {
    id,
    name,
    system,
    width,
    height,
    cells: [],
    edges: [],
    light: { sources: [] },
    tokens: [],
    notes: '',
  }
}
