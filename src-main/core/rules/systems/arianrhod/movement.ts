// Arianrhod 2E movement (グリッドルール「移動」「離脱」「強行離脱」「跳躍移動」「登攀移動」「落下」) on
// top of the generic least-cost search. One plan per (token, mode) holds the legality verdict,
// the budget, what the move costs in actions, and the search whose result answers both `reach`
// and `path`.
import type { Cell } from '../../model'
import { DIRECTION_DX, DIRECTION_DY, TERRAIN_PIT, TERRAIN_SOLID } from '../../grid/grid'
import type { SearchResult } from '../../grid/search'
import { leastCostSearch, windowAround } from '../../grid/search'
import type { ArToken, Field } from './field'
import { sortIds } from './field'
import { ORTHOGONAL_STEP, stepCost } from './metric'
import { rolledAt, rollersAt } from './light'
import type { ArianrhodReason } from './reasons'

export const MOVE_MODES = [
  'combat',
  'full',
  'disengage',
  'forced-disengage',
  'jump',
  'climb',
  'jump-climb',
] as const
export type MoveMode = (typeof MOVE_MODES)[number]

export const ACTION_MOVE = 0
export const ACTION_CLIMB = 1
export const ACTION_FALL = 2
export const ACTION_JUMP = 3
/** A vertical jump onto a neighbour more than 1 m higher (跳躍移動): answered as a `jump` step. */
export const ACTION_VERTICAL_JUMP = 4
const ACTION_NAMES = ['move', 'climb', 'fall', 'jump', 'jump'] as const

/** 全力移動 adds 5 m; 離脱 and 強行離脱 move up to 5 m. */
export const FULL_MOVE_BONUS = 5
export const DISENGAGE_DISTANCE = 5
/** 登攀: STR 10, and on failure AGI 10 to fall only part of the way. */
export const CLIMB_DC = 10
/** Steps of at most this height difference are ordinary movement (spec decision 3). */
export const STEP_TOLERANCE = 1

const STATE_MOVING = 0
const STATE_STOPPED = 1

export interface Check {
  kind: 'jump' | 'climb' | 'contest'
  ability: 'STR' | 'AGI' | 'INIT'
  dc?: number
  against?: string[]
  /** 封鎖 contest: each enemy's reaction with its dice change, listed when some enemy rolls at 明度 ≤ 2. */
  reactions?: { id: string; dice: number }[]
  /** This check is rolled only if the named ability's check of the same step failed. */
  ifFailed?: 'STR'
  /** Dice added to the roll: −1 where the square is at 明度 ≤ 2 (the roll keeps at least one die). */
  dice?: number
  /** 登攀 STR: the metres this check climbs (【移動力】÷ 2, the 【移動力】 less the movement made before). */
  climbs?: number
  /** Where the character is after this check succeeds (a climb: on the wall or on top). */
  onSuccess?: ClimbPosition
  /** Where the character ends when this check fails (登攀 AGI: falls completely to the floor). */
  onFailure?: ClimbPosition
  /** 登攀 AGI: the metres fallen when it succeeds (【移動力】÷ 2 at most) and when it fails (to the floor). */
  drops?: { onSuccess: number; onFailure: number }
}

/** A square and the absolute height the character is at there (above the floor = on a wall). */
export interface ClimbPosition {
  at: Cell
  elevation: number
}

export interface FallReport {
  at: Cell
  height: number
  /** 'gm': the GM sets the fall damage; 'none': an enemy ZOC stopped the fall. */
  damage: 'gm' | 'none'
  stoppedBy: string[]
}

export interface MovePlan {
  allowed: boolean
  reason?: ArianrhodReason
  mode: MoveMode
  budget: number
  /** Actions of this main process the move costs (全力移動・離脱・跳躍・登攀: minor; 強行離脱: minor and major). */
  lost: string[]
  /** Checks made before moving (封鎖 contest). */
  startChecks: Check[]
  /** A character on a wall who moves other than by climbing first drops to the floor, free. */
  startFall?: FallReport
  search?: SearchResult
  zocMask?: Uint8Array
  start: number
  startElevation: number
}

const climbing = (mode: MoveMode): boolean => mode === 'climb' || mode === 'jump-climb'
const jumping = (mode: MoveMode): boolean => mode === 'jump' || mode === 'jump-climb'
const disengaging = (mode: MoveMode): boolean => mode === 'disengage' || mode === 'forced-disengage'

function lostActions(mode: MoveMode): string[] {
  if (mode === 'combat') return []
  if (mode === 'forced-disengage') return ['minor', 'major']
  return ['minor']
}

