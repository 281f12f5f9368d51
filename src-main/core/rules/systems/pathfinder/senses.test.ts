import { describe, expect, it } from 'vitest'
import { ask, askError, cellKeys } from './test-support'

describe('flanking (003 図 挟撃)', () => {
  it('#1 allies on opposite sides of the ogre flank it; +2 to hit', () => {
    const answer = ask(
      { map: '. . . .\n\nf O . c\n\n. . . .', tokens: { O: { size: 'large' } } },
      { type: 'flanking', target: 'O' },
    )
    expect(answer.pairs).toEqual([['c', 'f']])
  })

  it('#2 a line that does not cross opposite sides does not flank', () => {
    const answer = ask(
      { map: 'r . .\n\n. O f\n\n. . .', tokens: {} },
      { type: 'flanking', target: 'O' },
    )
    expect(answer.pairs).toEqual([])
  })

  it('opposite corners flank', () => {
    expect(
      ask({ map: 'a . .\n\n. O .\n\n. . b' }, { type: 'flanking', target: 'O' }).pairs,
    ).toEqual([['a', 'b']])
  })

  it('#3 a flanker must threaten the target: reach matters', () => {
    const map = 'G s . O'
    expect(ask({ map }, { type: 'flanking', target: 's' }).pairs).toEqual([])
    expect(
      ask({ map, tokens: { O: { reach: 10 } } }, { type: 'flanking', target: 's' }).pairs,
    ).toEqual([['G', 'O']])
    const near = 'G s O'
    expect(ask({ map: near }, { type: 'flanking', target: 's' }).pairs).toEqual([['G', 'O']])
    const reachy = '. G s . O'
    expect(
      ask({ map: reachy, tokens: { O: { reachWeapon: true } } }, { type: 'flanking', target: 's' })
        .pairs,
    ).toEqual([['G', 'O']])
  })

  it('0 ft reach creatures cannot flank', () => {
    expect(
      ask({ map: 'a O b', tokens: { b: { size: 'tiny' } } }, { type: 'flanking', target: 'O' })
        .pairs,
    ).toEqual([])
  })

  it('a multi-square flanker may use any of its squares', () => {
    const answer = ask(
      { map: '. . . .\n\ng . O f\n\n. . . .', tokens: { g: { size: 'large' } } },
      { type: 'flanking', target: 'O' },
    )
    expect(answer.pairs).toEqual([['f', 'g']])
  })
})

describe('visible cells and light', () => {
  it('walls and closed doors block sight; open doors do not', () => {
    const answer = ask({ map: 'v .|.\n\n. ./.' }, { type: 'visible', token: 'v' })
    expect(cellKeys(answer)).toEqual(['0,0', '1,0', '0,1', '1,1', '2,1'])
  })

  it('darkness hides cells from normal vision; darkvision sees 60 ft into it', () => {
    const map = 'v . . . . . . . . . . . . . .'
    const light = { ambient: 0 }
    expect(cellKeys(ask({ map, light }, { type: 'visible', token: 'v' }))).toEqual(['0,0'])
    const dv = cellKeys(
      ask({ map, light, tokens: { v: { vision: 'darkvision' } } }, { type: 'visible', token: 'v' }),
    )
    expect(dv.length).toBe(13)
  })

  it('in darkness still sees a far lit square, from a one-square and a large creature', () => {
    // The sweep stops at the farthest perceivable square: a torch 14 squares off must be inside.
    const row = Array(20).fill('.')
    row[1] = 'v'
    const map = `${row.join(' ')}\n\n${Array(20).fill('.').join(' ')}`
    const light = { ambient: 0, sources: [{ at: [15, 0], level: 2, radius: 5 }] }
    // An open map: every square in light (normal or dim) is in sight.
    const lit: string[] = []
    for (let y = 0; y < 2; y++) {
      for (let x = 0; x < 20; x++)
        if ((ask({ map, light }, { type: 'light', at: [x, y] }).level as number) > 0)
          lit.push(`${x},${y}`)
    }
    expect(lit).toContain('13,0')
    expect(lit.every((key) => Number(key.split(',')[0]) >= 12)).toBe(true)
    const small = cellKeys(ask({ map, light }, { type: 'visible', token: 'v' }))
    expect(small.sort()).toEqual(['1,0', ...lit].sort())
    const large = cellKeys(
      ask({ map, light, tokens: { v: { size: 'large' } } }, { type: 'visible', token: 'v' }),
    )
    expect(large.sort()).toEqual(['1,0', '1,1', '2,0', '2,1', ...lit].sort())
  })

  it('a torch: normal light 20 ft, dim 20 ft beyond; low-light vision doubles both', () => {
    const map = Array(12).fill('.').join(' ')
    const light = { ambient: 0, sources: [{ at: [0, 0], level: 2, radius: 20 }] }
    const at = (x: number, token?: string) =>
      ask(
        {
          map: token ? map.replace(/^\./, 'v') : map,
          light,
          tokens: token ? { v: { vision: token } } : {},
        },
        { type: 'light', at: [x, 0], ...(token ? { token: 'v' } : {}) },
      )
    expect(at(4)).toMatchObject({ level: 2, category: 'normal', effects: [] })
    expect(at(5)).toMatchObject({ level: 1, category: 'dim', effects: ['concealment'] })
    expect(at(9)).toMatchObject({ level: 0, category: 'dark' })
    expect(at(9, 'low-light')).toMatchObject({ level: 1 })
    expect(at(8, 'low-light')).toMatchObject({ level: 2 })
  })

  it('dnd35 names the same levels bright / shadowy / dark', () => {
    const answer = ask(
      { map: '. .', system: 'dnd35', light: { ambient: 1 } },
      { type: 'light', at: [1, 0] },
    )
    expect(answer).toMatchObject({ level: 1, category: 'shadowy' })
  })

  it('a bad vision value is a scenario error with its path', () => {
    const error = askError(
      { map: 'v .', tokens: { v: { vision: 'x-ray' } } },
      { type: 'visible', token: 'v' },
    )
    expect(error.code).toBe('invalid-scenario')
    expect(error.path).toBe('/tokens/0/vision')
  })
})

