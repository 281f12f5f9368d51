// 遮蔽 (cover) and 視認困難 (concealment) between two creatures, by lines between square corners
// (003 遮蔽, 002 corner-to-corner cover). The exact rule adopted (README "Cover"):
//
// Ranged and reach attacks — for each pair (attacker square, target square) and each corner of
// the attacker square, draw the four lines to the target square's corners. A line is blocked by
// crossing (not grazing, not running along) a wall, closed door, solid square or a corner with
// such obstacles on both sides; it is obstructed by a low wall that counts (the target is within
// 30 ft of it and the attacker is not nearer to it than the target), and softly obstructed by
// another creature's square. From one corner: all four lines blocked → total; none obstructed →
// none; otherwise cover, or partial cover when more than half (3 or 4) of the lines are clear;
// soft when only creatures obstruct. The attacker takes the corner and squares giving the least
// cover (ties: soft). Adjacent melee (natural reach 5 ft or less) — every corner of the attacker's
// square to every corner of the target's: any line crossing a wall (low walls included) or solid
// square gives cover; creatures never do; total only as for ranged.
import type { Cell } from '../../model'
import type { Point, LineObstacle } from '../../grid/lines'
import { obstructionLevels, traceLine } from '../../grid/lines'
import { EDGE_LOW_WALL, edgeBlocksSight } from '../../grid/grid'
import type { Battlefield, Creature } from './creatures'
import { feetForOffset, rectGap } from './creatures'
import { SIGHT_CONCEALED, seesCreature, sightMap } from './light'

export type CoverLevel = 'none' | 'partial' | 'cover' | 'total'
export type AttackKind = 'ranged' | 'melee'
export type Concealment = 'none' | 'concealment' | 'total'

export interface Placement {
  readonly creature: Creature
  readonly at: Cell
  /** The space's [w, h] when it is not the creature's full s × s (squeezed). */
  readonly size?: readonly [number, number]
}

export interface CoverAnswer {
  cover: CoverLevel
  soft: boolean
  /** The lines the verdict was read from (the deciding attacker corner / squares), for drawing. */
  lines?: CoverLine[]
}

/** One corner-to-corner line, in cell units (corner (i, j) = [i, j]). */
export interface CoverLine {
  from: [number, number]
  to: [number, number]
  /** Crosses a wall, closed door, solid square or a counted low wall. */
  blocked: boolean
  /** Obstructed by creatures only (soft cover). */
  soft: boolean
}

function coverLine(from: Point, to: Point, level: number): CoverLine {
  return { from: [from[0] / 2, from[1] / 2], to: [to[0] / 2, to[1] / 2], blocked: level >= HARD, soft: level === SOFT }
}

const RANK: Record<CoverLevel, number> = { none: 0, partial: 1, cover: 2, total: 3 }
const BLOCKS = 3
const HARD = 2
const SOFT = 1

export function placementOf(creature: Creature): Placement {
  return { creature, at: creature.at }
}

function sizeOf(p: Placement): readonly [number, number] {
  return p.size ?? [p.creature.side, p.creature.side]
}

function cellsOf(field: Battlefield, p: Placement): number[] {
  return field.footprintCells(p.at, ...sizeOf(p))
}

function squaresOf(field: Battlefield, p: Placement): Cell[] {
  return cellsOf(field, p).map((cell) => field.grid.cellOf(cell))
}

function cornersOf(square: Cell): Point[] {
  const [x, y] = square
  return [
    [2 * x, 2 * y],
    [2 * x + 2, 2 * y],
    [2 * x, 2 * y + 2],
    [2 * x + 2, 2 * y + 2],
  ]
}

/** Feet from a creature's space to the nearer of the two squares an edge separates. */
function feetToEdge(field: Battlefield, p: Placement, edge: { cell: number; side: 'east' | 'south' }): number {
  const a = field.grid.cellOf(edge.cell)
  const b: Cell = edge.side === 'east' ? [a[0] + 1, a[1]] : [a[0], a[1] + 1]
  const d = (c: Cell) => {
    const [gx, gy] = rectGap(p.at, sizeOf(p), c, [1, 1])
    return feetForOffset(gx, gy)
  }
  return Math.min(d(a), d(b))
}

