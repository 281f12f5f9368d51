// 無理矢理入り込む (003 地形と障害物): at least half as wide, each square counts as two, −4 attack
// and −4 AC while squeezed, big creatures cannot squeeze past corners, may pass enemies but not
// end in occupied squares.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { TokenSpec } from '../../model'
import { Grid } from '../../grid/grid'
import type { Battle } from '../../system'
import { Battlefield, alternatingDiagonalFeet } from './creatures'
import { MoveSearch } from './movement'
import { PATHFINDER_RULES } from './rules'
import { ask, reachMap } from './test-support'

interface Step {
  at: [number, number]
  cost: number
  squeeze?: boolean
  space?: [number, number]
}

// A 1-square corridor (row 1, x 2..4) between two rooms 3 squares high.
const corridor = `
  . . # # # . .

  . . . . . . .

  . . # # # . .
`
const large = (extra: Record<string, unknown> = {}) => ({
  O: { size: 'large', move: 30, faction: 'party', ...extra },
})

describe('squeezing through a narrow space (無理矢理入り込む)', () => {
  it('a Large creature passes a 1-square corridor squeezed, each square counting as two', () => {
    const path = ask(
      { map: corridor.replace('. . # # # . .', 'O . # # # . .'), tokens: large() },
      { type: 'path', token: 'O', to: [5, 0], mode: 'double' },
    )
    expect(path.reachable).toBe(true)
    const steps = path.steps as Step[]
    // In: 10 ft a square for 4 squeezed steps, then out into the far room: 5 ft.
    expect(steps.map((s) => s.cost)).toEqual([10, 20, 30, 40, 45])
    expect(
      steps.slice(0, 4).every((s) => s.squeeze === true && s.space?.[0] === 2 && s.space[1] === 1),
    ).toBe(true)
    expect(steps[4].squeeze).toBeUndefined()
    expect(path.penalties).toBeUndefined()
  })

  it('the same corridor is closed to a Large creature in a single move of 30 ft beyond its middle', () => {
    const answer = ask(
      { map: corridor.replace('. . # # # . .', 'O . # # # . .'), tokens: large() },
      { type: 'reach', token: 'O', mode: 'move' },
    )
    const cells = answer.cells as Step[]
    expect(reachMap(answer)['5,0']).toBeUndefined()
    expect(cells.find((c) => c.at[0] === 3 && c.at[1] === 1)).toMatchObject({
      cost: 30,
      squeeze: true,
      space: [2, 1],
    })
  })

  it('a move that ends squeezed takes −4 on attack rolls and −4 to AC', () => {
    const path = ask(
      { map: corridor.replace('. . # # # . .', 'O . # # # . .'), tokens: large() },
      { type: 'path', token: 'O', to: [2, 1], mode: 'move' },
    )
    expect(path).toMatchObject({
      reachable: true,
      cost: 20,
      squeeze: true,
      space: [2, 1],
      penalties: { attack: -4, ac: -4 },
    })
  })

  it('where the full space fits, the move ends unsqueezed', () => {
    const path = ask(
      { map: corridor.replace('. . # # # . .', 'O . # # # . .'), tokens: large() },
      { type: 'path', token: 'O', to: [0, 1], mode: 'move' },
    )
    expect(path).toMatchObject({ reachable: true, cost: 5 })
    expect(path.squeeze).toBeUndefined()
    expect((path.steps as Step[]).some((s) => s.squeeze)).toBe(false)
  })

  it('squeezing doubles on top of difficult terrain: ×4 for that square', () => {
    const map = corridor.replace('. . # # # . .', 'O . # # # . .')
    const plain = ask(
      { map, tokens: large() },
      { type: 'path', token: 'O', to: [3, 1], mode: 'double' },
    )
    const rough = ask(
      { map, tokens: large(), cells: [{ at: [4, 1], terrain: 'difficult' }] },
      { type: 'path', token: 'O', to: [3, 1], mode: 'double' },
    )
    expect(plain.cost).toBe(30)
    expect(rough.cost).toBe(40) // the last step enters (4, 1): 5 ft × 2 (squeeze) × 2 (difficult)
  })

  it('a Huge creature squeezes into a 2-square corridor but not into a 1-square one (narrower than half needs 〈脱出術〉)', () => {
    const wide = `
      O . . # # # . . .

      . . . . . . . . .

      . . . . . . . . .

      . . . # # # . . .
    `
    const huge = { O: { size: 'huge', move: 40 } }
    const through = ask(
      { map: wide, tokens: huge },
      { type: 'path', token: 'O', to: [6, 0], mode: 'double' },
    )
    expect(through.reachable).toBe(true)
    expect(
      (through.steps as Step[]).some((s) => s.squeeze && s.space?.[0] === 3 && s.space[1] === 2),
    ).toBe(true)
    const narrow = wide.replace(
      '. . . . . . . . .\n\n      . . . . . . . . .',
      '. . . . . . . . .\n\n      . . . # # # . . .',
    )
    const blocked = ask(
      { map: narrow, tokens: huge },
      { type: 'path', token: 'O', to: [6, 0], mode: 'double' },
    )
    expect(blocked.reachable).toBe(false)
  })

  it('big creatures cannot squeeze past corners: a diagonal gap stays closed', () => {
    const map = `
      O . # # #

      . . # # #

      # # . . .

      # # . . .
    `
    const answer = reachMap(
      ask({ map, tokens: large({ move: 60 }) }, { type: 'reach', token: 'O', mode: 'double' }),
    )
    expect(Object.keys(answer).filter((k) => Number(k.split(',')[0]) >= 2)).toEqual([])
  })

  it('a creature may squeeze past an enemy (provoking it) but not end in its square', () => {
    const map = `
      O . . . . .

      . . . E . .
    `
    const path = ask(
      { map, tokens: large() },
      { type: 'path', token: 'O', to: [4, 0], mode: 'double' },
    )
    expect(path).toMatchObject({ reachable: true, cost: 30, provokes: ['E'] })
    expect((path.steps as Step[]).filter((s) => s.squeeze).map((s) => s.at)).toEqual([
      [2, 0],
      [3, 0],
    ])
    const onEnemy = reachMap(
      ask({ map, tokens: large() }, { type: 'reach', token: 'O', mode: 'double' }),
    )
    expect(onEnemy['3,0']).toBe(25) // squeezed beside it, in row 0
    expect(onEnemy['2,1']).toBeUndefined()
    expect(onEnemy['3,1']).toBeUndefined()
  })

  it('Medium and smaller creatures never squeeze on the grid (half a square is not a grid space)', () => {
    const answer = ask(
      { map: corridor.replace('. . # # # . .', 'f . # # # . .'), tokens: { f: { move: 30 } } },
      { type: 'reach', token: 'f', mode: 'double' },
    )
    expect((answer.cells as Step[]).some((c) => c.squeeze)).toBe(false)
    expect(reachMap(answer)['4,1']).toBe(20)
  })
})

