// Why a picture is refused, as a code the page words in the GM's language
// (src-renderer/lib/error-messages.ts) and an English sentence for logs.

export type PictureErrorCode =
  /** Not a PNG, JPEG or WebP at all. */
  | 'asset-not-image'
  /** The file is over the size limit for its use. */
  | 'asset-too-large'
  /** The header announces more pixels (a side, or in all) than the budget. */
  | 'asset-too-many-pixels'
  /** Decoding it would need more memory than the budget. */
  | 'asset-over-memory'
  /** A PNG, JPEG or WebP header, but the pixels do not decode (or not to the header's size). */
  | 'asset-undecodable'
  /** No stored picture by that hash. */
  | 'asset-not-found'

export const PICTURE_ERROR_CODES: readonly PictureErrorCode[] = [
  'asset-not-image',
  'asset-too-large',
  'asset-too-many-pixels',
  'asset-over-memory',
  'asset-undecodable',
  'asset-not-found',
]

export class PictureError extends Error {
  constructor(
    readonly code: PictureErrorCode,
    message: string,
    /** Where the picture came from, as a JSON pointer: `/image` in a Universal VTT file, an entry of a pack. */
    readonly path?: string,
  ) {
    super(message)
    this.name = 'PictureError'
  }
}

export function isPictureErrorCode(code: string): code is PictureErrorCode {
  return (PICTURE_ERROR_CODES as readonly string[]).includes(code)
}