/** A character is on a wall when it is more than the step tolerance above its square's floor. */
export function isOnWall(field: Field, token: ArToken): boolean {
  return !token.flying && token.elevation - field.grid.elevation[token.cell] > STEP_TOLERANCE
}

/** The drop of a character on a wall to its square's floor (落下). */
export function fallOf(field: Field, token: ArToken, mode: MoveMode): FallReport | undefined {
  if (!isOnWall(field, token)) return undefined
  const floor = field.grid.elevation[token.cell]
  const owners = field.zocOwnersAt(token, token.cell)
  const stopped = mode !== 'forced-disengage' && owners.length > 0
  return {
    at: field.cellOf(token),
    height: token.elevation - floor,
    damage: stopped ? 'none' : 'gm',
    stoppedBy: stopped ? sortIds(owners) : [],
  }
}

export function planMove(field: Field, mover: ArToken, mode: MoveMode): MovePlan {
  const grid = field.grid
  const move = mover.spec.move ?? 0
  const start = mover.cell
  const startFall = climbing(mode) ? undefined : fallOf(field, mover, mode)
  const startElevation = startFall ? grid.elevation[start] : mover.elevation
  const plan: MovePlan = {
    allowed: true,
    mode,
    budget:
      mode === 'full' ? move + FULL_MOVE_BONUS : disengaging(mode) ? DISENGAGE_DISTANCE : move,
    lost: lostActions(mode),
    startChecks: [],
    start,
    startElevation,
    ...(startFall ? { startFall } : {}),
  }
  const zocMask = field.zocMask(mover)
  const inZoc = zocMask[start] > 0
  const refuse = (reason: ArianrhodReason): MovePlan => ({ ...plan, allowed: false, reason })
  if (disengaging(mode)) {
    if (mover.has('swimming')) return refuse('swimming')
    if (!inZoc) return refuse('not-in-enemy-zoc')
  } else if (inZoc) {
    return refuse('in-enemy-zoc')
  }
  if (mode === 'full' && move < 1) return refuse('move-below-1m')
  if (disengaging(mode) && field.isBlockaded(start, mover)) {
    const enemies = field.adjacentEnemies(mover, start)
    const against = sortIds(enemies)
    if (against.length > 0) {
      // 「離脱を行おうとするキャラクターが1回判定し、その達成値に対してすべてのリアクション側が判定する」:
      // the mover rolls on its square, each enemy its reaction on its own.
      const reactions = rollersAt(
        field,
        against.map((id) => ({ id, cell: enemies.find((e) => e.id === id)!.cell })),
      )
      plan.startChecks.push(
        rolledAt<Check>(field, start, {
          kind: 'contest',
          ability: 'INIT',
          against,
          ...(reactions ? { reactions } : {}),
        }),
      )
    }
  }
  plan.zocMask = zocMask
  plan.search = searchMoves(
    field,
    mover,
    mode,
    plan.budget,
    startElevation,
    disengaging(mode) ? null : zocMask,
  )
  return plan
}

