// The page's address names the open campaign and map (lib/start-campaign.ts), written after the
// board's first frame rather than while the board mounts (issue 29: replaceState is a
// same-document navigation, paid in the middle of a big campaign's open).
import { flushSync } from 'svelte'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import type { CampaignEdit } from '@core/contract/campaign-service'
import type { GmApi } from '../lib/api'
import { addressFor } from '../lib/start-campaign'
import { GmSession } from './session.svelte'

const campaign = makeCampaign({
  id: 'keep',
  name: 'Keep',
  maps: [
    makeMap({ id: 'hall', name: 'Hall', system: 'pathfinder', width: 4, height: 4, tokens: [] }),
  ],
})

/** Answers campaign.open with the campaign; nothing else is asked here. */
const api: GmApi = {
  call: ((verb: string) =>
    verb === 'campaign.open'
      ? Promise.resolve({ campaign, revision: 1, canUndo: false, canRedo: false })
      : new Promise(() => {})) as GmApi['call'],
  on: ((event: string, handler: (payload: unknown) => void) => {
    handlers.set(event, handler)
    return () => handlers.delete(event)
  }) as GmApi['on'],
  onConnection: () => () => {},
}
const handlers = new Map<string, (payload: unknown) => void>()

afterEach(() => vi.restoreAllMocks())

describe('GmSession address', () => {
  it('names the opened campaign after the next frame, not while the board mounts', async () => {
    history.replaceState(null, '', '/gm.html')
    const session = new GmSession(api)
    session.addressed = true
    const replace = vi.spyOn(history, 'replaceState')
    await session.open('keep')
    flushSync()
    expect(replace).not.toHaveBeenCalled()
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    expect(replace).toHaveBeenCalledTimes(1)
    expect(location.hash).toBe(addressFor('keep', 'hall'))
  })
  it('schedules nothing for the address when an edit leaves the campaign and map the same', async () => {
    history.replaceState(null, '', '/gm.html')
    const session = new GmSession(api)
    session.addressed = true
    await session.open('keep')
    flushSync()
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    const frames = vi.spyOn(globalThis, 'requestAnimationFrame')
    const edit: CampaignEdit = {
      campaignId: 'keep',
      revision: 2,
      changes: [{ op: 'set', kind: 'map', id: 'hall', field: ['name'], value: 'Great hall' }],
      cause: { type: 'map.rename' },
      canUndo: true,
      canRedo: false,
    }
    handlers.get('campaign.changed')!(edit)
    await new Promise((resolve) => setTimeout(resolve, 0))
    flushSync()
    expect(session.selectedMap?.name).toBe('Great hall')
    // Each edit made a new campaign and map object, and the address effect asked for a frame.
    expect(frames).not.toHaveBeenCalled()
  })
})
