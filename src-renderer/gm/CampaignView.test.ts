// Opening a campaign mounts the board first (issue 29): the docks are in place at once, so the
// board's size is final, but their panels are built only after the first frame is painted.
import { cleanup, render } from '@testing-library/svelte'
import { flushSync } from 'svelte'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import type { GmApi } from '../lib/api'
import { CampaignDocument } from '../state/campaign-document.svelte'
import { fightFor } from '../state/fight.svelte'
import { rulerFor } from '../state/ruler.svelte'
import { GmSession } from '../state/session.svelte'
import CampaignView from './CampaignView.svelte'
import { english, installBoardStubs, offline } from './page-test-support'

const campaign = makeCampaign({
  id: 'c',
  name: 'Keep',
  maps: [
    makeMap({
      id: 'm',
      name: 'Hall',
      system: 'pathfinder',
      width: 10,
      height: 8,
      tokens: [{ id: 'ogre', name: 'Ogre', at: [1, 1], faction: 'enemy' }],
    }),
  ],
})

let undoStubs = () => {}
beforeEach(() => (undoStubs = installBoardStubs()))
afterEach(() => {
  cleanup()
  undoStubs()
})

/** Resolves after the next frame has been painted (its callbacks ran, then a task after). */
const afterNextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

describe('CampaignView opening', () => {
  it('shows the board and empty docks first, the panels after the first frame', async () => {
    const session = new GmSession(offline)
    fightFor(session)
    rulerFor(session)
    session.document = new CampaignDocument(
      offline,
      campaign.id,
      { campaign, revision: 1, canUndo: false, canRedo: false },
      { attempt: async () => true, applied: () => {}, shown: () => 'm' },
    )
    const { getByTestId, queryByTestId } = render(CampaignView, {
      session,
      campaign,
      t: english,
    })
    flushSync()
    expect(getByTestId('board')).toBeTruthy()
    expect(getByTestId('dock-panels').dataset.open).toBe('true')
    expect(getByTestId('dock-panels-body').dataset.filled).toBe('false')
    expect(queryByTestId('section-tool')).toBeNull()
    expect(getByTestId('dock-fight-body').childElementCount).toBe(0)

    await afterNextFrame()
    flushSync()
    expect(getByTestId('dock-panels-body').dataset.filled).toBe('true')
    expect(queryByTestId('section-tool')).not.toBeNull()
    expect(getByTestId('dock-fight-body').childElementCount).toBeGreaterThan(0)
  })

  it('asks main for nothing but the campaign before the board has its first frame', async () => {
    // A connected page: the player panel loads on connection, the fight overlays ask main.
    const asked: string[] = []
    const answers: Record<string, unknown> = {
      'campaign.open': { campaign, revision: 1, canUndo: false, canRedo: false },
      'campaign.list': [],
      'campaign.trash': [],
      'player.current': { map: null, projector: { squarePx: null, ruler: false } },
      'player.state': { target: null },
      'rules.query': { flanked: {} },
    }
    const api: GmApi = {
      call: ((verb: string) => {
        asked.push(verb)
        return verb in answers ? Promise.resolve(answers[verb]) : new Promise(() => {})
      }) as GmApi['call'],
      on: () => () => {},
      onConnection: (listener) => (listener('open'), () => {}),
    }
    const session = new GmSession(api)
    fightFor(session)
    rulerFor(session)
    await afterNextFrame()
    asked.length = 0

    await session.open('c')
    const { getByTestId } = render(CampaignView, { session, campaign, t: english })
    flushSync()
    expect(getByTestId('board')).toBeTruthy()
    await Promise.resolve()
    expect(asked).toEqual(['campaign.open'])

    await afterNextFrame()
    flushSync()
    await afterNextFrame()
    expect(asked).toContain('player.current')
    expect(asked).toContain('rules.query')
  })
})
