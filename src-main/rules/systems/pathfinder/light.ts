// Light and sight. The map's integer light levels index the system's light categories
// (pathfinder: 0 dark, 1 dim, 2 normal, 3 bright; dnd35: 0 dark, 1 shadowy, 2 bright). A light
// source `{level L, radius r}` lights the squares it can see within r ft at L and those within
// 2r ft at L − 1 (a torch: level normal, radius 20 → normal 20 ft, dim 20 ft beyond); low-light
// vision doubles both radii. A cell's own `light` overrides everything (magical darkness, say).
// Darkvision sees every square within its range as if lit, without concealment.
import { canSee, fieldOfView } from '../../grid/vision'
import type { Battlefield, Creature } from './creatures'
import { feetForOffset, spaceGap } from './creatures'

export type Sight = 'clear' | 'concealed' | 'unseen'

/** Light level of every cell as `viewer` perceives the sources (low-light vision doubles radii). */
export function lightLevels(field: Battlefield, viewer?: Creature): Int8Array {
  const { grid, rules } = field
  const top = rules.light.categories.length - 1
  const clamp = (level: number) => Math.max(0, Math.min(top, level))
  const levels = new Int8Array(grid.size).fill(
    clamp(grid.ambientLight ?? rules.light.defaultAmbient),
  )
  const factor = viewer?.vision === 'low-light' ? 2 : 1
  for (const source of grid.lightSources) {
    const near = source.radius * factor
    const far = 2 * near
    const span = Math.floor(far / 5)
    const from = grid.index(source.at[0], source.at[1])
    for (
      let y = Math.max(0, source.at[1] - span);
      y <= Math.min(grid.height - 1, source.at[1] + span);
      y++
    ) {
      for (
        let x = Math.max(0, source.at[0] - span);
        x <= Math.min(grid.width - 1, source.at[0] + span);
        x++
      ) {
        const feet = feetForOffset(Math.abs(x - source.at[0]), Math.abs(y - source.at[1]))
        if (feet > far) continue
        const cell = grid.index(x, y)
        const level = clamp(feet <= near ? source.level : source.level - 1)
        if (level <= levels[cell] || !canSee(grid, from, cell)) continue
        levels[cell] = level
      }
    }
  }
  for (let cell = 0; cell < grid.size; cell++) {
    const override = grid.lightOverride(cell)
    if (override !== undefined) levels[cell] = clamp(override)
  }
  return levels
}

/** How a viewer perceives each cell's light: seen clearly, seen with concealment (dim), or not at all. */
export function sightMap(
  field: Battlefield,
  viewer: Creature,
  levels = lightLevels(field, viewer),
): Uint8Array {
  const { grid, rules } = field
  const out = new Uint8Array(grid.size)
  // 盲目状態: it sees nothing (every square is as dark to it).
  if (viewer.blinded) return out
  for (let cell = 0; cell < grid.size; cell++) {
    let sight: number
    if (levels[cell] >= rules.light.clearLevel) sight = SIGHT_CLEAR
    else if (viewer.darkvisionRange > 0 && darkvisionReaches(field, viewer, cell))
      sight = SIGHT_CLEAR
    else sight = levels[cell] >= rules.light.seeLevel ? SIGHT_CONCEALED : SIGHT_UNSEEN
    out[cell] = sight
  }
  return out
}

export const SIGHT_UNSEEN = 0
export const SIGHT_CONCEALED = 1
export const SIGHT_CLEAR = 2

function darkvisionReaches(field: Battlefield, viewer: Creature, cell: number): boolean {
  const [gx, gy] = spaceGap(viewer.at, viewer.side, field.grid.cellOf(cell), 1)
  return feetForOffset(gx, gy) <= viewer.darkvisionRange
}

export function sightName(code: number): Sight {
  return code === SIGHT_CLEAR ? 'clear' : code === SIGHT_CONCEALED ? 'concealed' : 'unseen'
}

/**
 * Cells the viewer sees: a line of sight (grid/vision.ts: centre to centre or to a point a quarter
 * cell inside a corner, blocked by walls, closed doors and solid cells) from any square of its
 * space, to a cell it can see in its light. Its own space is always seen.
 */
export function visibleCells(
  field: Battlefield,
  viewer: Creature,
  sight = sightMap(field, viewer),
): number[] {
  const grid = field.grid
  const own = field.spaceCells(viewer, viewer.at)
  const perceived = perceivedBounds(grid, sight)
  if (own.length === 1) {
    return fieldOfView(grid, own[0], {
      inRange: (cell) => sight[cell] !== SIGHT_UNSEEN || cell === own[0],
      maxDistance: reachInto(grid, own[0], perceived),
    })
  }
  const seen = new Set<number>(own)
  for (const eye of own) {
    const cells = fieldOfView(grid, eye, {
      inRange: (cell) => !seen.has(cell) && sight[cell] !== SIGHT_UNSEEN,
      maxDistance: reachInto(grid, eye, perceived),
    })
    for (const cell of cells) seen.add(cell)
  }
  return [...seen].sort((a, b) => a - b)
}

type Bounds = { minX: number; maxX: number; minY: number; maxY: number } | null

/** The box around every cell the viewer could perceive in its light (null: none). */
function perceivedBounds(grid: Battlefield['grid'], sight: Uint8Array): Bounds {
  let bounds: Bounds = null
  for (let cell = 0; cell < grid.size; cell++) {
    if (sight[cell] === SIGHT_UNSEEN) continue
    const [x, y] = grid.cellOf(cell)
    if (!bounds) bounds = { minX: x, maxX: x, minY: y, maxY: y }
    else {
      if (x < bounds.minX) bounds.minX = x
      if (x > bounds.maxX) bounds.maxX = x
      if (y < bounds.minY) bounds.minY = y
      if (y > bounds.maxY) bounds.maxY = y
    }
  }
  return bounds
}

/**
 * Squares from `eye` (along either axis) to the farthest perceivable cell: past it the sight
 * test refuses every cell, so the sweep can stop there. In darkness lit only by a few torches
 * this is far shorter than the map.
 */
function reachInto(grid: Battlefield['grid'], eye: number, bounds: Bounds): number {
  if (!bounds) return 0
  const [x, y] = grid.cellOf(eye)
  return Math.max(0, x - bounds.minX, bounds.maxX - x, y - bounds.minY, bounds.maxY - y)
}

/** Whether the viewer sees any square of the target's space (line of sight and light). */
export function seesCreature(
  field: Battlefield,
  viewer: Creature,
  target: Creature,
  sight = sightMap(field, viewer),
  targetCells: readonly number[] = field.spaceCells(target, target.at),
): boolean {
  const grid = field.grid
  // 不可視状態: 「不可視状態の敵は君に対して機会攻撃を得る」 (withdraw), no charge at it.
  if (target.invisible && target !== viewer) return false
  for (const to of targetCells) {
    if (sight[to] === SIGHT_UNSEEN) continue
    for (const from of field.spaceCells(viewer, viewer.at)) if (canSee(grid, from, to)) return true
  }
  return false
}
