// Issue 24, "refusals that name the real cause": a refused move or attack says what stopped it.
// - 003 「君は敵が占めているマス目を通過して移動することはできない」: a path onto an enemy's square is
//   refused because an enemy is there, not because the square "cannot be entered (a wall)".
// - Spec decisions 1 and 2 (threat never reaches diagonally past a blocked corner): a melee attack on
//   a diagonal neighbour across a wall's corner is refused because of the corner, not as "too far".
import { describe, expect, it } from 'vitest'
import { ask } from './test-support'

describe('a path onto an enemy’s square', () => {
  it.each(['pathfinder', 'dnd35'] as const)(
    '%s: says the square is occupied by an enemy',
    (system) => {
      const answer = ask(
        { system, map: 'f . G .', tokens: { f: { move: 30 } } },
        { type: 'path', token: 'f', to: [2, 0], mode: 'move' },
      )
      expect(answer).toMatchObject({ reachable: false, reason: 'occupied-by-enemy' })
    },
  )

  it('a wall or solid rock still says it cannot be entered', () => {
    expect(
      ask(
        { map: 'f . # .', tokens: { f: { move: 30 } } },
        {
          type: 'path',
          token: 'f',
          to: [2, 0],
          mode: 'move',
        },
      ),
    ).toMatchObject({ reachable: false, reason: 'cannot-enter' })
  })

  it('an ally’s square can be passed but not ended on: occupied, as before', () => {
    expect(
      ask(
        { map: 'f . g .', tokens: { f: { move: 30 } } },
        {
          type: 'path',
          token: 'f',
          to: [2, 0],
          mode: 'move',
        },
      ),
    ).toMatchObject({ reachable: false, reason: 'occupied' })
  })
})

describe('melee on a foe diagonally across a wall corner', () => {
  // a at [0, 0], T at [1, 1]; a wall on the east side of a's square touches the corner between them.
  const map = 'a|.\n\n. T'
  it.each(['dnd35', 'pathfinder'] as const)('%s: the corner blocks the attack', (system) => {
    const answer = ask(
      { system, map },
      { type: 'attack', attacker: 'a', target: 'T', attack: 'melee' },
    )
    expect(answer).toMatchObject({ allowed: false, reason: 'corner-blocks-attack' })
  })

  it('without the wall the same blow is allowed; two squares away it is out of reach', () => {
    expect(
      ask(
        { system: 'dnd35', map: 'a .\n\n. T' },
        {
          type: 'attack',
          attacker: 'a',
          target: 'T',
          attack: 'melee',
        },
      ),
    ).toMatchObject({ allowed: true })
    expect(
      ask(
        { system: 'dnd35', map: 'a . T' },
        {
          type: 'attack',
          attacker: 'a',
          target: 'T',
          attack: 'melee',
        },
      ),
    ).toMatchObject({ allowed: false, reason: 'out-of-reach' })
  })
})
