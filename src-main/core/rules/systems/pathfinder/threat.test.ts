import { describe, expect, it } from 'vitest'
import { ask, askError, cellKeys, reachMap } from './test-support'

const grid = (w: number, h: number) =>
  Array.from({ length: h }, () => Array(w).fill('.').join(' ')).join('\n\n')

describe('threatened squares (zoc)', () => {
  it('a Medium creature threatens the 8 squares around it', () => {
    const answer = ask(
      { map: grid(5, 5), tokens: { m: { at: [2, 2] } } },
      { type: 'zoc', token: 'm' },
    )
    expect(cellKeys(answer)).toEqual(['1,1', '2,1', '3,1', '1,2', '3,2', '1,3', '2,3', '3,3'])
  })

  it('a 10 ft reach weapon threatens the 16 squares of the ring at distance 2 (second diagonal included), not the adjacent ones', () => {
    const answer = ask(
      { map: grid(7, 7), tokens: { m: { at: [3, 3], reachWeapon: true } } },
      { type: 'zoc', token: 'm' },
    )
    const keys = cellKeys(answer)
    expect(keys.length).toBe(16)
    expect(keys).toContain('1,1')
    expect(keys).toContain('5,5')
    expect(keys).not.toContain('2,2')
    expect(keys).not.toContain('3,4')
  })

  it('natural reach threatens the adjacent squares too: a Large ogre threatens the 6×6 box around its 2×2 space', () => {
    const answer = ask(
      { map: grid(8, 8), tokens: { O: { at: [3, 3], size: 'large' } } },
      { type: 'zoc', token: 'O' },
    )
    expect(cellKeys(answer).length).toBe(36 - 4)
    expect(cellKeys(answer)).toContain('1,1')
    expect(cellKeys(answer)).not.toContain('3,3')
  })

  it('a Large creature with a reach weapon threatens up to 20 ft but not within its natural 10 ft', () => {
    const answer = ask(
      { map: grid(12, 12), tokens: { O: { at: [5, 5], size: 'large', reachWeapon: true } } },
      { type: 'zoc', token: 'O' },
    )
    const keys = cellKeys(answer)
    expect(keys).toContain('5,1')
    expect(keys).not.toContain('5,3')
    expect(keys).not.toContain('5,0')
  })

  it('0 ft reach (tiny) and helpless creatures threaten nothing', () => {
    expect(
      ask(
        { map: grid(3, 3), tokens: { t: { at: [1, 1], size: 'tiny' } } },
        { type: 'zoc', token: 't' },
      ).cells,
    ).toEqual([])
    expect(
      ask(
        { map: grid(3, 3), tokens: { t: { at: [1, 1], states: ['helpless'] } } },
        { type: 'zoc', token: 't' },
      ).cells,
    ).toEqual([])
  })

  it('threat does not reach across a wall or closed door, nor past a blocked corner (decision 2)', () => {
    const answer = ask({ map: '. .|.\n\n. mD.\n\n. . .', tokens: {} }, { type: 'zoc', token: 'm' })
    const keys = cellKeys(answer)
    expect(keys).not.toContain('2,0') // past the corner of the wall east of (1,0)
    expect(keys).not.toContain('2,1') // across the closed door
    expect(keys).not.toContain('2,2') // the door's end meets that corner too
    expect(keys).toEqual(['0,0', '1,0', '0,1', '0,2', '1,2'])
  })

  it('next to an open door, threat is distance plus line of effect (issue 14)', () => {
    // A reach weapon (10 ft) through an open door: (2, 1) is 10 ft away and seen through the
    // door, so it is threatened like (2, 2) at 15 ft (the second diagonal). Before, distance was
    // counted along the walk through the door, so (2, 1) was left out while (2, 2) was in.
    const map = `
      m . . .
      / - - -
      . . . .

      . . . .
    `
    const keys = cellKeys(
      ask({ map, tokens: { m: { reachWeapon: true } } }, { type: 'zoc', token: 'm' }),
    )
    expect(keys).toEqual(['2,0', '2,1', '0,2', '1,2', '2,2'])
  })

  it('an unknown token is a scenario error', () => {
    expect(askError({ map: grid(2, 2) }, { type: 'zoc', token: 'nobody' }).code).toBe(
      'unknown-token',
    )
  })
})

