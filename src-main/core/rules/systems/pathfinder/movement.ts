// Searched movement: `move` (speed), `double` (2 × speed), `withdraw` (2 × speed, start square
// unthreatened by visible enemies) and `five-foot-step`. The search state is the position of the
// space's north-west square and the 5/10/5 diagonal parity, which carries along the whole path.
// Among paths of equal cost the search prefers those leaving fewer threatened squares (a weight far
// below 1 ft, dropped from the reported costs). Large and bigger creatures also carry the shape of
// their space (full or squeezed, ./squeeze.ts): state = shape × 2 + parity.
import type { Cell } from '../../model'
import { EIGHT_DIRECTIONS, TERRAIN_DIFFICULT } from '../../grid/grid'
import type { SearchResult, SearchWindow } from '../../grid/search'
import { leastCostSearch, windowAround } from '../../grid/search'
import type { Battlefield, Creature } from './creatures'
import { alternatingDiagonalFeet } from './creatures'
import { SIGHT_UNSEEN, seesCreature, sightMap } from './light'
import { provokesAlong, threatCounts, threateningEnemies } from './provokes'
import type { Lift, StepOptions } from './steps'
import { LEVEL, Mover, stepFeet } from './steps'
import { footprintSteps, shapeCells } from './squeeze'
import { threatenedCells } from './threat'
import type { PathfinderReason } from './reasons'
import type { MoveMode } from './move-modes'

export type SearchedMode = 'move' | 'double' | 'five-foot-step' | 'withdraw' | 'crawl'

/** Tie-break weight per enemy threatening a square left; total stays far below 1 ft. */
const SAFETY_WEIGHT = 2 ** -24
const MAX_WEIGHT_PER_STEP = 15

export interface ReachCell {
  cell: number
  cost: number
  /** Reached only by the full-round minimum move (最低移動距離). */
  minimum?: boolean
  /** Reached only squeezed (無理矢理入り込む): the space's [w, h] there. */
  squeezed?: readonly [number, number]
}

export interface PathStepOut {
  cell: number
  cost: number
  /** The space is squeezed after this step: its [w, h]. */
  squeezed?: readonly [number, number]
  /** A change of floor height on this step (omitted when level). */
  lift?: Lift
  /** Squeezed narrower than half its width after this step (〈脱出術〉). */
  escape?: boolean
}

export type PathAnswer =
  | {
      reachable: true
      cost: number
      steps: PathStepOut[]
      provokes: string[]
      minimum?: boolean
      squeezed?: readonly [number, number]
    }
  | { reachable: false; reason: PathfinderReason; fallback?: { cell: number; cost: number } }

/**
 * The speed a creature moves at: its swim speed while swimming, else a quarter of its speed
 * (「水泳(移動速度の1/4の距離まで)」).
 */
export function speedOf(creature: Creature): number {
  if (!creature.swimming || creature.flying) return creature.speed
  return creature.extras.swimSpeed ?? Math.floor(creature.speed / 4)
}

/** Movement allowed by a mode, in feet. */
export function budgetOf(creature: Creature, mode: MoveMode, runMultiplier: number): number {
  const speed = speedOf(creature)
  switch (mode) {
    case 'move':
      return speed
    case 'double':
      // 伏せ: standing up takes one of the two move actions (「立ち上がる行為は1回の移動アクション」).
      return creature.prone ? speed : 2 * speed
    case 'withdraw':
      // 「行動の制限と撤退…1回の標準アクションとして撤退を行うことができる…最大で自らの移動速度分」
      return creature.oneActionARound ? speed : 2 * speed
    case 'five-foot-step':
      return speed <= 5 ? 0 : 5
    case 'crawl':
      // 「1回の移動アクションとして5フィート這い進むことができる」.
      return 5
    case 'run':
      return runMultiplier * speed
    default:
      return 2 * speed
  }
}

