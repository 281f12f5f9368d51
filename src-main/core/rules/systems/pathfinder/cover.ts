// 遮蔽 (cover) and 視認困難 (concealment) between two creatures, by lines between grid
// intersections (003 遮蔽, 002 corner-to-corner cover). The exact rule adopted (README "Cover"):
//
// Ranged and reach attacks — 「攻撃側接敵面の任意の交差点と相手側接敵面の全ての交差点を結ぶ」:
// from each intersection of the attacker's space, draw a line to every intersection of the
// target's whole space (a Large target has nine: 「大きなクリーチャーであっても判断方法は同じ」).
// Lines are judged as lines between the two spaces (grid/region-lines.ts): crossing a wall,
// closed door or solid square blocks, a graze past a wall's end does not, and a line that ends
// on a wall at the target's near corner or leaves through a corner on the wall between the two
// is not clear. A low wall that counts (the target is within 30 ft of it and the attacker is not
// nearer to it than the target) obstructs; another creature's square obstructs softly. From one
// corner: all lines blocked → total (「壁を通らない線を1本も引くことができない」); none obstructed
// → none; otherwise cover, or partial cover when more than half of the lines are clear; soft when
// only creatures obstruct. The attacker takes the corner giving the least cover (ties: soft).
// Adjacent melee (natural reach 5 ft or less) — 「攻撃側接敵面の全ての交差点と相手側接敵面のすべの
// 交差点」 of one chosen square each: any line crossing a wall (low walls included) or solid square
// gives cover; creatures never do; total only as for ranged (a wall on the edge between the two
// is total cover, melee or ranged).
import type { Cell } from '../../model'
import type { EdgeCode, EdgeSide } from '../../grid/grid'
import { EDGE_ARROW_SLIT, EDGE_LOW_WALL, TERRAIN_SOLID, edgeBlocksSight } from '../../grid/grid'
import { traceLine } from '../../grid/lines'
import type { Region, RegionLineRules } from '../../grid/region-lines'
import { RegionLines } from '../../grid/region-lines'
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
  /**
   * 良好な遮蔽 (improved cover): an arrow slit obstructs the lines (「狭間窓から覗いている目標に対して
   * 攻撃を行う場合…ACと反応セーヴのボーナスを2倍(AC+8、反応セーヴ+4)」).
   */
  improved?: boolean
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

type Point = readonly [number, number]

