// The GM screen's state: the connection to main, the open campaign (its document store,
// campaign-document.svelte.ts: the copy of main's campaign, the command queue, the changes
// received) and the selected map. The campaign list is campaign-list.svelte.ts; the status line
// both report on is status-line.svelte.ts. Main is the authority: every change goes out as a
// command and the campaign shown is always main's, followed change by change.
import { CampaignDocument, type CommandBuilder } from './campaign-document.svelte'
import { fightNotices } from '../lib/fight-notices'
import { TurnFollow } from './turn-follow.svelte'
import type { OpenResult } from '@core/contract/campaign-service'
import type { Campaign, CampaignMap, Command } from '@core/campaign/schema'
import type { MapOutline } from '@core/campaign/outline'
import type { EdgeKind } from '@core/rules/model'
import type { ConnectionState, GmApi } from '../lib/api'
import type { MessageKey } from '../lib/i18n'
import { BoardFocus } from './board.svelte'
import { addressFor, campaignToOpen, mapToOpen } from '../lib/start-campaign'
import { afterFirstFrame } from '../lib/after-first-frame'
import { repairSentences } from '../lib/repair-notes'
import { EditorState } from './editor.svelte'
import { LayoutState } from './layout.svelte'
import { CampaignListState } from './campaign-list.svelte'
import { StatusLine, type Status } from './status-line.svelte'

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' })

export type { CommandBuilder }

export class GmSession {
  /** The status line and notices, shared with the campaign list. */
  readonly statusLine = new StatusLine()
  /** The campaigns in the data folder and the trash; what the list opens, this session shows. */
  readonly campaignList: CampaignListState
  /** The open campaign's document store; null when none is open. */
  document = $state.raw<CampaignDocument | null>(null)
  /** The open campaign, holding in full the maps the page shows (the others: `maps`). */
  get campaign(): Campaign | null {
    return this.document?.campaign ?? null
  }
  /** Every map of the open campaign, in order, as an outline (the map tabs). */
  get maps(): readonly MapOutline[] {
    return this.document?.outlines ?? []
  }
  get canUndo(): boolean {
    return this.document?.canUndo ?? false
  }
  get canRedo(): boolean {
    return this.document?.canRedo ?? false
  }
  selectedMapId = $state<string | null>(null)
  /** What the table screen shows (main's player.state): a map of this or of another campaign. */
  shownTarget = $state.raw<{ campaignId: string; mapId: string } | null>(null)
  /** The map of this campaign on the table screen, if one is. */
  shownToPlayersMapId = $derived(
    this.shownTarget && this.shownTarget.campaignId === this.campaign?.id
      ? this.shownTarget.mapId
      : null,
  )
  edgeTool = $state<EdgeKind>('wall')
  connection = $state<ConnectionState>('connecting')
  get status(): Status {
    return this.statusLine.status
  }
  set status(status: Status) {
    this.statusLine.status = status
  }
  recovered = $state.raw<OpenResult['recovered'] | null>(null)
  /** Journal files set aside on open instead of replayed (said until dismissed). */
  journalNotices = $state.raw<NonNullable<OpenResult['journal']>>([])
  /** Selection, hover and path target shared by the 2D board, overlays and the 3D view. */
  readonly focus = new BoardFocus()
  /** The map editor's tool and overlay choices (prep tools, board overlays, 3D split). */
  readonly editor = new EditorState()
  /** Which docks and panel sections are open (remembered across sessions). */
  readonly layout = new LayoutState()
  /** What the GM must not miss, kept until dismissed (issue 25). */
  readonly notices = this.statusLine.notices
  /** Whether Next turn selects the current combatant and shows it (issue 25). */
  readonly turnFollow = new TurnFollow()

  selectedMap = $derived(
    this.campaign?.maps.find((m) => m.id === this.selectedMapId) ?? this.campaign?.maps[0] ?? null,
  )

  private everConnected = false