export class MoveSearch {
  readonly mover: Mover
  readonly start: number
  readonly budget: number
  readonly result: SearchResult
  private readonly extra = new Map<number, ReachCell>()
  /** The rectangle searched: as far as the budget can carry the north-west square. */
  private readonly window: SearchWindow | undefined
  /** Which shapes an end may have; path() narrows it to prefer ending unsqueezed. */
  private endShapes: 'any' | 'full' | 'squeezed' = 'any'

  constructor(
    readonly field: Battlefield,
    readonly creature: Creature,
    readonly mode: SearchedMode,
    /** `wholeMap`: search every square rather than the window the budget allows (same answers, slower). */
    readonly options: {
      unlimited?: boolean
      endAnywhere?: boolean
      wholeMap?: boolean
      step?: StepOptions
    } = {},
  ) {
    const grid = field.grid
    const width = grid.width
    this.mover = new Mover(field, creature, options.step)
    const mover = this.mover
    this.start = grid.index(creature.at[0], creature.at[1])
    this.budget = budgetOf(creature, mode, field.rules.runMultiplier)
    // The north-west square moves at most one square per 5 ft, except that a squeezed step (≥ 10 ft)
    // changing shape may shift it by 1 + (s − k) squares (squeeze.ts): the window allows for both.
    const narrowest = Math.min(...mover.shapes.map((s) => Math.min(s.w, s.h)))
    const perFiveFeet = Math.max(1, (1 + creature.side - narrowest) / 2)
    const radius = Math.max(1, Math.ceil((this.budget / 5) * perFiveFeet))
    const window =
      options.unlimited || options.wholeMap ? undefined : windowAround(grid, this.start, radius)
    // A window as large as the map only adds index translation to every step.
    this.window = window && window.width * window.height < grid.size ? window : undefined
    const leaveWeight = this.leaveWeights()
    const darkTo = mode === 'five-foot-step' ? this.darkPositions() : null
    const step = mode === 'five-foot-step'
    const single = creature.side === 1
    const flying = creature.flying
    const unhindered = creature.unhindered
    // 〈軽業〉 through enemies moves at half speed: every foot counts twice.
    const pace = options.step?.through === 'acrobatics' ? 2 : 1
    const enterWeight = this.enterWeights()
    const heights = mover.hasElevation && !flying
    // 「専用の移動速度が記載されていない移動形態を用いて撤退を行うことはできない」: no climbing in a
    // withdraw without a climb speed.
    const climbs = mode !== 'withdraw' || (creature.extras.climbSpeed ?? 0) > 0
    this.result = leastCostSearch({
      cellCount: grid.size,
      states: 2 * mover.shapes.length,
      starts: [{ cell: this.start }],
      maxCost: options.unlimited ? Infinity : this.budget + 0.5,
      window: this.window,
      canPassThrough: step ? () => false : undefined,
      canEndOn: options.endAnywhere ? undefined : (cell, state) => this.canEnd(cell, state >> 1),
      expand(cell, state, _cost, emit) {
        const parity = state & 1
        if (!single) {
          const shape = state >> 1
          const leave = leaveWeight(cell, shape)
          for (const [dx, dy] of EIGHT_DIRECTIONS) {
            footprintSteps(mover, cell, shape, dx, dy, (to, toShape, hampered) => {
              const lift = heights ? mover.lift(cell, shape, to, toShape) : LEVEL
              if (!climbs && lift.kind === 'climb') return
              const hampering = hampered + lift.hamper
              if (step && (hampering > 0 || lift.kind !== 'level' || darkTo?.(to, toShape))) return
              const { feet, parity: next } = stepFeet(dx !== 0 && dy !== 0, parity, hampering)
              const weight = leave + enterWeight(to, toShape)
              const cost = (feet + lift.extra) * pace
              emit(
                to,
                toShape * 2 + next,
                weight === 0 ? cost : cost + Math.min(MAX_WEIGHT_PER_STEP, weight) * SAFETY_WEIGHT,
                0,
              )
            })
          }
          return
        }
        const leave = leaveWeight(cell, 0)
        for (const [dx, dy] of EIGHT_DIRECTIONS) {
          const to = cell + dy * width + dx
          const low = mover.singleStep(cell, dx, dy)
          if (low < 0 || mover.placement(to) === 0) continue
          // Heights only on maps that have them (the common flat map pays nothing).
          let extra = 0
          let lifted = 0
          if (heights) {
            const lift = mover.lift(cell, 0, to, 0)
            if ((!climbs && lift.kind === 'climb') || (step && lift.kind !== 'level')) continue
            extra = lift.extra
            lifted = lift.hamper
          }
          const hampering = unhindered
            ? 0
            : low + (grid.terrain[to] === TERRAIN_DIFFICULT ? 1 : 0) + lifted
          if (step && (hampering > 0 || darkTo?.(to, 0))) continue
          const diagonal = dx !== 0 && dy !== 0
          let feet: number
          let next = parity
          if (hampering === 0) {
            feet = diagonal && parity === 1 ? 10 : 5
            if (diagonal) next = 1 - parity
          } else {
            feet = stepFeet(diagonal, parity, hampering).feet
          }
          if (extra !== 0 || pace !== 1) feet = (feet + extra) * pace
          const weight = leave + enterWeight(to, 0)
          emit(
            to,
            next,
            weight === 0 ? feet : feet + Math.min(MAX_WEIGHT_PER_STEP, weight) * SAFETY_WEIGHT,
            0,
          )
        }
      },
    })
    if (mode === 'double' && !options.unlimited) this.addMinimumMoves()
  }