function coverLine(from: Point, to: Point, level: number): CoverLine {
  return {
    from: [from[0], from[1]],
    to: [to[0], to[1]],
    blocked: level >= HARD,
    soft: level === SOFT,
  }
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

/** The grid intersections of a w × h rectangle whose north-west square is `at` (its corners and inner points). */
function intersectionsOf(at: Cell, size: readonly [number, number]): Point[] {
  const out: Point[] = []
  for (let j = 0; j <= size[1]; j++)
    for (let i = 0; i <= size[0]; i++) out.push([at[0] + i, at[1] + j])
  return out
}

function regionOf(p: Placement): Region {
  const [w, h] = sizeOf(p)
  const [x0, y0] = p.at
  return (x, y) => x >= x0 && y >= y0 && x < x0 + w && y < y0 + h
}

/** Feet from a creature's space to the nearer of the two squares an edge separates. */
function feetToEdge(
  field: Battlefield,
  p: Placement,
  edge: { cell: number; side: EdgeSide },
): number {
  const a = field.grid.cellOf(edge.cell)
  const b: Cell = edge.side === 'east' ? [a[0] + 1, a[1]] : [a[0], a[1] + 1]
  const d = (c: Cell) => {
    const [gx, gy] = rectGap(p.at, sizeOf(p), c, [1, 1])
    return feetForOffset(gx, gy)
  }
  return Math.min(d(a), d(b))
}

export function coverBetween(
  field: Battlefield,
  attacker: Placement,
  target: Placement,
  attack: AttackKind,
): CoverAnswer {
  const grid = field.grid
  const own = new Set([...cellsOf(field, attacker), ...cellsOf(field, target)])
  const solid = (cell: number) => grid.terrain[cell] === TERRAIN_SOLID
  // A creature never covers itself: a mover's token, still on its start square while its path is
  // judged, is no cover for its later squares (nor is the attacker's).
  const coveredByOthers = (cell: number) =>
    field.occupantsOf(cell).some((c) => c !== attacker.creature && c !== target.creature)
  const lowWallCounts = (cell: number, side: EdgeSide) => {
    const toTarget = feetToEdge(field, target, { cell, side })
    return (
      toTarget <= field.rules.lowObstacleCoverRange &&
      feetToEdge(field, attacker, { cell, side }) >= toTarget
    )
  }
  // An arrow slit shelters the one behind it, not the one shooting out of it (the low-obstacle rule
  // 「攻撃側の方が目標よりも障害物に近い位置にいるならば、攻撃側は遮蔽を無視することができる」).
  const slitCounts = (cell: number, side: EdgeSide) =>
    feetToEdge(field, attacker, { cell, side }) >= feetToEdge(field, target, { cell, side })
  const rangedRules = (withCreatures: boolean): RegionLineRules => ({
    edgeLevel: (code: EdgeCode, cell, side) =>
      edgeBlocksSight(code)
        ? BLOCKS
        : (code === EDGE_LOW_WALL && lowWallCounts(cell, side)) ||
            (code === EDGE_ARROW_SLIT && slitCounts(cell, side))
          ? HARD
          : 0,
    cellLevel: (cell) =>
      solid(cell) ? BLOCKS : withCreatures && !own.has(cell) && coveredByOthers(cell) ? SOFT : 0,
    borderLevel: BLOCKS,
  })
  const ranged = new RegionLines(grid, rangedRules(true))
  const rangedNoCreatures = new RegionLines(grid, rangedRules(false))
  const melee = new RegionLines(grid, {
    edgeLevel: (code) =>
      edgeBlocksSight(code)
        ? BLOCKS
        : code === EDGE_LOW_WALL || code === EDGE_ARROW_SLIT
          ? HARD
          : 0,
    cellLevel: (cell) => (solid(cell) ? BLOCKS : 0),
    borderLevel: BLOCKS,
  })
  const from = regionOf(attacker)
  const to = regionOf(target)
  const targetPoints = intersectionsOf(target.at, sizeOf(target))

  // From each intersection of the attacker's space to every intersection of the target's.
  const wholeSpace = (lines: RegionLines): CoverAnswer => {
    let best: CoverAnswer | null = null
    for (const corner of intersectionsOf(attacker.at, sizeOf(attacker))) {
      const levels = targetPoints.map((q) => lines.level(corner, q, from, to))
      const answer: CoverAnswer = {
        ...classify(levels),
        lines: targetPoints.map((q, i) => coverLine(corner, q, levels[i])),
      }
      if (!best || better(answer, best)) best = answer
      if (best.cover === 'none') break
    }
    return best as CoverAnswer
  }
  const adjacentMelee = (sa: Cell, st: Cell): CoverAnswer => {
    const lines: CoverLine[] = []
    for (const a of intersectionsOf(sa, [1, 1]))
      for (const q of intersectionsOf(st, [1, 1]))
        lines.push(coverLine(a, q, melee.level(a, q, from, to)))
    return { cover: lines.some((l) => l.blocked) ? 'cover' : 'none', soft: false, lines }
  }

  // 良好な遮蔽: some obstructed line of the verdict passes an arrow slit that counts.
  const slits = grid.eastEdge.includes(EDGE_ARROW_SLIT) || grid.southEdge.includes(EDGE_ARROW_SLIT)
  const slitLines = slits
    ? new RegionLines(grid, {
        edgeLevel: (code, cell, side) =>
          code === EDGE_ARROW_SLIT && slitCounts(cell, side) ? 1 : 0,
        cellLevel: () => 0,
        borderLevel: 0,
      })
    : null
  const withImproved = (answer: CoverAnswer): CoverAnswer => {
    if (!slitLines || (answer.cover !== 'partial' && answer.cover !== 'cover')) return answer
    const improved = (answer.lines ?? []).some(
      (l) => l.blocked && slitLines.level(l.from, l.to, from, to) > 0,
    )
    return improved ? { ...answer, improved: true } : answer
  }

  if (attack === 'ranged' || attacker.creature.naturalReach > 5)
    return withImproved(wholeSpace(ranged))
  // Adjacent melee: total only as for ranged (creatures never count), then any square of each.
  const asRanged = wholeSpace(rangedNoCreatures)
  let best: CoverAnswer | null = null
  for (const sa of squaresOf(field, attacker)) {
    for (const st of squaresOf(field, target)) {
      if (Math.max(Math.abs(sa[0] - st[0]), Math.abs(sa[1] - st[1])) !== 1) continue
      const answer =
        asRanged.cover === 'total'
          ? { cover: 'total' as const, soft: false, lines: asRanged.lines }
          : adjacentMelee(sa, st)
      if (!best || better(answer, best)) best = answer
    }
  }
  // A reach weapon attacks the squares beyond its natural reach as a ranged attack would.
  if (attacker.creature.reachWeapon || !best) {
    const reach = wholeSpace(ranged)
    if (!best || better(reach, best)) best = reach
  }
  return withImproved(best)
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

/** AC bonus of a cover level (partial +2, cover +4), doubled by improved cover (+8). */
export function coverAcBonus(cover: CoverLevel, improved = false): number {
  return (cover === 'partial' ? 2 : cover === 'cover' ? 4 : 0) * (improved ? 2 : 1)
}

/**
 * 視認困難 from the attacker's eyes: total when it cannot see the target at all (no line of sight,
 * or darkness without darkvision); 20 % when a target square is in dim light for it, or (ranged and
 * reach attacks) every corner of its square has a line to the target crossing a dim square.
 */
export function concealmentBetween(
  field: Battlefield,
  attacker: Placement,
  target: Placement,
  attack: AttackKind,
): Concealment {
  const viewer = { ...attacker.creature, at: attacker.at }
  const seen = { ...target.creature, at: target.at }
  const sight = sightMap(field, viewer)
  const targetCells = cellsOf(field, target)
  if (!seesCreature(field, viewer, seen, sight, targetCells)) return 'total'
  const targetSquares = targetCells.map((c) => field.grid.cellOf(c))
  const attackerSquares = squaresOf(field, attacker)
  const adjacent = attackerSquares.some((a) =>
    targetSquares.some((t) => Math.max(Math.abs(a[0] - t[0]), Math.abs(a[1] - t[1])) <= 1),
  )
  if (attack === 'melee' && adjacent && attacker.creature.naturalReach <= 5) {
    return targetCells.every((c) => sight[c] === SIGHT_CONCEALED) ? 'concealment' : 'none'
  }
  if (targetCells.some((c) => sight[c] === SIGHT_CONCEALED)) return 'concealment'
  const own = new Set(field.spaceCells(viewer, viewer.at))
  const dim = (cell: number) => !own.has(cell) && sight[cell] === SIGHT_CONCEALED
  const clearCorner = attackerSquares.some((sa) =>
    cornersOf(sa).some((corner) =>
      targetSquares.every((st) =>
        cornersOf(st).every(
          (q) =>
            !traceLine(
              field.grid,
              corner,
              q,
              (o, contact) => contact === 'cross' && o.type === 'cell' && !o.solid,
              { occupied: dim },
            ),
        ),
      ),
    ),
  )
  return clearCorner ? 'none' : 'concealment'
}

/** Corners of a square in doubled coordinates (grid/lines.ts). */
function cornersOf(square: Cell): Point[] {
  const [x, y] = square
  return [
    [2 * x, 2 * y],
    [2 * x + 2, 2 * y],
    [2 * x, 2 * y + 2],
    [2 * x + 2, 2 * y + 2],
  ]
}

export function missChance(concealment: Concealment): number {
  return concealment === 'total' ? 50 : concealment === 'concealment' ? 20 : 0
}
