// The player view channel: which map the players are shown, the GM's controls over it (blackout,
// freeze, shown templates, lock, following the turn), each map's frame and the projector's scale.
// The channel is the table screen's only owner: what it shows changes when the GM shows another
// map or blacks it out, never because a GM page switched tabs, reloaded or opened another
// campaign; the turn highlight comes from the shown map's own fight (toPlayerView). Every view is
// computed by toPlayerView (src-main/core/table/player-view.ts), which builds it field by field
// from what players may see. Listeners (projector window, LAN browsers, the GM's preview) get
// what changed as a patch of the view before (table/player-view-patch.ts; the first message to a
// listener is the whole view); `current()` answers the whole view, checked against the strict
// playerViewSchema, for a page that connects or reloads (issue 29: the whole 200 KB view parsed and
// sent per edit cost 16 ms).
import type { CampaignServiceApi, ChangeEvent } from '@core/contract/campaign-service'
import type { Campaign } from '@core/campaign/schema'
import { toPlayerView, type TemplateInput } from '@core/table/player-view'
import { TokenAliases } from '@core/table/token-aliases'
import { playerViewSchema, type PlayerView } from '@core/contract/contract'
import { diffPlayerView, type PlayerViewMessage } from '@core/table/player-view-patch'
import { forgetCampaignCaches } from '@core/table/map-caches'
import type { PlayerArtSource } from '../art/player-art-service'
import {
  centreOf,
  clampZoom,
  DEFAULT_FRAME,
  DEFAULT_SCREEN,
  sameCentre,
  startCentre,
  type FrameBox,
  type FramePlan,
  type FrameSetting,
  type Point,
} from '@core/table/frame'

export interface PlayerViewTarget {
  campaignId: string
  mapId: string
}

export interface PlayerControls {
  blackout: boolean
  /** While frozen, players keep the last view; changes reach them when the GM unfreezes. */
  frozen: boolean
  templates: TemplateInput[]
  /**
   * The table screen never moves on its own (physical minis stay aligned): it stops following the
   * party and the turn, and moves of the frame are refused until the GM unlocks it.
   */
  locked: boolean
  /** Pan the frame to bring the current combatant in when it steps outside. */
  followTurn: boolean
}

/** A change of the shown map's frame: a centre (null: follow the party again) and a zoom. */
export interface FramePatch {
  centre?: Point | null
  zoom?: number
}

export type ControlPatch = Partial<PlayerControls> & { frame?: FramePatch }

export interface ProjectorScale {
  /** CSS pixels per grid square on the projector (calibrated), or null to fit the screen. */
  squarePx: number | null
  /** Show the calibration ruler on the projector. */
  ruler: boolean
  /** The projector's size in CSS pixels (what the frame's size follows from). */
  widthPx: number
  heightPx: number
}

/** The shown map's frame as the GM sets it, and the box the table screen shows now. */
export interface FrameState extends FrameSetting {
  /** null while blacked out. */
  box: FrameBox | null
}

export interface PlayerState {
  target: PlayerViewTarget | null
  controls: PlayerControls
  projector: { squarePx: number | null; ruler: boolean }
  frame: FrameState | null
}

export interface PlayerViewChannel {
  /** Shows one map of an open campaign (or nothing); returns what the players now see. */
  show(target: PlayerViewTarget | null, campaign: Campaign | null): PlayerView
  /** The whole view players see now, with its sequence number. */
  current(): PlayerView
  /** Changes the GM's controls; returns the new state. Moving a locked frame is refused. */
  control(patch: ControlPatch): PlayerState
  state(): PlayerState
  /**
   * The projection of any map of a campaign, as the players would get it now: the shown map with
   * the GM's shown templates, never blacked out; another map with none. Each with its own frame.
   */
  viewOf(target: PlayerViewTarget, campaign: Campaign): PlayerView
  setProjector(scale: ProjectorScale): void
  /**
   * The GM closed the campaign: drops what the views of its maps keep for the next patch, but for
   * the map the table screen shows (it keeps showing a map of a closed campaign).
   */
  campaignClosed(campaignId: string): void
  /** Drops the target when its campaign is gone (deleted, or replaced by an import). */
  campaignGone(campaignId: string): void
  /** Each change: the whole view to a new listener, then patches of the view it had. */
  subscribe(listener: (message: PlayerViewMessage<PlayerView>) => void): () => void
  /** GM-only: every change of `state()` (another GM window, the frame following the turn). */
  subscribeState(listener: (state: PlayerState) => void): () => void
  /**
   * One tile of the map's picture that a payload named, as a PNG data URL. Players get only the
   * tiles of the view they are shown now (none while blacked out); the GM's pages any tile a
   * payload named under the map's current fog (the preview, the player-safe export).
   */
  artTile(id: string, asker?: 'gm' | 'player'): Promise<string>
  dispose(): void
}

