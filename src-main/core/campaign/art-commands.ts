// Map art commands (schema 4): put a picture under the grid or take it away, and align it. The
// picture's bytes live in the assets folder; a command only carries its hash and geometry.
import type { CampaignMap, Command } from './schema'
import type { Fail } from './refusals'

type Of<T extends Command['type']> = Extract<Command, { type: T }>

export function applyArtCommand(
  map: CampaignMap,
  command: Of<'map.art' | 'map.artAlign'>,
  fail: Fail,
): CampaignMap {
  if (command.type === 'map.art') {
    if (command.art === null) {
      if (!map.art) return map
      const { art: _removed, ...rest } = map
      return rest
    }
    return { ...map, art: { ...command.art } }
  }
  const art = map.art ?? fail(`Map "${map.id}" has no picture to align.`, 'no-art')
  const next = { ...art }
  if (command.pixelsPerSquare !== undefined) next.pixelsPerSquare = command.pixelsPerSquare
  if (command.offsetX !== undefined) next.offsetX = command.offsetX
  if (command.offsetY !== undefined) next.offsetY = command.offsetY
  return { ...map, art: next }
}