describe('attacks of opportunity along a path', () => {
  // The ogre (Large, 10 ft natural reach) and its goblin; the sorcerer withdraws (003 図 機会攻撃 #3).
  const fight = {
    map: `
      . . . . . . .

      . O O . . . .

      . O O G . . .

      . . . . s . .

      . . . . . . .

      . . . . . . .
    `,
    tokens: { O: { size: 'large' }, s: { move: 30 } },
  }
  const ogreAt = { ...fight, tokens: { ...fight.tokens } }

  it('moving out of threatened squares provokes each enemy once, in the order met', () => {
    const path = ask(ogreAt, { type: 'path', token: 's', to: [4, 5], mode: 'move' })
    expect(path.provokes).toEqual(['G', 'O'])
  })

  it('withdraw: the start square is safe from visible enemies, the second square still provokes the ogre', () => {
    const path = ask(ogreAt, { type: 'path', token: 's', to: [4, 5], mode: 'withdraw' })
    expect(path.cost).toBe(10)
    expect(path.provokes).toEqual(['O'])
  })

  it('withdraw: 「君が機会攻撃範囲内にあるマス目(君が移動を開始したマス目以外のもの)から移動して出たなら、敵は通常通りに機会攻撃を得る」 (issue 14)', () => {
    // The sorcerer starts next to the ogre (Large, 10 ft reach) and withdraws straight north past
    // its reach. Her first square (2, 2) is still threatened: leaving it provokes, as the same path
    // does as a double move. Before, her own token on the start square counted as cover for her.
    const map = `
      . . . . . .

      . . . . . .

      . . . . . .

      . . s|. . .

      . . O . . .

      . . . . . .
    `
    const input = { map, tokens: { O: { size: 'large' }, s: { move: 30 } } }
    const withdraw = ask(input, { type: 'path', token: 's', to: [2, 0], mode: 'withdraw' })
    const double = ask(input, { type: 'path', token: 's', to: [2, 0], mode: 'double' })
    expect(withdraw.steps).toEqual(double.steps)
    expect(double.provokes).toEqual(['O'])
    expect(withdraw.provokes).toEqual(['O'])
  })

  it('the 5-foot step never provokes', () => {
    const path = ask(ogreAt, { type: 'path', token: 's', to: [4, 4], mode: 'five-foot-step' })
    expect(path).toMatchObject({ reachable: true, cost: 5, provokes: [] })
  })

  it('withdraw does not protect from an enemy the mover cannot see', () => {
    const dark = { ...ogreAt, cells: [{ at: [3, 2], light: 0 }] }
    const path = ask(dark, { type: 'path', token: 's', to: [4, 5], mode: 'withdraw' })
    expect(path.provokes).toEqual(['G', 'O'])
  })

  it('among equally short paths the one leaving no threatened square is chosen (図 #1)', () => {
    const input = { map: 'f . . .\n\n. . . .\n\n. . . G', tokens: { f: { move: 30 } } }
    const path = ask(input, { type: 'path', token: 'f', to: [3, 0], mode: 'move' })
    expect(path).toMatchObject({ cost: 15, provokes: [] })
    const safe = ask(
      { map: 'f . . .\n\n. . G .', tokens: { f: { move: 30 } } },
      { type: 'path', token: 'f', to: [3, 0], mode: 'move' },
    )
    expect(safe.cost).toBe(15)
  })

  it('no attack of opportunity through cover: a wall between mover and enemy', () => {
    const input = { map: 'f . .\n- - \n. G .', tokens: { f: { move: 30 } } }
    expect(ask(input, { type: 'path', token: 'f', to: [2, 0], mode: 'move' }).provokes).toEqual([])
  })
})

