// The straight-line modes. 疾走 (run): up to 4 × speed (3 × in heavy armour) in a straight line,
// never through difficult terrain or over obstacles, and only to a square the runner can see.
// 突撃 (charge): a straight line of at least 10 ft and at most 2 × speed to the nearest square
// from which the charger can attack the target; it must see the target, and neither the squares
// stepped through nor the lines between the centres of its start and end squares may meet
// difficult terrain, obstacles or any creature (allies included; helpless ones excepted).
//
// A straight line on the grid is the king-move line from the start square to the end square:
// after k of n = max(|dx|, |dy|) steps the space is at start + round(k·d/n), rounding halves away
// from zero, so its cost is exactly the 5/10/5 distance.
import type { Cell } from '../../model'
import { EDGE_NONE, EDGE_DOOR_OPEN, TERRAIN_DIFFICULT, TERRAIN_PIT } from '../../grid/grid'
import { centreOf, traceLine } from '../../grid/lines'
import type { Battlefield, Creature } from './creatures'
import { alternatingDiagonalFeet } from './creatures'
import type { PathAnswer, ReachCell } from './movement'
import { SIGHT_UNSEEN, seesCreature, sightMap } from './light'
import { provokesAlong } from './provokes'
import { Mover, stepFeet } from './steps'
import { threatensCreature } from './threat'
import type { PathfinderReason } from './reasons'

function roundAway(v: number): number {
  return Math.sign(v) * Math.round(Math.abs(v))
}

/** North-west positions of the king-move line from `from` to `to`, start excluded. */
export function kingLine(from: Cell, to: Cell): Cell[] {
  const dx = to[0] - from[0]
  const dy = to[1] - from[1]
  const n = Math.max(Math.abs(dx), Math.abs(dy))
  const out: Cell[] = []
  for (let k = 1; k <= n; k++)
    out.push([from[0] + roundAway((dx * k) / n), from[1] + roundAway((dy * k) / n)])
  return out
}

/** Walks a straight line; null if a step is blocked, hampered or cannot be entered. */
function walk(mover: Mover, from: Cell, to: Cell): { cell: number; cost: number }[] | null {
  const grid = mover.field.grid
  let at = from
  let parity = 0
  let cost = 0
  const steps: { cell: number; cost: number }[] = []
  for (const next of kingLine(from, to)) {
    const dx = next[0] - at[0]
    const dy = next[1] - at[1]
    const cell = grid.index(at[0], at[1])
    if (mover.stepBlocked(cell, dx, dy)) return null
    const nextCell = grid.index(next[0], next[1])
    // Running and charging never climb, jump down or cross obstacles (「移動を遅くする」).
    if (
      mover.placement(nextCell) === 0 ||
      mover.hampering(cell, dx, dy) > 0 ||
      mover.lift(cell, 0, nextCell, 0).kind !== 'level'
    )
      return null
    const step = stepFeet(dx !== 0 && dy !== 0, parity, 0)
    parity = step.parity
    cost += step.feet
    steps.push({ cell: nextCell, cost })
    at = next
  }
  return steps
}

export class StraightMove {
  private readonly options = new Map<
    number,
    { cost: number; steps: { cell: number; cost: number }[] }
  >()
  private readonly mover: Mover
  readonly start: number
  readonly failure: PathfinderReason | null = null

  constructor(
    readonly field: Battlefield,
    readonly creature: Creature,
    readonly mode: 'run' | 'charge',
    target?: Creature,
  ) {
    this.mover = new Mover(field, creature, { charging: mode === 'charge' })
    this.start = field.grid.index(creature.at[0], creature.at[1])
    if (mode === 'run') this.planRun()
    else if (target) this.failure = this.planCharge(target)
  }

  private planRun(): void {
    const { field, creature, mover } = this
    const grid = field.grid
    const multiplier = creature.heavyArmor
      ? field.rules.heavyArmorRunMultiplier
      : field.rules.runMultiplier
    const budget = multiplier * creature.speed
    const span = Math.floor(budget / 5)
    const sight = sightMap(field, creature)
    const [x0, y0] = creature.at
    for (let y = Math.max(0, y0 - span); y <= Math.min(grid.height - 1, y0 + span); y++) {
      for (let x = Math.max(0, x0 - span); x <= Math.min(grid.width - 1, x0 + span); x++) {
        if ((x === x0 && y === y0) || alternatingDiagonalFeet([x0, y0], [x, y]) > budget) continue
        const cell = grid.index(x, y)
        if (mover.placement(cell) !== 2) continue
        if (field.spaceCells(creature, [x, y]).some((c) => sight[c] === SIGHT_UNSEEN)) continue
        const steps = walk(mover, [x0, y0], [x, y])
        if (steps) this.options.set(cell, { cost: steps[steps.length - 1].cost, steps })
      }
    }
  }

