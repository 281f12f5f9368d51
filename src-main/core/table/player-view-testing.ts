// For tests that check what players see rather than how tokens are named: toPlayerView with the
// aliases translated back to the stored token ids, so assertions can name tokens.
import type { Campaign } from '../campaign/schema'
import type { PlayerMapView } from './player-view-schema'
import { toPlayerView, type PlayerViewOptions } from './player-view'
import { TokenAliases } from './token-aliases'

export function viewWithStoredIds(
  campaign: Campaign,
  mapId: string,
  options: Omit<PlayerViewOptions, 'aliases'> = {},
): PlayerMapView | null {
  const aliases = new TokenAliases()
  const view = toPlayerView(campaign, mapId, { ...options, aliases })
  if (!view) return null
  const stored = new Map<string, string>()
  for (const token of campaign.maps.find((m) => m.id === mapId)?.tokens ?? [])
    stored.set(aliases.aliasOf(campaign.id, mapId, token.id), token.id)
  const back = (alias: string): string => {
    const id = stored.get(alias)
    if (id === undefined) throw new Error(`alias ${alias} names no token of the map`)
    return id
  }
  return {
    ...view,
    tokens: view.tokens.map((token) => ({ ...token, id: back(token.id) })),
    turn: view.turn === null ? null : back(view.turn),
    ...(view.order ? { order: view.order.map(back) } : {}),
    ...(view.fight
      ? {
          fight: {
            round: view.fight.round,
            now: view.fight.now === null ? null : back(view.fight.now),
            next: view.fight.next === null ? null : back(view.fight.next),
          },
        }
      : {}),
    ...(view.rolls
      ? { rolls: view.rolls.map((r) => ({ ...r, ...(r.by ? { by: back(r.by) } : {}) })) }
      : {}),
  }
}
