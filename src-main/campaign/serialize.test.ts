import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { Hash } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { hashSnapshot } from './journal'
import { campaignSchema, type Campaign } from '@core/campaign/schema'
import {
  byteLengthOf,
  mapHashesOf,
  mapSpansOf,
  serializeCampaignInSlices,
  serializedByteLength,
} from './serialize'
import { createCampaignService } from './service'
import { FileChunks, writeFileAtomic } from './atomicFile'
import { serializeCampaign } from './storage'

const SAMPLE_FILE = new URL('../../resources/sample-campaign.json', import.meta.url)
const sample = campaignSchema.parse(JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')))

/** `count` walls in rows of `width` (as an imported map holds them: one list of thousands). */
const walls = (count: number, width = 300) =>
  Array.from({ length: count }, (_, i) => ({
    between: [
      [i % width, Math.floor(i / width)],
      [(i % width) + 1, Math.floor(i / width)],
    ],
    kind: 'wall',
  }))

/** The sample's first map with `count` walls. */
const wallMap = (count: number) => ({ ...sample.maps[0], edges: walls(count) })

/** Slices on a clock that moves one "millisecond" a reading, counting the yields. */
function countedSlices(sliceMs: number) {
  let clock = 0
  const slices = {
    sliceMs,
    yields: 0,
    now: () => clock++,
    yieldNow: async () => {
      slices.yields++
    },
  }
  return slices
}

/** The pieces join to the file serializeCampaign writes, whose bytes the budget's exact measure counts. */
async function expectTheFile(campaign: Campaign): Promise<void> {
  const { parts } = await serializeCampaignInSlices(campaign)
  expect(parts.join('')).toBe(serializeCampaign(campaign))
  // The file-size budget's exact measure (file-budget.ts) is the same file's bytes.
  expect(serializedByteLength(campaign)).toBe(
    Buffer.byteLength(serializeCampaign(campaign), 'utf8'),
  )
}

describe('serializeCampaignInSlices', () => {
  it('writes exactly the file serializeCampaign writes, and its hash', async () => {
    const { parts, hash } = await serializeCampaignInSlices(sample)
    const text = parts.join('')
    expect(text).toBe(serializeCampaign(sample))
    expect(hash).toBe(hashSnapshot(text))
  })

  it('stays exact for any top-level values, empty lists and edited maps', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(sample.maps),
        fc.string(),
        fc.option(fc.jsonValue(), { nil: undefined }),
        async (maps, notes, extra) => {
          const campaign = {
            ...sample,
            maps: maps.map((m, i) => (i === 0 ? { ...m, name: `${m.name}′` } : m)),
            notes,
            ...(extra !== undefined ? { extra } : {}),
          } as Campaign
          await expectTheFile(campaign)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('stays exact for maps with long lists, extra fields and values they share', async () => {
    const base = sample.maps[0]
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 3500 }),
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.array(fc.jsonValue(), { minLength: 1001, maxLength: 1300 }),
        fc.boolean(),
        async (edgeCount, extra, longList, share) => {
          const edges = walls(edgeCount, 50)
          const imported = { ...extra, ...base, id: 'imported', edges, longList }
          // The same list in two maps, and a value both top-level and in a map (other indents).
          const twin = { ...base, id: 'twin', edges: share ? edges : [], settings: sample.maps }
          const campaign = {
            ...sample,
            maps: [imported, twin, ...sample.maps],
          } as unknown as Campaign
          await expectTheFile(campaign)
          // Saved again after an edit to one token: the map's untouched lists are reused.
          const again = {
            ...campaign,
            maps: [{ ...imported, name: 'Edited' }, twin],
          } as unknown as Campaign
          const second = await serializeCampaignInSlices(again)
          expect(second.parts.join('')).toBe(serializeCampaign(again))
        },
      ),
      { numRuns: 25 },
    )
  })

  it('writes any maps list byte for byte as JSON.stringify does (property)', async () => {
    // Whatever a map holds (any keys, undefined and function values JSON leaves out, lists short
    // and past the slice, any text including lone surrogates), the pieces join to the same bytes,
    // again after a save has cached them and with the same values moved to other depths.
    const text = fc.string({ unit: 'binary' })
    const leaf = fc.oneof(
      fc.jsonValue(),
      text,
      fc.constant(undefined),
      fc.constant(() => 0),
      fc.double(),
    )
    const longList = fc
      .tuple(fc.integer({ min: 999, max: 2600 }), fc.array(leaf, { minLength: 1, maxLength: 8 }))
      .map(([length, cycle]) => Array.from({ length }, (_, i) => cycle[i % cycle.length]))
    const value = fc.oneof(leaf, longList, fc.array(leaf), fc.dictionary(text, leaf))
    const map = fc.oneof(
      { weight: 4, arbitrary: fc.dictionary(text, value, { maxKeys: 6 }) },
      { weight: 1, arbitrary: value },
    )
    await fc.assert(
      fc.asyncProperty(fc.array(map, { maxLength: 4 }), async (maps) => {
        const campaign = { ...sample, maps } as unknown as Campaign
        const bytes = (c: Campaign) => Buffer.from(serializeCampaign(c), 'utf8')
        for (let round = 0; round < 2; round++) {
          const { parts } = await serializeCampaignInSlices(campaign)
          expect(Buffer.from(parts.join(''), 'utf8').equals(bytes(campaign))).toBe(true)
          expect(byteLengthOf(parts)).toBe(bytes(campaign).length)
          expect(serializedByteLength(campaign)).toBe(bytes(campaign).length)
        }
        // The same map objects one level deeper (inside another map) and as a top-level value.
        const moved = {
          ...sample,
          notes: maps[0] ?? '',
          maps: [{ inner: maps }, ...maps.slice(1)],
        } as unknown as Campaign
        const { parts } = await serializeCampaignInSlices(moved)
        expect(Buffer.from(parts.join(''), 'utf8').equals(bytes(moved))).toBe(true)
      }),
      { numRuns: 80 },
    )
  })

  it('yields inside one map of a hundred thousand edges, not only between maps', async () => {
    const campaign = { ...sample, maps: [wallMap(100_000)] } as Campaign
    // Each reading of the clock is a point where the work could stop: at least one per slice of
    // a thousand edges, so no single turn of the event loop writes the whole map.
    const slices = countedSlices(1)
    const { parts } = await serializeCampaignInSlices(campaign, slices)
    expect(slices.yields).toBeGreaterThanOrEqual(100)
    expect(parts.join('')).toBe(serializeCampaign(campaign))
  })

  it('gathers and hashes a map of a hundred thousand edges a bounded number of bytes a turn (issue 26)', async () => {
    const campaign = { ...sample, maps: [wallMap(100_000)] } as Campaign
    const hashed = vi.spyOn(Hash.prototype, 'update')
    const concat = vi.spyOn(Buffer, 'concat')
    const copied = vi.spyOn(Buffer.prototype, 'copy')
    // The calls made by the end of each turn; every reading of the clock ends a slice.
    const turns: Array<[number, number]> = []
    let clock = 0
    const { parts, bytes } = await serializeCampaignInSlices(campaign, {
      sliceMs: 1,
      now: () => clock++,
      yieldNow: async () => {
        turns.push([hashed.mock.calls.length, copied.mock.calls.length])
      },
    })
    const sizes = (calls: unknown[][]) => calls.map(([data]) => (data as Uint8Array).length)
    const perTurn = (calls: unknown[][], index: 0 | 1): number[] => {
      const all = sizes(calls)
      let from = 0
      return [...turns.map((turn) => turn[index]), all.length].map((to) => {
        const sum = all.slice(from, to).reduce((a, b) => a + b, 0)
        from = to
        return sum
      })
    }
    const hashedPerTurn = perTurn(hashed.mock.calls, 0)
    // Buffer#copy copies its receiver: the piece, not the target named first.
    const copiedPerTurn = perTurn(
      copied.mock.contexts.map((piece) => [piece]),
      1,
    )
    expect(bytes).toBeGreaterThan(5_000_000)
    expect(hashedPerTurn.reduce((a, b) => a + b, 0)).toBe(bytes)
    expect(Math.max(...hashedPerTurn)).toBeLessThanOrEqual(1 << 20)
    expect(Math.max(...copiedPerTurn)).toBeLessThan(1 << 20)
    const gathered = concat.mock.calls.map(([list]) =>
      (list as readonly Uint8Array[]).reduce((n, piece) => n + piece.length, 0),
    )
    expect(Math.max(0, ...gathered)).toBeLessThan(1 << 20)
    for (const spy of [hashed, concat, copied]) spy.mockRestore()
    expect(parts.join('')).toBe(serializeCampaign(campaign))
  })

  it('yields to the event loop between pieces once a slice has run its time', async () => {
    // Every few pieces make a slice.
    const slices = countedSlices(3)
    await serializeCampaignInSlices(sample, slices)
    expect(slices.yields).toBeGreaterThan(sample.maps.length / 2)
  })
})