/** Moving the frame while the GM locked it. */
export class FrameLockedError extends Error {
  readonly code = 'frame-locked'
  constructor() {
    super('The table screen is locked: unlock it to move its frame.')
  }
}

const EMPTY_CONTROLS: PlayerControls = {
  blackout: false,
  frozen: false,
  templates: [],
  locked: false,
  followTurn: false,
}

const DEFAULT_PROJECTOR: ProjectorScale = {
  squarePx: DEFAULT_SCREEN.squarePx,
  ruler: false,
  widthPx: DEFAULT_SCREEN.widthPx,
  heightPx: DEFAULT_SCREEN.heightPx,
}

export function framePlan(
  controls: PlayerControls,
  projector: ProjectorScale,
  setting: FrameSetting,
): FramePlan {
  return {
    screen: {
      widthPx: projector.widthPx,
      heightPx: projector.heightPx,
      squarePx: projector.squarePx,
    },
    setting,
    followTurn: controls.followTurn && !controls.locked,
  }
}

/** The payload for one target (the map's projection, or no map), checked by the strict schema. */
export function projectPlayerView(...args: Parameters<typeof buildPlayerView>): PlayerView {
  // Parsing with the strict schema is the last gate: an unexpected field fails here, in main.
  return playerViewSchema.parse(buildPlayerView(...args))
}

/**
 * The payload for one target, as toPlayerView builds it field by field. Not parsed: the channel
 * sends patches of these per edit; the property tests parse what toPlayerView builds over random
 * maps, and `current()` parses the whole view a connecting page gets.
 */
