// The player view channel: which map the players are shown, the GM's controls over it (blackout,
// freeze, pan, turn highlight, shown templates) and the projector's scale. Every payload is
// computed by toPlayerView (src-main/table/player-view.ts) and checked against the strict
// playerViewSchema before any listener (projector window, LAN browsers, the GM's preview) gets it.
import type { CampaignServiceApi, ChangeEvent } from '../campaign/api'
import type { Campaign } from '../campaign/schema'
import type { Cell } from '../rules/model'
import { toPlayerView, type TemplateInput } from '../table/player-view'
import { TokenAliases } from '../table/token-aliases'
import { playerViewSchema, type PlayerView } from './contract'
import type { PlayerArtSource } from '../art/player-art-service'

export interface PlayerViewTarget {
  campaignId: string
  mapId: string
}

export interface PlayerControls {
  blackout: boolean
  /** While frozen, players keep the last view; changes reach them when the GM unfreezes. */
  frozen: boolean
  /** Where the GM points the view; null follows the party. */
  focus: Cell | null
  turn: string | null
  templates: TemplateInput[]
}

export interface ProjectorScale {
  /** CSS pixels per grid square on the projector (calibrated), or null to fit the screen. */
  squarePx: number | null
  /** Show the calibration ruler on the projector. */
  ruler: boolean
}

export interface PlayerState {
  target: PlayerViewTarget | null
  controls: PlayerControls
  projector: ProjectorScale
}

export interface PlayerViewChannel {
  /** Shows one map of an open campaign (or nothing); returns what the players now see. */
  show(target: PlayerViewTarget | null, campaign: Campaign | null): PlayerView
  current(): PlayerView
  /** Changes the GM's controls; returns the new state. */
  control(patch: Partial<PlayerControls>): PlayerState
  state(): PlayerState
  /**
   * The projection of any map of a campaign, as the players would get it now: the shown map with
   * the GM's turn highlight and shown templates, never blacked out; another map with none.
   */
  viewOf(target: PlayerViewTarget, campaign: Campaign): PlayerView
  setProjector(scale: ProjectorScale): void
  /** Drops the target when its campaign closes. */
  campaignClosed(campaignId: string): void
  subscribe(listener: (view: PlayerView) => void): () => void
  /** One tile of the map's picture that a payload named, as a PNG data URL. */
  artTile(id: string): Promise<string>
  dispose(): void
}

const EMPTY_CONTROLS: PlayerControls = {
  blackout: false,
  frozen: false,
  focus: null,
  turn: null,
  templates: [],
}

/** The payload for one target: the map's projection, or no map. */
export function projectPlayerView(
  campaign: Campaign | null,
  mapId: string | null,
  controls: PlayerControls = EMPTY_CONTROLS,
  projector: ProjectorScale = { squarePx: null, ruler: false },
  aliases: TokenAliases = new TokenAliases(),
  art?: PlayerArtSource,
): PlayerView {
  const map =
    campaign && mapId
      ? toPlayerView(campaign, mapId, {
          ...controls,
          aliases,
          art: art?.tilesFor,
          tokenPicture: art?.tokenPicture,
        })
      : null
  // Parsing with the strict schema is the last gate: an unexpected field fails here, in main.
  return playerViewSchema.parse({ map, projector })
}

/**
 * @param art the map-art source (pictures are prepared on a worker: the view refreshes when one is
 *   ready); absent = no art on the player view.
 */
export function createPlayerViewChannel(
  service: Pick<CampaignServiceApi, 'subscribe'>,
  art?: PlayerArtSource,
): PlayerViewChannel {
  let target: PlayerViewTarget | null = null
  let campaign: Campaign | null = null
  let controls: PlayerControls = { ...EMPTY_CONTROLS }
  let projector: ProjectorScale = { squarePx: null, ruler: false }
  // One set of token aliases for the session: a token keeps its player-side id while it moves.
  const aliases = new TokenAliases()
  const stopArt = art?.onReady(() => refresh())
  let view: PlayerView = projectPlayerView(null, null)
  let sentText = JSON.stringify(view)
  const listeners = new Set<(view: PlayerView) => void>()

  /** What players saw when the GM froze the view (blackout still works while frozen). */
  let frozenView: PlayerView | null = null

  function refresh(): void {
    const live =
      controls.frozen && frozenView
        ? frozenView
        : projectPlayerView(
            campaign,
            target?.mapId ?? null,
            { ...controls, blackout: false },
            projector,
            aliases,
            art,
          )
    if (target && !live.map && !controls.frozen) {
      // A removed map stops being shown rather than coming back if an undo restores it later.
      target = null
      campaign = null
    }
    if (controls.frozen && !frozenView) frozenView = live
    if (!controls.frozen) frozenView = null
    const next = controls.blackout
      ? projectPlayerView(campaign, target?.mapId ?? null, controls, projector, aliases, art)
      : live
    const text = JSON.stringify(next)
    if (text === sentText) return
    view = next
    sentText = text
    for (const listener of listeners) listener(view)
  }

  const unsubscribe = service.subscribe((event: ChangeEvent) => {
    if (!target || event.campaignId !== target.campaignId) return
    campaign = event.campaign
    refresh()
  })

  const state = (): PlayerState => ({
    target,
    controls: { ...controls },
    projector: { ...projector },
  })

  return {
    show(nextTarget, nextCampaign) {
      target = nextTarget
      campaign = nextTarget ? nextCampaign : null
      // A new map starts following its party; templates and turn belonged to the old one.
      controls = { ...controls, focus: null, turn: null, templates: [] }
      refresh()
      return view
    },
    current: () => view,
    control(patch) {
      controls = { ...controls, ...patch }
      refresh()
      return state()
    },
    state,
    viewOf(of, ofCampaign) {
      const shown = target?.campaignId === of.campaignId && target.mapId === of.mapId
      // The session's aliases: the export names tokens exactly as the player view does.
      return projectPlayerView(
        ofCampaign,
        of.mapId,
        shown ? { ...controls, blackout: false, frozen: false } : EMPTY_CONTROLS,
        projector,
        aliases,
        art,
      )
    },
    setProjector(scale) {
      projector = { ...scale }
      refresh()
    },
    campaignClosed(campaignId) {
      if (target?.campaignId !== campaignId) return
      target = null
      campaign = null
      refresh()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    artTile(id) {
      if (!art) return Promise.reject(new Error('unknown-tile'))
      return art.tileDataUrl(id)
    },
    dispose() {
      stopArt?.()
      unsubscribe()
      listeners.clear()
    },
  }
}
