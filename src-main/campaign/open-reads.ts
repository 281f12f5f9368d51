// How a campaign file is read for its open (issue 29): through the trusted path when it holds the
// bytes this store wrote (trusted-snapshot.ts), else checked in full but for the maps that still
// hold bytes the app wrote (known-maps.ts), and ahead of the open while the GM looks at the list
// (open-ahead.ts), the open then taking what was read if the file still holds those bytes.
// Nothing here writes or stores pictures: the store does that once the campaign is opened.
import path from 'node:path'
import type { Campaign } from '@core/campaign/schema'
import { decodeWithKnownMaps, type ReadCampaign } from './campaign-file'
import type { CampaignIndex } from './campaign-index'
import type { CampaignFileReader } from './file-reader'
import { knownMapsIn, type WrittenMap } from './known-maps'
import { OpenAhead, type AheadSignal, type OpenRead } from './open-ahead'
import { FILE_LAYOUT } from './serialize'
import {
  TRUSTED_LOADER,
  readFileBytes,
  readTrusted,
  type FileBytes,
  type WrittenRecord,
} from './trusted-snapshot'

export class OpenReads {
  /** Campaigns read ahead of an open, and opens that took what was read ahead (for tests). */
  readsAhead = 0
  opensReadAhead = 0
  private readonly ahead = new OpenAhead()

  /** `readUnsettled`: the reader's full check of a file, its pictures not stored yet. */
  constructor(
    private readonly reader: CampaignFileReader,
    private readonly index: CampaignIndex,
    private readonly trustWritten: boolean,
    private readonly readUnsettled: (file: string, written?: WrittenMap[]) => Promise<ReadCampaign>,
  ) {}

  /**
   * Reads and parses `file` ahead of its open, while the GM looks at the list (open-ahead.ts), as
   * its open would, with nothing written and no pictures stored. Skipped when it is being read
   * ahead already. Answers the campaign read (its open takes it), if any.
   */
  async readAhead(file: string): Promise<Campaign | undefined> {
    const name = path.basename(file)
    if (this.ahead.holds(name)) return undefined
    const read = await this.ahead.start(name, async (signal) => {
      const bytes = await readFileBytes(file, this.reader.maxBytes)
      // One step a turn: a request for something else waits for one step at most.
      await new Promise((resolve) => setImmediate(resolve))
      if (signal.cancelled) return undefined
      const read = await this.readFresh(file, bytes, signal)
      this.readsAhead++
      return signal.cancelled ? undefined : read
    })
    return read?.read.decoded.campaign
  }

  /** Forgets what was read ahead (the store is closing). */
  drop(): void {
    this.ahead.drop()
  }

  /**
   * The file read for an open: what was read ahead if the file still holds exactly those bytes,
   * else read now. Nothing is written and no pictures are stored (the caller does that).
   */
  async forOpen(file: string): Promise<OpenRead> {
    const ahead = await this.ahead.take(path.basename(file))
    if (!ahead) return this.readFresh(file)
    let bytes: FileBytes
    try {
      bytes = await readFileBytes(file, this.reader.maxBytes)
    } catch {
      return this.readFresh(file) // the full path words what is wrong
    }
    if (bytes.hash === ahead.read.hash) {
      this.opensReadAhead++
      return ahead
    }
    return this.readFresh(file, bytes)
  }

  /**
   * The file through the trusted path if it holds the bytes this store wrote, else checked in
   * full (but for the maps that still hold bytes the app wrote, known-maps.ts). `bytes`: the
   * file's bytes if they were just read; `ahead`: read ahead of the open, stopped (throwing)
   * before the file worker is asked once that is cancelled (the store may be closing).
   */
  private async readFresh(file: string, bytes?: FileBytes, ahead?: AheadSignal): Promise<OpenRead> {
    const { trusted, untrusted } = await this.readIfTrusted(file, bytes)
    if (trusted) return { read: trusted, trusted: true }
    const written = untrusted && writtenMaps(untrusted.record)
    const known = untrusted && written && this.readKnownMaps(untrusted.bytes, written)
    if (known) return { read: known, trusted: false }
    if (ahead?.cancelled) throw new Error('no longer read ahead')
    return { read: await this.readUnsettled(file, written), trusted: false }
  }

  /**
   * The campaign if the file holds exactly the bytes this store last wrote there; otherwise the
   * bytes read, with what the store wrote there last, for readKnownMaps.
   */
  private async readIfTrusted(
    file: string,
    known?: FileBytes,
  ): Promise<{ trusted?: ReadCampaign; untrusted?: { bytes: FileBytes; record: WrittenRecord } }> {
    if (!this.trustWritten) return {}
    const record = await this.index.written(path.basename(file))
    if (!record) return {}
    let bytes = known
    try {
      bytes ??= await readFileBytes(file, this.reader.maxBytes)
    } catch {
      return {} // the full path reads it again and words what is wrong
    }
    const read = readTrusted(bytes, record)
    return read ? { trusted: read } : { untrusted: { bytes, record } }
  }

  /**
   * A file edited since the app wrote it, checked here in full except for the maps that still
   * hold bytes the app wrote (known-maps.ts), when what is left to check is small enough for this
   * thread (the reader's inline size); undefined sends it to the worker, which skips the known
   * maps too but whose answer is copied back.
   */
  private readKnownMaps(bytes: FileBytes, written: WrittenMap[]): ReadCampaign | undefined {
    const found = knownMapsIn(bytes.bytes, written)
    if (!found || found.uncheckedBytes > this.reader.inlineBytes) return undefined
    const read = decodeWithKnownMaps(bytes.bytes, bytes.hash, found)
    if (read) this.reader.parsed.inline++
    return read
  }
}

/** The maps a record says the app wrote, if it vouches for this loader. */
function writtenMaps(record: WrittenRecord): WrittenMap[] | undefined {
  const { mapHashes, maps: spans } = record
  if (!mapHashes || !spans || mapHashes.length !== spans.length) return undefined
  // Known maps' bytes seed the save cache: only bytes in today's layout (serialize.ts).
  if (record.loader !== TRUSTED_LOADER || record.layout !== FILE_LAYOUT) return undefined
  return mapHashes.map((sha256, i) => ({ sha256, length: spans[i][1] - spans[i][0] }))
}
