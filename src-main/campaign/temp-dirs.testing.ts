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
