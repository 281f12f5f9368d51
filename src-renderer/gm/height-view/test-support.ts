// For the height view's unit tests: the real sample campaign's maps and the real rules engine,
// asked exactly as main answers rules.query (campaign/map-battle.ts mapScenario → scenario/run.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { campaignSchema, type CampaignMap } from '@core/campaign/schema'
import { mapScenario } from '@core/campaign/map-battle'
import { runScenario } from '@core/rules/scenario/run'
import { QUERIES, type QueryAnswer, type QueryArgs, type QueryName } from '@core/rules/queries'
import type { HeightAsk } from './rules-client'

// vitest runs from the repository root; in the happy-dom project import.meta.url is not a file URL.
const SAMPLE_FILE = join(process.cwd(), 'resources', 'sample-campaign.json')

export function sampleMap(id: string): CampaignMap {
  const raw: unknown = JSON.parse(readFileSync(SAMPLE_FILE, 'utf8'))
  const map = campaignSchema.parse(raw).maps.find((m) => m.id === id)
  if (!map) throw new Error(`no map ${id} in the sample campaign`)
  return map
}

/** The engine's answer, checked against the shape its query declares (core/rules/queries.ts). */
export function engineAnswer<Q extends QueryName>(
  map: CampaignMap,
  name: Q,
  args: QueryArgs<Q>,
): QueryAnswer<Q> {
  const outcome = runScenario(mapScenario(map, { ...args, type: name }))
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`)
  return QUERIES[name].answer.parse(outcome.answer) as QueryAnswer<Q>
}

export function engineQuery(map: CampaignMap): HeightAsk {
  return (name, args) => {
    try {
      return Promise.resolve(engineAnswer(map, name, args))
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)))
    }
  }
}
