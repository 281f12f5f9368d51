// What the party sees on one campaign map, as the rules engine judges it. Each party token's
// sight is the rule system's own sight (RuleSystem.sightOf: exactly its `visible` query's cells,
// walls, doors, solid squares, light, darkvision), so the player view and rules.query can never
// disagree. Systems whose `visible`
// ignores light get it applied here from the same engine's `light` query:
//   arianrhod 明度: a square at 明度 1 or less is seen only inside the viewer's リーチ (the
//   engagement query), after decision 5 ("line of fire reaches only within リーチ");
//   a system with no `visible` query (dystopia) sees along the grid core's line of sight.
// Pure: imports the engine and the campaign schema types, never electron or node.
import type { CampaignMap, CampaignToken } from '../campaign/schema'
import { partyFactionsOf } from '../campaign/fog'
import type { Grid } from '../rules/grid/grid'
import { battleOf } from '../campaign/map-battle'
import { fieldOfView } from '../rules/grid/vision'
import { footprintSide } from '../campaign/geometry'
import type { Cell } from '../rules/model'
import type { Battle, QueryHandler } from '../rules/system'
import { getSystem } from '../rules/systems/index'
import { DEFAULT_LIGHT } from '../rules/systems/arianrhod/light'

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

type Answer = { cells?: unknown; level?: unknown }

function cellsOf(answer: unknown, grid: Grid): number[] {
  const cells = (answer as Answer | null)?.cells
  if (!Array.isArray(cells)) return []
  const out: number[] = []
  for (const c of cells as unknown[]) {
    const at = Array.isArray(c) ? c : (c as { at?: unknown } | null)?.at
    if (Array.isArray(at) && grid.inBounds(at[0] as number, at[1] as number))
      out.push(grid.index(at[0] as number, at[1] as number))
  }
  return out
}

function ask(
  handler: QueryHandler | undefined,
  battle: Battle,
  query: Record<string, unknown>,
): unknown {
  return handler ? handler(battle, { ...query }) : undefined
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
    if (map.system === 'arianrhod') seen = applyArianrhodLight(battle, token, seen)
  } catch {
    // A map the engine refuses (it should not: the store repairs maps on load) shows nothing
    // beyond the token's own square rather than everything.
    seen = []
  }
  for (const [x, y] of footprint(map, token)) seen.push(grid.index(x, y))
  return seen
}

function applyArianrhodLight(battle: Battle, token: CampaignToken, seen: number[]): number[] {
  const queries = getSystem('arianrhod').queries
  const grid = battle.grid
  // Sources only brighten: with an ambient 明度 above 1, a square without its own override is
  // bright enough, and only overridden squares need the light query.
  const ambient = grid.ambientLight ?? DEFAULT_LIGHT
  const maybeDark = (cell: number) => ambient <= 1 || grid.lightOverride(cell) !== undefined
  if (!seen.some(maybeDark)) return seen
  const reach = new Set(
    cellsOf(ask(queries.engagement, battle, { type: 'engagement', token: token.id }), grid),
  )
  return seen.filter((cell) => {
    if (!maybeDark(cell) || reach.has(cell)) return true
    const answer = ask(queries.light, battle, { type: 'light', at: grid.cellOf(cell) }) as
      Answer | undefined
    return typeof answer?.level !== 'number' || answer.level > 1
  })
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