  /** Returns why the charge is impossible, or null when some end square is legal. */
  private planCharge(target: Creature): PathfinderReason | null {
    const { field, creature, mover } = this
    const grid = field.grid
    if (target === creature) return 'charge-self'
    if (!seesCreature(field, creature, target)) return 'charge-target-unseen'
    const span = Math.ceil(creature.reach / 5) + creature.side
    const terrainOnly = new Mover(field, { ...creature, subSquare: true, sizeIndex: -10 })
    let nearest = Infinity
    const candidates: { cell: number; feet: number }[] = []
    for (let y = target.at[1] - span; y <= target.at[1] + target.side - 1 + span; y++) {
      for (let x = target.at[0] - span; x <= target.at[0] + target.side - 1 + span; x++) {
        if (!grid.inBounds(x, y)) continue
        const cell = grid.index(x, y)
        if (
          terrainOnly.placement(cell) === 0 ||
          !threatensCreature(field, creature, target, [x, y])
        )
          continue
        const feet = alternatingDiagonalFeet(creature.at, [x, y])
        candidates.push({ cell, feet })
        nearest = Math.min(nearest, feet)
      }
    }
    if (nearest === Infinity) return 'charge-no-square-to-attack-from'
    if (nearest === 0) return 'charge-already-adjacent'
    if (nearest < 10) return 'charge-too-short'
    // 「1回の標準アクションしか行えないような制限を受けている状況でも、突撃を行なうことはできる。ただし、
    // その際の移動は君の移動速度分の距離まで」.
    if (nearest > (creature.oneActionARound ? 1 : 2) * creature.speed) return 'charge-too-far'
    for (const { cell, feet } of candidates) {
      if (feet !== nearest || mover.placement(cell) !== 2) continue
      const end = grid.cellOf(cell)
      const steps = walk(mover, creature.at, end)
      if (steps && this.linesClear(end)) this.options.set(cell, { cost: feet, steps })
    }
    return this.options.size > 0 ? null : 'charge-line-blocked'
  }

  /** The lines between the centres of matching squares of the start and end spaces cross nothing that stops a charge. */
  private linesClear(end: Cell): boolean {
    const { field, creature } = this
    const grid = field.grid
    const own = new Set([
      ...field.spaceCells(creature, creature.at),
      ...field.spaceCells(creature, end),
    ])
    const hinders = (cell: number) =>
      (grid.terrain[cell] === TERRAIN_DIFFICULT && !creature.unhindered) ||
      (grid.terrain[cell] === TERRAIN_PIT && !creature.flying) ||
      field.occupantsOf(cell).some((o) => o !== creature && !o.helpless)
    for (let j = 0; j < creature.side; j++) {
      for (let i = 0; i < creature.side; i++) {
        const from = centreOf([creature.at[0] + i, creature.at[1] + j])
        const to = centreOf([end[0] + i, end[1] + j])
        const stopped = traceLine(
          grid,
          from,
          to,
          (o, contact) => {
            if (contact !== 'cross') return false
            if (o.type === 'edge') return o.code !== EDGE_NONE && o.code !== EDGE_DOOR_OPEN
            if (o.type === 'cell') return !own.has(o.cell)
            return true
          },
          { occupied: (cell) => !own.has(cell) && hinders(cell) },
        )
        if (stopped) return false
      }
    }
    return true
  }

  reach(): ReachCell[] {
    return [...this.options.entries()]
      .map(([cell, o]) => ({ cell, cost: o.cost }))
      .sort((a, b) => a.cell - b.cell)
  }

  path(to: number): PathAnswer {
    const option = this.options.get(to)
    if (!option) {
      const reason: PathfinderReason =
        this.failure ?? (this.mode === 'run' ? 'no-straight-run' : 'charge-not-end-square')
      return { reachable: false, reason }
    }
    const provokes = provokesAlong(this.field, this.creature, this.mode, [
      this.start,
      ...option.steps.map((s) => s.cell),
    ])
    return { reachable: true, cost: option.cost, steps: option.steps, provokes }
  }
}