describe('charge', () => {
  const lane = (row: string) => ({ map: `${row}\n\n. . . . . . . .`, tokens: { c: { move: 30 } } })

  it('a straight line to the nearest square from which the charger can attack', () => {
    const answer = ask(lane('c . . . . T . .'), {
      type: 'reach',
      token: 'c',
      mode: 'charge',
      target: 'T',
    })
    // Two squares tie as nearest (4,0) and (4,1), 20 ft each: the charger picks either.
    expect(reachMap(answer)).toEqual({ '4,0': 20, '4,1': 20 })
    const path = ask(lane('c . . . . T . .'), {
      type: 'path',
      token: 'c',
      to: [4, 0],
      mode: 'charge',
      target: 'T',
    })
    expect(path).toMatchObject({ reachable: true, cost: 20 })
  })

  it('at least 10 ft and at most twice the speed', () => {
    expect(
      ask(lane('c . T . . . . .'), { type: 'reach', token: 'c', mode: 'charge', target: 'T' })
        .cells,
    ).toEqual([])
    const slow = { ...lane('c . . . . T . .'), tokens: { c: { move: 5 } } }
    expect(ask(slow, { type: 'reach', token: 'c', mode: 'charge', target: 'T' }).cells).toEqual([])
  })

  it('no charge through difficult terrain, obstacles or creatures (allies too)', () => {
    expect(
      ask(lane('c . ~ . . T . .'), { type: 'reach', token: 'c', mode: 'charge', target: 'T' })
        .cells,
    ).toEqual([])
    expect(
      ask(lane('c . a . . T . .'), { type: 'reach', token: 'c', mode: 'charge', target: 'T' })
        .cells,
    ).toEqual([])
    expect(
      ask(lane('c .:. . . T . .'), { type: 'reach', token: 'c', mode: 'charge', target: 'T' })
        .cells,
    ).toEqual([])
    const helpless = {
      ...lane('c . a . . T . .'),
      tokens: { c: { move: 30 }, a: { states: ['helpless'] } },
    }
    expect(
      reachMap(ask(helpless, { type: 'reach', token: 'c', mode: 'charge', target: 'T' })),
    ).toEqual({ '4,0': 20, '4,1': 20 })
  })

  it('when the nearest square is occupied the charge is impossible', () => {
    const answer = ask(lane('c . . . a T . .'), {
      type: 'path',
      token: 'c',
      to: [4, 0],
      mode: 'charge',
      target: 'T',
    })
    expect(answer.reachable).toBe(false)
  })

  it('needs a target', () => {
    expect(
      askError(lane('c . . . . T . .'), { type: 'reach', token: 'c', mode: 'charge' }).code,
    ).toBe('missing-field')
  })
})

describe('big creatures move as their whole space', () => {
  it('a Large creature passes a 1-square gap only squeezed (squeeze.test.ts has the details)', () => {
    const input = {
      map: `
        . . . . .

        . . . . .

        # # . # #

        . . . . .

        . . . . .
      `,
      tokens: { O: { at: [0, 0], size: 'large', move: 40, faction: 'party' } },
    }
    const reach = ask(input, { type: 'reach', token: 'O', mode: 'double' })
    const answer = reachMap(reach)
    expect(answer['3,0']).toBe(15)
    // East 5 ft, squeeze upright into the gap's column (10 ft), through the gap (10 ft), out below (5 ft).
    expect(answer['1,3']).toBe(30)
    const gap = (reach.cells as { at: number[]; squeeze?: boolean; space?: number[] }[]).find(
      (c) => c.at[0] === 2 && c.at[1] === 2,
    )
    expect(gap).toMatchObject({ squeeze: true, space: [1, 2] })
  })
})
