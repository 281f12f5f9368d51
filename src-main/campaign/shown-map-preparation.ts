// The shown map's first edit, prepared while the app is idle after an open (issue 29). What the
// first edit of the map the page shows needs and no open does: the party's sight on it
// (table/vision.ts, cached by map object), the rules engine's battle it is computed on, and so the
// sight the first edit's explored cells are derived from. The first wall click on a 200×200 map
// with 20 PCs otherwise computed every PC's sight from scratch (100–250 ms of the host's CPU).
// It runs one PC a turn of the event loop, once no page has listed or opened campaigns for the
// whole delay (a page reloading or a second window comes first). Another open of the campaign
// starts it again; an edit before it ends does the work itself, as before. Only a campaign the GM
// opened, only its shown map.
import type { Campaign } from '@core/campaign/schema'
import { partyVisionSteps } from '@core/table/vision'

/**
 * How long the app must have been left alone after the last open (or list) before the shown map
 * is prepared: late enough that the page has drawn the board, early enough to be done before a
 * GM's first edit.
 */
export const PREPARE_SHOWN_MAP_MS = 1000

export class ShownMapPreparation {
  private readonly pending = new Map<string, { done: () => void }>()
  /** When a page last listed or opened campaigns (Date.now()). */
  private lastAsked = 0
  private readonly delayMs: number

  constructor(
    delayMs: number,
    /** The campaign as it is open now, or undefined once it is closed. */
    private readonly campaignOf: (id: string) => Campaign | undefined,
  ) {
    this.delayMs = Math.max(0, delayMs)
  }

  /** A page listed or opened campaigns: every preparation waits the whole delay from now. */
  asked(): void {
    this.lastAsked = Date.now()
  }

  /** Resolves when the map is prepared, or the preparation was skipped or cancelled. */
  prepare(id: string, mapId: string | null): Promise<void> {
    this.cancel(id)
    return new Promise((resolve) => {
      let ended = false
      let timer: ReturnType<typeof setTimeout> | undefined
      const entry = {
        done: (): void => {
          ended = true
          clearTimeout(timer)
          if (this.pending.get(id) === entry) this.pending.delete(id)
          resolve()
        },
      }
      const { done } = entry
      const arm = (delay: number): void => {
        timer = setTimeout(fire, delay)
        timer.unref?.()
      }
      const fire = (): void => {
        const quietFor = Date.now() - this.lastAsked
        if (quietFor < this.delayMs) return arm(this.delayMs - quietFor)
        const campaign = this.campaignOf(id)
        const map = campaign && (campaign.maps.find((m) => m.id === mapId) ?? campaign.maps[0])
        if (!map) return done()
        // One PC's sight a turn: a request arriving meanwhile waits for one step at most.
        const steps = partyVisionSteps(map)
        const step = (): void => {
          if (ended) return
          try {
            if (steps.next().done) return done()
          } catch (error) {
            // Only a head start: the first edit computes it again and reports what is wrong.
            console.warn(`[campaign] preparing map ${map.id} of ${id} failed`, error)
            return done()
          }
          setImmediate(step)
        }
        step()
      }
      arm(this.delayMs)
      this.pending.set(id, entry)
    })
  }

  cancel(id: string): void {
    this.pending.get(id)?.done()
  }

  cancelAll(): void {
    for (const { done } of [...this.pending.values()]) done()
  }
}
