// The light overlay: every square's light level from the rules engine's own `light` query, run
// here on the pure engine for an instant overlay (main's rules.query gives the same numbers; a
// test checks that). Loaded with a dynamic import so the engine is fetched only when the overlay
// is first shown.
import type { CampaignMap } from '../../src-main/campaign/schema'
import { Grid } from '../../src-main/rules/grid/grid'
import type { MapSpec, TokenSpec } from '../../src-main/rules/model'
import type { Battle } from '../../src-main/rules/system'
import { getSystem } from '../../src-main/rules/systems'

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
  // The same fields main's toScenario passes: GM-only marks are not the engine's business.
  const spec: MapSpec = {
    width: map.width,
    height: map.height,
    cells: map.cells,
    edges: map.edges.map(({ between, kind, state }) => ({
      between,
      kind,
      ...(state !== undefined ? { state } : {}),
    })),
    light: {
      ...(map.light.ambient !== undefined ? { ambient: map.light.ambient } : {}),
      sources: map.light.sources.map(({ at, level, radius }) => ({ at, level, radius })),
    },
  }
  const tokens: TokenSpec[] = map.tokens.map(
    ({ id, at, faction, move, size, reach, states, elevation }) => ({
      id,
      at,
      faction,
      ...(move !== undefined ? { move } : {}),
      ...(size !== undefined ? { size } : {}),
      ...(reach !== undefined ? { reach } : {}),
      ...(states !== undefined ? { states } : {}),
      ...(elevation !== undefined ? { elevation } : {}),
    }),
  )
  const scenario = { format: 'gm-scenario/1', system: map.system, map: spec, tokens }
  const battle: Battle = {
    grid: Grid.fromSpec(spec),
    tokens,
    tokenById: new Map(tokens.map((t) => [t.id, t])),
    scenario,
  }
  const levels = new Int8Array(map.width * map.height)
  let top = map.system === 'arianrhod' ? 6 : map.system === 'dnd35' ? 2 : 3
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const answer = handler(battle, { type: 'light', at: [x, y] }) as { level: number }
      levels[y * map.width + x] = answer.level
      top = Math.max(top, answer.level)
    }
  }
  return { levels, top }
}
