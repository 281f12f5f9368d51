// A rules query to main, typed by the query's one declaration (core/rules/queries.ts): the page
// passes the arguments `ask` takes and gets the answer `ask` returns, with no reader of its own.
// Main checks the arguments with the same declaration (ipc/handlers.ts → core/rules/ask.ts).
import type { QueryAnswer, QueryArgs, QueryName } from '@core/rules/queries'
import type { GmApi } from './api'

export function askMain<Q extends QueryName>(
  api: GmApi,
  where: { campaignId: string; mapId: string },
  name: Q,
  args: QueryArgs<Q>,
): Promise<QueryAnswer<Q>> {
  const query = { ...args, type: name }
  // The verb answers one of the declared answers; which one is this query's declaration's.
  return api.call('rules.query', { ...where, query }) as Promise<QueryAnswer<Q>>
}
