// One open campaign as the GM page holds it (issue 28): the campaign with the maps it holds in
// full, every map's outline, main's revision, undo availability, and the queue of commands this
// page sends. Main is the authority: a command goes out, main answers with an acknowledgement
// (its revision), and the change itself arrives once, for every window alike, as the
// campaign.changed event, applied here with core's applyChanges (lib/campaign-edits.ts). There is
// no clock in it: a command's turn ends when the change its acknowledgement names has arrived, the
// copy is fetched again only on a detected gap (a change whose revision skips one, or changes that
// do not fit), and a reconnect opens the campaign again in a new document (session.svelte.ts).
import { applyEdit } from '../lib/campaign-edits'
import type { CampaignEdit, EditAck } from '@core/contract/campaign-service'
import { outlineOf, type MapOutline } from '@core/campaign/outline'
import type { Campaign, Command } from '@core/campaign/schema'
import type { GmApi } from '../lib/api'

/** Builds a command from the campaign as main last sent it; null sends nothing. */
export type CommandBuilder = (campaign: Campaign) => Command | null

export interface DocumentHooks {
  /** Runs a call to main, reporting a failure to the GM; true when it went through. */
  attempt(action: () => Promise<void>): Promise<boolean>
  /** An edit was applied: `before` and `after` are the held campaigns around it. */
  applied(before: Campaign, after: Campaign, edit: CampaignEdit): void
  /** The map the GM is looking at: the one to fetch in full when the copy is fetched again. */
  shown(): string | null
}

interface Opened {
  campaign: Campaign
  revision: number
  outlines?: MapOutline[]
  canUndo: boolean
  canRedo: boolean
}

export class CampaignDocument {
  campaign = $state.raw<Campaign>(null as unknown as Campaign)
  /** Every map of the campaign, in order (held in full or not). */
  outlines = $state.raw<readonly MapOutline[]>([])
  canUndo = $state(false)
  canRedo = $state(false)
  /** main's revision of `campaign`: changes apply in order. */
  private revision = 0
  /** While the copy is fetched again, the edits that arrive meanwhile, applied after. */
  private resyncing: { done: Promise<void>; waiting: CampaignEdit[] } | null = null
  /** The last command sent (or waiting to be sent): the next one waits for its change. */
  private commands: Promise<void> = Promise.resolve()
  /** Sends waiting for the event that brings the revision their acknowledgement named. */
  private waiters: Array<{ revision: number; resolve: () => void }> = []

  constructor(
    private readonly api: GmApi,
    readonly id: string,
    opened: Opened,
    private readonly hooks: DocumentHooks,
  ) {
    this.take(opened)
  }

  /** Whether the page holds this map in full (not only its outline). */
  holds(mapId: string): boolean {
    return this.campaign.maps.some((m) => m.id === mapId)
  }

  /**
   * Sends one command. Commands go out one at a time, each once the change of the one before has
   * arrived, and a command given as a function is built only then, from the campaign as it is
   * after every earlier command: a field changed right after another (type, Tab, type, Tab) can
   * never be sent with the value the first one is replacing (issue 12.2).
   */
  dispatch(command: Command | CommandBuilder): Promise<boolean> {
    return this.inTurn(async () => {
      const built = typeof command === 'function' ? command(this.campaign) : command
      if (!built) return
      await this.caughtUp(await this.api.call('campaign.dispatch', { id: this.id, command: built }))
    })
  }

  /** Undo or redo in main; the change comes back as the event like any other. */
  history(verb: 'campaign.undo' | 'campaign.redo'): Promise<boolean> {
    return this.inTurn(async () => {
      await this.caughtUp(await this.api.call(verb, { id: this.id }))
    })
  }

  /** Runs `action` after every command queued before it has been answered and applied. */
  inTurn(action: () => Promise<void>): Promise<boolean> {
    const turn = this.commands.then(() => this.hooks.attempt(action))
    this.commands = turn.then(() => undefined)
    return turn
  }

  /** One change from main (the campaign.changed event). */
  receive(edit: CampaignEdit): Promise<void> {
    if (edit.campaignId !== this.id) return Promise.resolve()
    if (this.resyncing) {
      this.resyncing.waiting.push(edit)
      return this.resyncing.done
    }
    const before = this.campaign
    const outcome = applyEdit({ campaign: before, outlines: this.outlines }, this.revision, edit)
    if (outcome.kind === 'resync') return this.reload(this.shownAfterReload(), [edit])
    if (outcome.kind === 'applied') {
      this.campaign = outcome.held.campaign
      this.outlines = outcome.held.outlines
      this.revision = outcome.revision
      this.hooks.applied(before, outcome.held.campaign, edit)
    }
    if (edit.revision >= this.revision) {
      this.canUndo = edit.canUndo
      this.canRedo = edit.canRedo
    }
    this.wake()
    return Promise.resolve()
  }

  /**
   * Fetches the campaign again, `shown` in full and the other maps as outlines (after a missed
   * revision, or to show a map held as an outline); edits that arrive meanwhile apply after it.
   */
  reload(shown: string | null, waiting: CampaignEdit[] = []): Promise<void> {
    if (this.resyncing) {
      this.resyncing.waiting.push(...waiting)
      return this.resyncing.done
    }
    const done = (async () => {
      try {
        this.take(await this.api.call('campaign.open', { id: this.id, outlineExcept: shown }))
      } finally {
        this.resyncing = null
      }
      for (const edit of waiting) if (edit.revision > this.revision) await this.receive(edit)
      this.wake()
    })()
    this.resyncing = { done, waiting }
    return done
  }

  private take(opened: Opened): void {
    this.campaign = opened.campaign
    this.revision = opened.revision
    this.outlines = opened.outlines ?? opened.campaign.maps.map(outlineOf)
    this.canUndo = opened.canUndo
    this.canRedo = opened.canRedo
  }

  private shownAfterReload(): string | null {
    return this.hooks.shown() ?? this.campaign.maps[0]?.id ?? null
  }

  /**
   * Resolves once the change an acknowledgement names has been applied: by its event (which main
   * queues before it answers, though a large one written in slices may reach the desktop page
   * after the answer), or by the copy fetched again when a later change shows that one was
   * missed. Messages are not lost while the connection lives; a lost connection ends with a new
   * document (release).
   */
  private caughtUp(ack: EditAck): Promise<void> {
    if (this.revision >= ack.revision) return Promise.resolve()
    return new Promise<void>((resolve) => this.waiters.push({ revision: ack.revision, resolve }))
  }

  /**
   * The page let this document go (another campaign, a reconnect that opens this one again): the
   * commands waiting for their change end, main having taken them; the new copy holds it.
   */
  release(): void {
    const waiting = this.waiters
    this.waiters = []
    for (const waiter of waiting) waiter.resolve()
  }

  private wake(): void {
    const ready = this.waiters.filter((w) => w.revision <= this.revision)
    if (ready.length === 0) return
    this.waiters = this.waiters.filter((w) => w.revision > this.revision)
    for (const waiter of ready) waiter.resolve()
  }
}
