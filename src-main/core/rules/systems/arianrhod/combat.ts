// Attacks on the grid: 射線と遮蔽 (line of fire and cover), リーチ, 挟撃状態 (flanking), target
// lists and 効果範囲 (areas), 明度 (light) and カバー range.
import type { Cell } from '../../model'
import type { Grid } from '../../grid/grid'
import { edgeKindOf, edgeSightLevel } from '../../grid/grid'
import type { LineObstacle } from '../../grid/lines'
import { centreOf, obstructionLevels } from '../../grid/lines'
import type { ArToken, Field } from './field'
import { distance, ENGAGEMENT } from './metric'
import type { ArianrhodReason } from './reasons'
import { diceAt, lightLevel } from './light'

export type Cover = 'none' | 'partial' | 'full'
const COVER_RANK: Record<Cover, number> = { none: 0, partial: 1, full: 2 }

/** Sight level of an obstacle: walls, closed doors and solid squares give full cover, low walls partial. */
function coverLevel(obstacle: LineObstacle): number {
  if (obstacle.type === 'edge') return edgeSightLevel(obstacle.code)
  if (obstacle.type === 'cell') return obstacle.solid ? 2 : 0
  return 0
}

/**
 * Cover between two squares along the line joining their centres (characters never block):
 * crossing full → full, crossing partial → partial, touching full → partial, touching partial → none.
 */
export function coverBetween(grid: Grid, from: number, to: number): Cover {
  if (from === to) return 'none'
  const { cross, touch } = obstructionLevels(
    grid,
    centreOf(grid.cellOf(from)),
    centreOf(grid.cellOf(to)),
    coverLevel,
    {
      ignoreCells: [from, to],
      stopAtCross: 2,
    },
  )
  if (cross >= 2) return 'full'
  if (cross === 1 || touch >= 2) return 'partial'
  return 'none'
}

export function strongerCover(a: Cover, b: Cover): Cover {
  return COVER_RANK[a] >= COVER_RANK[b] ? a : b
}

/**
 * リーチ is distance only (spec decision 7, 000: 「隣接する3m以内のマス全て」): the square and every
 * non-solid square within 3 m, walls or blocked corners notwithstanding. Whether someone in it can
 * be reached is then a matter of line of fire (`inLineOfFire`).
 */
export function reachCells(field: Field, cell: number): readonly number[] {
  const grid = field.grid
  const [x, y] = grid.cellOf(cell)
  const out: number[] = []
  for (let ny = y - 1; ny <= y + 1; ny++) {
    for (let nx = x - 1; nx <= x + 1; nx++) {
      if (!grid.inBounds(nx, ny)) continue
      const next = grid.index(nx, ny)
      if (next === cell || !grid.isSolid(next)) out.push(next)
    }
  }
  return out
}

/** Whether a line of fire joins two squares: no full cover between them (decision 7). */
export function inLineOfFire(grid: Grid, from: number, to: number): boolean {
  return coverBetween(grid, from, to) !== 'full'
}

/**
 * 明度 1 or less at either end (decision 5): line of fire reaches only within リーチ, so a target or
 * a point outside it cannot be chosen.
 */
export function tooDarkBeyondReach(field: Field, from: number, to: number): boolean {
  if (reachCells(field, from).includes(to)) return false
  return lightLevel(field, from) <= 1 || lightLevel(field, to) <= 1
}

export interface EdgeAnswer {
  between: [Cell, Cell]
  kind: 'wall' | 'door' | 'low-wall' | 'window' | 'arrow-slit'
  state?: 'open' | 'closed' | 'locked'
}