  private canEnd(cell: number, shape: number): boolean {
    if (this.endShapes === 'full' && shape !== 0) return false
    if (this.endShapes === 'squeezed' && shape === 0) return false
    return this.mover.placement(cell, shape) === 2
  }

  /** Weight of entering a position: enemies whose squares it passes through (each provokes). */
  private enterWeights(): (nw: number, shape: number) => number {
    const { field, creature, mover } = this
    const cells = new Uint16Array(field.grid.size)
    let any = false
    for (const enemy of field.enemiesOf(creature)) {
      if (!mover.passingProvokes(enemy) || !mover.canPass(enemy)) continue
      any = true
      for (const cell of field.spaceCells(enemy, enemy.at)) cells[cell]++
    }
    if (!any) return () => 0
    if (creature.side === 1) return (nw) => cells[nw]
    return (nw, shape) => shapeCells(field, mover, nw, shape).reduce((n, c) => n + cells[c], 0)
  }

  /** Weight of leaving each position: enemies threatening its space (withdraw: not counting visible ones at the start). */
  private leaveWeights(): (cell: number, shape: number) => number {
    const { field, creature } = this
    if (this.mode === 'five-foot-step') return () => 0
    const enemies = threateningEnemies(field, creature)
    if (enemies.length === 0) return () => 0
    const counts = threatCounts(field, enemies)
    const startWeight =
      this.mode === 'withdraw'
        ? enemies.filter(
            (e) => !seesCreature(field, creature, e) && this.spaceThreatenedBy(e, this.start, 0),
          ).length
        : -1
    return (cell, shape) => {
      if (cell === this.start && shape === 0 && startWeight >= 0) return startWeight
      if (creature.side === 1) return counts[cell]
      return enemies.filter((e) => this.spaceThreatenedBy(e, cell, shape)).length
    }
  }

  private spaceThreatenedBy(enemy: Creature, nw: number, shape: number): boolean {
    const threat = threatenedCells(this.field, enemy)
    return shapeCells(this.field, this.mover, nw, shape).some((c) => threat.has(c))
  }

  /** 5-foot steps cannot go where darkness hampers the mover (暗闇で移動に支障がある). */
  private darkPositions(): (nw: number, shape: number) => boolean {
    const sight = sightMap(this.field, this.creature)
    return (nw, shape) =>
      shapeCells(this.field, this.mover, nw, shape).some((c) => sight[c] === SIGHT_UNSEEN)
  }