describe('squeezing properties', () => {
  const solidsArb = fc.array(
    fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 })),
    { maxLength: 18 },
  )
  const mapOf = (solids: [number, number][]) => {
    const rows = Array.from({ length: 8 }, () => Array.from({ length: 8 }, () => '.'))
    for (const [x, y] of solids) if (x > 1 || y > 1) rows[y][x] = '#'
    rows[0][0] = 'O'
    return rows.map((r) => r.join(' ')).join('\n\n')
  }

  it('squeezing never beats walking: on an open map every square the full space fits is reached unsqueezed at its 5/10/5 distance', () => {
    const answer = ask(
      { map: mapOf([]), tokens: large({ move: 60 }) },
      { type: 'reach', token: 'O', mode: 'move' },
    )
    for (const c of answer.cells as Step[]) {
      if (c.at[0] <= 6 && c.at[1] <= 6) {
        expect(c.squeeze).toBeUndefined()
        expect(c.cost).toBe(alternatingDiagonalFeet([0, 0], c.at))
      } else {
        expect(c.squeeze).toBe(true) // against the map's edge only a squeezed space fits
      }
    }
  })

  it('every reach square has a path of the same cost that ends squeezed exactly when the reach says so', () => {
    fc.assert(
      fc.property(solidsArb, (solids) => {
        const cells = solids
          .filter(([x, y]) => x > 1 || y > 1)
          .map(([x, y]) => ({ at: [x, y] as [number, number], terrain: 'solid' as const }))
        const map = { width: 8, height: 8, cells }
        const tokens: TokenSpec[] = [{ id: 'O', at: [0, 0], faction: 'p', size: 'large', move: 25 }]
        const battle: Battle = {
          system: 'pathfinder',
          grid: Grid.fromSpec(map),
          tokens,
          tokenById: new Map(tokens.map((t) => [t.id, t])),
          scenario: { map, tokens },
        }
        const field = new Battlefield(battle, PATHFINDER_RULES)
        const search = new MoveSearch(field, field.creatures[0], 'double')
        for (const c of search.reach()) {
          const path = search.path(c.cell)
          if (!path.reachable || path.cost !== c.cost) return false
          if (JSON.stringify(path.squeezed) !== JSON.stringify(c.squeezed)) return false
          if (path.steps.some((s, i) => i > 0 && s.cost < path.steps[i - 1].cost)) return false
        }
        return true
      }),
      { numRuns: 60 },
    )
  })

  it('the search window the budget allows never cuts a reach set (Large and Gargantuan, squeezing)', () => {
    const cell = fc.tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 15 }))
    fc.assert(
      fc.property(
        fc.array(cell, { maxLength: 60 }),
        cell,
        fc.constantFrom('large' as const, 'gargantuan' as const),
        fc.constantFrom(10, 20, 30),
        (solids, at, size, move) => {
          const side = size === 'large' ? 2 : 4
          const start: [number, number] = [Math.min(at[0], 16 - side), Math.min(at[1], 16 - side)]
          const inSpace = (x: number, y: number) =>
            x >= start[0] && y >= start[1] && x < start[0] + side && y < start[1] + side
          const cells = solids
            .filter(([x, y]) => !inSpace(x, y))
            .map(([x, y]) => ({ at: [x, y] as [number, number], terrain: 'solid' as const }))
          const map = { width: 16, height: 16, cells }
          const tokens: TokenSpec[] = [{ id: 'O', at: start, faction: 'p', size, move }]
          const battle: Battle = {
            system: 'pathfinder',
            grid: Grid.fromSpec(map),
            tokens,
            tokenById: new Map(tokens.map((t) => [t.id, t])),
            scenario: { map, tokens },
          }
          const field = new Battlefield(battle, PATHFINDER_RULES)
          const windowed = new MoveSearch(field, field.creatures[0], 'double').reach()
          const whole = new MoveSearch(field, field.creatures[0], 'double', {
            wholeMap: true,
          }).reach()
          return JSON.stringify(windowed) === JSON.stringify(whole)
        },
      ),
      { numRuns: 40 },
    )
  })
})

