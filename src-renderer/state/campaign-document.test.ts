// The document store keeps the page's copy in main's revision order (issue 28), and waits for the
// change an acknowledgement names without a clock: the event comes before or after the answer
// (a large event is written in slices), never not at all while the connection lives. The copy is
// fetched again only on a detected gap: a change whose revision skips one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changesOf } from '@core/campaign/changes'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import type { Campaign, Command } from '@core/campaign/schema'
import type { CampaignEdit, EditAck } from '@core/contract/campaign-service'
import type { GmApi } from '../lib/api'
import { CampaignDocument } from './campaign-document.svelte'

const base = makeCampaign({ id: 'c', maps: [makeMap({ id: 'a' })] })
const widened = (width: number): Campaign => ({ ...base, maps: [makeMap({ id: 'a', width })] })

function editTo(from: Campaign, next: Campaign, revision: number): CampaignEdit {
  const changes = changesOf(from, next)
  return { campaignId: 'c', revision, changes, cause: { type: 'x' }, canUndo: true, canRedo: false }
}

const ack = (revision: number): EditAck => ({
  campaignId: 'c',
  revision,
  canUndo: true,
  canRedo: false,
})
const command = { type: 'map.rename', mapId: 'a', name: 'A' } as unknown as Command

/** A main that answers each dispatch with the next acknowledgement and the opens it is given. */
function fakeMain(opened: Array<{ campaign: Campaign; revision: number }> = []) {
  let revision = 0
  const calls: string[] = []
  const api = {
    call: vi.fn(async (verb: string) => {
      calls.push(verb)
      if (verb === 'campaign.dispatch') return ack(++revision)
      if (verb === 'campaign.open') {
        const next = opened.shift()
        if (!next) throw new Error('no open expected')
        return { ...next, canUndo: true, canRedo: false }
      }
      throw new Error(`unexpected ${verb}`)
    }),
  } as unknown as GmApi
  return { api, calls }
}

function documentOn(api: GmApi): CampaignDocument {
  return new CampaignDocument(
    api,
    'c',
    { campaign: base, revision: 0, canUndo: false, canRedo: false },
    {
      attempt: async (action) => {
        await action()
        return true
      },
      applied: () => {},
      shown: () => 'a',
    },
  )
}

/** Lets every promise that can settle settle (no clock moves). */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

describe('CampaignDocument', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('waits for the change an answer names however long it takes, and fetches nothing again', async () => {
    const { api, calls } = fakeMain()
    const document = documentOn(api)
    let done: boolean | null = null
    void document.dispatch(command).then((went) => (done = went))
    await settle()
    // A 100,000-edge map's event is still being written in slices in main.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(done).toBeNull()
    expect(calls).toEqual(['campaign.dispatch'])
    await document.receive(editTo(base, widened(6), 1))
    await settle()
    expect(done).toBe(true)
    expect(document.campaign.maps[0].width).toBe(6)
    expect(calls).toEqual(['campaign.dispatch'])
  })

  it('fetches the copy again on a detected gap, and the waiting command goes on after it', async () => {
    const { api, calls } = fakeMain([{ campaign: widened(8), revision: 2 }])
    const document = documentOn(api)
    let done: boolean | null = null
    void document.dispatch(command).then((went) => (done = went))
    await settle()
    expect(calls).toEqual(['campaign.dispatch'])
    // Revision 1's event never came: revision 2's shows the gap.
    await document.receive(editTo(widened(6), widened(8), 2))
    await settle()
    expect(calls).toEqual(['campaign.dispatch', 'campaign.open'])
    expect(document.campaign.maps[0].width).toBe(8)
    expect(done).toBe(true)
  })

  it('lets its waiting commands go when the page lets it go (a reconnect opens the campaign again)', async () => {
    const { api } = fakeMain()
    const document = documentOn(api)
    let done: boolean | null = null
    void document.dispatch(command).then((went) => (done = went))
    await settle()
    document.release()
    await settle()
    expect(done).toBe(true)
  })
})