  private sizeOf(shape: number): readonly [number, number] | undefined {
    const footprint = this.mover.shapes[shape]
    return footprint.squeezed ? [footprint.w, footprint.h] : undefined
  }

  /** 最低移動距離: a full-round action always moves one square in any direction, except into impassable ones. */
  private addMinimumMoves(): void {
    const width = this.field.grid.width
    for (const [dx, dy] of EIGHT_DIRECTIONS) {
      if (this.mover.stepBlocked(this.start, dx, dy)) continue
      const to = this.start + dy * width + dx
      if (this.mover.placement(to) !== 2 || this.result.endCost(to) !== Infinity) continue
      // 「通行不能な地形を通過して移動したり」: not a climb or a jump either, only a 5-foot move.
      const lift = this.mover.lift(this.start, 0, to, 0)
      if (lift.kind === 'climb' || lift.kind === 'jump') continue
      const { feet } = stepFeet(
        dx !== 0 && dy !== 0,
        0,
        this.mover.hampering(this.start, dx, dy) + lift.hamper,
      )
      this.extra.set(to, { cell: to, cost: feet, minimum: true })
    }
  }

  reach(): ReachCell[] {
    // Only the cells the search reached (node = window slot × states + state), in index order
    // (y, then x), plus the minimum moves.
    const { result, mover, window } = this
    const states = 2 * mover.shapes.length
    const gridWidth = this.field.grid.width
    const cells: number[] = []
    const seen = new Uint8Array(window ? window.width * window.height : this.field.grid.size)
    for (const node of result.reachedNodes) {
      const slot = (node - (node % states)) / states
      if (seen[slot]) continue
      seen[slot] = 1
      if (!window) cells.push(slot)
      else
        cells.push(
          (window.y0 + Math.floor(slot / window.width)) * gridWidth +
            window.x0 +
            (slot % window.width),
        )
    }
    for (const cell of this.extra.keys()) if (!cells.includes(cell)) cells.push(cell)
    const out: ReachCell[] = []
    for (const cell of Int32Array.from(cells).sort()) {
      if (cell === this.start) continue
      const found = this.reachOf(cell)
      if (found) out.push(found)
    }
    return out
  }

  private reachOf(cell: number): ReachCell | undefined {
    const { result, mover } = this
    const cost = Math.min(result.nodeCost(cell, 0), result.nodeCost(cell, 1))
    if (cost !== Infinity && mover.placement(cell) === 2) return { cell, cost: Math.floor(cost) }
    // Ending unsqueezed is preferred; a square reached only squeezed says so.
    let squeezed: ReachCell | undefined
    for (let shape = 1; shape < mover.shapes.length; shape++) {
      const c = Math.min(result.nodeCost(cell, 2 * shape), result.nodeCost(cell, 2 * shape + 1))
      if (
        c === Infinity ||
        mover.placement(cell, shape) !== 2 ||
        (squeezed && squeezed.cost <= Math.floor(c))
      )
        continue
      squeezed = { cell, cost: Math.floor(c), squeezed: this.sizeOf(shape) }
    }
    if (squeezed) return squeezed
    return cost === Infinity ? this.extra.get(cell) : undefined
  }

  /** The least-cost search path to `to`, ending unsqueezed if it can. */
  private searchPath(to: number) {
    try {
      this.endShapes = 'full'
      const full = this.result.path(to)
      if (full || this.mover.shapes.length === 1) return full
      this.endShapes = 'squeezed'
      return this.result.path(to)
    } finally {
      this.endShapes = 'any'
    }
  }

