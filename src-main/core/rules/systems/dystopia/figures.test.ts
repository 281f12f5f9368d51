// One named test per figure of the rule text (shared/seeds/001). The figures are 6 × 6 boards
// drawn two characters a square with the user on the 0 square at (2, 2). Their colours (黄色 =
// the picked square, 橙色 = the resulting squares) did not survive the text extraction; the
// sentences around them still say what the colours mark, and those sentences are what we test.
import { describe, expect, it } from 'vitest'
import type { Cell } from '../../model'
import { allCells, cellsInRange, manhattan, STANDARD_BOARD, type LineDirection } from './geometry'
import { areaCells, lineShapeCells, sceneCells, squaresCells } from './shapes'
import { ask, makeBattle } from './test-battle'

const USER: Cell = [2, 2]
const RANGE_0_3 = { min: 0, max: 3 }

/** 〈射程:0-3の場合の選べるマス 0のマスに自身がいる場合。〉 exactly as the text draws it. */
const DISTANCE_FIGURE = [
  '  3 2 3    ',
  '3 2 1 2 3  ',
  '2 1 0 1 2 3',
  '3 2 1 2 3  ',
  '  3 2 3    ',
  '    3      ',
]

function render(label: (c: Cell) => string | undefined): string[] {
  const rows: string[] = []
  for (let y = 0; y < 6; y++) {
    let row = ''
    for (let x = 0; x < 6; x++) row += (label([x, y]) ?? ' ') + ' '
    rows.push(row.trimEnd())
  }
  return rows
}

function sorted(cells: Cell[]): Cell[] {
  return [...cells].sort((a, b) => a[1] - b[1] || a[0] - b[0])
}

describe('figure: 射程 0-3 distances (Manhattan)', () => {
  it('reproduces the 0-3 figure square for square', () => {
    const inRange = new Set(cellsInRange(STANDARD_BOARD, USER, RANGE_0_3).map((c) => c.join()))
    const drawn = render((c) => (inRange.has(c.join()) ? String(manhattan(USER, c)) : undefined))
    expect(drawn).toEqual(DISTANCE_FIGURE.map((r) => r.trimEnd()))
  })

  it('answers the distance query in squares, diagonal neighbour = 2', () => {
    const battle = makeBattle([])
    expect(ask(battle, { type: 'distance', from: USER, to: [3, 3] })).toEqual({
      distance: 2,
      unit: 'squares',
    })
    expect(ask(battle, { type: 'distance', from: USER, to: [5, 2] })).toEqual({
      distance: 3,
      unit: 'squares',
    })
    expect(ask(battle, { type: 'distance', from: USER, to: [0, 0] })).toEqual({
      distance: 4,
      unit: 'squares',
    })
  })
})

describe('figure: 範囲(選択) example', () => {
  // 「下図の黄色のマスを指定した場合、同じ距離が2のマスである斜め隣のマスを入れた3マス(橙色のマス)
  // から対象を選択する。」
  it('a distance-2 pick straight ahead gives itself and its two diagonal distance-2 neighbours', () => {
    expect(areaCells(STANDARD_BOARD, USER, [2, 0])).toEqual([
      [2, 0],
      [1, 1],
      [3, 1],
    ])
  })

  it('a distance-2 pick on the diagonal gives the same kind of three', () => {
    expect(areaCells(STANDARD_BOARD, USER, [1, 1])).toEqual([
      [2, 0],
      [1, 1],
      [0, 2],
    ])
  })

  it('every distance-2 square of the figure yields 3 squares, all at distance 2', () => {
    for (const pick of cellsInRange(STANDARD_BOARD, USER, { min: 2, max: 2 })) {
      const cells = areaCells(STANDARD_BOARD, USER, pick)
      expect(cells).toHaveLength(3)
      for (const c of cells) expect(manhattan(USER, c)).toBe(2)
    }
  })

  it('the targets query lists the units standing on the three squares', () => {
    const battle = makeBattle([
      ['me', USER, 'party'],
      ['a', [1, 1], 'cult'],
      ['b', [3, 1], 'party'],
      ['far', [2, 4], 'cult'],
    ])
    expect(
      ask(battle, { type: 'targets', token: 'me', shape: 'area', range: '0-3', pick: [[2, 0]] }),
    ).toEqual({
      cells: [
        [2, 0],
        [1, 1],
        [3, 1],
      ],
      units: ['a', 'b'],
    })
  })
})

