// Which map the players are shown, and the projection sent to them. For now the projection is the
// map's id and name only; the full player view (visible cells, tokens) is a later issue, and it
// must keep the same promise: nothing GM-only ever leaves through here.
import type { CampaignServiceApi, ChangeEvent } from '../campaign/api'
import type { Campaign } from '../campaign/schema'
import type { PlayerView } from './contract'

export interface PlayerViewTarget {
  campaignId: string
  mapId: string
}

export interface PlayerViewChannel {
  /** Shows one map of an open campaign (or nothing); returns what the players now see. */
  show(target: PlayerViewTarget | null, campaign: Campaign | null): PlayerView
  current(): PlayerView
  /** Drops the target when its campaign closes. */
  campaignClosed(campaignId: string): void
  subscribe(listener: (view: PlayerView) => void): () => void
  dispose(): void
}

export function projectPlayerView(campaign: Campaign | null, mapId: string | null): PlayerView {
  const map = campaign?.maps.find((m) => m.id === mapId)
  return { map: map ? { id: map.id, name: map.name } : null }
}

export function createPlayerViewChannel(service: Pick<CampaignServiceApi, 'subscribe'>): PlayerViewChannel {
  let target: PlayerViewTarget | null = null
  let view: PlayerView = { map: null }
  const listeners = new Set<(view: PlayerView) => void>()

  function publish(next: PlayerView): void {
    if (JSON.stringify(next) === JSON.stringify(view)) return
    view = next
    for (const listener of listeners) listener(view)
  }

  const unsubscribe = service.subscribe((event: ChangeEvent) => {
    if (!target || event.campaignId !== target.campaignId) return
    const next = projectPlayerView(event.campaign, target.mapId)
    // A removed map stops being shown rather than coming back if an undo restores it later.
    if (!next.map) target = null
    publish(next)
  })

  return {
    show(nextTarget, campaign) {
      target = nextTarget
      const next = nextTarget ? projectPlayerView(campaign, nextTarget.mapId) : { map: null }
      if (!next.map) target = null
      publish(next)
      return view
    },
    current: () => view,
    campaignClosed(campaignId) {
      if (target?.campaignId !== campaignId) return
      target = null
      publish({ map: null })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      unsubscribe()
      listeners.clear()
    },
  }
}
