// The light overlay: every square's light level from the rules engine's own `light` query, run
// here on the pure engine for an instant overlay (main's rules.query gives the same numbers; a
// test checks that). Loaded with a dynamic import so the engine is fetched only when the overlay
// is first shown.
import type { CampaignMap } from '@core/campaign/schema'
import { battleOf } from '@core/campaign/map-battle'
import { getSystem } from '@core/rules/systems'
import { systemFacts } from '@core/rules/facts'

/** Squares above this are too many to query one by one on every change. */
export const MAX_LIGHT_OVERLAY_CELLS = 20_000

export interface LightLevels {
  levels: Int8Array
  /** The brightest level on the map or the system's usual daylight, to scale the shade. */
  top: number
}

export function computeLightLevels(map: CampaignMap): LightLevels | null {
  const system = getSystem(map.system)
  const handler = system.queries.light
  if (!handler || map.width * map.height > MAX_LIGHT_OVERLAY_CELLS) return null
  // The same battle main's rules.query and the player view's fog use (campaign/map-battle.ts).
  const battle = battleOf(map)
  const levels = new Int8Array(map.width * map.height)
  let top = systemFacts(map.system).lightTop
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const answer = handler(battle, { type: 'light', at: [x, y] }) as { level: number }
      levels[y * map.width + x] = answer.level
      top = Math.max(top, answer.level)
    }
  }
  return { levels, top }
}
