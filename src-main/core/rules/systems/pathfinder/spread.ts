// Area effects from a grid intersection and the Reflex bonus cover gives against them (遮蔽と反応
// セーヴ, 002 魔法の範囲と反応セーブ). A burst reaches the squares within its radius that have line of
// effect from the origin; a spread also flows around corners (拡散効果は角を回り込んで広がる),
// never through walls, closed doors or solid squares. Distance from an intersection counts the
// four squares touching it as 5 ft (one diagonal already taken), then 5/10/5.
//
// Reflex bonus: the four lines from the origin to the square's corners are classed as for ranged
// cover (walls / solid block, low walls obstruct, creatures only soft: no Reflex bonus). Cover
// gives +2, partial cover +1; a burst does not affect a square in total cover. A spread wraps
// around walls, so only obstacles it passes over (low walls) still give the bonus.
import type { Cell } from '../../model'
import {
  EDGE_ARROW_SLIT,
  EDGE_LOW_WALL,
  EIGHT_DIRECTIONS,
  TERRAIN_SOLID,
  edgeBlocksSight,
} from '../../grid/grid'
import type { Region } from '../../grid/region-lines'
import { RegionLines } from '../../grid/region-lines'
import { leastCostSearch } from '../../grid/search'
import type { Battlefield } from './creatures'
import { feetForOffset } from './creatures'

export type AreaShape = 'burst' | 'spread'

export interface AreaCell {
  cell: number
  reflex: number
}

/** 5/10/5 feet from a grid intersection to the far side of square (x, y) (the four touching squares: 5 ft). */
export function intersectionFeet(origin: Cell, x: number, y: number): number {
  const ox = x < origin[0] ? origin[0] - 1 - x : x - origin[0]
  const oy = y < origin[1] ? origin[1] - 1 - y : y - origin[1]
  return feetForOffset(ox + 1, oy + 1)
}

/**
 * Cover of squares against an effect from `origin`: `levels(cell)` classes the four lines from the
 * origin to the square's corners (3 blocks, 2 obstructs, 1 creature), `reflex(levels)` is the
 * Reflex bonus they give (+2 cover, +1 partial; creatures none).
 */
/** Line level of an arrow slit: obstructs like a low wall, and makes the cover improved. */
const SLIT = 2.5

export function effectCover(
  field: Battlefield,
  origin: Cell,
): { levels: (cell: number) => number[]; reflex: (levels: number[]) => number } {
  const grid = field.grid
  let target = -1
  // Lines from the origin to the square's corners, as lines between regions (grid/region-lines.ts):
  // one ending on a wall at the square's near corner does not reach into it.
  const lines = new RegionLines(grid, {
    edgeLevel: (code) =>
      edgeBlocksSight(code) ? 3 : code === EDGE_ARROW_SLIT ? SLIT : code === EDGE_LOW_WALL ? 2 : 0,
    cellLevel: (cell) =>
      grid.terrain[cell] === TERRAIN_SOLID ? 3 : cell !== target && field.isOccupied(cell) ? 1 : 0,
    borderLevel: 3,
  })
  // The effect starts at a point: it may leave it into any open square around it.
  const around: Region = (x, y) =>
    x >= origin[0] - 1 &&
    x <= origin[0] &&
    y >= origin[1] - 1 &&
    y <= origin[1] &&
    grid.inBounds(x, y) &&
    grid.terrain[grid.index(x, y)] !== TERRAIN_SOLID
  const coverOf = (cell: number): number[] => {
    const [x, y] = grid.cellOf(cell)
    target = cell
    const square: Region = (cx, cy) => cx === x && cy === y
    const corners: [number, number][] = [
      [x, y],
      [x + 1, y],
      [x, y + 1],
      [x + 1, y + 1],
    ]
    return corners.map((q) => lines.level(origin, q, around, square))
  }
  const reflexOf = (levels: number[]): number => {
    const obstructed = levels.filter((l) => l >= 2).length
    if (obstructed === 0) return 0
    // 良好な遮蔽 behind an arrow slit doubles the bonus (「反応セーヴ+4」).
    const improved = levels.some((l) => l === SLIT) ? 2 : 1
    return (levels.length - obstructed > levels.length / 2 ? 1 : 2) * improved
  }
  return { levels: coverOf, reflex: reflexOf }
}

export function areaFrom(
  field: Battlefield,
  origin: Cell,
  radius: number,
  shape: AreaShape,
): AreaCell[] {
  const grid = field.grid
  const width = grid.width
  const { levels: coverOf, reflex: reflexOf } = effectCover(field, origin)
  const out: AreaCell[] = []
  if (shape === 'burst') {
    const span = Math.ceil(radius / 5)
    for (let y = Math.max(0, origin[1] - span); y < Math.min(grid.height, origin[1] + span); y++) {
      for (let x = Math.max(0, origin[0] - span); x < Math.min(grid.width, origin[0] + span); x++) {
        const cell = grid.index(x, y)
        if (grid.terrain[cell] === TERRAIN_SOLID || intersectionFeet(origin, x, y) > radius)
          continue
        const levels = coverOf(cell)
        if (levels.every((l) => l >= 3)) continue
        out.push({ cell, reflex: reflexOf(levels) })
      }
    }
    return out
  }
  const starts: { cell: number; state: number; cost: number }[] = []
  for (const [dx, dy] of [
    [-1, -1],
    [0, -1],
    [-1, 0],
    [0, 0],
  ]) {
    const x = origin[0] + dx
    const y = origin[1] + dy
    if (grid.inBounds(x, y) && grid.terrain[grid.index(x, y)] !== TERRAIN_SOLID && radius >= 5) {
      starts.push({ cell: grid.index(x, y), state: 1, cost: 5 })
    }
  }
  const search = leastCostSearch({
    cellCount: grid.size,
    states: 2,
    starts,
    maxCost: radius,
    expand(cell, parity, _cost, emit) {
      const x = cell % width
      const y = (cell - x) / width
      for (const [dx, dy] of EIGHT_DIRECTIONS) {
        if (!grid.inBounds(x + dx, y + dy) || grid.stepBlocked(x, y, dx, dy)) continue
        const next = cell + dy * width + dx
        if (grid.terrain[next] === TERRAIN_SOLID) continue
        const diagonal = dx !== 0 && dy !== 0
        emit(next, diagonal ? 1 - parity : parity, diagonal && parity === 1 ? 10 : 5, 0)
      }
    },
  })
  for (const { cell } of search.reach()) {
    const levels = coverOf(cell).map((l) => (l >= 3 ? 0 : l))
    out.push({ cell, reflex: reflexOf(levels) })
  }
  return out
}
