// A save's rotation never holds an edit back (issue 29): while the snapshot is serialised and
// hashed, records are acknowledged from the generation before, then copied after the new header;
// whatever moment a crash picks, the journal replays every acknowledged record exactly once, on the
// old file as on the new one.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeCampaign } from '@core/campaign/test-helpers'
import type { Campaign } from '@core/campaign/schema'
import { CampaignJournal, listGenerations, type JournalChange } from './journal'
import { replayJournal, type ApplyRecord } from './journal-replay'
import { copyCrashImage, makeTempDir, removeDir } from './temp-dirs.testing'

const AT = '2026-11-27T00:00:00.000Z'
const change: JournalChange = { edit: 'command', cause: 'test', changes: [] }
/** Each record's sequence number noted, so a replay shows which records it applied and in order. */
const noteSeq: ApplyRecord = (state, record) => ({
  ...state,
  notes: `${state.notes}${record.seq},`,
})

let root: string
let dir: string
let journal: CampaignJournal
let images = 0

/** The records a replay of a crash image taken now applies on top of the snapshot `base`. */
async function replayedOn(base: string): Promise<number[]> {
  const image = path.join(root, `image-${++images}`)
  await copyCrashImage(dir, image)
  const start: Campaign = { ...makeCampaign(), notes: '' }
  const replay = await replayJournal(image, base, 'stamp', start, noteSeq)
  expect(replay.notices).toEqual([])
  return replay.campaign.notes.split(',').filter(Boolean).map(Number)
}

beforeEach(async () => {
  root = await makeTempDir('gm-journal-rotation-')
  dir = path.join(root, 'journal')
  journal = new CampaignJournal(dir, { gen: 1, base: 'h0', after: 0 })
})
afterEach(async () => {
  await journal.close()
  await removeDir(root)
})

describe('a save rotating the journal', () => {
  it('acknowledges records while the snapshot is hashed, and replays each once whatever the file', async () => {
    await journal.append(change, AT)
    let hashed!: (hash: string) => void
    const { gen, ready } = journal.rotate(new Promise<string>((resolve) => (hashed = resolve)))
    // Before: this waited for the hash (a click during a save waited for the whole campaign).
    await journal.append(change, AT)
    await journal.append(change, AT)
    expect(await replayedOn('h0')).toEqual([1, 2, 3])

    hashed('h1')
    await ready
    expect(await listGenerations(dir)).toEqual([1, gen])
    // The old file is still there until the snapshot is renamed: its records, then the new ones.
    await journal.append(change, AT)
    expect(await replayedOn('h0')).toEqual([1, 2, 3, 4])
    // The snapshot holds record 1: the new generation starts with the copies of 2 and 3.
    expect(await replayedOn('h1')).toEqual([2, 3, 4])

    await journal.snapshotSaved(gen)
    expect(await listGenerations(dir)).toEqual([gen])
    expect(await replayedOn('h1')).toEqual([2, 3, 4])
  })

  it('keeps rotations in order when a second save starts before the first has its hash', async () => {
    await journal.append(change, AT)
    let firstHashed!: (hash: string) => void
    const first = journal.rotate(new Promise<string>((resolve) => (firstHashed = resolve)))
    await journal.append(change, AT)
    const second = journal.rotate('h2')
    await journal.append(change, AT)
    firstHashed('h1')
    await Promise.all([first.ready, second.ready])
    await journal.append(change, AT)
    expect(await replayedOn('h0')).toEqual([1, 2, 3, 4])
    expect(await replayedOn('h1')).toEqual([2, 3, 4])
    expect(await replayedOn('h2')).toEqual([3, 4])
  })

  it('goes on in the old generation when the snapshot could not be made, and rotates again later', async () => {
    await journal.append(change, AT)
    const failed = journal.rotate(Promise.reject(new Error('serialising failed')))
    await expect(failed.ready).rejects.toThrow('serialising failed')
    await journal.append(change, AT)
    const next = journal.rotate('h2')
    await next.ready
    await journal.append(change, AT)
    expect(next.gen).toBeGreaterThan(failed.gen)
    expect(await replayedOn('h0')).toEqual([1, 2, 3])
    expect(await replayedOn('h2')).toEqual([3])
  })

  it('replays past a generation that holds nothing (a header torn by a crash)', async () => {
    await journal.append(change, AT)
    const { gen, ready } = journal.rotate('h1')
    await ready
    await journal.append(change, AT)
    await journal.close()
    // A torn generation between two good ones, as a rotation killed while writing its header.
    const generations = await listGenerations(dir)
    expect(generations).toEqual([1, gen])
    const later = path.join(dir, `${String(gen).padStart(8, '0')}.jsonl`)
    const torn = path.join(dir, `${String(gen + 1).padStart(8, '0')}.jsonl`)
    await fs.rename(later, torn)
    await fs.writeFile(later, '{"format":"grid-gm-jou')
    journal = new CampaignJournal(path.join(root, 'unused'), { gen: 1, base: 'x', after: 0 })
    expect(await replayedOn('h0')).toEqual([1, 2])
  })
})