function searchMoves(
  field: Field,
  mover: ArToken,
  mode: MoveMode,
  budget: number,
  startElevation: number,
  stopMask: Uint8Array | null,
): SearchResult {
  const grid = field.grid
  const width = grid.width
  const height = grid.height
  const start = mover.cell
  const throughEnemies = mode === 'forced-disengage'
  const canClimb = climbing(mode)
  const canJump = jumping(mode)
  const flying = mover.flying

  // Squares the move may not even pass: enemies (a flyer passes over non-flying ones).
  const enemyThere = new Uint8Array(grid.size)
  const othersThere = new Uint8Array(grid.size)
  for (const t of field.tokens) {
    if (t === mover) continue
    othersThere[t.cell] = 1
    if (!throughEnemies && field.isEnemy(t, mover) && !(flying && !t.flying)) enemyThere[t.cell] = 1
  }
  const blockedByEnemy = (cell: number): boolean => enemyThere[cell] === 1
  const floorAt = (cell: number): number => (cell === start ? startElevation : grid.elevation[cell])

  return leastCostSearch({
    cellCount: grid.size,
    states: 2,
    starts: [{ cell: start }],
    maxCost: budget,
    // every step costs at least 2 m, so the move stays within budget / 2 squares of its start
    window: windowAround(grid, start, budget / ORTHOGONAL_STEP),
    canPassThrough: (cell, state) =>
      state === STATE_MOVING && !(stopMask !== null && stopMask[cell] > 0),
    canEndOn: (cell) =>
      cell !== start &&
      othersThere[cell] === 0 &&
      grid.terrain[cell] !== TERRAIN_SOLID &&
      (flying || grid.terrain[cell] !== TERRAIN_PIT),
    expand(cell, _state, _cost, emit) {
      const x = cell % width
      const y = (cell - x) / width
      const here = floorAt(cell)
      for (let d = 0; d < 8; d++) {
        const dx = DIRECTION_DX[d]
        const dy = DIRECTION_DY[d]
        const nx = x + dx
        const ny = y + dy
        if (nx < 0 || ny < 0 || nx >= width || ny >= height || grid.stepBlockedInside(cell, dx, dy))
          continue
        const next = ny * width + nx
        const terrain = grid.terrain[next]
        if (terrain === TERRAIN_SOLID || blockedByEnemy(next)) continue
        const step = stepCost(dx, dy)
        if (terrain === TERRAIN_PIT && !flying) {
          if (canJump && grid.terrain[cell] !== TERRAIN_PIT) emitJump(x, y, dx, dy, here, emit)
          continue
        }
        if (flying) {
          emit(next, STATE_MOVING, step, ACTION_MOVE)
          continue
        }
        const rise = grid.elevation[next] - here
        const orthogonal = dx === 0 || dy === 0
        if (Math.abs(rise) <= STEP_TOLERANCE) emit(next, STATE_MOVING, step, ACTION_MOVE)
        else if (mode === 'jump' && rise > 0) emit(next, STATE_MOVING, step, ACTION_VERTICAL_JUMP)
        else if (canClimb) {
          if (orthogonal) emit(next, STATE_MOVING, 2 * Math.abs(rise) + 2, ACTION_CLIMB)
        } else if (rise < 0) emit(next, STATE_STOPPED, step, ACTION_FALL)
      }
    },
  })

  /** 跳躍: a straight line over one or more pits to the first floor square. */
  function emitJump(
    x: number,
    y: number,
    dx: number,
    dy: number,
    takeoff: number,
    emit: (to: number, state: number, cost: number, action: number) => void,
  ): void {
    let cx = x
    let cy = y
    let squares = 0
    for (;;) {
      if (!grid.inBounds(cx + dx, cy + dy) || grid.stepBlocked(cx, cy, dx, dy)) return
      cx += dx
      cy += dy
      squares++
      const cell = cy * width + cx
      const terrain = grid.terrain[cell]
      if (terrain === TERRAIN_SOLID || blockedByEnemy(cell)) return
      if (terrain !== TERRAIN_PIT) {
        if (squares < 2) return
        // Landing more than 1 m lower is a drop after the jump: the move ends there (a fall).
        const drop = takeoff - grid.elevation[cell] > STEP_TOLERANCE
        emit(cell, drop ? STATE_STOPPED : STATE_MOVING, squares * stepCost(dx, dy), ACTION_JUMP)
        return
      }
    }
  }
}

export const VERTICAL_JUMP_DC_PER_METRE = 4

/**
 * 登攀 as the seed plays it: 「【筋力】判定に成功すれば［【移動力】÷2］ｍ登ることができる。判定に失敗した
 * 場合は、難易度10の【敏捷】判定に成功すれば［【移動力】÷2］メートル落ちるだけですむ。この【敏捷】判定にも
 * 失敗した場合、完全に落下する。」 One STR check per 【移動力】÷ 2 m of wall, in order, each followed by
 * the AGI check rolled only if it failed. The character climbs on the wall of the lower square
 * (`from` going up, `to` going down); the top is reached on the upper square.
 */
function climbChecks(
  from: Cell,
  fromFloor: number,
  toFloor: number,
  floor: number,
  moveLeft: number,
  to: Cell,
): Check[] {
  const perCheck = Math.max(1, moveLeft / 2)
  const up = toFloor > fromFloor
  const wallAt = up ? from : to
  const checks: Check[] = []
  let height = fromFloor
  while (height !== toFloor) {
    const next = up ? Math.min(toFloor, height + perCheck) : Math.max(toFloor, height - perCheck)
    const fallenTo = Math.max(floor, height - perCheck)
    checks.push({
      kind: 'climb',
      ability: 'STR',
      dc: CLIMB_DC,
      climbs: Math.abs(next - height),
      onSuccess: { at: next === toFloor ? to : wallAt, elevation: next },
    })
    checks.push({
      kind: 'climb',
      ability: 'AGI',
      dc: CLIMB_DC,
      ifFailed: 'STR',
      onSuccess: { at: wallAt, elevation: fallenTo },
      onFailure: { at: wallAt, elevation: floor },
      // The metres each outcome falls, so a preview can say it (equal: the AGI roll changes nothing).
      drops: { onSuccess: height - fallenTo, onFailure: height - floor },
    })
    height = next
  }
  return checks
}

