import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cellColourPicture } from './art-fixtures'
import { AssetError, AssetStore, cleanUpAssets, MAX_ASSET_BYTES } from './assets'
import { imageInfo } from '@core/art/image-info'

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'assets-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('the assets folder', () => {
  it('stores a picture once, by the hash of its bytes, and gives it back', async () => {
    const store = new AssetStore(dataDir)
    const { png } = cellColourPicture(3, 2, 10)
    const first = await store.put(png)
    const again = await store.put(png)
    expect(again).toEqual(first)
    expect(first).toMatchObject({ type: 'png', width: 30, height: 20, bytes: png.byteLength })
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(await readdir(path.join(dataDir, 'assets'))).toEqual([`${first.hash}.png`])
    expect(new Uint8Array((await store.get(first.hash)).bytes)).toEqual(png)
  })

  it('refuses what is not a PNG, JPEG or WebP, and pictures over the limit, with codes', async () => {
    const store = new AssetStore(dataDir)
    await expect(store.put(new TextEncoder().encode('<svg></svg>'))).rejects.toMatchObject({
      code: 'asset-not-image',
    })
    await expect(store.put(new Uint8Array(MAX_ASSET_BYTES + 1))).rejects.toMatchObject({
      code: 'asset-too-large',
    })
    await expect(store.get('0'.repeat(64))).rejects.toBeInstanceOf(AssetError)
    await expect(store.get('../campaigns/x')).rejects.toMatchObject({ code: 'asset-not-found' })
  })

  it('cleans up only pictures that no campaign, backup, journal or trashed campaign mentions', async () => {
    const store = new AssetStore(dataDir)
    const used = await store.put(cellColourPicture(1, 1, 4).png)
    const inBackup = await store.put(cellColourPicture(2, 1, 4).png)
    const inTrash = await store.put(cellColourPicture(3, 1, 4).png)
    const orphan = await store.put(cellColourPicture(4, 1, 4).png)
    await mkdir(path.join(dataDir, 'campaigns'), { recursive: true })
    await mkdir(path.join(dataDir, 'backups', 'c'), { recursive: true })
    await mkdir(path.join(dataDir, 'trash', 't1'), { recursive: true })
    await writeFile(
      path.join(dataDir, 'campaigns', 'c.json'),
      JSON.stringify({ maps: [{ art: { asset: used.hash } }] }),
    )
    await writeFile(
      path.join(dataDir, 'backups', 'c', 'old.json'),
      JSON.stringify({ art: { asset: inBackup.hash } }),
    )
    await writeFile(
      path.join(dataDir, 'trash', 't1', 'c.json'),
      JSON.stringify({ art: { asset: inTrash.hash } }),
    )
    expect(await store.collectGarbage()).toEqual([orphan.hash])
    const left = (await readdir(path.join(dataDir, 'assets'))).sort()
    expect(left).toEqual([used, inBackup, inTrash].map((a) => `${a.hash}.png`).sort())
  })
})

describe('temp files a crash left in assets/', () => {
  it('are removed at the next start, whoever wrote them, before the first write', async () => {
    const assetsDir = path.join(dataDir, 'assets')
    await mkdir(assetsDir, { recursive: true })
    const hash = 'a'.repeat(64)
    // A dead writer's, and two whose process ids are alive now (ids are reused after a restart).
    const left = [
      `${hash}.png.tmp-999999-0`,
      `${hash}.png.tmp-${process.pid}-7`,
      `${hash}.jpg.tmp-${process.ppid}-3`,
    ]
    for (const name of left) await writeFile(path.join(assetsDir, name), 'half a picture')
    await cleanUpAssets(new AssetStore(dataDir))
    expect(await readdir(assetsDir)).toEqual([])

    // A write that starts during the sweep waits for it, so the sweep never takes its temp file.
    await writeFile(path.join(assetsDir, left[0]), 'half a picture')
    const store = new AssetStore(dataDir)
    const sweeping = store.removeTempFiles()
    const stored = await store.put(cellColourPicture(2, 2, 4).png)
    expect(await sweeping).toEqual([left[0]])
    expect(await readdir(assetsDir)).toEqual([`${stored.hash}.png`])
  })
})

describe('picture headers', () => {
  it('read PNG, JPEG and WebP sizes without decoding', () => {
    const png = cellColourPicture(3, 2, 7).png
    expect(imageInfo(png)).toEqual({ type: 'png', width: 21, height: 14 })
    // A minimal JPEG header: SOI, APP0 (16 bytes), SOF0 with height 300 and width 400.
    const jpeg = Uint8Array.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      16,
      ...new Array(14).fill(0),
      0xff,
      0xc0,
      0,
      17,
      8,
      0x01,
      0x2c,
      0x01,
      0x90,
      3,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
    ])
    expect(imageInfo(jpeg)).toEqual({ type: 'jpeg', width: 400, height: 300 })
    expect(imageInfo(new Uint8Array(40))).toBeNull()
  })
})
