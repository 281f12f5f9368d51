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
import {
  EDGE_LOW_WALL,
  TERRAIN_DIFFICULT,
  TERRAIN_PIT,
  TERRAIN_SOLID,
  edgeBlocksMovement,
} from '../../grid/grid'
import type { Battlefield, Creature } from './creatures'

export interface StepOptions {
  /** Charging: allies block too (突撃中は仲間のマスも通過できない). */
  charging?: boolean
  /** Down a drop of 5 ft or more: climb down (default) or jump down (a fall). */
  descend?: 'climb' | 'jump'
  /** 登攀速度の上昇: climb at half speed with −5 on the Climb check (default: a quarter of speed). */
  fastClimb?: boolean
  /**
   * Passing enemies' squares: 〈軽業〉 (「敵が占めているマス目を〈軽業〉技能を使用して通過しようと試
   * みることができる」, at half speed) or 蹴散らし (overrun: only foes at most one size larger).
   */
  through?: 'acrobatics' | 'overrun'
  /** May squeeze narrower than half its width with 〈脱出術〉 checks (Huge and bigger). */
  escapeArtist?: boolean
}

/**
 * What a change of floor height does to a step (003 地形と障害物, 移動 / 登攀). Under 5 ft up or
 * down it is an obstacle that hinders without stopping (「障害物…2マス分の移動と数える」: one more
 * hampering, as a low wall). 5 ft or more up is a climb (「登攀(移動速度の1/4の距離まで)」: every
 * foot climbed costs 4 ft of movement, 2 ft with 「登攀速度の上昇」), with a Climb check. Down 5 ft or
 * more the mover climbs down the same way, or (option `descend: "jump"`) jumps down: a fall.
 */
export interface Lift {
  kind: 'level' | 'obstacle' | 'climb' | 'jump'
  /** Feet up (positive) or down (negative). */
  rise: number
  hamper: 0 | 1
  /** Feet of movement the climb adds to the step. */
  extra: number
}

export const LEVEL: Lift = { kind: 'level', rise: 0, hamper: 0, extra: 0 }
/** Height (ft) from which a change of floor is a climb or a jump rather than an obstacle. */
export const CLIMB_HEIGHT = 5

/**
 * A shape the mover's space can take: the full s × s space, or (Large and bigger) a space squeezed
 * to about half its width (無理矢理入り込む), s × k or k × s with k = ⌈s / 2⌉.
 */
export interface Footprint {
  readonly w: number
  readonly h: number
  readonly squeezed: boolean
  /** Narrower than half the space: only with 〈脱出術〉 (Escape Artist). */
  readonly escape?: boolean
}

/**
 * Index 0 is the full space; squeezed shapes follow (none for creatures of one square). With
 * `escapeArtist`, also the shapes narrower than half (「自分の接敵面の半分より幅の狭い場所に対し、
 * 無理矢理入り込むことによって通過したり侵入したりする場合には、〈脱出術〉判定が必要」): widths 1 … k − 1.
 */
export function footprintsOf(side: number, escapeArtist = false): Footprint[] {
  const full: Footprint = { w: side, h: side, squeezed: false }
  if (side < 2) return [full]
  const k = Math.ceil(side / 2)
  const shapes: Footprint[] = [
    full,
    { w: side, h: k, squeezed: true },
    { w: k, h: side, squeezed: true },
  ]
  if (escapeArtist) {
    for (let narrow = k - 1; narrow >= 1; narrow--) {
      shapes.push(
        { w: side, h: narrow, squeezed: true, escape: true },
        { w: narrow, h: side, squeezed: true, escape: true },
      )
    }
  }
  return shapes
}

const heightsCache = new WeakMap<Float64Array, boolean>()

/** Whether any two squares differ in height (memoised per grid: a search builds a Mover each time). */
function hasHeights(elevation: Float64Array): boolean {
  let known = heightsCache.get(elevation)
  if (known === undefined) {
    known = elevation.some((e) => e !== elevation[0])
    heightsCache.set(elevation, known)
  }
  return known
}

/** Per-cell partition flags in flat arrays, for the hot single-square step test. */
interface EdgeFlags {
  blockE: Uint8Array
  blockS: Uint8Array
  lowE: Uint8Array
  lowS: Uint8Array
}
const edgeFlagCache = new WeakMap<object, EdgeFlags>()

function edgeFlags(field: Battlefield): EdgeFlags {
  const grid = field.grid
  let flags = edgeFlagCache.get(grid)
  if (!flags) {
    const n = grid.size
    flags = {
      blockE: new Uint8Array(n),
      blockS: new Uint8Array(n),
      lowE: new Uint8Array(n),
      lowS: new Uint8Array(n),
    }
    for (let i = 0; i < n; i++) {
      flags.blockE[i] = edgeBlocksMovement(grid.eastEdge[i]) ? 1 : 0
      flags.blockS[i] = edgeBlocksMovement(grid.southEdge[i]) ? 1 : 0
      flags.lowE[i] = grid.eastEdge[i] === EDGE_LOW_WALL ? 1 : 0
      flags.lowS[i] = grid.southEdge[i] === EDGE_LOW_WALL ? 1 : 0
    }
    edgeFlagCache.set(grid, flags)
  }
  return flags
}