describe('bytes kept between saves (issue 29)', () => {
  it('hashes each map as the file holds it, only maps that changed, a big one in slices', async () => {
    const campaign = { ...sample, maps: [...sample.maps, wallMap(30_000)] } as Campaign
    const { parts } = await serializeCampaignInSlices(campaign)
    const file = Buffer.concat(parts)
    const spans = mapSpansOf(campaign, parts)
    const slices = countedSlices(1)
    const hashes = await mapHashesOf(campaign, parts, slices)
    expect(hashes).toEqual(spans.map(([start, end]) => hashSnapshot(file.subarray(start, end))))
    // The 3 MB map is hashed a megabyte at a time, with a chance to yield after each.
    expect(slices.yields).toBeGreaterThanOrEqual(3)
    const hashed = vi.spyOn(Hash.prototype, 'update')
    const edited = {
      ...campaign,
      maps: campaign.maps.map((m, i) => (i === 0 ? { ...m, notes: `${m.notes}!` } : m)),
    }
    const again = await serializeCampaignInSlices(edited)
    hashed.mockClear()
    const rehashed = await mapHashesOf(edited, again.parts)
    expect(rehashed.slice(1)).toEqual(hashes.slice(1))
    expect(rehashed[0]).not.toBe(hashes[0])
    // Only the edited map's bytes were hashed again.
    const size = (calls: unknown[][]) =>
      calls.reduce((n, [data]) => n + (data as Uint8Array).length, 0)
    const [start, end] = mapSpansOf(edited, again.parts)[0]
    expect(size(hashed.mock.calls)).toBe(end - start)
    hashed.mockRestore()
  })

  it('encodes only the map that changed: every other map is the same bytes as before', async () => {
    const first = await serializeCampaignInSlices(sample)
    const edited = {
      ...sample,
      maps: sample.maps.map((m, i) => (i === 1 ? { ...m, notes: `${m.notes}!` } : m)),
    }
    const second = await serializeCampaignInSlices(edited)
    const reused = second.parts.filter((part) => first.parts.includes(part))
    // One buffer per map; all but the edited one are the very buffers the first save wrote.
    expect(reused.filter((part) => part.length > 200)).toHaveLength(sample.maps.length - 1)
    expect(Buffer.concat(second.parts).toString('utf8')).toBe(serializeCampaign(edited))
    expect(second.bytes).toBe(Buffer.byteLength(serializeCampaign(edited), 'utf8'))
  })

  it('writes more pieces than one gathered write takes, in order, atomically', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'grid-gm-gather-'))
    try {
      const pieces = Array.from({ length: 3000 }, (_, i) =>
        i % 3 === 0 ? `${i}:ü,` : Buffer.from(`${i}:ascii,`),
      )
      const file = join(dir, 'f.json')
      await writeFileAtomic(file, new FileChunks(pieces))
      expect(await readFile(file, 'utf8')).toBe(pieces.map(String).join(''))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('a save through the service', () => {
  it('writes the pieces as one file equal to serializeCampaign of the campaign', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'grid-gm-serialize-'))
    const service = await createCampaignService({
      dataDir,
      autosaveDelayMs: 60_000,
      sampleCampaignFile: SAMPLE_FILE.pathname,
    })
    try {
      await service.open(sample.id)
      await service.dispatch(sample.id, { type: 'campaign.rename', name: 'Renamed' })
      await service.flush(sample.id)
      const onDisk = await readFile(join(dataDir, 'campaigns', `${sample.id}.json`), 'utf8')
      expect(onDisk).toBe(serializeCampaign(service.getCampaign(sample.id)!))
    } finally {
      await service.dispose()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('the file layout (issue 29): the structure indented, each record on one line', () => {
  it('reads back as the campaign, whatever it holds (property)', async () => {
    const value = fc.oneof(fc.jsonValue(), fc.string({ unit: 'binary' }), fc.constant(undefined))
    await fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.string(), value, { maxKeys: 6 })),
        value,
        (maps, notes) => {
          const campaign = { ...sample, maps, notes } as unknown as Campaign
          expect(JSON.parse(serializeCampaign(campaign))).toEqual(
            JSON.parse(JSON.stringify(campaign)),
          )
        },
      ),
      { numRuns: 150 },
    )
  })

  it('writes each wall, token and square as one line, and each map field on its own line', () => {
    const map = wallMap(2_500)
    const campaign = { ...sample, maps: [map] } as Campaign
    const lines = serializeCampaign(campaign).split('\n')
    const records = (key: string) =>
      lines
        .filter((line) => line.trimStart().startsWith('{') && line.includes(`"${key}"`))
        .map((line) => JSON.parse(line.trim().replace(/,$/, '')) as unknown)
    expect(records('between')).toEqual(map.edges)
    const oneLine = new Set(lines.map((line) => line.trim().replace(/,$/, '')))
    for (const record of [...map.tokens, ...map.cells])
      expect(oneLine.has(JSON.stringify(record))).toBe(true)
    expect(lines.filter((line) => /^ {6}"[a-zA-Z]+": /.test(line)).length).toBe(
      Object.values(map).filter((v) => v !== undefined).length,
    )
    // A third of the pretty-printed text's bytes for the walls.
    expect(Buffer.byteLength(serializeCampaign(campaign))).toBeLessThan(
      Buffer.byteLength(JSON.stringify(campaign, null, 2)) / 2,
    )
  })
})
