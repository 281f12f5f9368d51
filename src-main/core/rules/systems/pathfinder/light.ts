// Light and sight. The map's integer light levels index the system's light categories
// (pathfinder: 0 dark, 1 dim, 2 normal, 3 bright; dnd35: 0 dark, 1 shadowy, 2 bright). A light
// source `{level L, radius r}` lights the squares it can see within r ft at L and those within
// 2r ft at L − 1 (a torch: level normal, radius 20 → normal 20 ft, dim 20 ft beyond); low-light
// vision doubles both radii. A cell's own `light` overrides everything (magical darkness, say).
// Darkvision sees every square within its range as if lit, without concealment.
import type { LineReach } from '../../grid/line-reach'
import { canSee, fieldOfView } from '../../grid/vision'
import type { Battlefield, Creature } from './creatures'
import { feetForOffset, spaceGap } from './creatures'

export type Sight = 'clear' | 'concealed' | 'unseen'

/** Low-light vision doubles a source's radii. */
const LOW_LIGHT_FACTOR = 2

// Light depends on the map's layout and the viewer's kind of vision only, and a layout's grid is
// shared by every battle on it (scenario/run.ts prepareMap): the levels and the sight they give
// are computed once per grid, rule set and vision, so the fog's cost follows what can be seen
// (issue 13), not the map's size. Callers never change the arrays answered.
interface LayoutLight {
  levels: Int8Array
  /** Sight from light alone (no darkvision), and the box of cells it lets anyone perceive. */
  sight: Uint8Array
  bounds: Bounds
}
const layoutLight = new WeakMap<object, WeakMap<object, Map<number, LayoutLight>>>()

function lightOf(field: Battlefield, factor: number): LayoutLight {
  let byRules = layoutLight.get(field.grid)
  if (!byRules) layoutLight.set(field.grid, (byRules = new WeakMap()))
  let byFactor = byRules.get(field.rules)
  if (!byFactor) byRules.set(field.rules, (byFactor = new Map()))
  let light = byFactor.get(factor)
  if (!light) {
    const levels = computeLightLevels(field, factor)
    const sight = lightSight(field, levels)
    light = { levels, sight, bounds: perceivedBounds(field.grid, sight) }
    byFactor.set(factor, light)
  }
  return light
}

/** Light level of every cell as `viewer` perceives the sources (low-light vision doubles radii). */
export function lightLevels(field: Battlefield, viewer?: Creature): Int8Array {
  return lightOf(field, viewer?.vision === 'low-light' ? LOW_LIGHT_FACTOR : 1).levels
}

function computeLightLevels(field: Battlefield, factor: number): Int8Array {
  const { grid, rules } = field
  const top = rules.light.categories.length - 1
  const clamp = (level: number) => Math.max(0, Math.min(top, level))
  const levels = new Int8Array(grid.size).fill(
    clamp(grid.ambientLight ?? rules.light.defaultAmbient),
  )
  for (const source of grid.lightSources) {
    const near = source.radius * factor
    const far = 2 * near
    const span = lightSpan(source, factor)
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

/** Squares along either axis a source lights (its radius doubled: the dim ring beyond). */
function lightSpan(source: { radius: number }, factor: number): number {
  return Math.floor((2 * source.radius * factor) / 5)
}

/**
 * Whether no light source's light can reach the squares `around`: each source lights only squares
 * within its span (low-light vision's, the longest) that it sees, and a line from it to one of
 * them stays inside that box. Then an edit of their edges or terrain leaves every light level,
 * hence every viewer's light sight, as it was (RuleSystem.sightFollowsLines).
 */
export function lightStaysClearOf(grid: Battlefield['grid'], around: readonly number[]): boolean {
  const width = grid.width
  return grid.lightSources.every((source) => {
    const span = lightSpan(source, LOW_LIGHT_FACTOR) + 1
    return around.every((cell) => {
      const x = cell % width
      const y = (cell - x) / width
      return Math.max(Math.abs(x - source.at[0]), Math.abs(y - source.at[1])) > span
    })
  })
}

/** How a viewer perceives each cell's light: seen clearly, seen with concealment (dim), or not at all. */
export function sightMap(field: Battlefield, viewer: Creature): Uint8Array {
  return viewerSight(field, viewer).sight
}

/** The viewer's sight and the box it can perceive: light's, plus its darkvision around it. */
function viewerSight(field: Battlefield, viewer: Creature): { sight: Uint8Array; bounds: Bounds } {
  const grid = field.grid
  // 盲目状態: it sees nothing (every square is as dark to it).
  if (viewer.blinded) return { sight: new Uint8Array(grid.size), bounds: null }
  const light = lightOf(field, viewer.vision === 'low-light' ? LOW_LIGHT_FACTOR : 1)
  if (viewer.darkvisionRange <= 0) return light
  const sight = light.sight.slice()
  let bounds = light.bounds
  // Only the squares darkvision can reach: a box of its range around the viewer's space.
  const span = Math.ceil(viewer.darkvisionRange / 5) + viewer.side
  const x0 = Math.max(0, viewer.at[0] - span)
  const y0 = Math.max(0, viewer.at[1] - span)
  const x1 = Math.min(grid.width - 1, viewer.at[0] + span)
  const y1 = Math.min(grid.height - 1, viewer.at[1] + span)
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const cell = grid.index(x, y)
      if (sight[cell] === SIGHT_CLEAR || !darkvisionReaches(field, viewer, cell)) continue
      sight[cell] = SIGHT_CLEAR
      bounds = grow(bounds, x, y)
    }
  }
  return { sight, bounds }
}

