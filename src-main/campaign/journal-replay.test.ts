// Journal data that does not replay never locks a campaign, and is never deleted (issue 27):
// replay stops at the first record that does not apply, keeps what came before, sets the rest
// aside as a file and says so; a generation whose header is damaged is set aside, not removed.
// The journals here are real ones written by the service, then edited the way a bad disk, a
// hand edit or an older app would leave them.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UndoHistory } from '@core/campaign/history'
import { hashSnapshot, listGenerations } from './journal'
import { applyRecord, replayJournal } from './journal-replay'
import { decodeCampaign } from './migrations'
import type { Campaign, Command } from '@core/campaign/schema'
import { createCampaignService, type CampaignService } from './service'
import { makeCampaign } from '@core/campaign/test-helpers'
import { copyCrashImage, makeTempDir, removeDir } from './temp-dirs.testing'

let root: string
let dataDir: string
let services: CampaignService[]

const wall = (x: number): Command => ({
  type: 'edge.set',
  mapId: 'm1',
  between: [
    [x, 0],
    [x + 1, 0],
  ],
  edge: { kind: 'wall' },
})
const walls = (campaign: Campaign): number[] => campaign.maps[0].edges.map((e) => e.between[0][0])
const journalDir = (dir: string): string => path.join(dir, 'journal', 'c1')
const record = (seq: number, change: object): string =>
  `${JSON.stringify({ seq, at: '2025-02-02T00:00:00.000Z', ...change })}\n`

async function startService(dir: string): Promise<CampaignService> {
  // No autosave: only the journal holds the changes until the next open folds them.
  const service = await createCampaignService({ dataDir: dir, autosaveDelayMs: 3_600_000 })
  services.push(service)
  return service
}

/** Three walls made through the service and journaled, and the data folder as a crash leaves it. */
async function journaledWalls(): Promise<string> {
  const service = await startService(dataDir)
  await service.open('c1')
  for (const x of [0, 1, 2]) await service.dispatch('c1', wall(x))
  const image = path.join(root, `image-${services.length}`)
  await copyCrashImage(dataDir, image)
  return image
}

async function generationText(dir: string, gen = 1): Promise<string> {
  return fs.readFile(path.join(journalDir(dir), `${String(gen).padStart(8, '0')}.jsonl`), 'utf8')
}

async function keptFiles(dir: string, problem: string): Promise<string[]> {
  return (await fs.readdir(journalDir(dir))).filter((name) => name.includes(`.${problem}-`))
}

beforeEach(async () => {
  root = await makeTempDir('gm-journal-replay-')
  dataDir = path.join(root, 'data')
  services = []
  const seed = await createCampaignService({ dataDir })
  await seed.importCampaign(
    JSON.stringify(makeCampaign({ maps: [{ ...makeCampaign().maps[0], width: 20 }] })),
  )
  await seed.dispose()
})
afterEach(async () => {
  for (const service of services) await service.dispose().catch(() => undefined)
  await removeDir(root)
})