export function buildPlayerView(
  campaign: Campaign | null,
  mapId: string | null,
  controls: PlayerControls = EMPTY_CONTROLS,
  projector: ProjectorScale = DEFAULT_PROJECTOR,
  aliases: TokenAliases = new TokenAliases(),
  art?: PlayerArtSource,
  setting: FrameSetting = DEFAULT_FRAME,
): PlayerView {
  const map =
    campaign && mapId
      ? toPlayerView(campaign, mapId, {
          blackout: controls.blackout,
          templates: controls.templates,
          frame: framePlan(controls, projector, setting),
          aliases,
          art: art?.tilesFor,
          tokenPicture: art?.tokenPicture,
        })
      : null
  return { map, projector: { squarePx: projector.squarePx, ruler: projector.ruler } }
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
  let projector: ProjectorScale = { ...DEFAULT_PROJECTOR }
  // The frame of every map shown this session, so a map shown again comes back as the GM left it.
  // Session state in main, not a campaign command: moving the table screen is not an edit of the
  // campaign (no undo step, no journal line per drag) and it outlives any GM page.
  const frames = new Map<string, FrameSetting>()
  // One set of token aliases for the session: a token keeps its player-side id while it moves.
  const aliases = new TokenAliases()
  const stopArt = art?.onReady(() => refresh())
  let view: PlayerView = projectPlayerView(null, null)
  /** The number of `view`: a patch names the view it applies to. */
  let seq = 0
  /** The tile ids of `view`, the only ones players may fetch. */
  let shownTiles: { of: PlayerView; ids: ReadonlySet<string> } | null = null
  const shownTileIds = (): ReadonlySet<string> => {
    if (shownTiles?.of !== view)
      shownTiles = { of: view, ids: new Set(view.map?.art?.tiles.map((tile) => tile.id)) }
    return shownTiles.ids
  }
  const listeners = new Map<(message: PlayerViewMessage<PlayerView>) => void, { sent: boolean }>()
  const stateListeners = new Set<(state: PlayerState) => void>()
  let stateText = ''

  /** What players saw when the GM froze the view (blackout still works while frozen). */
  let frozenView: PlayerView | null = null
  /** The live frame of the shown map (also while frozen or blacked out), for the GM. */
  let liveBox: FrameBox | null = null

  const keyOf = (of: PlayerViewTarget): string => `${of.campaignId}\n${of.mapId}`
  const frameOf = (of: PlayerViewTarget | null): FrameSetting =>
    (of && frames.get(keyOf(of))) ?? DEFAULT_FRAME

  function project(blackout: boolean): PlayerView {
    return buildPlayerView(
      campaign,
      target?.mapId ?? null,
      { ...controls, blackout },
      projector,
      aliases,
      art,
      frameOf(target),
    )
  }

  function refresh(): void {
    const fresh = project(false)
    if (target && !fresh.map) {
      // A removed map stops being shown rather than coming back if an undo restores it later.
      target = null
      campaign = null
    }
    rememberFrame(fresh)
    liveBox = fresh.map?.frame ?? null
    const live = controls.frozen && frozenView ? frozenView : fresh
    if (controls.frozen && !frozenView) frozenView = live
    if (!controls.frozen) frozenView = null
    const next = controls.blackout ? project(true) : live
    const patch = diffPlayerView(view, next)
    if (patch) {
      const base = seq
      view = next
      seq++
      for (const [listener, state] of listeners) {
        listener(state.sent ? { seq, base, patch } : { seq, view })
        state.sent = true
      }
    }
    announceState()
  }

  /**
   * Keeps where the frame went when it moved by itself (following the turn), and pins a locked
   * frame that was following the party where it stands now.
   */
  function rememberFrame(fresh: PlayerView): void {
    if (!target || !fresh.map?.frame) return
    const setting = frameOf(target)
    const centre = centreOf(fresh.map.frame)
    // A frame following the party keeps following unless it is locked or the turn moved it.
    const before =
      setting.centre ??
      (controls.locked ? null : startCentre(fresh.map, framePlan(controls, projector, setting)))
    if (!before || !sameCentre(before, centre)) frames.set(keyOf(target), { ...setting, centre })
  }

  const state = (): PlayerState => ({
    target: target ? { ...target } : null,
    controls: { ...controls, templates: [...controls.templates] },
    projector: { squarePx: projector.squarePx, ruler: projector.ruler },
    frame: target ? { ...frameOf(target), box: liveBox } : null,
  })

  function announceState(): void {
    const next = state()
    const text = JSON.stringify(next)
    if (text === stateText) return
    stateText = text
    for (const listener of stateListeners) listener(next)
  }

  const unsubscribe = service.subscribe((event: ChangeEvent) => {
    if (!target || event.campaignId !== target.campaignId) return
    campaign = event.campaign
    refresh()
  })

  return {
    show(nextTarget, nextCampaign) {
      target = nextTarget
      campaign = nextTarget ? nextCampaign : null
      // Templates belonged to the old map; its frame is kept for when it is shown again.
      controls = { ...controls, templates: [] }
      refresh()
      return view
    },
    current: () => playerViewSchema.parse({ ...view, seq }),
    control(patch) {
      const { frame, ...rest } = patch
      const locked = rest.locked ?? controls.locked
      if (frame && locked) throw new FrameLockedError()
      controls = { ...controls, ...rest }
      if (frame && target) {
        const setting = frameOf(target)
        frames.set(keyOf(target), {
          centre:
            frame.centre === undefined
              ? setting.centre
              : frame.centre && [frame.centre[0], frame.centre[1]],
          zoom: frame.zoom === undefined ? setting.zoom : clampZoom(frame.zoom),
        })
      }
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
        shown
          ? { ...controls, blackout: false, frozen: false }
          : { ...EMPTY_CONTROLS, locked: controls.locked },
        projector,
        aliases,
        art,
        frameOf(of),
      )
    },
    setProjector(scale) {
      projector = { ...scale }
      refresh()
    },
    campaignClosed(campaignId) {
      forgetCampaignCaches(campaignId, target?.campaignId === campaignId ? target.mapId : undefined)
    },
    campaignGone(campaignId) {
      forgetCampaignCaches(campaignId)
      for (const key of [...frames.keys()])
        if (key.startsWith(`${campaignId}\n`)) frames.delete(key)
      if (target?.campaignId !== campaignId) return
      target = null
      campaign = null
      refresh()
    },
    subscribe(listener) {
      listeners.set(listener, { sent: false })
      return () => listeners.delete(listener)
    },
    subscribeState(listener) {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
    artTile(id, asker = 'player') {
      // A page holding ids of a map no longer shown (or of a view since blacked out) gets nothing:
      // the fog of that map may have forgotten their squares while it was not shown.
      if (!art || (asker === 'player' && !shownTileIds().has(id)))
        return Promise.reject(new Error('unknown-tile'))
      return art.tileDataUrl(id)
    },
    dispose() {
      stopArt?.()
      unsubscribe()
      listeners.clear()
      stateListeners.clear()
    },
  }
}
