// The players' fog from an Arianrhod token's sight. Its `visible` query ignores 明度, so the fog
// applies it from the same engine's queries: a square at 明度 1 or less is seen only inside the
// viewer's リーチ (the `engagement` query), after decision 5 ("line of fire reaches only within
// リーチ").
import type { Grid } from '../../grid/grid'
import type { Battle, QueryHandler } from '../../system'
import { DEFAULT_LIGHT } from './light'

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

export function darkFogSight(
  queries: { engagement: QueryHandler; light: QueryHandler },
  battle: Battle,
  tokenId: string,
  seen: number[],
): number[] {
  const grid = battle.grid
  // Sources only brighten: with an ambient 明度 above 1, a square without its own override is
  // bright enough, and only overridden squares need the light query.
  const ambient = grid.ambientLight ?? DEFAULT_LIGHT
  const maybeDark = (cell: number) => ambient <= 1 || grid.lightOverride(cell) !== undefined
  if (!seen.some(maybeDark)) return seen
  const reach = new Set(
    cellsOf(queries.engagement(battle, { type: 'engagement', token: tokenId }), grid),
  )
  return seen.filter((cell) => {
    if (!maybeDark(cell) || reach.has(cell)) return true
    const answer = queries.light(battle, { type: 'light', at: grid.cellOf(cell) }) as
      Answer | undefined
    return typeof answer?.level !== 'number' || answer.level > 1
  })
}
