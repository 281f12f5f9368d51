// A decoded picture, whichever format it came from.
export interface Rgba {
  width: number
  height: number
  /** width × height × 4 bytes, row by row. */
  data: Uint8Array
}
