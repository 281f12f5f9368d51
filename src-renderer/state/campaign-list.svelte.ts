// The GM page's campaign list: the campaigns in the data folder, the trash, and what the list does
// to them (create, rename, delete to the trash, restore, export, import with its conflict
// question). Opening one hands it to the session (session.svelte.ts), which owns the open
// campaign; both report on the one status line.
import type { Campaign, CampaignSummary } from '@core/campaign/schema'
import type { TrashEntry } from '@core/contract/campaign-service'
import { MAX_CAMPAIGN_FILE_BYTES } from '@core/campaign/limits'
import { ApiError, type GmApi } from '../lib/api'
import { ERROR_MESSAGES } from '../lib/error-messages'
import { exportFileStem } from '../lib/file-names'
import { base64ToBytes } from '../lib/read-file'
import type { Status, StatusLine } from './status-line.svelte'

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

export class CampaignListState {
  campaigns = $state.raw<CampaignSummary[]>([])
  trash = $state.raw<TrashEntry[]>([])
  /** An import of a campaign already in the list, waiting for the GM's choice. */
  importConflict = $state.raw<{ content: ImportContent; fileName: string } | null>(null)

  /**
   * `open` is the session's: a campaign opened from the list (Open, or Create, which opens what
   * it made) becomes the session's open campaign.
   */
  constructor(
    private readonly api: GmApi,
    private readonly statusLine: StatusLine,
    readonly open: (id: string) => Promise<void>,
  ) {}

  /** The name the list shows for a campaign, if it lists it. */
  nameOf(id: string): string | undefined {
    return this.campaigns.find((c) => c.id === id)?.name
  }

  async refresh(): Promise<void> {
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
    await this.statusLine.run(async () => {
      const campaign = await this.api.call('campaign.rename', { id, name })
      renamed = true
      await this.refresh()
      this.statusLine.status = {
        tone: 'ok',
        key: 'status.renamed',
        params: { name: campaign.name },
      }
    })
    return renamed
  }

  /** Moves a campaign (with its backups) to the trash in the data folder. */
  remove(id: string): Promise<void> {
    return this.statusLine.run(async () => {
      const entry = await this.api.call('campaign.delete', { id })
      await this.refresh()
      this.statusLine.status = { tone: 'ok', key: 'status.deleted', params: { name: entry.name } }
    })
  }

  restore(trashId: string): Promise<void> {
    return this.statusLine.run(async () => {
      const restored = await this.api.call('campaign.restore', { trashId })
      await this.refresh()
      this.statusLine.status = {
        tone: 'ok',
        key: 'status.restored',
        params: { name: restored.name },
      }
    })
  }

  create(name: string): Promise<void> {
    return this.statusLine.run(async () => {
      const campaign = await this.api.call('campaign.create', { name })
      await this.refresh()
      await this.open(campaign.id)
      this.statusLine.status = {
        tone: 'ok',
        key: 'status.created',
        params: { name: campaign.name },
      }
    })
  }

  /**
   * The campaign as one file for a backup or another machine: JSON (format gm-campaign-export/1),
   * or, when its maps have pictures, a zip with the JSON and the pictures (campaign.exportPack).
   */
  exportCampaign(id: string): Promise<ExportedFile | null> {
    let file: ExportedFile | null = null
    return this.statusLine
      .run(async () => {
        // Main decides: a zip when the campaign names pictures, its JSON export otherwise.
        const exported = await this.api.call('campaign.exportPack', { id })
        const name = this.nameOf(id) ?? id
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
        this.statusLine.status = { tone: 'ok', key: 'status.exported', params: { name } }
      })
      .then(() => file)
  }

  /**
   * Imports an exported (or plain) campaign file, JSON or a pack (zip, base64). One already in the
   * list is not imported until the GM chooses (resolveImport): replace it, or keep both.
   */
  importCampaign(content: ImportContent, fileName = ''): Promise<void> {
    return this.statusLine.run(async () => {
      let campaign
      let ignored
      try {
        ;({ campaign, ignored } = await this.sendImport(content))
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'import-conflict') throw error
        this.importConflict = { content, fileName }
        return
      }
      await this.refresh()
      this.statusLine.status = importedStatus('status.imported', campaign.name, ignored)
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
    return this.statusLine.run(async () => {
      const { campaign, ignored } = await this.sendImport(pending.content, choice)
      await this.refresh()
      const key = choice === 'replace' ? 'status.replaced' : 'status.imported'
      this.statusLine.status = importedStatus(key, campaign.name, ignored)
    })
  }

  /** A file over the size cap is refused here, before it is read or sent. */
  refuseTooLarge(bytes: number): boolean {
    if (bytes <= MAX_CAMPAIGN_FILE_BYTES) return false
    this.statusLine.status = ERROR_MESSAGES['campaign-too-large']
    return true
  }
}