describe('spreads and bursts (002 魔法の範囲と反応セーブ)', () => {
  // Origin: the intersection (2, 2). A wall runs down the east side of column 3 for rows 0–2.
  const map = `
    . . . .|. . .
           -
    . . . .|. . .

    . . . .|. . .

    . . . A . . .

    . . . . C . .

    . . . . . . .
  `
  const area = (shape: string) => {
    const answer = ask(
      { map: map.replace('-', ' ') },
      { type: 'spread', origin: [2, 2], radius: 30, shape },
    )
    return Object.fromEntries(
      (answer.cells as { at: number[]; reflex: number }[]).map((c) => [c.at.join(','), c.reflex]),
    )
  }

  it('burst: A nothing, B behind the wall +2, C behind a creature nothing (soft), D out of line of effect unaffected', () => {
    const burst = area('burst')
    expect(burst['1,1']).toBe(0)
    // B: two of the four lines from the origin cross the wall's lower end.
    expect(burst['5,3']).toBe(2)
    expect(burst['4,4']).toBe(0)
    expect(burst['5,1']).toBeUndefined()
  })

  it('a burst stops at walls: the square right behind the wall is untouched (issue 14, 「壁によりすべての効果線が妨げられている」)', () => {
    // Its near corners lie on the wall, so no line from the origin gets into it; before, the
    // lines ending on the wall counted as clear and the burst shaded it with +2.
    expect(area('burst')['4,2']).toBeUndefined()
    expect(area('burst')['4,1']).toBeUndefined()
  })

  it('spread: it flows around the wall, so B gets no bonus and D is affected', () => {
    const spread = area('spread')
    expect(spread['4,2']).toBe(0)
    expect(spread['5,1']).toBe(0)
    expect(spread['4,4']).toBe(0)
  })

  it('a low wall the spread passes over still gives its bonus', () => {
    const answer = ask(
      { map: '. . . . .\n\n. . . . .\n\n. . . . .\n      :\n. . . . .' },
      { type: 'spread', origin: [3, 0], radius: 20 },
    )
    const cells = Object.fromEntries(
      (answer.cells as { at: number[]; reflex: number }[]).map((c) => [c.at.join(','), c.reflex]),
    )
    expect(cells['3,3']).toBeGreaterThan(0)
  })
})

describe('template answers list the creatures inside them (issue 14)', () => {
  it('a burst names every creature with a square in it, with its Reflex bonus; one behind the wall is left out', () => {
    // A at (3, 3) in the open, C at (4, 4), B right behind the wall at (4, 1): the burst from
    // (2, 2) reaches A and C, not B.
    const map = `
      . . . .|. . .

      . . . .|B . .

      . . . .|. . .

      . . . A . . .

      . . . . C . .
    `
    const answer = ask({ map }, { type: 'spread', origin: [2, 2], radius: 30, shape: 'burst' })
    expect(answer.tokens).toEqual(['A', 'C'])
    expect(answer.targets).toEqual([
      { id: 'A', reflex: 0 },
      { id: 'C', reflex: 0 },
    ])
    const spread = ask({ map }, { type: 'spread', origin: [2, 2], radius: 30, shape: 'spread' })
    expect(spread.tokens).toEqual(['A', 'B', 'C'])
  })
})
