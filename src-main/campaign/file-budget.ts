// The file-size cap, kept by every change (issue 27). The loader refuses a campaign file over
// MAX_CAMPAIGN_FILE_BYTES, so a change that would make the saved file bigger than that is refused
// like any other change the loader would not accept.
//
// Serialising a big campaign after every command would cost what issue 13 took out of the save,
// so the budget keeps an upper bound instead: the exact size of one state (measured when the
// campaign opens, and by each save), plus the most each change since could have added (the
// pretty-printed size of every value its patch sets or inserts, more than the file's layout
// writes for it (serialize.ts indents fewer levels); what it removes is not
// subtracted). Only when that bound passes the cap is the exact size measured again (maps already
// serialised are cached, serialize.ts), and only a change whose exact size is over the cap is refused.
// The size a campaign opens with is measured where its file was parsed (campaign-file.ts: the
// file worker, for a big one), so opening costs main nothing more.
import { CampaignLimitError } from '@core/campaign/loadable'
import type { PatchOp } from '@core/campaign/patch'
import type { Campaign } from '@core/campaign/schema'
import { prettyJsonSize } from './pretty-json-size'
import { serializeCampaignInSlices, serializedByteLength } from './serialize'

/**
 * A value's pretty-printed text, counted: its bytes and line breaks (at depth 0), by value object
 * (campaign values are never changed in place). The host measures the shown map's first edit
 * ahead (shown-map-preparation.ts): on a map never played on, that click measured 4,955 explored
 * spans (~7 ms).
 */
const measured = new WeakMap<object, { bytes: number; lines: number }>()

function textSize(value: unknown): { bytes: number; lines: number } {
  const cacheable = typeof value === 'object' && value !== null
  const known = cacheable ? measured.get(value) : undefined
  if (known) return known
  const size = prettyJsonSize(value) ?? { bytes: 0, lines: 0 }
  if (cacheable) measured.set(value, size)
  return size
}

/**
 * The most the file can grow by when `value` is written `depth` levels deep: its size with every
 * level indented, which the file's layout (serialize.ts) never exceeds.
 */
function grownBytes(value: unknown, depth: number, key: string | number | undefined): number {
  const { bytes, lines } = textSize(value)
  // Each line gets the indentation of its depth; the entry its key, separators, its own line and,
  // when its list or object was empty, that container's closing line.
  const keyBytes = typeof key === 'string' ? Buffer.byteLength(JSON.stringify(key), 'utf8') : 0
  return bytes + lines * 2 * depth + keyBytes + 4 * depth + 16
}

/** The most a patch can add to the file's size. */
export function patchGrowthBound(patch: readonly PatchOp[]): number {
  let bytes = 0
  for (const op of patch) {
    if (op.op === 'set') bytes += grownBytes(op.value, op.path.length, op.path.at(-1))
    else if (op.op === 'splice') {
      for (const item of op.items) bytes += grownBytes(item, op.path.length + 1, undefined)
    }
  }
  return bytes
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1)
}

export class FileBudget {
  /** Exact size of the state `measuredAt` counts up to. */
  private measured: number
  /** The sum of every admitted change's growth bound so far, and its value when `measured` was. */
  private grown = 0
  private measuredAt = 0

  /** `savedBytes`: the size (or more) of the campaign's file as it is now. */
  constructor(
    readonly maxBytes: number,
    savedBytes: number,
  ) {
    this.measured = savedBytes
  }

  /** Measures a campaign in slices (a big one never stalls main). */
  static async measure(campaign: Campaign, maxBytes: number): Promise<FileBudget> {
    const { bytes } = await serializeCampaignInSlices(campaign)
    return new FileBudget(maxBytes, bytes)
  }

  /** The bound on the current state's size. */
  get bound(): number {
    return this.measured + (this.grown - this.measuredAt)
  }

  /**
   * Accounts for a change to `after`; throws CampaignLimitError if the file it would save is over
   * the cap. With `refusable` false (undo and redo, which only return to states that were
   * admitted once) the change is counted, never refused.
   */
  admit(after: Campaign, patch: readonly PatchOp[], refusable = true, knownGrowth = 0): void {
    // knownGrowth: what a part left out of `patch` adds, measured where it was made (an imported
    // map's edges and wall lines, on its import worker).
    const growth = patchGrowthBound(patch) + knownGrowth
    if (this.bound + growth <= this.maxBytes || !refusable) {
      this.grown += growth
      return
    }
    const exact = serializedByteLength(after)
    if (exact > this.maxBytes) {
      throw new CampaignLimitError(
        '',
        `The change was not made: the campaign file would be ${megabytes(exact)} MB, over the ${megabytes(this.maxBytes)} MB the app opens.`,
        this.maxBytes,
      )
    }
    this.grown += growth
    this.measured = exact
    this.measuredAt = this.grown
  }

  /** A mark to hand to `saved` for the state as it is now (the one a save is about to write). */
  get mark(): number {
    return this.grown
  }

  /** A save wrote the state at `mark` in `bytes`: the bound starts from there if that is newer. */
  saved(mark: number, bytes: number): void {
    if (mark < this.measuredAt) return
    this.measured = bytes
    this.measuredAt = mark
  }
}