describe('a journal record that does not apply', () => {
  const cases: [string, (seq: number) => string][] = [
    [
      'a token that does not exist',
      (seq) =>
        record(seq, {
          command: { type: 'token.move', mapId: 'm1', tokenId: 'ghost', to: [1, 1] },
        }),
    ],
    [
      'a square outside the map',
      (seq) =>
        record(seq, { command: { type: 'token.move', mapId: 'm1', tokenId: 'pc', to: [99, 1] } }),
    ],
    [
      'an undo patch with a bad path',
      (seq) => record(seq, { undo: [{ op: 'set', path: ['maps', 7, 'name'], value: 'x' }] }),
    ],
    [
      'an undo patch the loader would refuse',
      (seq) => record(seq, { undo: [{ op: 'set', path: ['maps', 0, 'width'], value: 5000 }] }),
    ],
  ]
  for (const [what, badRecord] of cases) {
    it(`(${what}) stops the replay there: the changes before it are kept, the rest set aside`, async () => {
      const image = await journaledWalls()
      const file = path.join(journalDir(image), '00000001.jsonl')
      // The bad record, then one more good change after it.
      await fs.appendFile(file, badRecord(4) + record(5, { command: wall(5) }))
      const original = await fs.readFile(file)

      const opened = await (await startService(image)).open('c1')
      expect(walls(opened.campaign)).toEqual([0, 1, 2])
      expect(opened.journal).toEqual([
        expect.objectContaining({
          problem: 'not-applicable',
          file: '00000001.jsonl',
          line: 5,
          replayed: 3,
          setAside: 2,
        }),
      ])
      // The whole file is kept, byte for byte, under the name the GM was told.
      const [kept] = await keptFiles(image, 'not-applicable-line-5')
      expect(opened.journal?.[0].keptAs).toBe(kept)
      expect(await fs.readFile(path.join(journalDir(image), kept))).toEqual(original)

      // The replayed walls were folded into the file: the next open is clean, and edits go on.
      const again = await startService(await copyOf(image))
      const reopened = await again.open('c1')
      expect(walls(reopened.campaign)).toEqual([0, 1, 2])
      expect(reopened.journal).toBeUndefined()
      expect(walls(await again.dispatch('c1', wall(6)))).toEqual([0, 1, 2, 6])
    })
  }

  it('in a later generation, also sets aside the generations after it', async () => {
    const service = await startService(dataDir)
    await service.open('c1')
    await service.dispatch('c1', wall(0))
    await service.flush('c1') // generation 2 starts here
    await service.dispatch('c1', wall(1))
    const image = path.join(root, 'image')
    await copyCrashImage(dataDir, image)
    const gens = await listGenerations(journalDir(image))
    const last = gens.at(-1)!
    await fs.appendFile(
      path.join(journalDir(image), `${String(last).padStart(8, '0')}.jsonl`),
      record(3, { command: { type: 'token.remove', mapId: 'm1', tokenId: 'ghost' } }),
    )
    // A following generation, as a later session would have written it.
    const next = `${String(last + 1).padStart(8, '0')}.jsonl`
    await fs.writeFile(
      path.join(journalDir(image), next),
      `${JSON.stringify({ format: 'grid-gm-journal/1', base: 'f'.repeat(64), after: 3 })}\n` +
        record(4, { command: wall(4) }),
    )
    const opened = await (await startService(image)).open('c1')
    expect(walls(opened.campaign)).toEqual([0, 1])
    expect(opened.journal?.map((n) => [n.problem, n.file])).toEqual([
      ['not-applicable', `${String(last).padStart(8, '0')}.jsonl`],
      ['unchained', next],
    ])
    expect(await keptFiles(image, 'unchained')).toHaveLength(1)
  })

  it('is cut back to what was replayed, so a crash before the fold replays the same again', async () => {
    const image = await journaledWalls()
    const file = path.join(journalDir(image), '00000001.jsonl')
    await fs.appendFile(file, record(4, { undo: [{ op: 'delete', path: [] }] }))
    const loaded = decodeCampaign(
      JSON.parse(await fs.readFile(path.join(image, 'campaigns', 'c1.json'), 'utf8')),
    ).campaign
    const base = hashSnapshot(await fs.readFile(path.join(image, 'campaigns', 'c1.json')))
    const replay = (stamp: string) => {
      const history = new UndoHistory()
      return replayJournal(journalDir(image), base, stamp, loaded, (state, r) =>
        applyRecord(state, r, history, () => undefined),
      )
    }
    const first = await replay('one')
    expect(walls(first.campaign)).toEqual([0, 1, 2])
    expect(first.notices).toHaveLength(1)
    // No snapshot was saved (a crash right here): the next open replays the three walls again,
    // with nothing left to set aside.
    const second = await replay('two')
    expect(walls(second.campaign)).toEqual([0, 1, 2])
    expect(second.lastSeq).toBe(3)
    expect(second.notices).toEqual([])
    expect(await generationText(image)).not.toContain('"seq":4')
  })
})

