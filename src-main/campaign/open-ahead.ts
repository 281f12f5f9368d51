// A campaign read before it is opened (issue 29: the cold open of a big campaign). Once a page has
// listed the campaigns, the store reads and parses the one the GM most likely opens next (the one
// opened last) while the GM looks at the list; the open then only checks that the file still holds
// the bytes that were read (their SHA-256) and takes the campaign. One campaign at a time, held
// until it is opened, another campaign is opened, or KEEP_MS pass. The work goes a step at a time
// (read, hash, parse), so a request arriving meanwhile waits for one step at most; an open of that
// same campaign waits for the work itself instead of doing it again.
import type { ReadCampaign } from './campaign-file'

/** A file read for an open, as the store's open path reads it (never with side effects). */
export interface OpenRead {
  read: ReadCampaign
  /** Parsed as the bytes the app wrote, without the full check (trusted-snapshot.ts). */
  trusted: boolean
}

/** Tells the work to stop at its next step (another campaign is being opened, or the app stops). */
export interface AheadSignal {
  readonly cancelled: boolean
}

/** How long a campaign read ahead is kept for an open that does not come. */
export const KEEP_MS = 10 * 60_000

interface Slot {
  name: string
  signal: { cancelled: boolean }
  done: Promise<OpenRead | undefined>
  timer?: ReturnType<typeof setTimeout>
}

export class OpenAhead {
  private slot: Slot | undefined

  constructor(private readonly keepMs = KEEP_MS) {}

  /** Whether `name` is being read ahead or was (and is kept). */
  holds(name: string): boolean {
    return this.slot?.name === name
  }

  /**
   * Starts reading `name` ahead with `work` (which stops at its next step once the signal is
   * cancelled, answering undefined), dropping whatever was held before.
   */
  start(
    name: string,
    work: (signal: AheadSignal) => Promise<OpenRead | undefined>,
  ): Promise<OpenRead | undefined> {
    this.drop()
    const signal = { cancelled: false }
    const slot: Slot = {
      name,
      signal,
      done: work(signal).catch(() => undefined),
    }
    this.slot = slot
    void slot.done.then(() => {
      if (this.slot !== slot) return
      slot.timer = setTimeout(() => {
        if (this.slot === slot) this.drop()
      }, this.keepMs)
      slot.timer.unref?.()
    })
    return slot.done
  }

  /**
   * What was read ahead for `name`, once that work is done (undefined if none or it found
   * nothing), handed over once: a later open reads the file itself. A campaign held for another
   * name is dropped, its work stopped at its next step.
   */
  async take(name: string): Promise<OpenRead | undefined> {
    const slot = this.slot
    if (!slot) return undefined
    if (slot.name !== name) {
      this.drop()
      return undefined
    }
    this.slot = undefined
    clearTimeout(slot.timer)
    return slot.done
  }

  /** Forgets what is held and stops its work at the next step. */
  drop(): void {
    const slot = this.slot
    if (!slot) return
    this.slot = undefined
    slot.signal.cancelled = true
    clearTimeout(slot.timer)
  }
}
