// The 3D view's line to main for `rules.query`. GmSession keeps its api private, so the view opens
// its own through lib/api.ts (in Electron that is the same preload bridge; in a browser a second
// WebSocket to the same host), once, the first time the view asks anything.
import type { QueryAnswer, QueryArgs, QueryName } from '@core/rules/queries'
import { connectGm, type GmApi } from '../../lib/api'
import { askMain } from '../../lib/rules-query'

let api: GmApi | null = null

export function heightAsk<Q extends QueryName>(
  campaignId: string,
  mapId: string,
  name: Q,
  args: QueryArgs<Q>,
): Promise<QueryAnswer<Q>> {
  api ??= connectGm()
  return askMain(api, { campaignId, mapId }, name, args)
}
