// The GM's side of the player view: the live payload (for the preview, exactly what the
// projector got), the controls and the frame main holds (blackout, freeze, lock, following the
// turn, where the table screen looks), the LAN view's status and the projector calibration. One
// per GM page (playerPanelFor), shared by the player panel, the board's frame and the keys. All
// through lib/api.ts; main stays the authority and pushes every change (player.state).
import type { CalibrationSettings } from '@core/table/calibration-schema'
import type { PlayerView, VerbArgs, VerbResult } from '@core/contract/contract'
import { MAX_ZOOM, MIN_ZOOM } from '@core/table/frame'
import { PlayerViewReceiver } from '@core/table/player-view-patch'
import { ApiError, connectGm, type GmApi } from '../../lib/api'
import { describeFailure, type CodedStatus } from '../../lib/error-messages'
import type { GmSession } from '../../state/session.svelte'

type PlayerState = VerbResult<'player.state'>
type LanStatus = VerbResult<'lan.status'>
type Calibration = VerbResult<'calibration.get'>
type ControlPatch = VerbArgs<'player.control'>
export type FrameBox = NonNullable<NonNullable<PlayerState['frame']>['box']>

const EMPTY_VIEW: PlayerView = { map: null, projector: { squarePx: null, ruler: false } }

export class PlayerPanel {
  view = $state.raw<PlayerView>(EMPTY_VIEW)
  private readonly views = new PlayerViewReceiver(
    () => this.api.call('player.current'),
    (view) => (this.view = view),
  )
  state = $state.raw<PlayerState | null>(null)
  lan = $state.raw<LanStatus | null>(null)
  calibration = $state.raw<Calibration | null>(null)
  /** The last failure, worded by its code (never main's own sentence). */
  error = $state.raw<CodedStatus | null>(null)
  private readonly offs: (() => void)[] = []
  private lanTimer: ReturnType<typeof setInterval> | null = null

  /** The shown map's frame as the table shows it now, when `mapId` of `campaignId` is shown. */
  frameOn(campaignId: string, mapId: string): FrameBox | null {
    const target = this.state?.target
    if (!target || target.campaignId !== campaignId || target.mapId !== mapId) return null
    return this.state?.frame?.box ?? null
  }

  get locked(): boolean {
    return this.state?.controls.locked ?? false
  }

  /** Moves the frame's centre (squares, fractions allowed); refused by main while locked. */
  moveFrame(centre: [number, number]): Promise<void> {
    const clamp = (v: number) => Math.min(1000, Math.max(0, Math.round(v * 1000) / 1000))
    return this.control({ frame: { centre: [clamp(centre[0]), clamp(centre[1])] } })
  }

  /** Where the last frame pan aimed, while its answer is on the way (quick key repeats add up). */
  private aim: { centre: [number, number]; waiting: number } | null = null

  /** Pans the frame by whole squares (Shift+arrows). */
  panFrame(dx: number, dy: number): Promise<void> {
    const box = this.state?.frame?.box
    if (!box || this.locked) return Promise.resolve()
    const [cx, cy] = this.aim?.centre ?? [box.x + box.width / 2, box.y + box.height / 2]
    const aim = (this.aim = {
      centre: [cx + dx, cy + dy] as [number, number],
      waiting: (this.aim?.waiting ?? 0) + 1,
    })
    return this.moveFrame(aim.centre).finally(() => {
      if (this.aim && --this.aim.waiting === 0) this.aim = null
    })
  }

  /** A new zoom (1 = the calibrated scale, or the whole map fitted), and optionally a centre. */
  zoomFrame(zoom: number, centre?: [number, number]): Promise<void> {
    const clamped = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 1000) / 1000))
    return this.control({ frame: { zoom: clamped, ...(centre ? { centre } : {}) } })
  }

  constructor(
    private readonly api: GmApi = connectGm(),
    /** Settles when the page may ask main for the panel's data (after the board's first frame). */
    private readonly ready: () => Promise<void> = () => Promise.resolve(),
  ) {
    // player.view events are patches of the view before (the first one whole).
    this.offs.push(api.on('player.view', (message) => this.views.receive(message)))
    this.offs.push(api.on('player.state', (state) => (this.state = state)))
    this.offs.push(
      api.onConnection((state) => {
        if (state === 'open') void this.load()
      }),
    )
  }

  private async load(): Promise<void> {
    await this.ready()
    await this.run(async () => {
      this.views.whole(await this.api.call('player.current'))
      this.state = await this.api.call('player.state')
    })
    // Optional services: a host without them answers `unavailable`, which is not an error here.
    this.lan = await this.api.call('lan.status').catch(() => null)
    this.calibration = await this.api.call('calibration.get').catch(() => null)
    this.watchLan()
  }

  control(patch: ControlPatch): Promise<void> {
    return this.run(async () => {
      this.state = await this.api.call('player.control', patch)
    })
  }

  startLan(): Promise<void> {
    return this.run(async () => {
      this.lan = await this.api.call('lan.start', {})
      this.watchLan()
    })
  }

  stopLan(): Promise<void> {
    return this.run(async () => {
      this.lan = await this.api.call('lan.stop')
      this.watchLan()
    })
  }

  saveCalibration(settings: CalibrationSettings, ruler: boolean): Promise<void> {
    return this.run(async () => {
      this.calibration = await this.api.call('calibration.set', { settings, ruler })
    })
  }

  /** While the LAN view runs, refresh its connection count now and then. */
  private watchLan(): void {
    if (this.lan?.running && !this.lanTimer) {
      this.lanTimer = setInterval(() => {
        this.api.call('lan.status').then(
          (lan) => (this.lan = lan),
          () => {},
        )
      }, 3000)
    } else if (!this.lan?.running && this.lanTimer) {
      clearInterval(this.lanTimer)
      this.lanTimer = null
    }
  }

  dispose(): void {
    for (const off of this.offs.splice(0)) off()
    if (this.lanTimer) clearInterval(this.lanTimer)
    this.lanTimer = null
  }

  private async run(action: () => Promise<void>): Promise<void> {
    try {
      this.error = null
      await action()
    } catch (error) {
      this.error =
        error instanceof ApiError
          ? describeFailure(error)
          : { tone: 'error', key: 'status.error', params: { message: String(error) } }
    }
  }
}

const panels = new WeakMap<GmSession, PlayerPanel>()

/** One PlayerPanel per GM page, living as long as the page (like fightFor). */
export function playerPanelFor(session: GmSession): PlayerPanel {
  let panel = panels.get(session)
  if (!panel) panels.set(session, (panel = new PlayerPanel(session.api, () => session.boardDrawn)))
  return panel
}
