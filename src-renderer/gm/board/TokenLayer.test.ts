// A wall or terrain edit gives the board a new map object with the same tokens: the token layer
// must not draw its tokens again (issue 29: every wall click on a 40-token map redrew them all).
import { cleanup, render } from '@testing-library/svelte'
import { flushSync } from 'svelte'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CampaignMap } from '@core/campaign/schema'
import { makeMap } from '@core/campaign/test-helpers'
import { drawTokens } from '../../lib/token-drawing'
import { GmSession } from '../../state/session.svelte'
import { offline } from '../page-test-support'
import TokenLayer from './TokenLayer.svelte'

vi.mock('../../lib/token-drawing', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/token-drawing')>()
  return { ...real, drawTokens: vi.fn(real.drawTokens) }
})

afterEach(cleanup)

const map: CampaignMap = makeMap({
  id: 'm',
  name: 'Keep',
  system: 'pathfinder',
  width: 10,
  height: 8,
  tokens: [
    { id: 'ogre', name: 'Ogre', at: [1, 1], faction: 'enemy' },
    { id: 'elf', name: 'Elf', at: [3, 2], faction: 'pc' },
  ],
})

describe('TokenLayer', () => {
  it('draws the tokens again only when what it draws from changes', () => {
    const target = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
    document.body.append(target)
    const session = new GmSession(offline)
    const { rerender } = render(TokenLayer, { target, props: { session, map } })
    flushSync()
    const draws = vi.mocked(drawTokens)
    const before = draws.mock.calls.length
    expect(target.querySelectorAll('[data-testid="token-disc"]').length).toBe(2)

    const walled: CampaignMap = {
      ...map,
      edges: [
        {
          between: [
            [1, 1],
            [2, 1],
          ],
          kind: 'wall',
        },
      ],
      cells: [{ at: [4, 4], terrain: 'difficult' }],
    }
    rerender({ session, map: walled })
    flushSync()
    expect(draws.mock.calls.length).toBe(before)

    const moved: CampaignMap = {
      ...walled,
      tokens: [{ ...map.tokens[0], at: [5, 5] }, map.tokens[1]],
    }
    rerender({ session, map: moved })
    flushSync()
    expect(draws.mock.calls.length).toBe(before + 1)
    target.remove()
  })
})