  /** Public so area state (fight overlays) can ask main's rules engine without a second connection. */
  constructor(readonly api: GmApi) {
    this.campaignList = new CampaignListState(api, this.statusLine, (id) => this.open(id))
    api.on('campaign.changed', (edit) => {
      void this.document?.receive(edit).then(() => this.loadShownMap())
    })
    api.on('player.state', (state) => (this.shownTarget = state.target))
    api.on('campaign.notice', (notice) => {
      const name =
        (this.campaign?.id === notice.campaignId ? this.campaign.name : undefined) ??
        this.campaignList.nameOf(notice.campaignId) ??
        notice.campaignId
      this.tell({
        tone: 'error',
        key: 'notice.saveFailed',
        params: { campaign: name, errno: notice.errno },
      })
    })
    api.onConnection((state) => this.connectionChanged(state))
    $effect.root(() => {
      // Through the ids alone: every edit makes a new campaign and map object, and the address
      // names neither, so an edit schedules nothing here (issue 29: a frame and two timers a click).
      const campaignIdOf = $derived(this.campaign?.id ?? null)
      const mapIdOf = $derived(this.selectedMap?.id ?? null)
      $effect(() => {
        const campaignId = campaignIdOf
        const mapId = mapIdOf
        if (!this.addressed) return
        // Written after the board's first frame: replaceState costs a big campaign's open a
        // same-document navigation in the middle of mounting the board (issue 29).
        if (typeof requestAnimationFrame !== 'function') return this.writeAddress(campaignId, mapId)
        return afterFirstFrame(() => this.writeAddress(campaignId, mapId))
      })
    })
  }

  /**
   * Settles after the first frame of the campaign last opened, its board drawn. What that frame
   * does without (the overlays' rules answers, the player panel's reads) is asked only then, so
   * main does not work on them while the board is built (issue 29).
   */
  boardDrawn: Promise<void> = Promise.resolve()

  /** Set once the page opened what its address named: from then on the address follows the page. */
  addressed = $state(false)

  /** The page's address names the open campaign and map (lib/start-campaign.ts). */
  private writeAddress(campaignId: string | null, mapId: string | null): void {
    if (!this.addressed || !globalThis.location || !globalThis.history) return
    const hash = addressFor(campaignId, mapId)
    if (location.hash === hash) return
    history.replaceState(history.state, '', hash || `${location.pathname}${location.search}`)
  }

  private connectionChanged(state: ConnectionState): void {
    this.connection = state
    if (state === 'closed') {
      this.status = { tone: 'warn', key: 'status.disconnected' }
      return
    }
    if (state !== 'open') return
    const reconnect = this.everConnected
    this.everConnected = true
    // After a reconnect main may have restarted: reload what is on screen from it.
    void this.run(async () => {
      await this.campaignList.refresh()
      this.shownTarget = (await this.api.call('player.state')).target
      if (reconnect && this.campaign) await this.open(this.campaign.id, this.selectedMapId)
      else if (!reconnect) {
        this.status = { tone: 'info', key: 'status.ready' }
        // A reloaded page reopens the campaign (and map) its address names.
        const hash = globalThis.location?.hash ?? ''
        const start = campaignToOpen(hash, this.campaignList.campaigns)
        try {
          if (start) await this.open(start, mapToOpen(hash))
        } finally {
          this.addressed = true
        }
      }
    })
  }

  open(id: string, mapId: string | null = null): Promise<void> {
    return this.run(async () => {
      const opened = await this.api.call('campaign.open', { id, outlineExcept: mapId })
      this.document?.release()
      this.document = new CampaignDocument(this.api, id, opened, {
        attempt: (action) => this.statusLine.attempt(action),
        applied: (before, after, edit) => {
          for (const notice of fightNotices(before, after, edit.cause)) this.tell(notice)
        },
        shown: () => this.selectedMap?.id ?? null,
      })
      if (typeof requestAnimationFrame === 'function')
        this.boardDrawn = new Promise((resolve) => afterFirstFrame(resolve))
      this.selectedMapId = opened.campaign.maps.some((m) => m.id === mapId)
        ? mapId
        : (opened.campaign.maps[0]?.id ?? null)
      this.recovered = opened.recovered ?? null
      this.journalNotices = opened.journal ?? []
      // The notice says what happened; the status line only marks that something did.
      if (opened.recovered || opened.journal?.length)
        this.status = { tone: 'warn', key: 'status.opened', params: { name: opened.campaign.name } }
      else if (opened.repaired?.length) {
        this.status = {
          tone: 'warn',
          key: 'status.repaired',
          details: repairSentences(opened.repaired),
        }
      } else
        this.status = { tone: 'ok', key: 'status.opened', params: { name: opened.campaign.name } }
    })
  }

