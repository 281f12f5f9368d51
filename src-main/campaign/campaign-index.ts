// The campaign list's index (issue 11.5): <dataDir>/campaign-index.json keeps, per campaign file,
// what the list shows (name, last change, map count, flags) with the file's size, modification
// time and inode. Listing stats every file and parses only those whose entry no longer matches
// (changed by hand, or saved after the index was last written); a save updates the entry itself.
// The index is a cache: a missing or broken one is rebuilt, never trusted over the files.
// It also keeps what the app wrote to each file (trusted-snapshot.ts): the hash of those bytes, so
// opening a file that still has them can skip the full check. A record is only a claim about
// bytes: it is believed only when the file's bytes hash to it.
import type { Stats } from 'node:fs'
import { promises as fs } from 'node:fs'
import type { FileSummary } from './campaign-file'
import { writeFileAtomic } from './atomicFile'
import { isWrittenRecord, type WrittenRecord } from './trusted-snapshot'

const INDEX_FORMAT = 'grid-gm-campaign-index/1'
const WRITE_DELAY_MS = 500

interface IndexEntry {
  size: number
  mtimeMs: number
  ino: number
  summary: FileSummary
  /** The bytes this app last wrote there (absent for a file summarised as found). */
  written?: WrittenRecord
  /** When the app last opened the campaign (ISO time): the one read ahead of its open. */
  openedAt?: string
}

export class CampaignIndex {
  private entries = new Map<string, IndexEntry>()
  private loaded: Promise<void> | null = null
  private changed = false
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(readonly file: string) {}

  /** The summary for `name` if the index knows the file exactly as it is now. */
  async get(name: string, stat: Stats): Promise<FileSummary | undefined> {
    return (await this.entryAsIs(name, stat))?.summary
  }

  /**
   * What the app last wrote to `name` if the file still looks exactly as it did after that write
   * (size, modification time, inode): opening it will most likely find those bytes. Only a hint
   * (the open still checks the hash): the list uses it to leave the file worker unstarted.
   */
  async writtenAsIs(name: string, stat: Stats): Promise<WrittenRecord | undefined> {
    return (await this.entryAsIs(name, stat))?.written
  }

  private async entryAsIs(name: string, stat: Stats): Promise<IndexEntry | undefined> {
    await this.load()
    const entry = this.entries.get(name)
    if (
      !entry ||
      entry.size !== stat.size ||
      entry.mtimeMs !== stat.mtimeMs ||
      entry.ino !== stat.ino
    )
      return undefined
    return entry
  }

  async set(
    name: string,
    stat: Stats,
    summary: FileSummary,
    written?: WrittenRecord,
  ): Promise<void> {
    await this.load()
    // A file summarised as found keeps the record of what the app last wrote there: its maps
    // may still hold those bytes (known-maps.ts), and a record is only ever believed by hash.
    const before = this.entries.get(name)
    const kept = written ?? before?.written
    this.entries.set(name, {
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      ino: stat.ino,
      summary,
      ...(kept ? { written: kept } : {}),
      ...(before?.openedAt !== undefined ? { openedAt: before.openedAt } : {}),
    })
    this.changed = true
  }

  /**
   * Remembers that the campaign in `name` was opened at `at` (a file the index lists), after every
   * other open it knows: two opens in one millisecond (or a clock set back) still tell which came
   * last, the one read ahead at the next start (open-ahead.ts).
   */
  async opened(name: string, at: Date): Promise<void> {
    await this.load()
    const entry = this.entries.get(name)
    if (!entry) return
    let stamp = at.getTime()
    for (const other of this.entries.values()) {
      const when = other.openedAt === undefined ? NaN : Date.parse(other.openedAt)
      if (other !== entry && when >= stamp) stamp = when + 1
    }
    entry.openedAt = new Date(stamp).toISOString()
    this.changed = true
  }

  /** When the campaign in `name` was last opened, if the index knows. */
  async openedAt(name: string): Promise<string | undefined> {
    await this.load()
    return this.entries.get(name)?.openedAt
  }

  /** What the app last wrote to `name`, whatever the file holds now (the caller checks). */
  async written(name: string): Promise<WrittenRecord | undefined> {
    await this.load()
    return this.entries.get(name)?.written
  }

  /** Forgets files that are gone. */
  async retain(names: ReadonlySet<string>): Promise<void> {
    await this.load()
    for (const name of this.entries.keys()) {
      if (!names.has(name)) {
        this.entries.delete(name)
        this.changed = true
      }
    }
  }

  /** Writes the index soon (saves come in bursts); `now` writes it at once. */
  async persist(now = false): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    if (!now) {
      this.timer = setTimeout(() => void this.persist(true).catch(() => undefined), WRITE_DELAY_MS)
      this.timer.unref?.()
      return
    }
    if (!this.changed) return
    this.changed = false
    const entries = Object.fromEntries(this.entries)
    try {
      await writeFileAtomic(this.file, JSON.stringify({ format: INDEX_FORMAT, entries }))
    } catch (error) {
      this.changed = true
      throw error
    }
  }

  private load(): Promise<void> {
    this.loaded ??= fs
      .readFile(this.file, 'utf8')
      .then(
        (text) => {
          const parsed = JSON.parse(text) as {
            format?: unknown
            entries?: Record<string, IndexEntry>
          }
          if (
            parsed.format !== INDEX_FORMAT ||
            typeof parsed.entries !== 'object' ||
            parsed.entries === null
          )
            return
          for (const [name, entry] of Object.entries(parsed.entries)) {
            if (
              typeof entry?.size === 'number' &&
              typeof entry.mtimeMs === 'number' &&
              typeof entry.summary === 'object'
            ) {
              // Entries loaded from disk never shadow the ones this session already wrote.
              if (this.entries.has(name)) continue
              const { written, openedAt, ...rest } = entry
              this.entries.set(name, {
                ...rest,
                ...(isWrittenRecord(written) ? { written } : {}),
                ...(typeof openedAt === 'string' ? { openedAt } : {}),
              })
            }
          }
        },
        () => undefined, // no index yet, or unreadable: every file is summarised afresh
      )
      .catch(() => undefined)
    return this.loaded
  }
}