export class Mover {
  readonly width: number
  /** The space's shapes: [0] full, then squeezed ones (see footprintsOf). */
  readonly shapes: readonly Footprint[]
  /** placement() per shape and cell, -1 until computed; allocated on first use of a shape. */
  private readonly validCaches: (Int8Array | undefined)[]

  constructor(
    readonly field: Battlefield,
    readonly creature: Creature,
    readonly options: StepOptions = {},
  ) {
    this.width = field.grid.width
    this.shapes = footprintsOf(creature.side, options.escapeArtist === true)
    this.validCaches = this.shapes.map(() => undefined)
    this.flags = edgeFlags(field)
    this.height = field.grid.height
    this.terrain = field.grid.terrain
    this.hasElevation = hasHeights(field.grid.elevation)
  }

  private readonly flags: EdgeFlags
  private readonly height: number
  private readonly terrain: Uint8Array
  /** Whether any two squares of the map differ in height (else every lift is level). */
  readonly hasElevation: boolean = false

  /** Floor height of a space: its highest square. */
  floorOf(nw: number, shape = 0): number {
    const { w, h } = this.shapes[shape]
    const elevation = this.field.grid.elevation
    if (w === 1 && h === 1) return elevation[nw]
    let top = -Infinity
    for (let j = 0; j < h; j++)
      for (let i = 0; i < w; i++) top = Math.max(top, elevation[nw + j * this.width + i])
    return top
  }

  /** The change of height of a step between two positions; flyers are always level. */
  lift(from: number, fromShape: number, to: number, toShape: number): Lift {
    if (!this.hasElevation || this.creature.flying) return LEVEL
    const rise = this.floorOf(to, toShape) - this.floorOf(from, fromShape)
    if (rise === 0) return LEVEL
    if (Math.abs(rise) < CLIMB_HEIGHT)
      return this.creature.unhindered ? LEVEL : { kind: 'obstacle', rise, hamper: 1, extra: 0 }
    if (rise < 0 && this.options.descend === 'jump')
      return { kind: 'jump', rise, hamper: 0, extra: 0 }
    // A climb speed: climbing at it, each foot costs speed / climb speed feet of movement.
    const climbSpeed = this.creature.extras.climbSpeed ?? 0
    const perFoot =
      climbSpeed > 0 ? this.creature.speed / climbSpeed : this.options.fastClimb ? 2 : 4
    return { kind: 'climb', rise, hamper: 0, extra: Math.ceil(Math.abs(rise) * perFoot) }
  }

  /**
   * Single-square step test straight from the flag arrays (same answers as grid.stepBlocked and
   * crossesLowWall): -1 blocked, else the number of low walls crossed (0 or 1).
   */
  singleStep(from: number, dx: number, dy: number): number {
    const w = this.width
    const x = from % w
    const y = (from - x) / w
    const nx = x + dx
    const ny = y + dy
    if (nx < 0 || ny < 0 || nx >= w || ny >= this.height) return -1
    const flags = this.flags
    // Edges are stored on the western / northern cell of the pair.
    const west = dx === 1 ? x : x - 1
    const north = dy === 1 ? y : y - 1
    if (dy === 0) {
      const e = y * w + west
      return flags.blockE[e] ? -1 : flags.lowE[e]
    }
    if (dx === 0) {
      const e = north * w + x
      return flags.blockS[e] ? -1 : flags.lowS[e]
    }
    const terrain = this.terrain
    if (terrain[y * w + nx] === TERRAIN_SOLID || terrain[ny * w + x] === TERRAIN_SOLID) return -1
    const e1 = y * w + west
    const e2 = north * w + x
    const e3 = north * w + nx
    const e4 = ny * w + west
    if (flags.blockE[e1] || flags.blockS[e2] || flags.blockS[e3] || flags.blockE[e4]) return -1
    return (flags.lowE[e1] || flags.lowS[e3]) && (flags.lowS[e2] || flags.lowE[e4]) ? 1 : 0
  }

  get side(): number {
    return this.creature.side
  }

  /** Whether the occupant's square can be passed through by this creature. */
  canPass(occupant: Creature): boolean {
    if (occupant === this.creature || occupant.helpless) return true
    if (this.field.areAllies(occupant, this.creature)) return !this.options.charging
    if (this.options.charging) return false
    if (this.options.through === 'acrobatics') return true
    // 蹴散らし: 「君は自分より1段階大きいかそれより小さいサイズの相手にのみ蹴散らしを行なうことができる」.
    if (this.options.through === 'overrun' && occupant.sizeIndex <= this.creature.sizeIndex + 1)
      return true
    return this.creature.subSquare || Math.abs(occupant.sizeIndex - this.creature.sizeIndex) >= 3
  }

  /** Passing through an enemy's square (tiny creatures, 3 size categories apart) provokes from it. */
  passingProvokes(occupant: Creature): boolean {
    return (
      occupant !== this.creature &&
      !occupant.helpless &&
      !this.field.areAllies(occupant, this.creature)
    )
  }