/** Partitions on the sides of the given squares, in a stable order. */
export function edgesAround(grid: Grid, cells: Iterable<number>): EdgeAnswer[] {
  const seen = new Set<string>()
  const out: EdgeAnswer[] = []
  for (const cell of cells) {
    const [x, y] = grid.cellOf(cell)
    for (const [dx, dy] of [
      [0, -1],
      [-1, 0],
      [1, 0],
      [0, 1],
    ] as const) {
      const code = grid.edgeOnSide(x, y, dx, dy)
      const kind = edgeKindOf(code)
      if (!kind) continue
      const a: Cell = dx < 0 || dy < 0 ? [x + dx, y + dy] : [x, y]
      const b: Cell = dx < 0 || dy < 0 ? [x, y] : [x + dx, y + dy]
      const key = `${a[0]},${a[1]}:${b[0]},${b[1]}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push({ between: [a, b], ...kind })
    }
  }
  return out.sort(
    (p, q) =>
      p.between[0][1] - q.between[0][1] ||
      p.between[0][0] - q.between[0][0] ||
      p.between[1][1] - q.between[1][1] ||
      p.between[1][0] - q.between[1][0],
  )
}

/** 挟撃状態: unordered pairs of allied foes of the target, both in its ZOC, in line through its centre. */
export function flankingPairs(field: Field, target: ArToken): [string, string][] {
  const zoc = field.zocOf(target)
  const foes = field.tokens.filter(
    (t) => t !== target && field.isEnemy(t, target) && zoc.includes(t.cell),
  )
  const [tx, ty] = field.cellOf(target)
  const pairs: [string, string][] = []
  for (let i = 0; i < foes.length; i++) {
    for (let j = i + 1; j < foes.length; j++) {
      const a = foes[i]
      const b = foes[j]
      if (field.isEnemy(a, b) || a.cell === target.cell || b.cell === target.cell) continue
      const [ax, ay] = field.cellOf(a)
      const [bx, by] = field.cellOf(b)
      // the target's centre lies strictly between the two centres on the line joining them
      const crossProduct = (bx - ax) * (ty - ay) - (by - ay) * (tx - ax)
      const dot = (tx - ax) * (bx - tx) + (ty - ay) * (by - ty)
      if (crossProduct === 0 && dot > 0) pairs.push(a.id < b.id ? [a.id, b.id] : [b.id, a.id])
    }
  }
  return pairs.sort((p, q) =>
    p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : p[1] < q[1] ? -1 : p[1] > q[1] ? 1 : 0,
  )
}

export type RangeSpec = number | 'reach' | 'scene'

export interface TargetAnswer {
  id: string
  at: Cell
  distance: number
  cover: Cover
  foe: boolean
  /** Dice added to the attacker's hit check: 挟撃 +1 (至近, enemies only), 明度 ≤ 2 at its square −1. */
  hitDice: number
  /** Dice added to the target's reaction: partial cover +1, 明度 ≤ 2 at its square −1. */
  reactionDice: number
}

/** Reaction dice a cover level gives (部分遮蔽: 「リアクションの判定に＋1D」). */
export function coverReactionDice(cover: Cover): number {
  return cover === 'partial' ? 1 : 0
}

/**
 * Who `attacker` may target: within range (射程: a number of metres, 至近 = 'reach' or シーン),
 * never inside リーチ for a ranged attack, never behind full cover (シーン ignores cover),
 * and only inside リーチ where the light at either square is 1 or less.
 */
export function targetsOf(
  field: Field,
  attacker: ArToken,
  attack: 'melee' | 'ranged',
  range: RangeSpec,
): TargetAnswer[] {
  const reach = reachCells(field, attacker.cell)
  const out: TargetAnswer[] = []
  for (const target of field.tokens) {
    if (target === attacker) continue
    const inReach = reach.includes(target.cell)
    if (attack === 'ranged' && inReach) continue
    if (
      range === 'reach'
        ? !inReach
        : range !== 'scene' && distance(field.cellOf(attacker), field.cellOf(target)) > range
    )
      continue
    if (tooDarkBeyondReach(field, attacker.cell, target.cell)) continue
    const cover = range === 'scene' ? 'none' : coverBetween(field.grid, attacker.cell, target.cell)
    if (cover === 'full') continue
    const foe = field.isEnemy(attacker, target)
    // 挟撃: 「「射程：至近」の武器やスキルによって敵のみを攻撃する場合」 +1D to hit.
    const flanked =
      range === 'reach' &&
      foe &&
      flankingPairs(field, target).some((pair) => pair.includes(attacker.id))
    out.push({
      id: target.id,
      at: field.cellOf(target),
      distance: distance(field.cellOf(attacker), field.cellOf(target)),
      cover,
      foe,
      hitDice: diceAt(field, attacker.cell, flanked ? 1 : 0),
      reactionDice: diceAt(field, target.cell, coverReactionDice(cover)),
    })
  }
  return out.sort(
    (a, b) => a.at[1] - b.at[1] || a.at[0] - b.at[0] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

export interface AreaAnswer {
  valid: boolean
  reason?: ArianrhodReason
  radius: number
  cells: Cell[]
  solids: Cell[]
  edges: EdgeAnswer[]
  tokens: string[]
}

/**
 * 効果範囲: the origin square plus its neighbourhood of 3 m ± 1 m per fate point (at least 0),
 * every wall and door on the sides of those squares, and the characters in them. With a user,
 * the origin must be in range and its centre in sight (no full cover between the centres);
 * range 'reach' is a melee 範囲(選択) whose origin lies in the user's リーチ.
 */
export function areaOf(
  field: Field,
  origin: number,
  fate: number,
  user?: ArToken,
  range?: RangeSpec,
): AreaAnswer {
  const grid = field.grid
  const radius = Math.max(0, ENGAGEMENT + fate)
  let reason: ArianrhodReason | undefined
  if (user) {
    if (range === 'reach' && !reachCells(field, user.cell).includes(origin))
      reason = 'origin-outside-reach'
    else if (typeof range === 'number' && distance(field.cellOf(user), grid.cellOf(origin)) > range)
      reason = 'origin-out-of-range'
    else if (range !== 'scene' && coverBetween(grid, user.cell, origin) === 'full')
      reason = 'origin-not-in-sight'
    else if (tooDarkBeyondReach(field, user.cell, origin)) reason = 'origin-too-dark'
  }
  const region = field.region(origin, radius, true)
  const cells: number[] = []
  const solids: number[] = []
  for (const cell of [...region.keys()].sort((a, b) => a - b))
    (grid.isSolid(cell) ? solids : cells).push(cell)
  const tokens = field.tokens
    .filter((t) => region.has(t.cell))
    .map((t) => t.id)
    .sort()
  return {
    valid: reason === undefined,
    ...(reason ? { reason } : {}),
    radius,
    cells: cells.map((c) => grid.cellOf(c)),
    solids: solids.map((c) => grid.cellOf(c)),
    edges: edgesAround(grid, cells),
    tokens,
  }
}

/** カバー: within 3 m, plus 1 m per fate point. */
export const PROTECT_RANGE = 3
