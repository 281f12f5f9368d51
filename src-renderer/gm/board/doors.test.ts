// Issue 12.3: a plain Select click never opens a locked door; Alt+click unlocks it first.
import { describe, expect, it } from 'vitest'
import type { CampaignMap } from '@core/campaign/schema'
import { toggleDoor } from '../../lib/edit-tools'

const withDoor = (state: 'open' | 'closed' | 'locked'): CampaignMap => ({
  id: 'm',
  name: 'm',
  system: 'arianrhod',
  width: 3,
  height: 3,
  cells: [],
  edges: [
    {
      between: [
        [0, 1],
        [1, 1],
      ],
      kind: 'door',
      state,
    },
  ],
  light: { sources: [] },
  tokens: [],
  notes: '',
})

describe('toggleDoor', () => {
  it('opens and closes unlocked doors with a click', () => {
    expect(
      toggleDoor(
        withDoor('closed'),
        [
          [0, 1],
          [1, 1],
        ],
        false,
      ),
    ).toMatchObject({ edge: { state: 'open' } })
    expect(
      toggleDoor(
        withDoor('open'),
        [
          [0, 1],
          [1, 1],
        ],
        false,
      ),
    ).toMatchObject({ edge: { state: 'closed' } })
  })

  it('does nothing to a locked door on a plain click; Alt+click unlocks it to closed', () => {
    expect(
      toggleDoor(
        withDoor('locked'),
        [
          [0, 1],
          [1, 1],
        ],
        false,
      ),
    ).toBeNull()
    expect(
      toggleDoor(
        withDoor('locked'),
        [
          [0, 1],
          [1, 1],
        ],
        true,
      ),
    ).toMatchObject({ edge: { state: 'closed' } })
    expect(
      toggleDoor(
        withDoor('closed'),
        [
          [0, 1],
          [1, 1],
        ],
        true,
      ),
    ).toMatchObject({ edge: { state: 'locked' } })
  })
})
