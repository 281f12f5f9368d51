// Traps are GM-only: the player view carries no trace of them (no field, no name, no note, no id),
// whatever the fog mode, and even on squares the players can see.
import { describe, expect, it } from 'vitest'
import { applyCommand } from '../campaign/commands'
import { makeCampaign, makeMap } from '../campaign/test-helpers'
import { toPlayerView } from './player-view'
import { TokenAliases } from './token-aliases'
import type { CampaignMap } from '../campaign/schema'
import { playerMapSchema } from './player-view-schema'

const TRAP_NAME = 'Poison needle trap'
const TRAP_NOTE = 'DC 22 Disable Device; 2d6 poison'
const TRAP_ID = 'trap-needle-7'

function trappedMap(mode: 'vision' | 'manual' | 'both'): CampaignMap {
  return makeMap({
    width: 6,
    height: 5,
    tokens: [{ id: 'pc', name: 'PC', at: [0, 0], faction: 'party' }],
    // the trap's square is revealed by hand and in the party's sight: as visible as a square gets
    fog: { mode, explored: [], revealed: [[1, 0, 5]] },
  })
}

describe('traps never reach the player view', () => {
  for (const mode of ['vision', 'manual', 'both'] as const) {
    it(`fog mode ${mode}: the view with a trap is exactly the view without it`, () => {
      const bare = makeCampaign({ maps: [trappedMap(mode)] })
      const trapped = applyCommand(bare, {
        type: 'trap.set',
        mapId: 'm1',
        trap: { id: TRAP_ID, at: [2, 1], name: TRAP_NAME, notes: TRAP_NOTE },
      })
      expect(trapped.maps[0].traps).toHaveLength(1)

      const aliases = new TokenAliases()
      const withTrap = toPlayerView(trapped, 'm1', { aliases })
      expect(withTrap).not.toBeNull()
      expect(withTrap).toEqual(toPlayerView(bare, 'm1', { aliases }))
      // the square itself is shown to the players
      expect(withTrap!.visible.some(([y, x0, x1]) => y === 1 && x0 <= 2 && 2 <= x1)).toBe(true)

      const json = JSON.stringify(withTrap)
      for (const secret of [TRAP_NAME, TRAP_NOTE, TRAP_ID, 'trap', 'Trap'])
        expect(json).not.toContain(secret)
      // and the wire schema still accepts it as is
      expect(playerMapSchema.parse(withTrap)).toEqual(withTrap)
    })
  }

  it('blackout carries no trap data either', () => {
    const trapped = applyCommand(makeCampaign({ maps: [trappedMap('both')] }), {
      type: 'trap.set',
      mapId: 'm1',
      trap: { id: TRAP_ID, at: [2, 1], name: TRAP_NAME, notes: TRAP_NOTE },
    })
    const json = JSON.stringify(toPlayerView(trapped, 'm1', { blackout: true }))
    for (const secret of [TRAP_NAME, TRAP_NOTE, TRAP_ID]) expect(json).not.toContain(secret)
  })
})
