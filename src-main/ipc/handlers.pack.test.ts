// Campaign packs from hostile hands (issues 26 and 27), through the real handlers, campaign
// service, assets folder, pack worker and decode worker: an import keeps only what the campaign
// uses, refuses what it cannot trust with a code, writes nothing when it refuses, and never does
// its work on the thread that answers the other requests.
import { EventEmitter } from 'node:events'
import { createHash } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Worker } from 'node:worker_threads'
import { zipSync, type Zippable } from 'fflate'
import { describe, expect, it } from 'vitest'
import { cellColourPicture } from '../art/art-fixtures'
import {
  htmlBehindPngHeader,
  localRecord,
  lyingEntry,
  onePixelPngInflatingTo2GB,
  png16384Squared,
  rawZip,
  storedEntry,
} from '../art/hostile-pictures'
import { createPackReader, spawnPackWorker } from '../art/pack-reader'
import type { HandlerResult } from '@core/contract/contract'
import {
  cellColourArt,
  dataDir,
  handlers,
  restartHandlers,
  service,
  useArtTestbed,
} from './art-handlers.testing'

useArtTestbed()

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** The sample campaign's export, as "Packed", with its first map's art (and a token's picture) named. */
async function campaignJson(mapArt: string, tokenPicture?: string): Promise<Uint8Array> {
  const exported = JSON.parse(await service.exportCampaign('sample-campaign'))
  const campaign = exported.campaign
  campaign.id = 'packed'
  campaign.name = 'Packed'
  campaign.maps[0].art = cellColourArt(mapArt)
  if (tokenPicture) campaign.maps[0].tokens[0].picture = tokenPicture
  return new TextEncoder().encode(JSON.stringify(exported))
}

const base64 = (zip: Uint8Array): string => Buffer.from(zip).toString('base64')

async function importPack(zip: Uint8Array): Promise<HandlerResult> {
  return handlers.handle('campaign.importPack', { base64: base64(zip) })
}

async function written(): Promise<{ campaigns: string[]; assets: string[] }> {
  return {
    campaigns: (await service.list()).map((c) => c.id).sort(),
    assets: (await readdir(join(dataDir, 'assets')).catch(() => [] as string[])).sort(),
  }
}

describe('a pack keeps only what its campaign uses', () => {
  it('imports the campaign and its picture; 20,000 other pictures and a readme are left unread and counted', async () => {
    const { png } = cellColourPicture(12, 10, 8)
    const hash = sha256(png)
    const files: Zippable = {
      'campaign.json': await campaignJson(hash),
      [`assets/${hash}.png`]: [png, { level: 0 }],
      'readme.txt': new TextEncoder().encode('made with another tool'),
    }
    for (let i = 0; i < 20_000; i++) {
      const bytes = Uint8Array.of(i & 255, i >> 8, 1, 2)
      files[`assets/${sha256(bytes)}.png`] = [bytes, { level: 0 }]
    }
    const result = await importPack(zipSync(files))
    if (!result.ok) throw new Error(result.error.message)
    expect(result.value).toMatchObject({ report: { pictures: 1, ignored: 20_001 } })
    expect((await written()).assets).toEqual([`${hash}.png`])
  }, 120_000)
})

describe('zips as other tools write them', () => {
  it('a pack whose entries carry data descriptors (macOS, Java) imports', async () => {
    const { png } = cellColourPicture(12, 10, 8)
    const hash = sha256(png)
    const zip = rawZip([
      { ...storedEntry('campaign.json', await campaignJson(hash)), descriptor: true },
      { ...storedEntry(`assets/${hash}.png`, png), descriptor: true },
      { ...storedEntry('__MACOSX/._campaign.json', new Uint8Array(5)), descriptor: true },
    ])
    const result = await importPack(zip)
    if (!result.ok) throw new Error(result.error.message)
    expect(result.value).toMatchObject({ report: { pictures: 1, ignored: 1 } })
    expect((await written()).assets).toEqual([`${hash}.png`])
  })
})

describe('a pack that cannot be trusted is refused, and nothing is written', () => {
  const cases: Array<[string, () => Promise<Uint8Array>, string]> = [
    [
      'a "picture" that is not an image (its hash matches its name)',
      async () => {
        const bytes = new TextEncoder().encode('#!/bin/sh\necho not a picture\n')
        const hash = sha256(bytes)
        return zipSync({
          'campaign.json': await campaignJson(hash),
          [`assets/${hash}.png`]: bytes,
        })
      },
      'asset-not-image',
    ],
    [
      'HTML behind a PNG header',
      async () => {
        const bytes = htmlBehindPngHeader()
        return zipSync({
          'campaign.json': await campaignJson(sha256(bytes)),
          [`assets/${sha256(bytes)}.png`]: bytes,
        })
      },
      'asset-undecodable',
    ],
    [
      'a token picture that is a 1 × 1 PNG inflating to 2 GB',
      async () => {
        const { png } = cellColourPicture(12, 10, 8)
        const bomb = onePixelPngInflatingTo2GB()
        return zipSync({
          'campaign.json': await campaignJson(sha256(png), sha256(bomb)),
          [`assets/${sha256(png)}.png`]: png,
          [`assets/${sha256(bomb)}.png`]: [bomb, { level: 0 }],
        })
      },
      'asset-undecodable',
    ],
    [
      'map art of 16,384 × 16,384 pixels',
      async () => {
        const big = png16384Squared()
        return zipSync({
          'campaign.json': await campaignJson(sha256(big)),
          [`assets/${sha256(big)}.png`]: [big, { level: 0 }],
        })
      },
      'asset-too-many-pixels',
    ],
    [
      'two campaign.json entries',
      async () => {
        const { png } = cellColourPicture(12, 10, 8)
        const json = await campaignJson(sha256(png))
        const other = await campaignJson(sha256(png))
        other[other.length - 2] = 0x20
        return rawZip([
          storedEntry('campaign.json', json),
          storedEntry('campaign.json', other),
          storedEntry(`assets/${sha256(png)}.png`, png),
        ])
      },
      'pack-duplicate-entry',
    ],
    [
      'a second campaign.json the directory does not list (a streaming unzip would take it)',
      async () => {
        const { png } = cellColourPicture(12, 10, 8)
        const other = await campaignJson(sha256(png))
        other[other.length - 2] = 0x20
        return rawZip([
          storedEntry('campaign.json', await campaignJson(sha256(png))),
          storedEntry(`assets/${sha256(png)}.png`, png),
          { ...storedEntry('campaign.json', other), listed: false },
        ])
      },
      'pack-unreadable',
    ],
    [
      'a directory entry whose local record names another file',
      async () => {
        const { png } = cellColourPicture(12, 10, 8)
        return rawZip([
          storedEntry('campaign.json', await campaignJson(sha256(png))),
          storedEntry(`assets/${sha256(png)}.png`, png),
          { ...storedEntry('readme.txt', new Uint8Array(3)), localName: '../../evil.sh' },
        ])
      },
      'pack-unreadable',
    ],
    [
      'two entries sharing bytes: campaign.json inside another entry',
      async () => {
        const { png } = cellColourPicture(12, 10, 8)
        const json = storedEntry('campaign.json', await campaignJson(sha256(png)))
        const outer = 'readme.txt'
        return rawZip([
          storedEntry(outer, localRecord(json)),
          { ...json, at: 30 + outer.length },
          storedEntry(`assets/${sha256(png)}.png`, png),
        ])
      },
      'pack-unreadable',
    ],
    [
      'a campaign.json that announces 100 bytes but inflates to 8 GB',
      async () => rawZip([lyingEntry('campaign.json', 100, 8192)]),
      'pack-entry-bomb',
    ],
    [
      'a picture that announces 100 bytes but inflates to 8 GB',
      async () => {
        const hash = '0'.repeat(63) + '1'
        return rawZip([
          storedEntry('campaign.json', await campaignJson(hash)),
          lyingEntry(`assets/${hash}.png`, 100, 8192),
        ])
      },
      'pack-entry-bomb',
    ],
  ]
  for (const [what, make, code] of cases) {
    it(`${what}: ${code}`, async () => {
      const before = await written()
      const result = await importPack(await make())
      expect(result.ok ? null : result.error.code).toBe(code)
      expect(await written()).toEqual(before)
    }, 120_000)
  }

  it('the 8 GB bomb is an 8 MB pack, stopped at the first chunk past its announced size', async () => {
    const pack = rawZip([lyingEntry('campaign.json', 100, 8192)])
    expect(pack.length).toBeLessThan(9e6)
    const result = await importPack(pack)
    expect(result.ok ? '' : result.error.message).toMatch(/more than the 100 bytes it announces/)
  })
})

/**
 * A real pack worker whose jobs the test holds back: while held, the import has handed its work
 * to the worker and waits; release() lets the worker start.
 */
function heldPackWorker(): { spawn: () => Worker; posted: Promise<void>; release: () => void } {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let posted!: () => void
  const postedPromise = new Promise<void>((resolve) => (posted = resolve))
  const spawn = (): Worker => {
    const real = spawnPackWorker()
    const held = new EventEmitter() as EventEmitter & Partial<Worker>
    for (const event of ['message', 'error', 'exit'])
      real.on(event, (...args: unknown[]) => held.emit(event, ...args))
    held.postMessage = (message: unknown, transfer?: readonly ArrayBuffer[]) => {
      posted()
      void released.then(() => real.postMessage(message, transfer as ArrayBuffer[]))
    }
    held.ref = () => real.ref()
    held.unref = () => real.unref()
    held.terminate = () => real.terminate()
    return held as Worker
  }
  return { spawn, posted: postedPromise, release }
}

describe('the host stays responsive during an import', () => {
  it('answers other requests while the pack worker has the import, before it even starts', async () => {
    const gate = heldPackWorker()
    restartHandlers({ packs: createPackReader(gate.spawn) })
    let settled = false
    const importing = importPack(rawZip([lyingEntry('campaign.json', 100, 8192)])).then((r) => {
      settled = true
      return r
    })
    await gate.posted
    for (let i = 0; i < 20; i++) {
      const list = await handlers.handle('campaign.list', {})
      expect(list.ok).toBe(true)
    }
    // Twenty answers while the import's work had not even begun: none of it is on this thread.
    expect(settled).toBe(false)
    gate.release()
    const result = await importing
    expect(result.ok ? null : result.error.code).toBe('pack-entry-bomb')
  })
})