describe('〈脱出術〉: narrower than half the space (issue 14)', () => {
  // A Huge creature (3 × 3) and a gap one square wide: half its width is 7.5 ft, the gap is 5 ft.
  const map = `
    . . . . . . .

    . . . . . . .

    . . . . . . .

    # # # . # # #

    . . . . . . .

    . . . . . . .

    . . . . . . .
  `
  const tokens = { H: { at: [2, 0], size: 'huge', move: 60, faction: 'party' } }

  it('「自分の接敵面の半分より幅の狭い場所に対し、無理矢理入り込むことによって通過したり侵入したりする場合には、〈脱出術〉判定が必要である」', () => {
    expect(
      ask({ map, tokens }, { type: 'path', token: 'H', to: [2, 4], mode: 'double' }).reachable,
    ).toBe(false)
    const path = ask(
      { map, tokens },
      { type: 'path', token: 'H', to: [2, 4], mode: 'double', escapeArtist: true },
    )
    expect(path.reachable).toBe(true)
    const checks = path.checks as { kind: string }[]
    expect(checks).toHaveLength(1)
    expect(checks[0]).toMatchObject({
      kind: 'escape-artist',
      ability: 'AGI',
      skill: 'escape-artist',
    })
    const steps = path.steps as { escapeArtist?: boolean; space?: number[] }[]
    expect(steps.some((s) => s.escapeArtist && s.space?.includes(1))).toBe(true)
  })

  it('ending squeezed narrower than half: 「攻撃を行うことができず、ACに-4のペナルティを被り、ACに対する【敏捷力】ボーナスを失う」', () => {
    const path = ask(
      { map, tokens },
      { type: 'path', token: 'H', to: [2, 2], mode: 'double', escapeArtist: true },
    )
    expect(path).toMatchObject({
      reachable: true,
      squeeze: true,
      penalties: { canAttack: false, ac: -4, dexToAc: 'lost' },
    })
  })
})
