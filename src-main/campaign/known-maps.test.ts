// Known maps (issue 29): a file edited by hand skips the full check only for maps whose bytes hash
// to ones the app wrote, and gives exactly the full check's verdict: the same campaign, repairs and
// saved size, or the same refusal with the same first path and count, over random campaigns and
// random hand edits (values changed anywhere, maps copied, swapped or reformatted, keys doubled or
// escaped, bytes flipped, the file cut short).
import { promises as fs } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Campaign, CampaignMap } from '@core/campaign/schema'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { decodeWithKnownMaps, parseCampaignBytes } from './campaign-file'
import { knownMapsIn, mapElementSpans } from './known-maps'
import { decodeCampaign } from './migrations'
import { mapHashesOf, mapSpansOf, serializeCampaign, serializeCampaignInSlices } from './serialize'
import { createCampaignService, type CampaignService } from './service'
import { makeTempDir, removeDir } from './temp-dirs.testing'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('"', '\\', '\n    {', '\n    }', '{"maps": [', '日本語', '\u2028'),
)
const square = fc.tuple(fc.integer({ min: -1, max: 8 }), fc.integer({ min: -1, max: 8 }))

const mapArbitrary = fc
  .record({
    id: fc.constantFrom('m1', 'm2', 'm3', 'm1'),
    name: text,
    width: fc.integer({ min: 1, max: 8 }),
    height: fc.integer({ min: 1, max: 8 }),
    cells: fc.array(
      fc.record({
        at: square,
        terrain: fc.constantFrom('floor', 'difficult', 'wall'),
        elevation: fc.integer({ min: 0, max: 3 }),
      }),
      { maxLength: 6 },
    ),
    edges: fc.array(
      fc.record({
        between: fc.tuple(square, square),
        kind: fc.constantFrom('wall', 'door'),
      }),
      { maxLength: 4 },
    ),
    tokens: fc.array(fc.record({ id: fc.constantFrom('a', 'b', 'a'), at: square }), {
      maxLength: 3,
    }),
    notes: text,
  })
  .map((m): CampaignMap =>
    makeMap({
      ...m,
      cells: m.cells as CampaignMap['cells'],
      edges: m.edges as CampaignMap['edges'],
      tokens: m.tokens.map((t) => ({ ...t, name: t.id, faction: 'enemy' as const })),
    }),
  )

/** A campaign as the app holds it after loading (repaired, defaults filled), or null. */
const campaignArbitrary = fc
  .record({ name: text, notes: text, maps: fc.array(mapArbitrary, { maxLength: 5 }) })
  .map(({ name, notes, maps }) => {
    try {
      return decodeCampaign(JSON.parse(JSON.stringify(makeCampaign({ name, notes, maps }))))
        .campaign
    } catch {
      return null
    }
  })

/** One hand edit; `pick` chooses where. */
const editArbitrary = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    pick: fc.nat(),
    value: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('top' as const),
    key: fc.constantFrom('name', 'id', 'notes', 'updatedAt', 'extra', 'schemaVersion', 'maps'),
    value: fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json>,
  }),
  fc.record({ kind: fc.constant('copy' as const), from: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('minify' as const), map: fc.nat() }),
  fc.record({
    kind: fc.constant('number' as const),
    pick: fc.nat(),
    literal: fc.constantFrom('1e400', '-1e400', '-0', '1.0', '2E1', '0.5'),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    pick: fc.nat(),
    text: fc.constantFrom('{', '}', '[', ']', ',', '"', '\\', '\n    {', '\n    }', ' ', 'x'),
  }),
  fc.record({ kind: fc.constant('byte' as const), pick: fc.nat(), byte: fc.nat(255) }),
  fc.record({ kind: fc.constant('cut' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('maps key' as const),
    variant: fc.constantFrom('second', 'escaped', 'escaped first'),
  }),
  fc.record({ kind: fc.constant('version' as const), to: fc.constantFrom(5, 6, '7', 8) }),
  fc.constant({ kind: 'bom' as const }),
)
type Edit = typeof editArbitrary extends fc.Arbitrary<infer E> ? E : never

/** Every place in a value: [container, key] pairs. */
function placesIn(value: Json, into: [Json[] | { [key: string]: Json }, string | number][] = []) {
  if (Array.isArray(value))
    value.forEach((inner, i) => {
      into.push([value, i])
      placesIn(inner, into)
    })
  else if (value !== null && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.push([value, key])
      placesIn(inner, into)
    }
  return into
}

