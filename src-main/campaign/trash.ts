// The trash (issue 12.14): deleting a campaign moves it, with its backups, journal and any
// damaged copies, into <dataDir>/trash/<trashId>/, from where the campaign list restores it.
// Nothing is deleted for real; the trash is emptied by hand (delete the folder).
//
//   trash/<trashId>/trashed.json   {format, id, name, deletedAt, mapCount}
//   trash/<trashId>/campaign.json  the campaign file, byte for byte
//   trash/<trashId>/backups/       its rolling backups
//   trash/<trashId>/journal/       its journal, if a crash left one
//   trash/<trashId>/bad/           its .bad-* copies
// Every step is a rename on the same disk, so a crash in the middle loses nothing: what did not
// move yet is still where it was.
import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { writeFileAtomic } from './atomicFile'
import { isSafeCampaignId } from '@core/campaign/campaign-id'

const TRASH_FORMAT = 'grid-gm-trash/1'
const TRASH_ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/
import type { TrashEntry } from '@core/contract/campaign-service'

const INFO_FILE = 'trashed.json'

export class TrashEntryNotFoundError extends Error {
  readonly code = 'not-in-trash'
  constructor(trashId: string) {
    super(`Nothing in the trash is called "${trashId.slice(0, 100)}".`)
    this.name = 'TrashEntryNotFoundError'
  }
}

export interface TrashFolders {
  dataDir: string
  campaignFile(id: string): string
  backupDir(id: string): string
  journalDir(id: string): string
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  )
}

/** Renames `from` to `to` if `from` exists. */
async function moveIfThere(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/** Moves every file of folder `from` into folder `to` (backup names never collide), then drops `from`. */
async function mergeInto(from: string, to: string): Promise<void> {
  await fs.mkdir(to, { recursive: true })
  for (const name of await fs.readdir(from).catch(() => [] as string[])) {
    const target = path.join(to, name)
    if (!(await exists(target))) await fs.rename(path.join(from, name), target)
  }
  await fs.rm(from, { recursive: true, force: true })
}

/** `<id>.json.bad-<stamp>[-n]`: a damaged copy the store set aside (storage.ts moveAside). */
function isBadCopyOf(name: string, fileName: string): boolean {
  return (
    name.startsWith(`${fileName}.bad-`) &&
    /^\d{8}T\d{9}Z(-\d+)?$/.test(name.slice(fileName.length + '.bad-'.length))
  )
}

export class CampaignTrash {
  readonly dir: string

  constructor(
    private readonly folders: TrashFolders,
    private readonly now: () => Date,
  ) {
    this.dir = path.join(folders.dataDir, 'trash')
  }

  /** Moves a (closed, saved) campaign and everything of it into the trash. */
  async moveIn(id: string, about: { name: string; mapCount: number }): Promise<TrashEntry> {
    const at = this.now()
    const trashId = `${at.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`
    const entryDir = path.join(this.dir, trashId)
    await fs.mkdir(entryDir, { recursive: true })
    const entry: TrashEntry = {
      trashId,
      id,
      name: about.name,
      deletedAt: at.toISOString(),
      mapCount: about.mapCount,
    }
    const { trashId: _trashId, ...info } = entry
    await writeFileAtomic(
      path.join(entryDir, INFO_FILE),
      `${JSON.stringify({ format: TRASH_FORMAT, ...info }, null, 2)}\n`,
    )
    const file = this.folders.campaignFile(id)
    await fs.rename(file, path.join(entryDir, 'campaign.json'))
    await moveIfThere(this.folders.backupDir(id), path.join(entryDir, 'backups'))
    await moveIfThere(this.folders.journalDir(id), path.join(entryDir, 'journal'))
    const campaigns = path.dirname(file)
    for (const name of await fs.readdir(campaigns)) {
      if (!isBadCopyOf(name, path.basename(file))) continue
      await fs.mkdir(path.join(entryDir, 'bad'), { recursive: true })
      await fs.rename(path.join(campaigns, name), path.join(entryDir, 'bad', name))
    }
    return entry
  }

  /** Everything in the trash, last deleted first. */
  async list(): Promise<TrashEntry[]> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[])
    const entries: TrashEntry[] = []
    for (const trashId of names) {
      const entry = await this.read(trashId).catch(() => null)
      if (entry) entries.push(entry)
    }
    return entries.sort(
      (a, b) => b.deletedAt.localeCompare(a.deletedAt) || b.trashId.localeCompare(a.trashId),
    )
  }

  /**
   * Moves a campaign back under its old id, or under `<id> (restored)` when a campaign with that
   * id exists now (the file name is the identity; the inner id is repaired on open).
   */
  async restore(trashId: string): Promise<{ entry: TrashEntry; id: string }> {
    const entry = await this.read(trashId).catch(() => null)
    if (!entry) throw new TrashEntryNotFoundError(trashId)
    const entryDir = path.join(this.dir, trashId)
    const id = await this.freeId(entry.id)
    const file = this.folders.campaignFile(id)
    await fs.rename(path.join(entryDir, 'campaign.json'), file)
    if (await exists(path.join(entryDir, 'backups')))
      await mergeInto(path.join(entryDir, 'backups'), this.folders.backupDir(id))
    if (await exists(path.join(entryDir, 'journal'))) {
      // A journal already there would belong to no file (ours is the only one with this name).
      const stale = this.folders.journalDir(id)
      if (await exists(stale)) await fs.rename(stale, `${stale}.stale-${trashId}`)
      await fs.rename(path.join(entryDir, 'journal'), stale)
    }
    for (const name of await fs.readdir(path.join(entryDir, 'bad')).catch(() => [] as string[])) {
      await fs.rename(
        path.join(entryDir, 'bad', name),
        path.join(path.dirname(file), name.replace(`${entry.id}.json`, `${id}.json`)),
      )
    }
    await fs.rm(entryDir, { recursive: true, force: true })
    return { entry, id }
  }

  private async read(trashId: string): Promise<TrashEntry> {
    if (!TRASH_ID.test(trashId)) throw new TrashEntryNotFoundError(trashId)
    const entryDir = path.join(this.dir, trashId)
    const info = JSON.parse(
      await fs.readFile(path.join(entryDir, INFO_FILE), 'utf8'),
    ) as Partial<TrashEntry> & { format?: string }
    if (
      info.format !== TRASH_FORMAT ||
      !isSafeCampaignId(info.id) ||
      !(await exists(path.join(entryDir, 'campaign.json')))
    ) {
      throw new TrashEntryNotFoundError(trashId)
    }
    return {
      trashId,
      id: info.id,
      name: typeof info.name === 'string' ? info.name : info.id,
      deletedAt: typeof info.deletedAt === 'string' ? info.deletedAt : '',
      mapCount: typeof info.mapCount === 'number' ? info.mapCount : 0,
    }
  }

  private async freeId(id: string): Promise<string> {
    for (let n = 1; n < 1000; n++) {
      const candidate = n === 1 ? id : `${id} (restored${n === 2 ? '' : ` ${n - 1}`})`
      if (isSafeCampaignId(candidate) && !(await exists(this.folders.campaignFile(candidate))))
        return candidate
    }
    throw new Error(`No free name to restore ${id} under.`)
  }
}
