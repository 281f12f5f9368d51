// The page's address names the open campaign and map (lib/start-campaign.ts), written after the
// board's first frame rather than while the board mounts (issue 29: replaceState is a
// same-document navigation, paid in the middle of a big campaign's open).
import { flushSync } from 'svelte'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
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
  on: () => () => {},
  onConnection: () => () => {},
}

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
})