export interface PathAnswerStep {
  at: Cell
  cost: number
  action: (typeof ACTION_NAMES)[number]
}

/** Expands the search's steps into the spec's steps (a jump lists every square it crosses) and checks. */
export function describePath(
  field: Field,
  mover: ArToken,
  plan: MovePlan,
  target: number,
): {
  cost: number
  steps: PathAnswerStep[]
  checks: Check[]
  falls: FallReport[]
  loses: string[]
} | null {
  const raw = plan.search?.path(target)
  if (!raw || raw.length === 0) return null
  const grid = field.grid
  const steps: PathAnswerStep[] = []
  const checks: Check[] = [...plan.startChecks]
  const falls: FallReport[] = []
  let previous = plan.start
  let previousCost = 0
  let previousFloor = plan.startElevation
  for (const step of raw) {
    const checksBefore = checks.length
    const [px, py] = grid.cellOf(previous)
    const [tx, ty] = grid.cellOf(step.cell)
    const floor = grid.elevation[step.cell]
    if (step.action === ACTION_JUMP) {
      const squares = Math.max(Math.abs(tx - px), Math.abs(ty - py))
      const dx = Math.sign(tx - px)
      const dy = Math.sign(ty - py)
      const each = stepCost(dx, dy)
      for (let k = 1; k <= squares; k++) {
        steps.push({
          at: [px + k * dx, py + k * dy],
          cost: previousCost + k * each,
          action: 'jump',
        })
      }
      // DC = 2 × the width of the gap in metres (every square crossed but the landing one)
      checks.push({ kind: 'jump', ability: 'STR', dc: 2 * (squares - 1) * each })
      const rise = floor - previousFloor
      if (rise > STEP_TOLERANCE) {
        // Landing higher: the vertical part is its own check, 「垂直方向に…［距離（メートル）×4］」.
        checks.push({ kind: 'jump', ability: 'STR', dc: VERTICAL_JUMP_DC_PER_METRE * rise })
      } else if (-rise > STEP_TOLERANCE) {
        const owners = field.zocOwnersAt(mover, step.cell)
        const stopped = plan.mode !== 'forced-disengage' && owners.length > 0
        falls.push({
          at: [tx, ty],
          height: -rise,
          damage: stopped ? 'none' : 'gm',
          stoppedBy: stopped ? sortIds(owners) : [],
        })
      }
    } else {
      steps.push({ at: [tx, ty], cost: step.cost, action: ACTION_NAMES[step.action] })
      if (step.action === ACTION_CLIMB) {
        const moveLeft = (mover.spec.move ?? plan.budget) - previousCost
        const ground = Math.min(grid.elevation[previous], floor)
        checks.push(...climbChecks([px, py], previousFloor, floor, ground, moveLeft, [tx, ty]))
      } else if (step.action === ACTION_VERTICAL_JUMP) {
        // 「垂直方向に跳躍する場合、難易度は［距離（メートル）×4］となる」
        checks.push({
          kind: 'jump',
          ability: 'STR',
          dc: VERTICAL_JUMP_DC_PER_METRE * (floor - previousFloor),
        })
      } else if (step.action === ACTION_FALL) {
        const owners = field.zocOwnersAt(mover, step.cell)
        const stopped = plan.mode !== 'forced-disengage' && owners.length > 0
        falls.push({
          at: [tx, ty],
          height: previousFloor - floor,
          damage: stopped ? 'none' : 'gm',
          stoppedBy: stopped ? sortIds(owners) : [],
        })
      }
    }
    // Jumps are rolled where the character takes off; climbs on the wall it hangs on (the lower
    // square's, as climbChecks' `wallAt`).
    const climbWall = floor > previousFloor ? previous : step.cell
    for (let i = checksBefore; i < checks.length; i++)
      checks[i] = rolledAt(field, checks[i].kind === 'climb' ? climbWall : previous, checks[i])
    previous = step.cell
    previousCost = step.cost
    previousFloor = floor
  }
  const mask = plan.zocMask
  const loses = mover.has('stealth') && mask && raw.some((s) => mask[s.cell] > 0) ? ['stealth'] : []
  return { cost: raw[raw.length - 1].cost, steps, checks, falls, loses }
}
