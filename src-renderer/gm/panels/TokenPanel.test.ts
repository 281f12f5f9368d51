// The token panel's movement-state boxes change only the state ticked: every other state the token
// holds (a Pathfinder condition such as stunned, set by the scenario import or the rules) stays.
import { fireEvent, render } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import type { Campaign, CampaignMap, Command } from '@core/campaign/schema'
import type { GmApi } from '../../lib/api'
import { translate, type MessageKey, type MessageParams } from '../../lib/i18n'
import { GmSession, type CommandBuilder } from '../../state/session.svelte'
import TokenPanel from './TokenPanel.svelte'

/** A connection that is never opened: nothing in this test may reach main. */
const offline: GmApi = {
  call: () => Promise.reject(new Error('offline')),
  on: () => () => {},
  onConnection: () => () => {},
}

const map: CampaignMap = {
  id: 'm',
  name: 'Keep',
  system: 'pathfinder',
  width: 4,
  height: 4,
  cells: [],
  edges: [],
  light: { sources: [] },
  tokens: [
    { id: 'ogre', name: 'Ogre', at: [1, 1], faction: 'enemy', states: ['stunned', 'prone'] },
  ],
  notes: '',
}

describe('TokenPanel movement states', () => {
  it('ticking flying keeps the stunned and prone the token already has', async () => {
    const session = new GmSession(offline)
    session.focus.select('ogre')
    const campaign = { maps: [map] } as unknown as Campaign
    const sent: Command[] = []
    session.dispatch = (command: Command | CommandBuilder) => {
      const built = typeof command === 'function' ? command(campaign) : command
      if (built) sent.push(built)
      return Promise.resolve(true)
    }
    const { getByTestId } = render(TokenPanel, {
      session,
      map,
      t: (key: MessageKey, params?: MessageParams) => translate('en', key, params),
    })
    await fireEvent.click(getByTestId('token-state-flying'))
    expect(sent).toEqual([
      {
        type: 'token.update',
        mapId: 'm',
        tokenId: 'ogre',
        patch: { states: expect.arrayContaining(['flying', 'stunned', 'prone']) },
      },
    ])
    expect((sent[0] as { patch: { states: string[] } }).patch.states).toHaveLength(3)
  })
})
