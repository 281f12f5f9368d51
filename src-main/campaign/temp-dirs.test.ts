import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { copyCrashImage, makeTempDir, removeDir } from './temp-dirs.testing'

let root = ''
afterEach(() => removeDir(root))

describe('copyCrashImage', () => {
  // CI once failed here: the index's delayed write renamed its temp file while a test copied the
  // folder (ENOENT from fs.cp's lstat).
  it('takes the image again when a file vanishes between the listing and its copy', async () => {
    root = await makeTempDir('gm-crash-image-')
    const data = path.join(root, 'data')
    await fs.mkdir(path.join(data, 'journal'), { recursive: true })
    await fs.writeFile(path.join(data, 'campaign-index.json'), '{}')
    const temp = path.join(data, 'campaign-index.json.tmp-1-1')
    await fs.writeFile(temp, '{}')
    await fs.writeFile(path.join(data, 'journal', '00000001.jsonl'), 'line\n')
    const renameDuringCopy = async (source: string) => {
      if (source === temp) await fs.rename(temp, path.join(data, 'campaign-index.json'))
    }

    await copyCrashImage(data, path.join(root, 'image'), renameDuringCopy)

    expect((await fs.readdir(path.join(root, 'image'))).sort()).toEqual([
      'campaign-index.json',
      'journal',
    ])
    expect(await fs.readFile(path.join(root, 'image', 'journal', '00000001.jsonl'), 'utf8')).toBe(
      'line\n',
    )
  })
})
