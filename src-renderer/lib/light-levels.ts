// The light overlay: every square's light level from the rules engine's own `light` query, asked
// here through the same door main answers `rules.query` with (core/rules/ask.ts, on the battle of
// core/campaign/map-battle.ts) for an instant overlay: asking main once per square would be
// thousands of round trips (a test checks the numbers are main's). Loaded with a dynamic import so
// the engine is fetched only when the overlay is first shown.
import type { CampaignMap } from '@core/campaign/schema'
import { battleOf } from '@core/campaign/map-battle'
import { ask } from '@core/rules/ask'
import { systemFacts } from '@core/rules/facts'

/** Squares above this are too many to query one by one on every change. */
export const MAX_LIGHT_OVERLAY_CELLS = 20_000

export interface LightLevels {
  levels: Int8Array
  /** The brightest level on the map or the system's usual daylight, to scale the shade. */
  top: number
}

export function computeLightLevels(map: CampaignMap): LightLevels | null {
  if (!systemFacts(map.system).hasLight || map.width * map.height > MAX_LIGHT_OVERLAY_CELLS)
    return null
  // The same battle main's rules.query and the player view's fog use (campaign/map-battle.ts).
  const battle = battleOf(map)
  const levels = new Int8Array(map.width * map.height)
  let top = systemFacts(map.system).lightTop
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const answer = ask(battle, 'light', { at: [x, y] })
      levels[y * map.width + x] = answer.level
      top = Math.max(top, answer.level)
    }
  }
  return { levels, top }
}
