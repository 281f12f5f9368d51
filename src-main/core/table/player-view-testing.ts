// For tests that check what players see rather than how tokens are named: toPlayerView with the
// aliases translated back to the stored token ids, so assertions can name tokens.
import type { Campaign } from '../campaign/schema'
import type { PlayerMapView } from './player-view-schema'
import { toPlayerView, type PlayerViewOptions } from './player-view'
import { TokenAliases } from './token-aliases'
import type { PlayerView } from '../contract/contract'
import { applyPlayerViewPatch, type PlayerViewMessage } from './player-view-patch'

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

/**
 * A `player.view` listener for tests that read whole views: it applies each message (the first
 * is the whole view, then patches) and hands `show` the view after it.
 */
export function followPlayerViews(
  show: (view: PlayerView) => void,
): (message: PlayerViewMessage<PlayerView>) => void {
  let seq: number | null = null
  let view: PlayerView | null = null
  return (message) => {
    if ('view' in message) view = message.view
    else {
      if (view === null || message.base !== seq)
        throw new Error(`patch of view ${message.base}, but the listener holds view ${seq}`)
      view = applyPlayerViewPatch(view, message.patch)
    }
    seq = message.seq
    show(view)
  }
}

/** A view without its sequence number (`player.current` numbers the view it answers). */
export function withoutSeq(view: PlayerView): PlayerView {
  const { seq: _seq, ...rest } = view
  return rest
}