  /** The least-cost path to a position, with its provocations, or why there is none. */
  path(to: number): PathAnswer {
    if (to === this.start) return { reachable: true, cost: 0, steps: [], provokes: [] }
    const found = this.searchPath(to)
    if (found) {
      let from = this.start
      let fromShape = 0
      const steps: PathStepOut[] = found.map((s) => {
        const shape = s.state >> 1
        const squeezed = this.sizeOf(shape)
        const lift = this.mover.lift(from, fromShape, s.cell, shape)
        from = s.cell
        fromShape = shape
        const escape = this.mover.shapes[shape].escape === true
        return {
          cell: s.cell,
          cost: Math.floor(s.cost),
          ...(squeezed ? { squeezed } : {}),
          ...(escape ? { escape } : {}),
          ...(lift.kind !== 'level' ? { lift } : {}),
        }
      })
      const last = steps[steps.length - 1]
      return {
        reachable: true,
        cost: last.cost,
        steps,
        provokes: this.provokes(steps),
        ...(last.squeezed ? { squeezed: last.squeezed } : {}),
      }
    }
    const minimum = this.extra.get(to)
    if (minimum) {
      const steps = [{ cell: to, cost: minimum.cost }]
      return {
        reachable: true,
        cost: minimum.cost,
        steps,
        provokes: this.provokes(steps),
        minimum: true,
      }
    }
    return { reachable: false, ...this.whyNot(to) }
  }

  private provokes(steps: readonly PathStepOut[]): string[] {
    const full: readonly [number, number] = [this.creature.side, this.creature.side]
    return provokesAlong(
      this.field,
      this.creature,
      this.mode,
      [this.start, ...steps.map((s) => s.cell)],
      [full, ...steps.map((s) => s.squeezed ?? full)],
    )
  }

  private whyNot(to: number): {
    reason: PathfinderReason
    fallback?: { cell: number; cost: number }
  } {
    const { mover } = this
    if (this.mode === 'five-foot-step' && this.budget === 0)
      return { reason: 'no-five-foot-step-at-this-speed', fallback: undefined }
    const placement = Math.max(...mover.shapes.map((_, shape) => mover.placement(to, shape)))
    const free = new MoveSearch(this.field, this.creature, this.mode, {
      unlimited: true,
      endAnywhere: true,
      step: this.options.step,
    })
    const through = placement === 0 ? null : free.result.path(to)
    if (through) {
      // 意図せずルール上許されない場所で移動を終える: the last legal square on the way.
      let fallback: { cell: number; cost: number } | undefined
      for (const s of through) {
        const cost = this.result.endCost(s.cell)
        if (s.cost <= this.budget + 0.5 && cost !== Infinity)
          fallback = { cell: s.cell, cost: Math.floor(cost) }
      }
      const reason: PathfinderReason =
        placement === 1
          ? 'occupied'
          : this.mode === 'five-foot-step'
            ? 'five-foot-step-one-clear-square'
            : 'out-of-reach'
      return { reason, fallback: fallback ?? this.nearestLegal(to) }
    }
    // A 5-foot step searches one square only: "no path" would blame walls for a square that is simply too far.
    // Only enemies keep a searched move out (allies are passed, 003 「味方が占めているマス目は通過できる」).
    const blocker = placement === 0 ? mover.blockingCreature(to) : undefined
    const reason: PathfinderReason =
      placement === 0
        ? blocker
          ? 'occupied-by-enemy'
          : 'cannot-enter'
        : this.mode === 'five-foot-step'
          ? 'five-foot-step-one-clear-square'
          : 'no-path'
    return { reason, fallback: this.nearestLegal(to) }
  }

  /** …or the nearest legal one. */
  private nearestLegal(to: number): { cell: number; cost: number } | undefined {
    const grid = this.field.grid
    const target: Cell = grid.cellOf(to)
    let best: { cell: number; cost: number; feet: number } | undefined
    for (const r of this.reach()) {
      const feet = alternatingDiagonalFeet(grid.cellOf(r.cell), target)
      if (!best || feet < best.feet || (feet === best.feet && r.cost < best.cost))
        best = { ...r, feet }
    }
    return best && { cell: best.cell, cost: best.cost }
  }
}
