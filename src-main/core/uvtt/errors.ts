// A Universal VTT file the importer refuses; `path` is a JSON pointer into the file. The limits'
// codes name the limit crossed (limits.ts); the page words each code (lib/error-messages.ts).
export const UVTT_ERROR_CODES = [
  'bad-json',
  'invalid-uvtt',
  'unsupported-format',
  'map-too-large',
  'image-undecodable',
  'too-many-wall-lines',
  'wall-line-too-long',
  'coordinate-out-of-range',
  'light-range-too-large',
  'pixels-per-grid-out-of-range',
  'map-too-detailed',
] as const
export type UvttErrorCode = (typeof UVTT_ERROR_CODES)[number]

export class UvttError extends Error {
  constructor(
    readonly code: UvttErrorCode,
    message: string,
    readonly path = '',
  ) {
    super(message)
    this.name = 'UvttError'
  }
}
