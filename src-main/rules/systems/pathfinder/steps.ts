// One step of tactical movement (戦闘時の移動): where a creature's space may be, what a step
// costs, and which creatures it may pass. Shared by the searched modes (move, double, withdraw,
// 5-foot step) and the straight-line ones (run, charge).
//
// Cost: 5 ft a square, every second diagonal 10 ft. A step is hampered (移動の支障) once for
// difficult terrain anywhere in the space it enters and once for crossing a low wall (障害物);
// each hampering doubles the cost, and doubled costs stack as ×2, ×4, ×8 (2重に2倍 = 4マス, not 3):
// a hampered orthogonal step costs 5·2^k ft and a hampered diagonal 15·2^(k−1) ft. A hampered
// diagonal counts as the pair of ordinary diagonals it equals (3マス = 1 + 2), so it leaves the
// 5/10/5 alternation where it was.
import type { Cell } from '../../model'
import { EDGE_LOW_WALL, TERRAIN_DIFFICULT, TERRAIN_PIT, TERRAIN_SOLID, edgeBlocksMovement } from '../../grid/grid'
import type { Battlefield, Creature } from './creatures'

export interface StepOptions {
  /** Charging: allies block too (突撃中は仲間のマスも通過できない). */
  charging?: boolean
}

export class Mover {
  readonly width: number
  private readonly validCache = new Map<number, number>()

  constructor(
    readonly field: Battlefield,
    readonly creature: Creature,
    readonly options: StepOptions = {},
  ) {
    this.width = field.grid.width
  }

  get side(): number {
    return this.creature.side
  }

  /** Whether the occupant's square can be passed through by this creature. */
  canPass(occupant: Creature): boolean {
    if (occupant === this.creature || occupant.helpless) return true
    if (this.field.areAllies(occupant, this.creature)) return !this.options.charging
    if (this.options.charging) return false
    return this.creature.subSquare || Math.abs(occupant.sizeIndex - this.creature.sizeIndex) >= 3
  }

  /** Passing through an enemy's square (tiny creatures, 3 size categories apart) provokes from it. */
  passingProvokes(occupant: Creature): boolean {
    return occupant !== this.creature && !occupant.helpless && !this.field.areAllies(occupant, this.creature)
  }

  /**
   * 0 = the space cannot be here, 1 = it can pass through, 2 = it can also end here
   * (no creature but helpless ones in it: 移動の終了).
   */
  placement(cell: number): number {
    const cached = this.validCache.get(cell)
    if (cached !== undefined) return cached
    const value = this.computePlacement(cell)
    this.validCache.set(cell, value)
    return value
  }

  private computePlacement(nw: number): number {
    const { grid } = this.field
    const x0 = nw % this.width
    const y0 = (nw - x0) / this.width
    const s = this.side
    if (x0 + s > grid.width || y0 + s > grid.height) return 0
    let end = true
    for (let dy = 0; dy < s; dy++) {
      for (let dx = 0; dx < s; dx++) {
        const cell = nw + dy * this.width + dx
        const terrain = grid.terrain[cell]
        if (terrain === TERRAIN_SOLID) return 0
        if (terrain === TERRAIN_PIT && !this.creature.flying) return 0
        if (dx + 1 < s && edgeBlocksMovement(grid.eastEdge[cell])) return 0
        if (dy + 1 < s && edgeBlocksMovement(grid.southEdge[cell])) return 0
        for (const occupant of this.field.occupantsOf(cell)) {
          if (occupant === this.creature) continue
          if (!this.canPass(occupant)) return 0
          if (!occupant.helpless) end = false
        }
      }
    }
    return end ? 2 : 1
  }

  /** Whether the step from north-west square `from` by (dx, dy) is blocked by walls, doors or corners (decision 1) for any square of the space. */
  stepBlocked(from: number, dx: number, dy: number): boolean {
    const { grid } = this.field
    const x0 = from % this.width
    const y0 = (from - x0) / this.width
    const s = this.side
    if (!grid.inBounds(x0 + dx, y0 + dy)) return true
    for (let j = 0; j < s; j++) {
      for (let i = 0; i < s; i++) {
        // Only squares on the leading sides can meet an edge or corner outside the space.
        const leadingX = dx === 1 ? i === s - 1 : dx === -1 && i === 0
        const leadingY = dy === 1 ? j === s - 1 : dy === -1 && j === 0
        if (!leadingX && !leadingY) continue
        if (grid.stepBlocked(x0 + i, y0 + j, dx, dy)) return true
      }
    }
    return false
  }

  /** Number of hamperings (difficult terrain entered, low wall crossed) of a step; flying ignores both. */
  hampering(from: number, dx: number, dy: number): number {
    if (this.creature.flying) return 0
    const { grid } = this.field
    const s = this.side
    const to = from + dy * this.width + dx
    let difficult = 0
    let lowWall = 0
    for (let j = 0; j < s; j++) {
      for (let i = 0; i < s; i++) {
        if (grid.terrain[to + j * this.width + i] === TERRAIN_DIFFICULT) difficult = 1
        if (!lowWall && this.crossesLowWall(from + j * this.width + i, dx, dy)) lowWall = 1
      }
    }
    return difficult + lowWall
  }

  /** A diagonal crosses a low wall when both orthogonal detours around its corner would. */
  private crossesLowWall(cell: number, dx: number, dy: number): boolean {
    const { grid } = this.field
    const x = cell % this.width
    const y = (cell - x) / this.width
    const low = (ax: number, ay: number, ex: number, ey: number) => grid.edgeOnSide(ax, ay, ex, ey) === EDGE_LOW_WALL
    if (dx === 0 || dy === 0) return low(x, y, dx, dy)
    const viaX = low(x, y, dx, 0) || low(x + dx, y, 0, dy)
    const viaY = low(x, y, 0, dy) || low(x, y + dy, dx, 0)
    return viaX && viaY
  }
}

/** Feet of one step and the diagonal parity after it (parity 1: the next diagonal costs 10). */
export function stepFeet(diagonal: boolean, parity: number, hampering: number): { feet: number; parity: number } {
  if (hampering === 0) {
    if (!diagonal) return { feet: 5, parity }
    return { feet: parity === 1 ? 10 : 5, parity: 1 - parity }
  }
  const factor = 2 ** hampering
  return diagonal ? { feet: 15 * (factor / 2), parity } : { feet: 5 * factor, parity }
}

export function cellAt(field: Battlefield, cell: number): Cell {
  return field.grid.cellOf(cell)
}