describe('a journal whose header is damaged', () => {
  it('is set aside, never deleted, and the GM is told', async () => {
    const image = await journaledWalls()
    const file = path.join(journalDir(image), '00000001.jsonl')
    const text = await generationText(image)
    await fs.writeFile(file, `{"format":"grid-gm-jour${text.slice(text.indexOf('\n'))}`)
    const damaged = await fs.readFile(file)

    const opened = await (await startService(image)).open('c1')
    expect(walls(opened.campaign)).toEqual([])
    expect(opened.journal).toEqual([
      expect.objectContaining({ problem: 'damaged-header', file: '00000001.jsonl' }),
    ])
    const [kept] = await keptFiles(image, 'damaged-header')
    expect(opened.journal?.[0].keptAs).toBe(kept)
    expect(await fs.readFile(path.join(journalDir(image), kept))).toEqual(damaged)
  })

  it('after the generation that applies, is set aside too (and what follows it)', async () => {
    const service = await startService(dataDir)
    await service.open('c1')
    await service.dispatch('c1', wall(0))
    const image = path.join(root, 'image')
    await copyCrashImage(dataDir, image)
    await fs.writeFile(
      path.join(journalDir(image), '00000002.jsonl'),
      `not a header\n${record(2, { command: wall(1) })}`,
    )
    const opened = await (await startService(image)).open('c1')
    expect(walls(opened.campaign)).toEqual([0])
    expect(opened.journal?.map((n) => n.problem)).toEqual(['damaged-header'])
    expect(await keptFiles(image, 'damaged-header')).toHaveLength(1)
  })

  it('is removed only when it holds no record (a header torn by a crash as it was created)', async () => {
    const image = await journaledWalls()
    await fs.writeFile(path.join(journalDir(image), '00000002.jsonl'), '{"format":"grid-')
    const opened = await (await startService(image)).open('c1')
    expect(walls(opened.campaign)).toEqual([0, 1, 2])
    expect(opened.journal).toBeUndefined()
    expect(await keptFiles(image, 'damaged-header')).toEqual([])
  })
})

async function copyOf(dir: string): Promise<string> {
  const copy = `${dir}-copy`
  await copyCrashImage(dir, copy)
  return copy
}

describe('a journal written before record changes (issue 28: journals are append-only in format)', () => {
  it('replays its command and undo / redo patch records, and undo goes on working after it', async () => {
    // The records exactly as the app wrote them before edits became record changes.
    const campaignFile = path.join(dataDir, 'campaigns', 'c1.json')
    const base = hashSnapshot(await fs.readFile(campaignFile))
    const dir = journalDir(dataDir)
    await fs.mkdir(dir, { recursive: true })
    const at = '2025-02-02T00:00:00.000Z'
    const edge = {
      between: [
        [1, 0],
        [2, 0],
      ],
      kind: 'wall',
    }
    await fs.writeFile(
      path.join(dir, '00000001.jsonl'),
      `${JSON.stringify({ format: 'grid-gm-journal/1', base, after: 0 })}\n` +
        record(1, { command: wall(0) }) +
        record(2, { command: wall(1) }) +
        // undo of wall(1): the edge spliced out, as patch.ts diff wrote it
        record(3, {
          undo: [
            { op: 'set', path: ['updatedAt'], value: at },
            { op: 'splice', path: ['maps', 0, 'edges'], start: 1, remove: 1, items: [] },
          ],
        }) +
        record(4, {
          redo: [
            { op: 'set', path: ['updatedAt'], value: at },
            { op: 'splice', path: ['maps', 0, 'edges'], start: 1, remove: 0, items: [edge] },
          ],
        }) +
        record(5, { command: wall(2) }),
    )
    const service = await startService(dataDir)
    const opened = await service.open('c1')
    expect(opened.journal).toBeUndefined()
    expect(walls(opened.campaign)).toEqual([0, 1, 2])
    expect(walls(await service.undo('c1'))).toEqual([0, 1])
    expect(walls(await service.undo('c1'))).toEqual([0])
    expect(walls(await service.redo('c1'))).toEqual([0, 1])
    // What it writes from now on is record changes, and a second crash replays both kinds.
    await service.dispatch('c1', wall(3))
    const image = path.join(root, 'image-mixed')
    await copyCrashImage(dataDir, image)
    const written = (await fs.readdir(journalDir(image))).filter((n) => n.endsWith('.jsonl'))
    const lines = (
      await Promise.all(written.map((n) => fs.readFile(path.join(journalDir(image), n), 'utf8')))
    )
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines.at(-1)).toMatchObject({ edit: 'command', cause: 'edge.set' })
    expect(lines.at(-1)?.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ op: 'put', kind: 'edge', mapId: 'm1', id: '3,0|4,0' }),
      ]),
    )
    const again = await (await startService(image)).open('c1')
    expect(again.journal).toBeUndefined()
    expect(walls(again.campaign)).toEqual([0, 1, 3])
  })
})
