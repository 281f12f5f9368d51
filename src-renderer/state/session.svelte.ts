// The GM screen's state: the campaign list, the open campaign, the selected map, undo/redo
// availability and the status line. Main is the authority: every change goes out as a command
// and the campaign shown is always the one main sent back.
import type { OpenResult } from '../../src-main/campaign/api'
import type { Campaign, CampaignSummary, Command } from '../../src-main/campaign/schema'
import type { EdgeKind } from '../../src-main/rules/model'
import { ApiError, type ConnectionState, type GmApi } from '../lib/api'
import { edgeClickCommand, type Between } from '../lib/grid-geometry'
import type { MessageKey, MessageParams } from '../lib/i18n'
import { BoardFocus } from './board.svelte'
import { campaignToOpen } from '../lib/start-campaign'
import { exportFileStem } from '../lib/file-names'
import { EditorState } from './editor.svelte'

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' })

export type StatusTone = 'info' | 'ok' | 'warn' | 'error'

export interface Status {
  tone: StatusTone
  key: MessageKey
  params?: MessageParams
}

export class GmSession {
  campaigns = $state.raw<CampaignSummary[]>([])
  campaign = $state.raw<Campaign | null>(null)
  selectedMapId = $state<string | null>(null)
  shownToPlayersMapId = $state<string | null>(null)
  canUndo = $state(false)
  canRedo = $state(false)
  edgeTool = $state<EdgeKind>('wall')
  connection = $state<ConnectionState>('connecting')
  status = $state<Status>({ tone: 'info', key: 'status.connecting' })
  recovered = $state.raw<OpenResult['recovered'] | null>(null)
  /** Selection, hover and path target shared by the 2D board, overlays and the 3D view. */
  readonly focus = new BoardFocus()
  /** The map editor's tool and overlay choices (prep tools, board overlays, 3D split). */
  readonly editor = new EditorState()

  selectedMap = $derived(
    this.campaign?.maps.find((m) => m.id === this.selectedMapId) ?? this.campaign?.maps[0] ?? null,
  )

  private everConnected = false

  /** Public so area state (fight overlays) can ask main's rules engine without a second connection. */
  constructor(readonly api: GmApi) {
    api.on('campaign.changed', (event) => {
      if (event.campaignId !== this.campaign?.id) return
      this.campaign = event.campaign
      this.canUndo = event.canUndo
      this.canRedo = event.canRedo
    })
    api.on('player.view', (view) => {
      this.shownToPlayersMapId = view.map?.id ?? null
    })
    api.onConnection((state) => this.connectionChanged(state))
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
      const view = await this.api.call('player.current')
      this.shownToPlayersMapId = view.map?.id ?? null
      if (reconnect && this.campaign) await this.open(this.campaign.id, this.selectedMapId)
      else if (!reconnect) {
        this.status = { tone: 'info', key: 'status.ready' }
        const start = campaignToOpen(globalThis.location?.hash ?? '', this.campaigns)
        if (start) await this.open(start)
      }
    })
  }

  async refreshList(): Promise<void> {
    this.campaigns = await this.api.call('campaign.list')
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
      const opened = await this.api.call('campaign.open', { id })
      this.campaign = opened.campaign
      this.canUndo = opened.canUndo
      this.canRedo = opened.canRedo
      this.selectedMapId = opened.campaign.maps.some((m) => m.id === mapId)
        ? mapId
        : (opened.campaign.maps[0]?.id ?? null)
      this.recovered = opened.recovered ?? null
      // The notice says what happened; the status line only marks that something did.
      if (opened.recovered) this.status = { tone: 'warn', key: 'status.opened', params: { name: opened.campaign.name } }
      else if (opened.repaired?.length) {
        this.status = { tone: 'warn', key: 'status.repaired', params: { details: opened.repaired.join(' ') } }
      } else this.status = { tone: 'ok', key: 'status.opened', params: { name: opened.campaign.name } }
    })
  }

  close(): Promise<void> {
    const campaign = this.campaign
    if (!campaign) return Promise.resolve()
    return this.run(async () => {
      await this.api.call('campaign.close', { id: campaign.id })
      this.campaign = null
      this.selectedMapId = null
      this.recovered = null
      this.canUndo = this.canRedo = false
      await this.refreshList()
      this.status = { tone: 'info', key: 'status.closed' }
    })
  }

  /** The campaign as one JSON file (format gm-campaign-export/1), for a backup or another machine. */
  exportCampaign(id: string): Promise<{ fileName: string; json: string } | null> {
    let file: { fileName: string; json: string } | null = null
    return this.run(async () => {
      const json = await this.api.call('campaign.export', { id })
      const name = this.campaigns.find((c) => c.id === id)?.name ?? id
      file = { fileName: `${exportFileStem(name)}.gmcampaign.json`, json }
      this.status = { tone: 'ok', key: 'status.exported', params: { name } }
    }).then(() => file)
  }

  /** Imports an exported (or plain) campaign file; it gets a fresh id if that id is taken. */
  importCampaign(json: string): Promise<void> {
    return this.run(async () => {
      const campaign = await this.api.call('campaign.import', { json })
      await this.refreshList()
      this.status = { tone: 'ok', key: 'status.imported', params: { name: campaign.name } }
    })
  }

  selectMap(mapId: string): void {
    if (mapId !== this.selectedMapId) this.focus.reset()
    this.selectedMapId = mapId
  }

  dispatch(command: Command): Promise<void> {
    const campaign = this.campaign
    if (!campaign) return Promise.resolve()
    return this.run(async () => {
      this.campaign = await this.api.call('campaign.dispatch', { id: campaign.id, command })
      this.status = { tone: 'info', key: 'status.changed' }
    })
  }

  clickEdge(between: Between): Promise<void> {
    const map = this.selectedMap
    if (!map) return Promise.resolve()
    return this.dispatch(edgeClickCommand(map, between, this.edgeTool))
  }

  undo(): Promise<void> {
    return this.history('campaign.undo', 'status.undone')
  }

  redo(): Promise<void> {
    return this.history('campaign.redo', 'status.redone')
  }

  private history(verb: 'campaign.undo' | 'campaign.redo', done: MessageKey): Promise<void> {
    const campaign = this.campaign
    if (!campaign) return Promise.resolve()
    if (verb === 'campaign.undo' ? !this.canUndo : !this.canRedo) return Promise.resolve()
    return this.run(async () => {
      this.campaign = await this.api.call(verb, { id: campaign.id })
      this.status = { tone: 'info', key: done }
    })
  }

  save(): Promise<void> {
    const campaign = this.campaign
    if (!campaign) return Promise.resolve()
    return this.run(async () => {
      const { savedAt } = await this.api.call('campaign.save', { id: campaign.id })
      this.status = { tone: 'ok', key: 'status.saved', params: { time: TIME_FORMAT.format(Date.parse(savedAt)) } }
    })
  }

  showToPlayers(mapId: string | null): Promise<void> {
    const campaign = this.campaign
    if (!campaign) return Promise.resolve()
    return this.run(async () => {
      const view = await this.api.call('player.show', {
        target: mapId ? { campaignId: campaign.id, mapId } : null,
      })
      this.shownToPlayersMapId = view.map?.id ?? null
    })
  }

  dismissRecovery(): void {
    this.recovered = null
  }

  /** Every call to main goes through here so a failure always reaches the status line. */
  private async run(action: () => Promise<void>): Promise<void> {
    try {
      await action()
    } catch (error) {
      const message = error instanceof ApiError || error instanceof Error ? error.message : String(error)
      this.status = { tone: 'error', key: 'status.error', params: { message } }
    }
  }
}