/** The file's bytes after `edit`; edits that need parsed JSON leave unparsable bytes alone. */
function applyEdit(bytes: Buffer, edit: Edit): Buffer {
  const source = bytes.toString('utf8')
  const structural = (change: (campaign: { [key: string]: Json }) => void): Buffer => {
    let campaign: { [key: string]: Json }
    try {
      campaign = JSON.parse(source) as { [key: string]: Json }
    } catch {
      return bytes
    }
    change(campaign)
    return Buffer.from(serializeCampaign(campaign as unknown as Campaign))
  }
  const maps = (campaign: { [key: string]: Json }): Json[] =>
    Array.isArray(campaign.maps) ? campaign.maps : []
  const at = (pick: number) => pick % (source.length + 1)
  switch (edit.kind) {
    case 'set':
    case 'delete':
      return structural((campaign) => {
        const places = placesIn(maps(campaign))
        if (places.length === 0) return
        const [container, key] = places[edit.pick % places.length]
        if (edit.kind === 'set') (container as Record<string | number, Json>)[key] = edit.value
        else if (Array.isArray(container)) container.splice(key as number, 1)
        else delete container[key]
      })
    case 'top':
      return structural((campaign) => void (campaign[edit.key] = edit.value))
    case 'copy':
      return structural((campaign) => {
        const list = maps(campaign)
        if (list.length > 0)
          list.splice(edit.to % (list.length + 1), 0, list[edit.from % list.length])
      })
    case 'swap':
      return structural((campaign) => {
        const list = maps(campaign)
        if (list.length === 0) return
        const a = edit.a % list.length
        const b = edit.b % list.length
        ;[list[a], list[b]] = [list[b], list[a]]
      })
    case 'minify': {
      const spans = mapElementSpans(bytes)
      if (!spans || spans.length === 0) return bytes
      const [start, end] = spans[edit.map % spans.length]
      let map: unknown
      try {
        map = JSON.parse(bytes.subarray(start, end).toString('utf8'))
      } catch {
        return bytes
      }
      return Buffer.concat([
        bytes.subarray(0, start),
        Buffer.from(JSON.stringify(map)),
        bytes.subarray(end),
      ])
    }
    case 'number': {
      const numbers = [...source.matchAll(/(?<=[\s[:,])-?\d+(\.\d+)?(?=[\s,\]}])/g)]
      if (numbers.length === 0) return bytes
      const found = numbers[edit.pick % numbers.length]
      const i = found.index
      return Buffer.from(source.slice(0, i) + edit.literal + source.slice(i + found[0].length))
    }
    case 'insert':
      return Buffer.from(source.slice(0, at(edit.pick)) + edit.text + source.slice(at(edit.pick)))
    case 'byte': {
      if (bytes.length === 0) return bytes
      const copy = Buffer.from(bytes)
      copy[edit.pick % copy.length] = edit.byte
      return copy
    }
    case 'cut':
      return bytes.subarray(0, edit.pick % (bytes.length + 1))
    case 'maps key':
      if (edit.variant === 'second')
        return Buffer.from(source.replace(/\n}\n$/, ',\n  "maps": []\n}\n'))
      if (edit.variant === 'escaped')
        return Buffer.from(source.replace(/\n}\n$/, ',\n  "\\u006daps": []\n}\n'))
      return Buffer.from(source.replace('"maps": [', '"\\u006daps": [], "maps": ['))
    case 'version':
      return structural((campaign) => void (campaign.schemaVersion = edit.to))
    case 'bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes])
  }
}

type Outcome =
  | { ok: { decoded: unknown; savedBytes: number }; known?: number }
  | { error: string; known?: number }

