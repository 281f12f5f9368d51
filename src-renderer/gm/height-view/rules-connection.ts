// The 3D view's line to main for `rules.query`. GmSession keeps its api private, so the view opens
// its own through lib/api.ts (in Electron that is the same preload bridge; in a browser a second
// WebSocket to the same host), once, the first time the view asks anything.
import { connectGm, type GmApi } from '../../lib/api'

let api: GmApi | null = null

export function heightQuery(
  campaignId: string,
  mapId: string,
  query: Record<string, unknown>,
): Promise<unknown> {
  api ??= connectGm()
  return api.call('rules.query', { campaignId, mapId, query: query as { type: string } })
}
