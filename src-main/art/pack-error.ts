// Why a campaign pack (a zip of campaign.json and its pictures) is refused, as a code the page
// words in the GM's language (src-renderer/lib/error-messages.ts) and an English sentence naming
// the entry, for logs and details.

export type PackErrorCode =
  /** Not a zip, or a zip this app does not read (several disks, ZIP64, encrypted, other methods). */
  | 'pack-unreadable'
  /** An entry name that could leave a folder (`..`, absolute, a drive, a backslash). */
  | 'pack-bad-entry'
  /** Two entries of one name (two campaign.json: which one is meant?). */
  | 'pack-duplicate-entry'
  | 'pack-no-campaign'
  /** Announced sizes over the limits (one entry, or everything the import keeps). */
  | 'pack-too-large'
  /** An entry that inflates past the size it announces (a decompression bomb). */
  | 'pack-entry-bomb'
  /** An entry cut short, corrupt, with a wrong CRC, or a picture not matching its hash. */
  | 'pack-entry-damaged'
  /** campaign.json is not a campaign this app can open. */
  | 'pack-campaign-invalid'
  /** The campaign names a picture that neither the pack nor the data folder holds. */
  | 'pack-picture-missing'

export const PACK_ERROR_CODES: readonly PackErrorCode[] = [
  'pack-unreadable',
  'pack-bad-entry',
  'pack-duplicate-entry',
  'pack-no-campaign',
  'pack-too-large',
  'pack-entry-bomb',
  'pack-entry-damaged',
  'pack-campaign-invalid',
  'pack-picture-missing',
]

export class PackError extends Error {
  constructor(
    readonly code: PackErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'PackError'
  }
}

export function isPackErrorCode(code: string): code is PackErrorCode {
  return (PACK_ERROR_CODES as readonly string[]).includes(code)
}