  /**
   * 0 = the space cannot be here, 1 = it can pass through, 2 = it can also end here
   * (no creature but helpless ones in it: 移動の終了).
   */
  placement(cell: number, shape = 0): number {
    let cache = this.validCaches[shape]
    if (!cache) {
      cache = new Int8Array(this.field.grid.size).fill(-1)
      this.validCaches[shape] = cache
    }
    const cached = cache[cell]
    if (cached >= 0) return cached
    const { w, h } = this.shapes[shape]
    const value = this.computePlacement(cell, w, h)
    cache[cell] = value
    return value
  }

  /**
   * The creature whose space keeps this one out of the square (the space would fit without it), if
   * any: why a path onto an enemy's square is refused (`occupied-by-enemy`), not a wall.
   */
  blockingCreature(cell: number, shape = 0): Creature | undefined {
    const { w, h } = this.shapes[shape]
    if (this.computePlacement(cell, w, h, true) === 0) return undefined
    for (const c of this.field.footprintCells(this.field.grid.cellOf(cell), w, h)) {
      const blocker = this.field.occupantsOf(c).find((o) => o !== this.creature && !this.canPass(o))
      if (blocker) return blocker
    }
    return undefined
  }

  private computePlacement(nw: number, w: number, h: number, ignoreCreatures = false): number {
    const { grid } = this.field
    const x0 = nw % this.width
    const y0 = (nw - x0) / this.width
    if (x0 + w > grid.width || y0 + h > grid.height) return 0
    let end = true
    for (let dy = 0; dy < h; dy++) {
      for (let dx = 0; dx < w; dx++) {
        const cell = nw + dy * this.width + dx
        const terrain = grid.terrain[cell]
        if (terrain === TERRAIN_SOLID) return 0
        if (terrain === TERRAIN_PIT && !this.creature.flying) return 0
        if (dx + 1 < w && edgeBlocksMovement(grid.eastEdge[cell])) return 0
        if (dy + 1 < h && edgeBlocksMovement(grid.southEdge[cell])) return 0
        if (ignoreCreatures) continue
        for (const occupant of this.field.occupantsOf(cell)) {
          if (occupant === this.creature) continue
          if (!this.canPass(occupant)) return 0
          // 003: a Tiny or smaller creature 「他のものが占めているマス目に入ったり通過することができる」
          // and may stop there (an enemy's square too: it must, to attack in melee); decision 8.
          if (!occupant.helpless && !this.creature.subSquare) end = false
        }
      }
    }
    return end ? 2 : 1
  }

  /** Whether the step from north-west square `from` by (dx, dy) is blocked by walls, doors or corners (decision 1) for any square of the space. */
  stepBlocked(from: number, dx: number, dy: number, shape = 0): boolean {
    const { grid } = this.field
    const x0 = from % this.width
    const y0 = (from - x0) / this.width
    const { w, h } = this.shapes[shape]
    if (!grid.inBounds(x0 + dx, y0 + dy) || !grid.inBounds(x0 + dx + w - 1, y0 + dy + h - 1))
      return true
    if (w === 1 && h === 1) return grid.stepBlocked(x0, y0, dx, dy)
    for (let j = 0; j < h; j++) {
      for (let i = 0; i < w; i++) {
        // Only squares on the leading sides can meet an edge or corner outside the space.
        const leadingX = dx === 1 ? i === w - 1 : dx === -1 && i === 0
        const leadingY = dy === 1 ? j === h - 1 : dy === -1 && j === 0
        if (!leadingX && !leadingY) continue
        if (this.singleStep(from + j * this.width + i, dx, dy) < 0) return true
      }
    }
    return false
  }

  /** Number of hamperings (difficult terrain entered, low wall crossed) of a step; flyers and incorporeal creatures ignore both. */
  hampering(from: number, dx: number, dy: number, shape = 0): number {
    if (this.creature.unhindered) return 0
    const { grid } = this.field
    const { w, h } = this.shapes[shape]
    const to = from + dy * this.width + dx
    if (w === 1 && h === 1)
      return (
        (grid.terrain[to] === TERRAIN_DIFFICULT ? 1 : 0) +
        (this.crossesLowWall(from, dx, dy) ? 1 : 0)
      )
    let difficult = 0
    let lowWall = 0
    for (let j = 0; j < h; j++) {
      for (let i = 0; i < w; i++) {
        if (grid.terrain[to + j * this.width + i] === TERRAIN_DIFFICULT) difficult = 1
        if (!lowWall && this.crossesLowWall(from + j * this.width + i, dx, dy)) lowWall = 1
      }
    }
    return difficult + lowWall
  }

  /** Whether an unblocked step crosses a low wall (a diagonal: both orthogonal detours around its corner would; see singleStep). */
  crossesLowWall(cell: number, dx: number, dy: number): boolean {
    return this.singleStep(cell, dx, dy) === 1
  }
}

/** Feet of one step and the diagonal parity after it (parity 1: the next diagonal costs 10). */
export function stepFeet(
  diagonal: boolean,
  parity: number,
  hampering: number,
): { feet: number; parity: number } {
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
