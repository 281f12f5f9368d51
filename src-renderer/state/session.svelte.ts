// The GM screen's state: the campaign list, the open campaign (its document store,
// campaign-document.svelte.ts: the copy of main's campaign, the command queue, the changes
// received), the selected map and the status line. Main is the authority: every change goes out
// as a command and the campaign shown is always main's, followed change by change.
import { CampaignDocument, type CommandBuilder } from './campaign-document.svelte'
import { describeFailure, ERROR_MESSAGES } from '../lib/error-messages'
import { fightNotices } from '../lib/fight-notices'
import { NoticeList } from './notices.svelte'
import { TurnFollow } from './turn-follow.svelte'
import { base64ToBytes } from '../lib/read-file'
import type { OpenResult } from '@core/contract/campaign-service'
import type { Campaign, CampaignMap, CampaignSummary, Command } from '@core/campaign/schema'
import type { MapOutline } from '@core/campaign/outline'
import type { TrashEntry } from '@core/contract/campaign-service'
import { MAX_CAMPAIGN_FILE_BYTES } from '@core/campaign/limits'
import type { EdgeKind } from '@core/rules/model'
import { ApiError, type ConnectionState, type GmApi } from '../lib/api'
import type { MessageKey, MessageParams, Sentence } from '../lib/i18n'
import { BoardFocus } from './board.svelte'
import { addressFor, campaignToOpen, mapToOpen } from '../lib/start-campaign'
import { afterFirstFrame } from '../lib/after-first-frame'
import { exportFileStem } from '../lib/file-names'
import { repairSentence } from '../lib/repair-notes'
import { EditorState } from './editor.svelte'
import { LayoutState } from './layout.svelte'

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' })

export type { CommandBuilder }

export type StatusTone = 'info' | 'ok' | 'warn' | 'error'

export interface Status {
  tone: StatusTone
  key: MessageKey
  params?: MessageParams
  /** A field's name for the sentence's {field}, said in the GM's language. */
  fieldKey?: MessageKey
  /** Sentences said in the GM's language, one after another, as the message's {details}. */
  details?: readonly Sentence[]
}

/** The campaign size cap in MB, as the messages show it. */
export const CAMPAIGN_LIMIT_MB = MAX_CAMPAIGN_FILE_BYTES / (1024 * 1024)

/** What the campaign list imports: a JSON export, or a pack (zip) as base64. */
export type ImportContent = { json: string } | { pack: string }

export interface ExportedFile {
  fileName: string
  blob: Blob
}

/** "Imported …", saying how many entries of a pack were left unread when there were any. */
function importedStatus(
  key: 'status.imported' | 'status.replaced',
  name: string,
  ignored: number,
): Status {
  if (ignored === 0) return { tone: 'ok', key, params: { name } }
  return {
    tone: 'ok',
    key: key === 'status.imported' ? 'status.importedIgnoring' : 'status.replacedIgnoring',
    params: { name, count: ignored },
  }
}

export class GmSession {
  campaigns = $state.raw<CampaignSummary[]>([])
  trash = $state.raw<TrashEntry[]>([])
  /** An import of a campaign already in the list, waiting for the GM's choice. */
  importConflict = $state.raw<{ content: ImportContent; fileName: string } | null>(null)
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
  status = $state<Status>({ tone: 'info', key: 'status.connecting' })
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
  readonly notices = new NoticeList()
  /** Whether Next turn selects the current combatant and shows it (issue 25). */
  readonly turnFollow = new TurnFollow()

  selectedMap = $derived(
    this.campaign?.maps.find((m) => m.id === this.selectedMapId) ?? this.campaign?.maps[0] ?? null,
  )

  private everConnected = false

  /** Public so area state (fight overlays) can ask main's rules engine without a second connection. */
  constructor(readonly api: GmApi) {
    api.on('campaign.changed', (edit) => {
      void this.document?.receive(edit).then(() => this.loadShownMap())
    })
    api.on('player.state', (state) => (this.shownTarget = state.target))
    api.on('campaign.notice', (notice) => {
      const name =
        (this.campaign?.id === notice.campaignId ? this.campaign.name : undefined) ??
        this.campaigns.find((c) => c.id === notice.campaignId)?.name ??
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
      await this.refreshList()
      this.shownTarget = (await this.api.call('player.state')).target
      if (reconnect && this.campaign) await this.open(this.campaign.id, this.selectedMapId)
      else if (!reconnect) {
        this.status = { tone: 'info', key: 'status.ready' }
        // A reloaded page reopens the campaign (and map) its address names.
        const hash = globalThis.location?.hash ?? ''
        const start = campaignToOpen(hash, this.campaigns)
        try {
          if (start) await this.open(start, mapToOpen(hash))
        } finally {
          this.addressed = true
        }
      }
    })
  }

  async refreshList(): Promise<void> {
    const [campaigns, trash] = await Promise.all([
      this.api.call('campaign.list'),
      this.api.call('campaign.trash'),
    ])
    this.campaigns = campaigns
    this.trash = trash
  }

  /** True once renamed; false leaves the GM's text where it was (the status line says why). */
  async rename(id: string, name: string): Promise<boolean> {
    let renamed = false
    await this.run(async () => {
      const campaign = await this.api.call('campaign.rename', { id, name })
      renamed = true
      await this.refreshList()
      this.status = { tone: 'ok', key: 'status.renamed', params: { name: campaign.name } }
    })
    return renamed
  }

