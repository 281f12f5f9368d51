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

describe('TokenLayer on a big map', () => {
  // Issue 29: built element by element (a Svelte block, effect and attribute spread per
  // primitive), a 40-token map cost the GM page's open ~30 ms; the layer is now one parse.
  it('builds every token without writing attributes one by one from script', () => {
    const tokens = Array.from({ length: 40 }, (_, i) => ({
      id: `t${i}`,
      name: `Token <${i}> & "co"`,
      at: [i % 20, Math.floor(i / 20) * 3] as [number, number],
      faction: i % 2 ? 'pc' : 'enemy',
      hp: { current: 5, max: 10 },
    }))
    const big = makeMap({
      id: 'big',
      name: 'Big',
      system: 'pathfinder',
      width: 20,
      height: 8,
      tokens,
    })
    const target = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
    document.body.append(target)
    const writes = vi.spyOn(Element.prototype, 'setAttribute')
    const before = writes.mock.calls.length
    render(TokenLayer, { target, props: { session: new GmSession(offline), map: big } })
    flushSync()
    const made = writes.mock.calls.length - before
    writes.mockRestore()
    const discs = target.querySelectorAll('[data-testid="token-disc"]')
    expect(discs.length).toBe(40)
    expect(target.querySelectorAll('*').length).toBeGreaterThan(200)
    expect(made).toBeLessThan(10)
    // Names are text, never markup.
    expect(target.textContent).toContain('Token <0> & "co"')
    target.remove()
  })
})
