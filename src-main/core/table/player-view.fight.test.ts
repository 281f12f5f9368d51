// The turn order and public rolls on the player view (issue 15): only tokens the players see,
// never a hidden combatant, a secret roll or a roll by a token they cannot see.
import { describe, expect, it } from 'vitest'
import type { RollEntry } from '../campaign/fight/schema'
import type { Campaign } from '../campaign/schema'
import { makeCampaign, makeMap } from '../campaign/test-helpers'
import { playerMapSchema } from './player-view-schema'
import { viewWithStoredIds } from './player-view-testing'

const roll = (id: string, extra: Partial<RollEntry>): RollEntry => ({
  id,
  at: '2026-11-24T20:00:00.000Z',
  who: 'GM',
  command: '2D6',
  text: `(2D6) ＞ ${id}`,
  dice: [3, 4],
  total: 7,
  success: false,
  failure: false,
  critical: false,
  fumble: false,
  secret: false,
  ...extra,
})

function campaign(showOrder: boolean, showRolls: boolean): Campaign {
  return makeCampaign({
    maps: [
      makeMap({
        width: 4,
        height: 1,
        tokens: [
          { id: 'pc', name: 'Hero', at: [0, 0], faction: 'party' },
          { id: 'orc', name: 'Orc', at: [2, 0], faction: 'enemy' },
          { id: 'ghost', name: 'Ghost', at: [3, 0], faction: 'enemy', hidden: true },
        ],
        fight: {
          round: 1,
          turn: 0,
          order: [
            { tokenId: 'ghost', count: 20 },
            { tokenId: 'orc', count: 15 },
            { tokenId: 'pc', count: 10 },
          ],
          unaware: [],
          acted: [],
          delaying: [],
          readied: [],
          showOrder,
          showRolls,
          expired: [],
        },
      }),
    ],
    rollLog: [
      roll('public-gm', {}),
      roll('secret', { secret: true }),
      roll('by-ghost', { tokenId: 'ghost', who: 'Ghost' }),
      roll('by-orc', { tokenId: 'orc', who: 'Orc' }),
    ],
  })
}

describe('player view: turn order and rolls', () => {
  it('lists the visible combatants only, and public rolls of the GM or visible tokens', () => {
    const view = playerMapSchema.parse(viewWithStoredIds(campaign(true, true), 'm1'))
    expect(view.order).toEqual(['orc', 'pc'])
    expect(view.rolls?.map(({ by, text }) => ({ by, text }))).toEqual([
      { by: 'orc', text: '(2D6) ＞ by-orc' },
      { by: undefined, text: '(2D6) ＞ public-gm' },
    ])
    // Roll ids are the session's random ones, never the stored ids (which the GM's page made).
    expect(view.rolls?.every((r) => /^t[0-9a-f]{18}$/.test(r.id))).toBe(true)
    expect(JSON.stringify(view)).not.toMatch(/ghost|Ghost|secret/)
  })

  it('shows neither unless the GM turns them on', () => {
    const view = playerMapSchema.parse(viewWithStoredIds(campaign(false, false), 'm1'))
    expect(view.order).toBeUndefined()
    expect(view.rolls).toBeUndefined()
  })
})

describe('player view: doors', () => {
  it('shows a locked door as closed: players cannot tell it is locked (issue 12.17)', () => {
    const map = makeMap({
      width: 3,
      height: 1,
      tokens: [{ id: 'pc', name: 'Hero', at: [0, 0], faction: 'party' }],
      edges: [
        {
          between: [
            [0, 0],
            [1, 0],
          ],
          kind: 'door',
          state: 'locked',
        },
      ],
    })
    const view = playerMapSchema.parse(viewWithStoredIds(makeCampaign({ maps: [map] }), 'm1'))
    expect(view.edges).toEqual([
      {
        between: [
          [0, 0],
          [1, 0],
        ],
        kind: 'door',
        state: 'closed',
      },
    ])
    expect(JSON.stringify(view)).not.toContain('locked')
  })
})
