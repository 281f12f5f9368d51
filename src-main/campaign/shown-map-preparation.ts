// The shown map's first edit, prepared while the app is idle after an open (issue 29). What the
// first edit of the map the page shows needs and no open does:
//  - the party's sight on it (table/vision.ts, cached by map object), the rules engine's battle it
//    is computed on, and so the sight the first edit's explored cells are derived from. The first
//    wall click on a 200×200 map with 20 PCs otherwise computed every PC's sight from scratch
//    (100–250 ms of the host's CPU);
//  - the keys of its lists and the campaign's (list-keys.ts, kept by list object): the first
//    click keyed all 5,000 edges to find its own (~12 ms);
//  - the loader checks of its records (loadable-ahead.ts), and of the explored cells the first
//    edit will record when the party's sight is not recorded yet: a schema's first parses cost
//    ~30 ms where later ones cost 0.1 ms;
//  - the text of its fields as the file holds them (serialize.ts writeMapPiecesAhead): the first
//    autosave after an edit wrote the whole edited map again.
// The rules engine's battle of the map is built at once, in the turn after the open's answer: the
// page's first rules.query asks for it about 80 ms later (the flanking overlay).
// It runs a small step a turn of the event loop (a PC's sight, a thousand keys, a couple of
// thousand values parsed), once no page has listed or opened campaigns for the whole delay (a
// page reloading or a second window comes first). Another open of the campaign starts it again;
// an edit before it ends does what is left itself, as before. Only a campaign the GM opened, only
// its shown map.
import { editListKeysInSteps } from '@core/campaign/list-keys'
import { checkAheadSteps } from '@core/campaign/loadable-ahead'
import { withExplored } from '@core/campaign/fog-commands'
import type { Campaign, CampaignMap } from '@core/campaign/schema'
import { partyVisionSteps } from '@core/table/vision'
import { battleOf } from '@core/campaign/map-battle'
import { writeMapPiecesAhead } from './serialize'

/**
 * How long the app must have been left alone after the last open (or list) before the shown map
 * is prepared: late enough that the page has drawn the board, early enough to be done before a
 * GM's first edit.
 */
export const PREPARE_SHOWN_MAP_MS = 500

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
      const shown = (): { campaign: Campaign; map: CampaignMap } | undefined => {
        const campaign = this.campaignOf(id)
        const map = campaign && (campaign.maps.find((m) => m.id === mapId) ?? campaign.maps[0])
        return map && { campaign, map }
      }
      const fire = (): void => {
        const quietFor = Date.now() - this.lastAsked
        if (quietFor < this.delayMs) return arm(this.delayMs - quietFor)
        const { campaign, map } = shown() ?? {}
        if (!campaign || !map) return done()
        // A step a turn: a request arriving meanwhile waits for one step at most.
        const steps = firstEditSteps(campaign, map)
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
      // After the open's answer is sent: the page's first rules.query needs this battle.
      setImmediate(() => {
        const map = shown()?.map
        if (!map || ended) return
        try {
          battleOf(map)
        } catch (error) {
          console.warn(`[campaign] preparing map ${map.id} of ${id} failed`, error)
        }
      })
    })
  }

  cancel(id: string): void {
    this.pending.get(id)?.done()
  }

  cancelAll(): void {
    for (const { done } of [...this.pending.values()]) done()
  }
}

/** Keys a thousand records a step. */
const KEYS_PER_STEP = 1000

/** What the first edit of `map` in `campaign` needs, a small piece a step. */
function* firstEditSteps(campaign: Campaign, map: CampaignMap): Generator<void, void> {
  yield* partyVisionSteps(map)
  yield* editListKeysInSteps(campaign, map, KEYS_PER_STEP)
  // Schemas once warm stay warm: another open of the same map does not check it again.
  if (!checkedAhead.has(map)) {
    for (const key of Object.keys(campaign))
      if (key !== 'maps') yield* checkAheadSteps(campaign, [key])
    const path = ['maps', campaign.maps.indexOf(map)]
    yield* checkAheadSteps(campaign, path)
    // The party's sight, recorded as explored by the first edit when it is not yet
    // (fog-commands.ts).
    yield
    const recorded = withExplored(map)
    if (recorded !== map) yield* checkAheadSteps(campaign, [...path, 'fog'], recorded.fog)
    checkedAhead.add(map)
  }
  // Last: only the autosave, seconds after the first edit, needs it.
  yield* writeMapPiecesAhead(map)
}

const checkedAhead = new WeakSet<CampaignMap>()
