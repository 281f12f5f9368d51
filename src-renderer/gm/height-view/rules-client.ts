// How the 3D view asks the rules engine. Path and reach go to main through `rules.query`
// (lib/rules-query.ts; main is the authority), typed by the queries' one declaration. Light levels for every square come from the pure engine
// run here (lib/light-levels.ts, shared with the 2D light overlay and checked against main there):
// asking main once per square would be thousands of round trips on a large map.
import type { CampaignMap } from '@core/campaign/schema'
import type { QueryAnswer, QueryArgs, QueryName } from '@core/rules/queries'

/** One query on the shown map (core/rules/queries.ts), answered by main. */
export type HeightAsk = <Q extends QueryName>(
  name: Q,
  args: QueryArgs<Q>,
) => Promise<QueryAnswer<Q>>

/** Every square's light level (index = y * width + x), or null where the system has none. */
export async function loadLightLevels(map: CampaignMap): Promise<Int8Array | null> {
  const { computeLightLevels } = await import('../../lib/light-levels')
  return computeLightLevels(map)?.levels ?? null
}