function outcome(read: () => { decoded: unknown; savedBytes: number }, known = 0): Outcome {
  try {
    return { ok: read(), known }
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}`, known }
  }
}

/** The full check, as file-reader.ts runs it on a file. */
function fullCheck(bytes: Buffer): Outcome {
  return outcome(() => {
    const decoded = decodeCampaign(parseCampaignBytes(bytes))
    return { decoded, savedBytes: Buffer.byteLength(serializeCampaign(decoded.campaign)) }
  })
}

/** The store's path for a file it wrote once: known maps skipped, the rest checked in full. */
function knownCheck(bytes: Buffer, written: { sha256: string; length: number }[]): Outcome {
  const found = knownMapsIn(bytes, written)
  if (!found) return fullCheck(bytes)
  let used = true
  const result = outcome(() => {
    const read = decodeWithKnownMaps(bytes, 'hash', found)
    if (read) return { decoded: read.decoded, savedBytes: read.savedBytes }
    used = false
    return fullCheck(bytes) as never
  }, found.known.size)
  return used ? result : fullCheck(bytes)
}

/** What the store records of a file it writes: each map's hash and length. */
async function written(campaign: Campaign) {
  const { parts } = await serializeCampaignInSlices(campaign)
  const spans = mapSpansOf(campaign, parts)
  const hashes = await mapHashesOf(campaign, parts)
  expect(hashes).toHaveLength(campaign.maps.length)
  return {
    bytes: Buffer.concat(parts),
    maps: hashes.map((sha256, i) => ({ sha256, length: spans[i][1] - spans[i][0] })),
  }
}

describe('known maps', () => {
  it('give the full check’s verdict over random campaigns and random hand edits', async () => {
    const seen = { known: 0, refused: 0, opened: 0 }
    await fc.assert(
      fc.asyncProperty(
        campaignArbitrary,
        fc.array(editArbitrary, { minLength: 1, maxLength: 3 }),
        async (campaign, edits) => {
          fc.pre(campaign !== null)
          const file = await written(campaign!)
          const edited = edits.reduce(applyEdit, file.bytes)
          const full = fullCheck(edited)
          const ours = knownCheck(edited, file.maps)
          if ((ours.known ?? 0) > 0) seen.known++
          if ('error' in full) seen.refused++
          else seen.opened++
          if ('error' in full) expect('error' in ours && ours.error).toBe(full.error)
          else {
            expect('ok' in ours).toBe(true)
            if ('ok' in ours) {
              expect(ours.ok.decoded).toEqual(full.ok.decoded)
              expect(ours.ok.savedBytes).toBe(full.ok.savedBytes)
            }
          }
        },
      ),
      { numRuns: 600 },
    )
    // The property met all three cases often enough to mean something.
    expect(seen.known).toBeGreaterThan(50)
    expect(seen.refused).toBeGreaterThan(50)
    expect(seen.opened).toBeGreaterThan(50)
  })

  it('finds every map of a file the app wrote, and none where the bytes differ', async () => {
    const maps = [1, 2, 3].map((n) => makeMap({ id: `m${n}`, notes: `"\n    {" ${n}` }))
    const file = await written(makeCampaign({ maps }))
    expect(knownMapsIn(file.bytes, file.maps)?.known).toEqual(new Set([0, 1, 2]))
    const edited = Buffer.from(file.bytes.toString('utf8').replace('"m2"', '"m9"'))
    const found = knownMapsIn(edited, file.maps)!
    expect(found.known).toEqual(new Set([0, 2]))
    expect(found.uncheckedBytes).toBe(edited.length - 2 * file.maps[0].length)
  })
})

describe('a campaign file edited by hand, in the service', () => {
  let root: string
  const running: CampaignService[] = []
  beforeEach(async () => {
    root = await makeTempDir('gm-known-')
  })
  afterEach(async () => {
    for (const service of running.splice(0)) await service.dispose().catch(() => undefined)
    await removeDir(root)
  })
  async function serviceOn(trust = true): Promise<CampaignService> {
    const service = await createCampaignService({
      dataDir: root,
      autosaveDelayMs: 3_600_000,
      trustWrittenFiles: trust,
      files: { inlineBytes: 20_000 },
    })
    running.push(service)
    return service
  }
  const file = () => path.join(root, 'campaigns', 'c1.json')
  const bigMaps = () =>
    [1, 2, 3].map((n) => makeMap({ id: `m${n}`, name: `Map ${n}`, notes: 'n'.repeat(30_000) }))

  async function writtenOnce(): Promise<string> {
    const service = await serviceOn()
    await service.importCampaign(JSON.stringify(makeCampaign({ maps: bigMaps() })))
    await service.dispose()
    running.splice(0)
    return fs.readFile(file(), 'utf8')
  }

  it('checks only what changed, on this thread, and opens what the full check opens', async () => {
    const text = await writtenOnce()
    await fs.writeFile(file(), text.replace('"name": "Test campaign"', '"name": "By hand"'))
    const service = await serviceOn()
    await service.list()
    const opened = await service.open('c1')
    // Before: 90 KB of maps went to the worker for the full check.
    expect(service.store.reader.parsed).toEqual({ inline: 1, worker: 1 })
    expect(service.store.trustedOpens).toBe(0)
    await service.dispose()
    running.splice(0)
    const full = await serviceOn(false)
    expect(opened).toEqual(await full.open('c1'))
    expect(opened.campaign.name).toBe('By hand')
  })

  it('refuses a map edited by hand into something the schema refuses, naming where', async () => {
    const text = await writtenOnce()
    const broken = text.replace('"name": "Map 2"', '"name": 7')
    await fs.writeFile(file(), broken)
    const service = await serviceOn()
    const opened = await service.open('c1')
    expect(opened.recovered?.damage).toMatch(/schema at maps\.1\.name/)
  })

  it('sends a file whose maps mostly changed to the worker, which opens what the full check opens', async () => {
    const text = await writtenOnce()
    const edited = text
      .replace('"name": "Map 1"', '"name": "Map one"')
      .replace('"name": "Map 3"', '"name": "Map three"')
    await fs.writeFile(file(), edited)
    const service = await serviceOn()
    const opened = await service.open('c1')
    expect(service.store.reader.parsed).toEqual({ inline: 0, worker: 1 })
    expect(opened.campaign.maps.map((m) => m.name)).toEqual(['Map one', 'Map 2', 'Map three'])
    await service.dispose()
    running.splice(0)
    await fs.writeFile(file(), edited)
    const full = await serviceOn(false)
    expect(opened).toEqual(await full.open('c1'))
  })

  it('on the worker too, refuses a map edited into what the schema refuses, naming where', async () => {
    const text = await writtenOnce()
    await fs.writeFile(
      file(),
      text.replace('"name": "Map 1"', '"name": "Map one"').replace('"name": "Map 3"', '"name": 3'),
    )
    const service = await serviceOn()
    const opened = await service.open('c1')
    expect(opened.recovered?.damage).toMatch(/schema at maps\.2\.name/)
  })
})
