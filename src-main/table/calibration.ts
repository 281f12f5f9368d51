// Physical scale for the projector: how many CSS pixels one grid square takes so that it measures
// the chosen size (1 inch, 25 mm…) on the table. Electron reports a display's size in device-
// independent pixels, which are CSS pixels, so px-per-mm follows from that size and the display's
// diagonal; a manual ruler factor corrects what the diagonal gets wrong (bezels, overscan,
// projector throw). Settings are saved per display. Pure apart from the small file store below.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../campaign/atomicFile'
import {
  calibrationSettingsSchema,
  MM_PER_INCH,
  type CalibrationSettings,
} from '@core/table/calibration-schema'

export { calibrationSettingsSchema, MM_PER_INCH, type CalibrationSettings }

export interface DisplayInfo {
  /** Stable per physical display (Electron: label + size; the Node host: "browser"). */
  key: string
  label: string
  widthPx: number
  heightPx: number
  scaleFactor: number
}

export const SQUARE_PRESETS_MM = { inch: MM_PER_INCH, '25mm': 25, '30mm': 30 } as const

/** CSS pixels per millimetre from the resolution and the diagonal. */
export function pxPerMm(widthPx: number, heightPx: number, diagonalInches: number): number {
  return Math.hypot(widthPx, heightPx) / (diagonalInches * MM_PER_INCH)
}

/** CSS pixels one grid square takes on that display. */
export function squarePixels(settings: CalibrationSettings): number {
  return (
    settings.squareMm *
    pxPerMm(settings.widthPx, settings.heightPx, settings.diagonalInches) *
    settings.rulerFactor
  )
}

/**
 * The ruler factor that makes a ruler drawn `drawnPx` long (meant to be `expectedMm`) match a
 * measurement of `measuredMm` on the table.
 */
export function rulerFactorFor(settings: CalibrationSettings, measuredMm: number): number {
  if (!(measuredMm > 0)) return settings.rulerFactor
  const expectedMm = settings.squareMm * 10
  const factor = (settings.rulerFactor * expectedMm) / measuredMm
  return Math.min(4, Math.max(0.25, factor))
}

/** Defaults for a display never calibrated: a 24-inch screen guess, 1-inch squares. */
export function defaultSettings(display: DisplayInfo): CalibrationSettings {
  return {
    squareMm: MM_PER_INCH,
    diagonalInches: 24,
    widthPx: display.widthPx,
    heightPx: display.heightPx,
    rulerFactor: 1,
  }
}

/** A stable key for a display: its name and size, which survive replugging (ids do not). */
export function displayKey(display: {
  label?: string
  id: number
  size: { width: number; height: number }
}): string {
  const name = display.label?.trim() || `display-${display.id}`
  return `${name} ${display.size.width}x${display.size.height}`.slice(0, 200)
}

const fileSchema = z.object({
  version: z.literal(1),
  displays: z.record(z.string().max(200), calibrationSettingsSchema),
})

export interface CalibrationStore {
  get(key: string): CalibrationSettings | null
  set(key: string, settings: CalibrationSettings): Promise<void>
}

/** Per-display settings in `<dataDir>/displays.json`, written atomically; a bad file is ignored. */
export async function openCalibrationStore(dataDir: string): Promise<CalibrationStore> {
  const file = path.join(dataDir, 'displays.json')
  let displays: Record<string, CalibrationSettings> = {}
  try {
    const parsed = fileSchema.safeParse(JSON.parse(await fs.readFile(file, 'utf8')))
    if (parsed.success) displays = parsed.data.displays
    else console.warn(`[calibration] ${file} is not valid; starting with no saved displays.`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      console.warn(`[calibration] cannot read ${file}:`, error)
  }
  let writing = Promise.resolve()
  return {
    get: (key) => displays[key] ?? null,
    async set(key, settings) {
      displays = { ...displays, [key]: calibrationSettingsSchema.parse(settings) }
      const text = JSON.stringify({ version: 1, displays }, null, 2)
      writing = writing.catch(() => {}).then(() => writeFileAtomic(file, text))
      await writing
    },
  }
}

export interface CalibrationState {
  display: DisplayInfo
  settings: CalibrationSettings
  saved: boolean
  squarePx: number | null
  ruler: boolean
}

export interface ProjectorCalibration {
  get(): CalibrationState
  set(settings: CalibrationSettings, ruler?: boolean): Promise<CalibrationState>
  /** Re-applies the saved scale, e.g. after the projector moved to another display. */
  refresh(): void
}

/** What the player view needs to know of the projector: its scale and its size. */
export interface ProjectorScaleInfo {
  /** null: nothing saved for this display, fit the screen. */
  squarePx: number | null
  ruler: boolean
  /** The screen's CSS pixels (the saved settings', else the display's): the frame's size. */
  widthPx: number
  heightPx: number
}

/**
 * The calibration of whichever display the projector is on. `apply` receives the scale and size to
 * use for the player view.
 */
export function createProjectorCalibration(
  store: CalibrationStore,
  display: () => DisplayInfo,
  apply: (scale: ProjectorScaleInfo) => void,
): ProjectorCalibration {
  let ruler = false
  const get = (): CalibrationState => {
    const current = display()
    const saved = store.get(current.key)
    return {
      display: current,
      settings: saved ?? defaultSettings(current),
      saved: saved !== null,
      squarePx: saved ? squarePixels(saved) : null,
      ruler,
    }
  }
  const refresh = (): void => {
    const state = get()
    apply({
      squarePx: state.squarePx,
      ruler: state.ruler,
      widthPx: state.settings.widthPx,
      heightPx: state.settings.heightPx,
    })
  }
  return {
    get,
    async set(settings, nextRuler) {
      await store.set(display().key, settings)
      if (nextRuler !== undefined) ruler = nextRuler
      refresh()
      return get()
    },
    refresh,
  }
}
