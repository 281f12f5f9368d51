// What the host does while the GM is not asking for anything (issue 29): the work an open or a
// first edit would otherwise do, done between a page's requests, a step at a time.
//  - After a page lists the campaigns, with none open: the one opened last (else the newest
//    listed) is read and parsed (open-ahead.ts, through the store) and its first map's battle
//    built, so the GM's Open finds them ready.
//  - After an open: the shown map's first edit is prepared once no page has listed or opened for a
//    while (shown-map-preparation.ts), then the campaign's journal file is created, so the first
//    edit only appends to it.
// The campaign service (service.ts) tells this when pages list, open and close; its lifecycle and
// the edits stay there. Node-only.
import type { Campaign, CampaignMap, CampaignSummary } from '@core/campaign/schema'
import { battleOf } from '@core/campaign/map-battle'
import { PREPARE_SHOWN_MAP_MS, ShownMapPreparation } from './shown-map-preparation'

/** What the idle work needs of the service that holds the campaigns. */
export interface IdleHost {
  /** No campaign open or opening, and the service not shut down. */
  idle(): boolean
  /** The campaign as it is open now, or undefined. */
  campaignOf(id: string): Campaign | undefined
  /** Creates the open campaign's journal file ahead of its first edit. */
  prepareJournal(id: string): Promise<void> | undefined
  /** The campaign of `ids` opened last (the store's index). */
  openedLast(ids: readonly string[]): Promise<string | undefined>
  /** Reads and parses a campaign for its open (open-ahead.ts). */
  readAhead(id: string): Promise<Campaign | undefined>
}

export interface IdleWorkOptions {
  /** Read the campaign opened last once a page has listed (default true). */
  readAhead?: boolean
  /** Delay before the shown map is prepared after an open (default PREPARE_SHOWN_MAP_MS). */
  prepareShownMapMs?: number
}

/** A map's battle (map-battle.ts, kept by map object), built ahead: only a head start. */
function battleAhead(map: CampaignMap): void {
  try {
    battleOf(map)
  } catch (error) {
    console.warn(`[campaign] preparing map ${map.id} ahead of its open failed`, error)
  }
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export class IdleWork {
  private readonly shownMaps: ShownMapPreparation
  private readonly readsAhead: boolean
  private readingAhead: Promise<void> = Promise.resolve()

  constructor(
    private readonly host: IdleHost,
    options: IdleWorkOptions = {},
  ) {
    this.readsAhead = options.readAhead ?? true
    this.shownMaps = new ShownMapPreparation(
      options.prepareShownMapMs ?? PREPARE_SHOWN_MAP_MS,
      (id) => host.campaignOf(id),
    )
  }

  /** A page is listing or opening campaigns: the shown map's preparation waits its whole delay. */
  asked(): void {
    this.shownMaps.asked()
  }

  /**
   * A page was answered the list: with no campaign open, reads the one opened last (else the
   * first listed)
   * ahead of its open, once the list's answer has gone.
   */
  listed(summaries: readonly CampaignSummary[]): void {
    const { host } = this
    if (!this.readsAhead || !host.idle()) return
    const openable = summaries
      .filter((s) => !s.unreadable && !s.newer && !s.tooLarge)
      .map((s) => s.id)
    if (openable.length === 0) return
    this.readingAhead = nextTurn().then(async () => {
      const id = host.idle() ? await host.openedLast(openable) : undefined
      if (id === undefined || !host.idle()) return
      const map = (await host.readAhead(id))?.maps[0]
      // The rules engine's battle of the map an open from the list shows first (its first), built
      // now rather than in the turn after the open's answer, while the page draws the board.
      await nextTurn()
      if (map && host.idle()) battleAhead(map)
    })
  }

  /** Settles once the campaign the last list chose is read ahead (or was not: tests). */
  readAheadSettled(): Promise<void> {
    return this.readingAhead
  }

  /** Prepares the shown map's first edit, then the journal's file; resolves when done or skipped. */
  prepareShownMap(id: string, mapId: string | null): Promise<void> {
    return this.shownMaps
      .prepare(id, mapId)
      .then((prepared) => (prepared ? this.host.prepareJournal(id) : undefined))
  }

  /** The campaign is closing: its preparation stops. */
  cancel(id: string): void {
    this.shownMaps.cancel(id)
  }

  /** The service is shutting down. */
  cancelAll(): void {
    this.shownMaps.cancelAll()
  }
}
