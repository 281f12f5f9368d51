// Real temp folders for the storage tests: never an in-memory stand-in (stack-notes: lowdb's
// in-memory adapter hides what a real disk does).
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export async function makeTempDir(prefix = 'gm-campaign-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix))
}

export async function removeDir(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true })
}

/**
 * `from` copied to `to` as a crash would leave it now, while a service keeps running there. A save
 * or the index's delayed write may rename a temp file or end a journal generation between the
 * copy's listing and its reading of that file; the copy is then taken again (a real crash sees one
 * instant, a copy needs a quiet moment). `beforeEntry` lets a test make that happen on purpose.
 */
export async function copyCrashImage(
  from: string,
  to: string,
  beforeEntry?: (source: string) => Promise<void>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await fs.cp(from, to, {
        recursive: true,
        filter: async (source) => {
          await beforeEntry?.(source)
          return true
        },
      })
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 20) throw error
      await removeDir(to)
    }
  }
}

/** Writes `campaign` into the data folder `dir` as a file the app did not write (a full check on open). */
export async function writeCampaignFile(dir: string, campaign: { id: string }): Promise<void> {
  await fs.mkdir(path.join(dir, 'campaigns'), { recursive: true })
  await fs.writeFile(path.join(dir, 'campaigns', `${campaign.id}.json`), JSON.stringify(campaign))
}
