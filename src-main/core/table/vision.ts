// What the party sees on one campaign map, as the rules engine judges it. Each party token's
// sight is the rule system's own sight (RuleSystem.sightOf: exactly its `visible` query's cells,
// walls, doors, solid squares, light, darkvision), so the player view and rules.query can never
// disagree. A system whose `visible` ignores light applies it in its RuleSystem.fogSight (Arianrhod
// 明度: systems/arianrhod/fog-sight.ts); a system with no `visible` query (dystopia) sees along the
// grid core's line of sight.
// Pure: imports the engine and the campaign schema types, never electron or node.
import type { CampaignMap, CampaignToken } from '../campaign/schema'
import { partyFactionsOf } from '../campaign/fog'
import { battleOf } from '../campaign/map-battle'
import { fieldOfView } from '../rules/grid/vision'
import { footprintSide } from '../campaign/geometry'
import type { Cell } from '../rules/model'
import type { Battle } from '../rules/system'
import { getSystem } from '../rules/systems/index'

export type { Cell }

export function isPartyToken(map: CampaignMap, token: CampaignToken): boolean {
  return partyFactionsOf(map).includes(token.faction)
}

/** Cells a token covers (its `at` is the north-west square), clipped to the map. */
export function footprint(
  map: { width: number; height: number },
  token: Pick<CampaignToken, 'at' | 'size'>,
): Cell[] {
  const side = footprintSide(token.size)
  const out: Cell[] = []
  for (let dy = 0; dy < side; dy++) {
    for (let dx = 0; dx < side; dx++) {
      const x = token.at[0] + dx
      const y = token.at[1] + dy
      if (x < map.width && y < map.height) out.push([x, y])
    }
  }
  return out
}

/** Cells one token sees (indices), by its system's rules; its own square always. */
function tokenSight(map: CampaignMap, battle: Battle, token: CampaignToken): number[] {
  const grid = battle.grid
  const system = getSystem(map.system)
  let seen: number[]
  try {
    seen = system.sightOf
      ? system.sightOf(battle, token.id)
      : fieldOfView(grid, grid.index(token.at[0], token.at[1]))
    if (system.fogSight) seen = system.fogSight(battle, token.id, seen)
  } catch {
    // A map the engine refuses (it should not: the store repairs maps on load) shows nothing
    // beyond the token's own square rather than everything.
    seen = []
  }
  for (const [x, y] of footprint(map, token)) seen.push(grid.index(x, y))
  return seen
}

const sightCache = new WeakMap<CampaignMap, Uint8Array>()

/**
 * The party's combined sight on a map, as a width × height mask (1 = seen now). Maps are
 * immutable, so the mask is cached per map object: the command that produced a map and the
 * player view projecting it share one computation. Callers must not change the mask.
 */
export function partyVisionMask(map: CampaignMap): Readonly<Uint8Array> {
  const cached = sightCache.get(map)
  if (cached) return cached
  const battle = battleOf(map)
  const mask = new Uint8Array(map.width * map.height)
  for (const token of map.tokens) {
    if (!isPartyToken(map, token)) continue
    for (const cell of tokenSight(map, battle, token)) mask[cell] = 1
  }
  sightCache.set(map, mask)
  return mask
}