export function coverBetween(field: Battlefield, attacker: Placement, target: Placement, attack: AttackKind): CoverAnswer {
  const grid = field.grid
  const own = new Set([...cellsOf(field, attacker), ...cellsOf(field, target)])
  const occupied = (cell: number) => !own.has(cell) && field.isOccupied(cell)
  const lowWallCounts = (o: LineObstacle & { type: 'edge' }) => {
    const toTarget = feetToEdge(field, target, o)
    return toTarget <= field.rules.lowObstacleCoverRange && feetToEdge(field, attacker, o) >= toTarget
  }
  const rangedLevel = (o: LineObstacle): number => {
    if (o.type === 'edge') return edgeBlocksSight(o.code) ? BLOCKS : o.code === EDGE_LOW_WALL && lowWallCounts(o) ? HARD : 0
    if (o.type === 'cell') return o.solid ? BLOCKS : SOFT
    return 0
  }
  const meleeLevel = (o: LineObstacle): number => {
    if (o.type === 'edge') return edgeBlocksSight(o.code) ? BLOCKS : o.code === EDGE_LOW_WALL ? HARD : 0
    if (o.type === 'cell') return o.solid ? BLOCKS : 0
    return 0
  }
  const W = 2 * grid.width
  const H = 2 * grid.height
  const lineLevel = (from: Point, to: Point, level: (o: LineObstacle) => number, withCreatures: boolean) => {
    const { cross, touch } = obstructionLevels(grid, from, to, level, { occupied: withCreatures ? occupied : undefined, ignoreCells: [...own] })
    // Nothing lies beyond the map's edge, so a line along it squeezed against an obstacle is not a way past.
    const alongBorder = (from[0] === to[0] && (from[0] === 0 || from[0] === W)) || (from[1] === to[1] && (from[1] === 0 || from[1] === H))
    return alongBorder ? Math.max(cross, touch) : cross
  }

  const ranged = (sa: Cell, st: Cell, withCreatures: boolean): CoverAnswer => {
    let best: CoverAnswer | null = null
    for (const corner of cornersOf(sa)) {
      const targets = cornersOf(st)
      const levels = targets.map((q) => lineLevel(corner, q, rangedLevel, withCreatures))
      const answer: CoverAnswer = { ...classify(levels), lines: targets.map((q, i) => coverLine(corner, q, levels[i])) }
      if (!best || better(answer, best)) best = answer
      if (best.cover === 'none') break
    }
    return best as CoverAnswer
  }
  const adjacentMelee = (sa: Cell, st: Cell): CoverAnswer => {
    const asRanged = ranged(sa, st, false)
    if (asRanged.cover === 'total') return { cover: 'total', soft: false, lines: asRanged.lines }
    const lines: CoverLine[] = []
    for (const a of cornersOf(sa)) for (const q of cornersOf(st)) lines.push(coverLine(a, q, lineLevel(a, q, meleeLevel, false)))
    return { cover: lines.some((l) => l.blocked) ? 'cover' : 'none', soft: false, lines }
  }

  const usesAdjacentRule = attack === 'melee' && attacker.creature.naturalReach <= 5
  let best: CoverAnswer | null = null
  for (const sa of squaresOf(field, attacker)) {
    for (const st of squaresOf(field, target)) {
      const adjacent = Math.max(Math.abs(sa[0] - st[0]), Math.abs(sa[1] - st[1])) === 1
      let answer: CoverAnswer
      if (usesAdjacentRule && adjacent) answer = adjacentMelee(sa, st)
      else if (usesAdjacentRule && !attacker.creature.reachWeapon) continue // 5 ft reach: only adjacent squares can be attacked
      else answer = ranged(sa, st, true)
      if (!best || better(answer, best)) best = answer
    }
  }
  return best ?? ranged(squaresOf(field, attacker)[0], squaresOf(field, target)[0], true)
}

function classify(levels: number[]): CoverAnswer {
  if (levels.every((l) => l >= BLOCKS)) return { cover: 'total', soft: false }
  const clear = levels.filter((l) => l === 0).length
  if (clear === levels.length) return { cover: 'none', soft: false }
  const soft = levels.every((l) => l <= SOFT)
  return { cover: clear * 2 > levels.length ? 'partial' : 'cover', soft }
}

function better(a: CoverAnswer, b: CoverAnswer): boolean {
  if (RANK[a.cover] !== RANK[b.cover]) return RANK[a.cover] < RANK[b.cover]
  return a.soft && !b.soft
}

/** AC bonus of a cover level (partial +2, cover +4). */
export function coverAcBonus(cover: CoverLevel): number {
  return cover === 'partial' ? 2 : cover === 'cover' ? 4 : 0
}

/**
 * 視認困難 from the attacker's eyes: total when it cannot see the target at all (no line of sight,
 * or darkness without darkvision); 20 % when a target square is in dim light for it, or (ranged and
 * reach attacks) every corner of its square has a line to the target crossing a dim square.
 */
export function concealmentBetween(field: Battlefield, attacker: Placement, target: Placement, attack: AttackKind): Concealment {
  const viewer = { ...attacker.creature, at: attacker.at }
  const seen = { ...target.creature, at: target.at }
  const sight = sightMap(field, viewer)
  const targetCells = cellsOf(field, target)
  if (!seesCreature(field, viewer, seen, sight, targetCells)) return 'total'
  const targetSquares = targetCells.map((c) => field.grid.cellOf(c))
  const attackerSquares = squaresOf(field, attacker)
  const adjacent = attackerSquares.some((a) => targetSquares.some((t) => Math.max(Math.abs(a[0] - t[0]), Math.abs(a[1] - t[1])) <= 1))
  if (attack === 'melee' && adjacent && attacker.creature.naturalReach <= 5) {
    return targetCells.every((c) => sight[c] === SIGHT_CONCEALED) ? 'concealment' : 'none'
  }
  if (targetCells.some((c) => sight[c] === SIGHT_CONCEALED)) return 'concealment'
  const own = new Set(field.spaceCells(viewer, viewer.at))
  const dim = (cell: number) => !own.has(cell) && sight[cell] === SIGHT_CONCEALED
  const clearCorner = attackerSquares.some((sa) =>
    cornersOf(sa).some((corner) =>
      targetSquares.every((st) =>
        cornersOf(st).every((q) => !traceLine(field.grid, corner, q, (o, contact) => contact === 'cross' && o.type === 'cell' && !o.solid, { occupied: dim })),
      ),
    ),
  )
  return clearCorner ? 'none' : 'concealment'
}

export function missChance(concealment: Concealment): number {
  return concealment === 'total' ? 50 : concealment === 'concealment' ? 20 : 0
}