  /** Moves a campaign (with its backups) to the trash in the data folder. */
  remove(id: string): Promise<void> {
    return this.run(async () => {
      const entry = await this.api.call('campaign.delete', { id })
      await this.refreshList()
      this.status = { tone: 'ok', key: 'status.deleted', params: { name: entry.name } }
    })
  }

  restore(trashId: string): Promise<void> {
    return this.run(async () => {
      const restored = await this.api.call('campaign.restore', { trashId })
      await this.refreshList()
      this.status = { tone: 'ok', key: 'status.restored', params: { name: restored.name } }
    })
  }

  create(name: string): Promise<void> {
    return this.run(async () => {
      const campaign = await this.api.call('campaign.create', { name })
      await this.refreshList()
      await this.open(campaign.id)
      this.status = { tone: 'ok', key: 'status.created', params: { name: campaign.name } }
    })
  }

  open(id: string, mapId: string | null = null): Promise<void> {
    return this.run(async () => {
      const opened = await this.api.call('campaign.open', { id, outlineExcept: mapId })
      this.document?.release()
      this.document = new CampaignDocument(this.api, id, opened, {
        attempt: (action) => this.attempt(action),
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
          details: opened.repaired.map(repairSentence),
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
      await this.refreshList()
      this.status = { tone: 'info', key: 'status.closed' }
    })
  }

  /**
   * The campaign as one file for a backup or another machine: JSON (format gm-campaign-export/1),
   * or, when its maps have pictures, a zip with the JSON and the pictures (campaign.exportPack).
   */
  exportCampaign(id: string): Promise<ExportedFile | null> {
    let file: ExportedFile | null = null
    return this.run(async () => {
      // Main decides: a zip when the campaign names pictures, its JSON export otherwise.
      const exported = await this.api.call('campaign.exportPack', { id })
      const name = this.campaigns.find((c) => c.id === id)?.name ?? id
      file =
        'zip' in exported
          ? {
              fileName: `${exportFileStem(name)}.gmcampaign.zip`,
              blob: new Blob([base64ToBytes(exported.zip)], { type: 'application/zip' }),
            }
          : {
              fileName: `${exportFileStem(name)}.gmcampaign.json`,
              blob: new Blob([exported.json], { type: 'application/json' }),
            }
      this.status = { tone: 'ok', key: 'status.exported', params: { name } }
    }).then(() => file)
  }

  /**
   * Imports an exported (or plain) campaign file, JSON or a pack (zip, base64). One already in the
   * list is not imported until the GM chooses (resolveImport): replace it, or keep both.
   */
  importCampaign(content: ImportContent, fileName = ''): Promise<void> {
    return this.run(async () => {
      let campaign
      let ignored
      try {
        ;({ campaign, ignored } = await this.sendImport(content))
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'import-conflict') throw error
        this.importConflict = { content, fileName }
        return
      }
      await this.refreshList()
      this.status = importedStatus('status.imported', campaign.name, ignored)
    })
  }

  /** The imported campaign, and how many entries of a pack were left unread. */
  private async sendImport(
    content: ImportContent,
    onConflict?: 'replace' | 'keep-both',
  ): Promise<{ campaign: Campaign; ignored: number }> {
    if ('pack' in content) {
      const { campaign, report } = await this.api.call('campaign.importPack', {
        base64: content.pack,
        ...(onConflict ? { onConflict } : {}),
      })
      return { campaign, ignored: report.ignored }
    }
    const campaign = await this.api.call('campaign.import', {
      json: content.json,
      ...(onConflict ? { onConflict } : {}),
    })
    return { campaign, ignored: 0 }
  }

  /** The GM's answer to an import conflict; null cancels the import. */
  resolveImport(choice: 'replace' | 'keep-both' | null): Promise<void> {
    const pending = this.importConflict
    this.importConflict = null
    if (!pending || !choice) return Promise.resolve()
    return this.run(async () => {
      const { campaign, ignored } = await this.sendImport(pending.content, choice)
      await this.refreshList()
      const key = choice === 'replace' ? 'status.replaced' : 'status.imported'
      this.status = importedStatus(key, campaign.name, ignored)
    })
  }

  /** A file over the size cap is refused here, before it is read or sent. */
  refuseTooLarge(bytes: number): boolean {
    if (bytes <= MAX_CAMPAIGN_FILE_BYTES) return false
    this.status = ERROR_MESSAGES['campaign-too-large']
    return true
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

  /** Every call to main goes through here so a failure always reaches the status line. */
  private async run(action: () => Promise<void>): Promise<void> {
    await this.attempt(action)
  }

  /** run, answering true when the action went through. */
  private async attempt(action: () => Promise<void>): Promise<boolean> {
    try {
      await action()
      return true
    } catch (error) {
      this.failed(error)
      return false
    }
  }

  /** Tells the GM that a call failed: main's refusal worded by its code, never main's sentence. */
  failed(error: unknown): void {
    if (error instanceof ApiError) {
      this.tell(describeFailure(error))
      return
    }
    // Not from main: the page itself failed (a bug), so its own words are all there is.
    const message = error instanceof Error ? error.message : String(error)
    this.tell({ tone: 'error', key: 'status.error', params: { message } })
  }

  /** A notice for the list (and the status line, which the next action overwrites). */
  tell(said: Status): void {
    this.notices.add(said)
    this.status = said
  }
}
