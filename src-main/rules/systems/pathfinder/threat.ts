// 機会攻撃範囲 (threatened squares): the squares a creature can make a melee attack into.
//
// Distance is counted 5/10/5 from the nearest square of the creature's space, through the grid:
// threat never reaches across a wall or closed door nor diagonally past a blocked corner (spec
// decision 2), and never into solid rock. A reach weapon threatens only beyond the natural reach
// (中型が間合いのある武器を使うと隣接マスは機会攻撃範囲に入らない); natural reach threatens
// everything within it. Exactly 10 ft of reach also takes the second diagonal (the Core
// Rulebook's reach diagram: the whole ring of 16 squares around a Medium creature), though
// 5/10/5 counts those corners as 15 ft.
import type { Cell } from '../../model'
import { EIGHT_DIRECTIONS, TERRAIN_SOLID } from '../../grid/grid'
import { leastCostSearch } from '../../grid/search'
import type { Battlefield, Creature } from './creatures'
import { feetForOffset, spaceGap } from './creatures'

const cache = new WeakMap<Battlefield, Map<string, ReadonlySet<number>>>()

/** Whether a creature can threaten at all: 0 ft reach and helpless creatures threaten nothing. */
export function canThreaten(creature: Creature): boolean {
  return creature.reach > 0 && !creature.helpless
}

/** Cell indices the creature threatens if its space's north-west square is `at` (its own space excluded). */
export function threatenedCells(field: Battlefield, creature: Creature, at: Cell = creature.at): ReadonlySet<number> {
  let perField = cache.get(field)
  if (!perField) {
    perField = new Map()
    cache.set(field, perField)
  }
  const key = `${creature.index}:${at[0]},${at[1]}`
  const hit = perField.get(key)
  if (hit) return hit
  const result = computeThreat(field, creature, at)
  perField.set(key, result)
  return result
}

function computeThreat(field: Battlefield, creature: Creature, at: Cell): ReadonlySet<number> {
  const out = new Set<number>()
  if (!canThreaten(creature)) return out
  const grid = field.grid
  const width = grid.width
  const own = new Set(field.spaceCells(creature, at))
  const ringException = creature.reach === 10
  const search = leastCostSearch({
    cellCount: grid.size,
    states: 2,
    starts: [...own].map((cell) => ({ cell })),
    maxCost: creature.reach + (ringException ? 5 : 0),
    expand(cell, parity, _cost, emit) {
      const x = cell % width
      const y = (cell - x) / width
      for (const [dx, dy] of EIGHT_DIRECTIONS) {
        const nx = x + dx
        const ny = y + dy
        if (!grid.inBounds(nx, ny) || grid.stepBlocked(x, y, dx, dy)) continue
        const next = ny * width + nx
        if (grid.terrain[next] === TERRAIN_SOLID) continue
        const diagonal = dx !== 0 && dy !== 0
        emit(next, diagonal ? 1 - parity : parity, diagonal && parity === 1 ? 10 : 5, 0)
      }
    },
  })
  for (const { cell, cost } of search.reach()) {
    if (own.has(cell)) continue
    const [gx, gy] = spaceGap(at, creature.side, grid.cellOf(cell), 1)
    const straight = feetForOffset(gx, gy)
    const inReach = cost <= creature.reach || (ringException && cost === straight && Math.max(gx, gy) === 2)
    if (!inReach) continue
    if (creature.reachWeapon && straight <= creature.naturalReach) continue
    out.add(cell)
  }
  return out
}

/** Whether `creature` (at its place) threatens any square of `target`'s space. */
export function threatensCreature(field: Battlefield, creature: Creature, target: Creature, at: Cell = creature.at): boolean {
  const threat = threatenedCells(field, creature, at)
  return field.spaceCells(target, target.at).some((cell) => threat.has(cell))
}
