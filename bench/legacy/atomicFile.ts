// Verbatim copy of src-main/campaign/atomicFile.ts at 999981f (before issue 29), the baseline of `npm run bench -- save`.
// Crash-safe file writes. A campaign file is only ever replaced by rename(2) of a fully written
// and fsynced temp file, so after a crash or power loss the path holds either the old or the
// new bytes, never a mix. Also the lowdb adapter built on it: lowdb's own JSONFile is atomic
// but does not fsync, and its presets swap to memory under NODE_ENV=test.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import type { Adapter } from 'lowdb'

let tempCounter = 0

const TEMP_PATTERN = /\.tmp-(\d+)-(\d+)$/

export function tempPathFor(file: string): string {
  return `${file}.tmp-${process.pid}-${tempCounter++}`
}

export async function writeFileAtomic(
  file: string,
  contents: string | Uint8Array | FileChunks,
): Promise<void> {
  const temp = tempPathFor(file)
  const handle = await fs.open(temp, 'w')
  try {
    if (contents instanceof FileChunks) {
      // One piece at a time: a 20 MB text never has to be encoded in one go on main's thread.
      for (const chunk of contents.chunks) await handle.writeFile(chunk, 'utf8')
    } else if (typeof contents === 'string') await handle.writeFile(contents, 'utf8')
    else await handle.writeFile(contents)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await fs.rename(temp, file)
  } catch (error) {
    await fs.rm(temp, { force: true })
    throw error
  }
  await syncDirectory(path.dirname(file))
}

/** Same guarantee as writeFileAtomic, for a copy of an existing file. */
export async function copyFileAtomic(source: string, file: string): Promise<void> {
  const temp = tempPathFor(file)
  try {
    await fs.copyFile(source, temp)
    const handle = await fs.open(temp, 'r+')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fs.rename(temp, file)
  } catch (error) {
    await fs.rm(temp, { force: true })
    throw error
  }
  await syncDirectory(path.dirname(file))
}

/** Makes the rename itself durable. Not possible on every platform (Windows), hence best effort. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined
  try {
    handle = await fs.open(dir, 'r')
    await handle.sync()
  } catch {
    // Directories cannot be opened or fsynced here; the rename is still atomic.
  } finally {
    await handle?.close().catch(() => undefined)
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Deletes temp files left in `dir` by writers that died mid-write (for `prefix`, a file name).
 * Temp files of a live process are left alone: that writer is still going to rename them.
 */
export async function removeStaleTempFiles(dir: string, prefix: string): Promise<string[]> {
  let names: string[]
  try {
    names = await fs.readdir(dir)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names) {
    const match = TEMP_PATTERN.exec(name)
    if (!match || !name.startsWith(prefix)) continue
    const pid = Number(match[1])
    if (pid === process.pid || isProcessAlive(pid)) continue
    await fs.rm(path.join(dir, name), { force: true })
    removed.push(name)
  }
  return removed
}

/** A file's text as the pieces it was built from (campaign/serialize.ts), written in order. */
export class FileChunks {
  constructor(readonly chunks: readonly string[]) {}
}

export function isTempFileName(name: string): boolean {
  return TEMP_PATTERN.test(name)
}

/**
 * lowdb adapter: reads parsed JSON (null when the file does not exist; a JSON syntax error is
 * thrown, never turned into "empty") and writes atomically.
 */
export class AtomicJsonFile implements Adapter<unknown> {
  constructor(
    readonly file: string,
    /** The bytes written for `data`; the campaign store passes text it has already hashed. */
    private readonly serialize: (data: unknown) => string | FileChunks = (data) =>
      `${JSON.stringify(data, null, 2)}\n`,
  ) {}

  async read(): Promise<unknown> {
    let text: string
    try {
      text = await fs.readFile(this.file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    return JSON.parse(text) as unknown
  }

  async write(data: unknown): Promise<void> {
    await writeFileAtomic(this.file, this.serialize(data))
  }
}
