// The saved calibration of one display (see calibration.ts). Zod only, so the IPC contract can
// use it without pulling in the file store.
import { z } from 'zod'

export const MM_PER_INCH = 25.4

export const calibrationSettingsSchema = z.strictObject({
  /** Physical size of one grid square. */
  squareMm: z.number().finite().min(2).max(500),
  /** The display's diagonal in inches (a projector: the projected image's). */
  diagonalInches: z.number().finite().min(1).max(1000),
  /** Resolution in CSS pixels; defaults to what the display reports. */
  widthPx: z.number().int().min(100).max(20_000),
  heightPx: z.number().int().min(100).max(20_000),
  /** Manual ruler adjustment, multiplied in (1 = none). */
  rulerFactor: z.number().finite().min(0.25).max(4).default(1),
})
export type CalibrationSettings = z.infer<typeof calibrationSettingsSchema>