/** Sight from light alone: clear, concealed (dim) or unseen, per cell. */
function lightSight(field: Battlefield, levels: Int8Array): Uint8Array {
  const { grid, rules } = field
  const out = new Uint8Array(grid.size)
  for (let cell = 0; cell < grid.size; cell++) {
    out[cell] =
      levels[cell] >= rules.light.clearLevel
        ? SIGHT_CLEAR
        : levels[cell] >= rules.light.seeLevel
          ? SIGHT_CONCEALED
          : SIGHT_UNSEEN
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
export function visibleCells(field: Battlefield, viewer: Creature, reached?: LineReach): number[] {
  const grid = field.grid
  const own = field.spaceCells(viewer, viewer.at)
  const { sight, bounds: perceived } = viewerSight(field, viewer)
  if (own.length === 1) {
    return fieldOfView(grid, own[0], {
      inRange: (cell) => sight[cell] !== SIGHT_UNSEEN || cell === own[0],
      maxDistance: reachInto(grid, own[0], perceived),
      reached,
    })
  }
  const seen = new Set<number>(own)
  for (const eye of own) {
    const cells = fieldOfView(grid, eye, {
      inRange: (cell) => !seen.has(cell) && sight[cell] !== SIGHT_UNSEEN,
      maxDistance: reachInto(grid, eye, perceived),
      reached,
    })
    for (const cell of cells) seen.add(cell)
  }
  return [...seen].sort((a, b) => a - b)
}

type Bounds = { minX: number; maxX: number; minY: number; maxY: number } | null

/** The box around every cell light lets anyone perceive (null: none). */
function perceivedBounds(grid: Battlefield['grid'], sight: Uint8Array): Bounds {
  const width = grid.width
  let minX = Infinity
  let maxX = -1
  let minY = Infinity
  let maxY = -1
  for (let cell = 0; cell < grid.size; cell++) {
    if (sight[cell] === SIGHT_UNSEEN) continue
    const x = cell % width
    const y = (cell - x) / width
    if (x < minX) minX = x
    if (x > maxX) maxX = x
    if (y < minY) minY = y
    if (y > maxY) maxY = y
  }
  return maxX < 0 ? null : { minX, maxX, minY, maxY }
}

function grow(bounds: Bounds, x: number, y: number): Bounds {
  if (!bounds) return { minX: x, maxX: x, minY: y, maxY: y }
  return {
    minX: Math.min(bounds.minX, x),
    maxX: Math.max(bounds.maxX, x),
    minY: Math.min(bounds.minY, y),
    maxY: Math.max(bounds.maxY, y),
  }
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