describe('figure: 場面(選択) 0-3', () => {
  it('covers exactly the numbered squares of the figure', () => {
    const numbered = allCells(STANDARD_BOARD).filter(([x, y]) => DISTANCE_FIGURE[y][2 * x] !== ' ')
    expect(sceneCells(STANDARD_BOARD, USER, RANGE_0_3)).toEqual(sorted(numbered))
    expect(numbered).toHaveLength(23)
  })
})

describe('figure: nマス指定 (2マス指定, 射程 0-3)', () => {
  it('例1: two picks whose neighbours do not meet give 6 squares', () => {
    // 「そのマスと同じ距離の斜め両隣2マスも含まれるので、橙色の6マスが指定される。」
    const cells = squaresCells(STANDARD_BOARD, USER, [
      [2, 0],
      [2, 4],
    ])
    expect(cells).toEqual([
      [2, 0],
      [1, 1],
      [3, 1],
      [1, 3],
      [3, 3],
      [2, 4],
    ])
  })

  it('例2: two picks sharing a diagonal neighbour give 5 squares (overlap counts once)', () => {
    // 「お互いに被るマスがあるため、この場合は5マスから選択したマスを対象に取る。」
    const cells = squaresCells(STANDARD_BOARD, USER, [
      [2, 0],
      [0, 2],
    ])
    expect(cells).toEqual([
      [2, 0],
      [1, 1],
      [3, 1],
      [0, 2],
      [1, 3],
    ])
  })

  it('例1: the attacker may drop squares from the six', () => {
    // 「この6マスが強制的に指定されるわけではなく、攻撃を行う側が特定のマスを対象から外すことは可能」
    const battle = makeBattle([['me', USER, 'party']])
    const answer = ask(battle, {
      type: 'targets',
      token: 'me',
      shape: 'squares',
      range: '0-3',
      n: 2,
      pick: [
        [2, 0],
        [2, 4],
      ],
      exclude: [[3, 3]],
    })
    expect(answer).toEqual({
      cells: [
        [2, 0],
        [1, 1],
        [3, 1],
        [1, 3],
        [2, 4],
      ],
      units: [],
    })
  })

  it('例2 through the targets query: 5 squares', () => {
    const battle = makeBattle([['me', USER, 'party']])
    const answer = ask(battle, {
      type: 'targets',
      token: 'me',
      shape: 'squares',
      range: '0-3',
      n: 2,
      pick: [
        [2, 0],
        [0, 2],
      ],
    }) as { cells: Cell[] }
    expect(answer.cells).toHaveLength(5)
  })
})

describe('figure: 各マス1体 lines A-H (射程 0-3)', () => {
  // The text's figure; its middle row reads "A A E E E" because the user's (blank) square was lost
  // in extraction: the A letters are west of the user and the E letters east, at steps 1-3.
  const LINE_FIGURE = ['B   C   D', '  B C D', 'A A   E E E', '  H G F', 'H   G   F', '    G     F']

  it('reproduces the figure: eight lines, diagonal steps count 1, cut by the board edge', () => {
    const letterOf = new Map<string, string>()
    for (const d of ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as LineDirection[]) {
      for (const c of lineShapeCells(STANDARD_BOARD, USER, d, { min: 1, max: 3 }))
        letterOf.set(c.join(), d)
    }
    expect(render((c) => letterOf.get(c.join()))).toEqual(LINE_FIGURE)
  })

  it('includes the user’s own square (「自身のいるマス+A~H」) when the range starts at 0', () => {
    expect(lineShapeCells(STANDARD_BOARD, USER, 'F', RANGE_0_3)).toEqual([
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
    ])
    expect(lineShapeCells(STANDARD_BOARD, USER, 'B', RANGE_0_3)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ])
  })

  it('the targets query offers every unit on the line and checks one unit a square', () => {
    const battle = makeBattle([
      ['me', USER, 'party'],
      ['a1', [3, 2], 'cult'],
      ['a2', [3, 2], 'cult'],
      ['b', [5, 2], 'beasts'],
      ['off', [3, 3], 'cult'],
    ])
    const base = { type: 'targets', token: 'me', shape: 'line', range: '0-3', direction: 'E' }
    expect(ask(battle, base)).toEqual({
      cells: [
        [2, 2],
        [3, 2],
        [4, 2],
        [5, 2],
      ],
      units: ['me', 'a1', 'a2', 'b'],
    })
    expect(ask(battle, { ...base, choose: ['b', 'a2'] })).toEqual({
      cells: [
        [2, 2],
        [3, 2],
        [4, 2],
        [5, 2],
      ],
      units: ['a2', 'b'],
    })
    expect(() => ask(battle, { ...base, choose: ['a1', 'a2'] })).toThrow(
      expect.objectContaining({ code: 'one-per-square', path: '/query/choose/1' }),
    )
  })
})
