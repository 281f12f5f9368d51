import { describe, it } from 'vitest'
import fc from 'fast-check'
import type { MapSpec, TokenSpec } from '../../model'
import { Grid } from '../../grid/grid'
import type { Battle } from '../../system'
import { Battlefield, alternatingDiagonalFeet, feetForOffset } from './creatures'
import { coverBetween, placementOf } from './cover'
import { crossesOppositeSides, flanks } from './flanking'
import { MoveSearch } from './movement'
import { PATHFINDER_RULES } from './rules'
import { threatenedCells } from './threat'
import type { EdgeSpec } from '../../model'

function field(map: MapSpec, tokens: TokenSpec[]): Battlefield {
  const battle: Battle = {
    system: 'pathfinder',
    grid: Grid.fromSpec(map),
    tokens,
    tokenById: new Map(tokens.map((t) => [t.id, t])),
    scenario: { map, tokens },
  }
  return new Battlefield(battle, PATHFINDER_RULES)
}

const RANK = { none: 0, partial: 1, cover: 2, total: 3 } as const

describe('properties', () => {
  it('a 5/10/5 distance never exceeds the 1.5× diagonal bound by more than 5 ft, nor falls below Euclidean by more', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.nat(200), (dx, dy) => {
        const feet = feetForOffset(dx, dy)
        const bound = 5 * (Math.max(dx, dy) + 0.5 * Math.min(dx, dy))
        const euclid = 5 * Math.hypot(dx, dy)
        return feet <= bound && feet > bound - 5 && feet <= 1.5 * euclid + 5 && feet >= euclid - 5
      }),
    )
  })

  it('on an open map the searched cost is the 5/10/5 distance; walls only ever add to it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })), {
          maxLength: 12,
        }),
        (x, y, solids) => {
          const token: TokenSpec = { id: 'f', at: [x, y], faction: 'p', move: 200 }
          const open = new MoveSearch(
            field({ width: 10, height: 10 }, [token]),
            field({ width: 10, height: 10 }, [token]).creatures[0],
            'move',
          )
          for (const { cell, cost } of open.reach())
            if (cost !== alternatingDiagonalFeet([x, y], [cell % 10, Math.floor(cell / 10)]))
              return false
          const cells = solids
            .filter(([sx, sy]) => sx !== x || sy !== y)
            .map(([sx, sy]) => ({ at: [sx, sy] as [number, number], terrain: 'solid' as const }))
          const walled = field({ width: 10, height: 10, cells }, [token])
          for (const { cell, cost } of new MoveSearch(
            walled,
            walled.creatures[0],
            'move',
          ).reach()) {
            if (cost < alternatingDiagonalFeet([x, y], [cell % 10, Math.floor(cell / 10)]))
              return false
          }
          return true
        },
      ),
      { numRuns: 60 },
    )
  })

  it('cover with a wall is never less than without it', () => {
    const cell = fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }))
    fc.assert(
      fc.property(
        cell,
        cell,
        cell,
        fc.boolean(),
        fc.constantFrom('ranged' as const, 'melee' as const),
        (a, t, w, east, attack) => {
          if (a[0] === t[0] && a[1] === t[1]) return true
          const tokens: TokenSpec[] = [
            { id: 'a', at: a, faction: 'p' },
            { id: 't', at: t, faction: 'e' },
          ]
          const other: [number, number] = east ? [w[0] + 1, w[1]] : [w[0], w[1] + 1]
          if (other[0] > 5 || other[1] > 5) return true
          const bare = field({ width: 6, height: 6 }, tokens)
          const walled = field(
            { width: 6, height: 6, edges: [{ between: [w, other], kind: 'wall' }] },
            tokens,
          )
          const before = coverBetween(
            bare,
            placementOf(bare.creatures[0]),
            placementOf(bare.creatures[1]),
            attack,
          ).cover
          const after = coverBetween(
            walled,
            placementOf(walled.creatures[0]),
            placementOf(walled.creatures[1]),
            attack,
          ).cover
          return RANK[after] >= RANK[before]
        },
      ),
      { numRuns: 300 },
    )
  })

  it('flanking is symmetric between the two allies', () => {
    const cell = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }))
    fc.assert(
      fc.property(cell, cell, cell, fc.boolean(), (a, b, t, large) => {
        const targetSide = large ? 2 : 1
        const clash = (p: number[], q: number[]) => p[0] === q[0] && p[1] === q[1]
        if (clash(a, b) || clash(a, t) || clash(b, t) || t[0] > 5 || t[1] > 5) return true
        if (crossesOppositeSides(a, b, t, targetSide) !== crossesOppositeSides(b, a, t, targetSide))
          return false
        const f = field({ width: 7, height: 7 }, [
          { id: 'a', at: a, faction: 'p' },
          { id: 'b', at: b, faction: 'p' },
          { id: 't', at: t, faction: 'e', size: large ? 'large' : 'medium' },
        ])
        const [ca, cb, ct] = f.creatures
        return flanks(f, ca, cb, ct) === flanks(f, cb, ca, ct)
      }),
      { numRuns: 300 },
    )
  })

  it('threat is distance plus line of effect: a square is threatened exactly when it is within reach and an attack there has no total cover (issue 14)', () => {
    // The property the open-door bug broke: squares beside a door, nearer than a threatened one,
    // were not threatened because distance was counted along the walk through the door.
    const side = 7
    const cell = fc.tuple(
      fc.integer({ min: 0, max: side - 1 }),
      fc.integer({ min: 0, max: side - 1 }),
    )
    const edge = fc.record({
      at: cell,
      east: fc.boolean(),
      kind: fc.constantFrom('wall', 'wall', 'open', 'closed'),
    })
    fc.assert(
      fc.property(
        cell,
        fc.array(edge, { maxLength: 14 }),
        fc.array(cell, { maxLength: 3 }),
        fc.constantFrom('large', 'reach', 'medium'),
        (at, walls, solids, who) => {
          const large = who === 'large'
          if (at[0] + (large ? 1 : 0) >= side || at[1] + (large ? 1 : 0) >= side) return true
          const edges: EdgeSpec[] = []
          for (const w of walls) {
            const other: [number, number] = w.east ? [w.at[0] + 1, w.at[1]] : [w.at[0], w.at[1] + 1]
            if (other[0] >= side || other[1] >= side) continue
            edges.push(
              w.kind === 'wall'
                ? { between: [w.at, other], kind: 'wall' }
                : { between: [w.at, other], kind: 'door', state: w.kind as 'open' | 'closed' },
            )
          }
          const space = (c: number[]) =>
            c[0] >= at[0] &&
            c[1] >= at[1] &&
            c[0] <= at[0] + (large ? 1 : 0) &&
            c[1] <= at[1] + (large ? 1 : 0)
          const cells = solids
            .filter((c) => !space(c))
            .map((c) => ({ at: c as [number, number], terrain: 'solid' as const }))
          const attacker: TokenSpec = {
            id: 'O',
            at,
            faction: 'e',
            size: large ? 'large' : 'medium',
            ...(who === 'reach' ? { reach: 10 } : {}),
          }
          const raw = {
            map: { width: side, height: side, cells, edges },
            tokens: [who === 'reach' ? { ...attacker, reachWeapon: true } : attacker],
          }
          const battle: Battle = {
            system: 'pathfinder',
            grid: Grid.fromSpec(raw.map),
            tokens: [attacker],
            tokenById: new Map([['O', attacker]]),
            scenario: raw,
          }
          const f = new Battlefield(battle, PATHFINDER_RULES)
          const ogre = f.creatures[0]
          const threat = threatenedCells(f, ogre)
          for (let y = 0; y < side; y++) {
            for (let x = 0; x < side; x++) {
              if (space([x, y]) || f.grid.isSolid(f.grid.index(x, y))) continue
              const gx = Math.max(0, at[0] - x, x - (at[0] + ogre.side - 1))
              const gy = Math.max(0, at[1] - y, y - (at[1] + ogre.side - 1))
              const feet = feetForOffset(gx, gy)
              const inReach =
                (feet <= ogre.reach || (ogre.reach === 10 && Math.max(gx, gy) === 2)) &&
                !(ogre.reachWeapon && feet <= ogre.naturalReach)
              // An attack into the square: a Medium dummy there, cover as for a reach attack (lines
              // from any corner of the space), decision 1 for a diagonal neighbour.
              const dummy = { ...ogre, id: 'dummy', side: 1, naturalReach: 5 }
              const lines = coverBetween(
                f,
                { creature: { ...ogre, naturalReach: Math.max(10, ogre.naturalReach) }, at },
                { creature: dummy, at: [x, y] },
                'melee',
              )
              let open = lines.cover !== 'total'
              if (gx === 1 && gy === 1) {
                const nx = x < at[0] ? at[0] : at[0] + ogre.side - 1
                const ny = y < at[1] ? at[1] : at[1] + ogre.side - 1
                open = open && !f.grid.cornerBlocked(nx, ny, x - nx, y - ny)
              }
              if (threat.has(f.grid.index(x, y)) !== (inReach && open)) return false
            }
          }
          return true
        },
      ),
      { numRuns: 150 },
    )
  })
})