  close(): Promise<void> {
    const campaign = this.campaign
    if (!campaign) return Promise.resolve()
    return this.run(async () => {
      await this.api.call('campaign.close', { id: campaign.id })
      this.document?.release()
      this.document = null
      this.selectedMapId = null
      this.recovered = null
      this.journalNotices = []
      await this.campaignList.refresh()
      this.status = { tone: 'info', key: 'status.closed' }
    })
  }

  /** Shows a map; one the page holds as an outline is fetched in full first. */
  selectMap(mapId: string): void {
    const document = this.document
    if (document && !document.holds(mapId) && this.maps.some((m) => m.id === mapId)) {
      void document.inTurn(async () => {
        if (this.document !== document) return
        await document.reload(mapId)
        this.showMap(mapId)
      })
      return
    }
    this.showMap(mapId)
  }

  private showMap(mapId: string): void {
    if (mapId !== this.selectedMapId) this.focus.reset()
    this.selectedMapId = mapId
  }

  /**
   * Sends one command to the open campaign (campaign-document.svelte.ts: one at a time, a
   * function built from the campaign as it is after every earlier command).
   */
  async dispatch(command: Command | CommandBuilder): Promise<boolean> {
    const document = this.document
    if (!document) return false
    const sent = await document.dispatch(command)
    if (sent && this.document === document) this.status = { tone: 'info', key: 'status.changed' }
    await this.loadShownMap()
    return sent
  }

  /** The map with this id in the campaign as it is now (for command builders). */
  mapIn(campaign: Campaign, mapId: string): CampaignMap | null {
    return campaign.maps.find((m) => m.id === mapId) ?? null
  }

  undo(): Promise<boolean> {
    return this.history('campaign.undo', 'status.undone')
  }

  redo(): Promise<boolean> {
    return this.history('campaign.redo', 'status.redone')
  }

  private async history(
    verb: 'campaign.undo' | 'campaign.redo',
    done: MessageKey,
  ): Promise<boolean> {
    const document = this.document
    if (!document) return false
    if (verb === 'campaign.undo' ? !this.canUndo : !this.canRedo) return false
    const went = await document.history(verb)
    if (went && this.document === document) this.status = { tone: 'info', key: done }
    await this.loadShownMap()
    return went
  }

  save(): Promise<void> {
    const campaign = this.campaign
    if (!campaign) return Promise.resolve()
    return this.run(async () => {
      const { savedAt } = await this.api.call('campaign.save', { id: campaign.id })
      this.status = {
        tone: 'ok',
        key: 'status.saved',
        params: { time: TIME_FORMAT.format(Date.parse(savedAt)) },
      }
    })
  }

  showToPlayers(mapId: string | null): Promise<void> {
    const campaign = this.campaign
    if (!campaign) return Promise.resolve()
    return this.run(async () => {
      const view = await this.api.call('player.show', {
        target: mapId ? { campaignId: campaign.id, mapId } : null,
      })
      this.shownTarget = mapId && view.map ? { campaignId: campaign.id, mapId } : null
    })
  }

  dismissRecovery(): void {
    this.recovered = null
  }

  dismissJournalNotices(): void {
    this.journalNotices = []
  }

  /** The shown map is held as an outline only (its map was replaced, say): fetch it in full. */
  private loadShownMap(): Promise<void> {
    const document = this.document
    const shown = this.selectedMapId
    if (!document || !shown || document.holds(shown) || !this.maps.some((m) => m.id === shown))
      return Promise.resolve()
    return document.reload(shown)
  }

  /** Every call to main goes through the status line, so a failure always reaches it. */
  private run(action: () => Promise<void>): Promise<void> {
    return this.statusLine.run(action)
  }

  /** Tells the GM that a call failed (status-line.svelte.ts words main's refusal by its code). */
  failed(error: unknown): void {
    this.statusLine.failed(error)
  }

  /** A notice for the list (and the status line, which the next action overwrites). */
  tell(said: Status): void {
    this.statusLine.tell(said)
  }
}
