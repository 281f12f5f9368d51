// The campaign list's own verbs (issue 12.14): rename, delete to the trash, restore, and importing
// a campaign that is already there (replace it, or keep both under a distinct name). Built on the
// service's public operations, so every change still goes through a command or a store save.
import { randomUUID } from 'node:crypto'
import { CampaignTooLargeError } from './campaign-file'
import { serializeCampaignInSlices } from './serialize'
import { isSafeCampaignId } from '@core/campaign/campaign-id'
import type { Campaign, CampaignSummary, Command } from '@core/campaign/schema'
import { campaignNameSchema } from '@core/campaign/strict'
import type { CampaignStore } from './storage'
import { CampaignNotFoundError } from './storage'
import { CampaignTrash } from './trash'
import type { ImportConflict, OpenResult, TrashEntry } from '@core/contract/campaign-service'

/** What to do when an imported campaign has the id of one already in the list. */
export class CampaignLibraryError extends Error {
  constructor(
    readonly code: 'invalid-import' | 'import-conflict',
    message: string,
  ) {
    super(message)
    this.name = 'CampaignLibraryError'
  }
}

/** The service operations the library is built on. */
export interface LibraryHost {
  readonly store: CampaignStore
  open(id: string): Promise<OpenResult>
  close(id: string): Promise<void>
  dispatch(id: string, command: Command): Promise<Campaign>
  getCampaign(id: string): Campaign | undefined
  list(): Promise<CampaignSummary[]>
}

/** `name`, or `name (2)`, `name (3)` … so that it differs from every name in `taken`. */
export function distinctName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`
    const candidate = `${name.slice(0, 200 - suffix.length)}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}

export class CampaignLibrary {
  readonly trash: CampaignTrash

  constructor(
    private readonly host: LibraryHost,
    now: () => Date,
  ) {
    const { store } = host
    this.trash = new CampaignTrash(
      {
        dataDir: store.dataDir,
        campaignFile: (id) => store.campaignFile(id),
        backupDir: (id) => store.backupDir(id),
        journalDir: (id) => store.journalDir(id),
      },
      now,
    )
  }

  /** A new name through the campaign's own command (undoable, journaled), open or not. */
  async rename(id: string, name: string): Promise<Campaign> {
    const valid = campaignNameSchema.parse(name)
    const wasOpen = this.host.getCampaign(id) !== undefined
    await this.host.open(id)
    try {
      return await this.host.dispatch(id, { type: 'campaign.rename', name: valid })
    } finally {
      if (!wasOpen) await this.host.close(id)
    }
  }

  /** Saves and closes the campaign if open, then moves it and all its files to the trash. */
  async delete(id: string): Promise<TrashEntry> {
    if (!(await this.host.store.exists(id))) throw new CampaignNotFoundError(id)
    const open = this.host.getCampaign(id)
    const about = open
      ? { name: open.name, mapCount: open.maps.length }
      : ((await this.host.list()).find((c) => c.id === id) ?? { name: id, mapCount: 0 })
    if (open) await this.host.close(id)
    return this.trash.moveIn(id, { name: about.name, mapCount: about.mapCount })
  }

  /** Back from the trash; under a new id (and name) if its id was taken meanwhile. */
  async restore(trashId: string): Promise<{ id: string; name: string }> {
    const { entry, id } = await this.trash.restore(trashId)
    if (id === entry.id) return { id, name: entry.name }
    const names = new Set((await this.host.list()).filter((c) => c.id !== id).map((c) => c.name))
    const renamed = await this.rename(id, distinctName(entry.name, names))
    return { id, name: renamed.name }
  }

  /**
   * An export or a bare campaign file. A campaign whose id is already in the list is refused with
   * `import-conflict` unless the caller chose: `replace` (the one there goes to the trash, so it
   * can be restored) or `keep-both` (the import gets a fresh id and a distinct name).
   */
  async import(json: string, onConflict?: ImportConflict): Promise<Campaign> {
    let campaign: Campaign
    try {
      campaign = (await this.host.store.reader.decodeText(json)).campaign
    } catch (error) {
      if (error instanceof CampaignTooLargeError) throw error
      throw new CampaignLibraryError(
        'invalid-import',
        `This is not a campaign this app can import: ${(error as Error).message}`,
      )
    }
    if (!isSafeCampaignId(campaign.id)) campaign = { ...campaign, id: randomUUID() }
    const taken =
      this.host.getCampaign(campaign.id) !== undefined ||
      (await this.host.store.exists(campaign.id))
    if (taken && onConflict === undefined) {
      throw new CampaignLibraryError(
        'import-conflict',
        'This campaign is already in the list: replace it, or keep both?',
      )
    }
    if (taken && onConflict !== 'replace') {
      const names = new Set((await this.host.list()).map((c) => c.name))
      campaign = { ...campaign, id: randomUUID(), name: distinctName(campaign.name, names) }
    }
    // The file is saved indented, which can be bigger than the text imported: a campaign
    // whose file would pass the cap is refused now, not listed as too large to open (issue 27).
    const serialized = await serializeCampaignInSlices(campaign)
    const { bytes } = serialized
    const { maxBytes } = this.host.store.reader
    if (bytes > maxBytes) throw new CampaignTooLargeError(bytes, maxBytes)
    if (taken && onConflict === 'replace') await this.delete(campaign.id)
    await this.host.store.save(campaign, serialized)
    return campaign
  }
}
