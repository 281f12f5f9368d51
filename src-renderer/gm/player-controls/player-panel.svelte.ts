// The GM's side of the player view: the live payload (for the preview, exactly what the
// projector got), the controls main holds (blackout, freeze, pan, turn), the LAN view's status
// and the projector calibration. All through lib/api.ts; main stays the authority.
import type { CalibrationSettings } from '../../../src-main/table/calibration-schema'
import type { PlayerView, VerbResult } from '../../../src-main/ipc/contract'
import { ApiError, connectGm, type GmApi } from '../../lib/api'

type PlayerState = VerbResult<'player.state'>
type LanStatus = VerbResult<'lan.status'>
type Calibration = VerbResult<'calibration.get'>
type ControlPatch = Partial<PlayerState['controls']>

const EMPTY_VIEW: PlayerView = { map: null, projector: { squarePx: null, ruler: false } }

export class PlayerPanel {
  view = $state.raw<PlayerView>(EMPTY_VIEW)
  state = $state.raw<PlayerState | null>(null)
  lan = $state.raw<LanStatus | null>(null)
  calibration = $state.raw<Calibration | null>(null)
  error = $state<string | null>(null)
  private readonly offs: (() => void)[] = []
  private lanTimer: ReturnType<typeof setInterval> | null = null

  constructor(private readonly api: GmApi = connectGm()) {
    this.offs.push(api.on('player.view', (view) => (this.view = view)))
    this.offs.push(
      api.onConnection((state) => {
        if (state === 'open') void this.load()
      }),
    )
  }

  private async load(): Promise<void> {
    await this.run(async () => {
      this.view = await this.api.call('player.current')
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
        error instanceof ApiError || error instanceof Error ? error.message : String(error)
    }
  }
}
