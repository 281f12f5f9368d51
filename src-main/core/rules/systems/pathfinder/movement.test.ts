import { describe, expect, it } from 'vitest'
import { ask, reachMap } from './test-support'
import { stepFeet } from './steps'

const open = (w: number, h: number, at: [number, number] = [0, 0]) => {
  const rows: string[] = []
  for (let y = 0; y < h; y++) {
    const row: string[] = []
    for (let x = 0; x < w; x++) row.push(x === at[0] && y === at[1] ? 'f' : '.')
    rows.push(row.join(' '))
  }
  return rows.join('\n\n')
}

describe('5/10/5 distance and the diagonal parity', () => {
  it('the worked example of 003: 5 + 5 + 10 + 10 = 30 ft, then a 15 ft diagonal into difficult terrain', () => {
    const input = {
      map: `
        f . . . . .

        . . . . . .

        . . . . ~ ~

        . . . # ~ ~
      `,
      tokens: { f: { move: 30 } },
    }
    const move = reachMap(ask(input, { type: 'reach', token: 'f', mode: 'move' }))
    expect(move['4,2']).toBe(30)
    expect(move['5,3']).toBeUndefined()
    const path = ask(input, { type: 'path', token: 'f', to: [5, 3], mode: 'double' })
    expect(path.cost).toBe(45)
    const steps = path.steps as { at: number[]; cost: number }[]
    expect(steps.length).toBe(5)
  })

  it('the alternation carries along the whole path: three diagonals cost 5 + 10 + 5', () => {
    const answer = reachMap(
      ask(
        { map: open(6, 6), tokens: { f: { move: 30 } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(answer['1,1']).toBe(5)
    expect(answer['2,2']).toBe(15)
    expect(answer['3,3']).toBe(20)
    expect(answer['4,4']).toBe(30)
    expect(answer['3,2']).toBe(20)
    expect(answer['5,5']).toBeUndefined()
  })

  it('a diagonal into difficult terrain leaves the parity where it was (it counts as two diagonals)', () => {
    // (0,0) → (1,1) difficult 15 → (2,2) ordinary diagonal: the first of a new pair, 5 ft.
    const answer = reachMap(
      ask(
        { map: 'f . .\n\n. ~ .\n\n. . .', tokens: { f: { move: 30 } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(answer['1,1']).toBe(15)
    expect(answer['2,2']).toBe(15) // around: (1,0) 5, (2,1) 10 → 15 as well
  })
})

describe('hampered movement', () => {
  it('difficult terrain: orthogonal 10 ft, diagonal 15 ft', () => {
    const answer = reachMap(
      ask(
        { map: 'f ~\n\n~ ~', tokens: { f: { move: 30 } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(answer).toEqual({ '1,0': 10, '0,1': 10, '1,1': 15 })
  })

  it('doubled costs stack as ×4 and ×8, not ×3', () => {
    expect(stepFeet(false, 0, 1).feet).toBe(10)
    expect(stepFeet(false, 0, 2).feet).toBe(20)
    expect(stepFeet(false, 0, 3).feet).toBe(40)
    expect(stepFeet(true, 1, 1).feet).toBe(15)
    expect(stepFeet(true, 0, 2).feet).toBe(30)
    expect(stepFeet(true, 0, 3).feet).toBe(60)
  })

  it('a low wall costs one extra square; over a low wall into difficult terrain is ×4', () => {
    const answer = reachMap(
      ask(
        {
          map: 'f:. .\n\n. . .',
          cells: [{ at: [1, 1], terrain: 'difficult' }],
          tokens: { f: { move: 30 } },
        },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(answer['1,0']).toBe(10)
    const walled = reachMap(
      ask(
        { map: 'f . .\n- \n~ . .', tokens: { f: { move: 30 } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(walled['0,1']).toBeGreaterThan(10) // a real wall: around it
    const lowIntoDifficult = reachMap(
      ask(
        { map: 'f . .\n: \n~ # .', tokens: { f: { move: 30 } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(lowIntoDifficult['0,1']).toBe(20)
  })

  it('sliding diagonally past the end of a low wall does not cross it', () => {
    const answer = reachMap(
      ask(
        { map: 'f:.\n\n. .', tokens: { f: { move: 30 } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(answer['1,1']).toBe(5)
  })

  it('flying creatures ignore difficult terrain and low walls', () => {
    const answer = reachMap(
      ask(
        { map: 'f:~\n\n. .', tokens: { f: { move: 30, states: ['flying'] } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(answer['1,0']).toBe(5)
  })
})

describe('walls, corners, pits and creatures', () => {
  it('no cutting corners past a wall end or a solid square (decision 1)', () => {
    const answer = reachMap(
      ask(
        { map: 'f|.\n\n. .', tokens: { f: { move: 30 } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(answer['1,1']).toBe(10) // (0,1) then east, not the diagonal
    expect(answer['1,0']).toBe(15)
    const solid = reachMap(
      ask(
        { map: 'f #\n\n. .', tokens: { f: { move: 30 } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(solid['1,1']).toBe(10)
  })

  it('moving diagonally past creatures and over a pit corner is allowed', () => {
    const answer = reachMap(
      ask(
        { map: 'f A\n\n_ .', tokens: { f: { move: 30 } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(answer['1,1']).toBe(5)
    expect(answer['0,1']).toBeUndefined() // the pit itself
  })

  it('allies can be passed but not ended on; enemies block; helpless enemies do neither', () => {
    const map = '. . .\n\nf b c\n\n. . .\n\n# # #'
    const base = { map: 'f b .\n\n# # #', tokens: { f: { move: 10 } } }
    const ally = reachMap(ask(base, { type: 'reach', token: 'f', mode: 'move' }))
    expect(ally['1,0']).toBeUndefined()
    expect(ally['2,0']).toBe(10)
    const enemy = reachMap(
      ask(
        { map: 'f B .\n\n# # #', tokens: { f: { move: 10 } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(enemy).toEqual({})
    const helpless = reachMap(
      ask(
        { map: 'f B .\n\n# # #', tokens: { f: { move: 10 }, B: { states: ['helpless'] } } },
        { type: 'reach', token: 'f', mode: 'move' },
      ),
    )
    expect(helpless).toEqual({ '1,0': 5, '2,0': 10 })
    expect(map).toContain('f')
  })

  it('a creature three size categories apart can be passed, and passing provokes', () => {
    const input = { map: 'f B .\n\n# # #', tokens: { f: { move: 10 }, B: { size: 'diminutive' } } }
    expect(reachMap(ask(input, { type: 'reach', token: 'f', mode: 'move' }))).toEqual({ '2,0': 10 })
    const path = ask(input, { type: 'path', token: 'f', to: [2, 0], mode: 'move' })
    expect(path.provokes).toEqual(['B'])
    // Two categories apart (Medium and Tiny) cannot be passed; a Large mover drawn over a Small
    // creature would be two tokens in one square, malformed input (spec decision 8).
    const twoApart = { map: 'f B .\n\n# # #', tokens: { f: { move: 10 }, B: { size: 'tiny' } } }
    expect(reachMap(ask(twoApart, { type: 'reach', token: 'f', mode: 'move' }))).toEqual({})
  })

  it('tiny creatures may enter occupied squares, which provokes, and end there (issue 14)', () => {
    // 003: 「他のものが占めているマス目に入ったり通過することができる」; a Tiny creature must enter
    // an enemy's square to attack it in melee, so it may end its move there.
    const input = { map: 'f B .\n\n# # #', tokens: { f: { move: 10, size: 'tiny' } } }
    expect(reachMap(ask(input, { type: 'reach', token: 'f', mode: 'move' }))).toEqual({
      '1,0': 5,
      '2,0': 10,
    })
    expect(ask(input, { type: 'path', token: 'f', to: [2, 0], mode: 'move' }).provokes).toEqual([
      'B',
    ])
  })

  it('an illegal end square resolves to the last legal square on the way', () => {
    const input = { map: 'f . b .\n\n# # # #', tokens: { f: { move: 30 } } }
    const answer = ask(input, { type: 'path', token: 'f', to: [2, 0], mode: 'move' })
    expect(answer.reachable).toBe(false)
    expect(answer.fallback).toEqual({ at: [1, 0], cost: 5 })
    const far = ask(
      { map: 'f . . . .\n\n# # # # #', tokens: { f: { move: 10 } } },
      { type: 'path', token: 'f', to: [4, 0], mode: 'move' },
    )
    expect(far).toMatchObject({
      reachable: false,
      reason: 'out-of-reach',
      fallback: { at: [2, 0], cost: 10 },
    })
  })
})

describe('movement modes', () => {
  it('move is speed, double is twice the speed', () => {
    const input = { map: open(14, 1), tokens: { f: { move: 30 } } }
    expect(
      Math.max(...Object.values(reachMap(ask(input, { type: 'reach', token: 'f', mode: 'move' })))),
    ).toBe(30)
    expect(
      Math.max(
        ...Object.values(reachMap(ask(input, { type: 'reach', token: 'f', mode: 'double' }))),
      ),
    ).toBe(60)
  })

  it('the 5-foot step: one square, never into difficult terrain or darkness, not at speed 5', () => {
    const input = { map: 'f ~\n\n. .', tokens: { f: { move: 30 } } }
    expect(reachMap(ask(input, { type: 'reach', token: 'f', mode: 'five-foot-step' }))).toEqual({
      '0,1': 5,
      '1,1': 5,
    })
    const dark = {
      map: 'f .\n\n. .',
      cells: [{ at: [1, 1], light: 0 }],
      tokens: { f: { move: 30 } },
    }
    expect(reachMap(ask(dark, { type: 'reach', token: 'f', mode: 'five-foot-step' }))).toEqual({
      '1,0': 5,
      '0,1': 5,
    })
    const slow = { map: 'f .\n\n. .', tokens: { f: { move: 5 } } }
    expect(reachMap(ask(slow, { type: 'reach', token: 'f', mode: 'five-foot-step' }))).toEqual({})
    // A square too far for one step is refused as that, not as a square walls keep out of reach.
    const far = { map: 'f . . .', tokens: { f: { move: 30 } } }
    expect(
      ask(far, { type: 'path', token: 'f', to: [3, 0], mode: 'five-foot-step' }),
    ).toMatchObject({ reachable: false, reason: 'five-foot-step-one-clear-square' })
    expect(
      ask(slow, { type: 'path', token: 'f', to: [1, 0], mode: 'five-foot-step' }),
    ).toMatchObject({ reachable: false, reason: 'no-five-foot-step-at-this-speed' })
  })

  it('the minimum move: a full round moves one square even when it costs more than the movement', () => {
    const input = { map: 'f:~\n\n# #', tokens: { f: { move: 5 } } }
    const answer = ask(input, { type: 'reach', token: 'f', mode: 'double' })
    expect(answer.cells).toEqual([{ at: [1, 0], cost: 20, minimum: true }])
    expect(reachMap(ask(input, { type: 'reach', token: 'f', mode: 'move' }))).toEqual({})
    const wall = ask(
      { map: 'f|.\n\n# #', tokens: { f: { move: 5 } } },
      { type: 'reach', token: 'f', mode: 'double' },
    )
    expect(wall.cells).toEqual([])
  })

  it('run: 4 × speed in a straight line, 3 × in heavy armour, never through difficult terrain', () => {
    const input = { map: open(30, 3, [0, 1]), tokens: { f: { move: 30 } } }
    const run = reachMap(ask(input, { type: 'reach', token: 'f', mode: 'run' }))
    expect(run['24,1']).toBe(120)
    expect(run['25,1']).toBeUndefined()
    const heavy = reachMap(
      ask(
        { ...input, tokens: { f: { move: 30, armor: 'heavy' } } },
        { type: 'reach', token: 'f', mode: 'run' },
      ),
    )
    expect(heavy['18,1']).toBe(90)
    expect(heavy['19,1']).toBeUndefined()
    const rough = reachMap(
      ask(
        { ...input, cells: [{ at: [5, 1], terrain: 'difficult' }] },
        { type: 'reach', token: 'f', mode: 'run' },
      ),
    )
    expect(rough['4,1']).toBe(20)
    expect(rough['5,1']).toBeUndefined()
    expect(rough['6,1']).toBeUndefined() // the straight line would cross it
    expect(rough['6,0']).toBe(30)
  })
})
