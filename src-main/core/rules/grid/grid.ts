// The read-only battle grid every rule system works on: terrain, elevation, light overrides,
// blockade marks and the partitions between orthogonal neighbours, all in flat typed arrays
// indexed by `y * width + x` so that searches and line tests never allocate per cell.
import type { Cell, MapSpec } from '../model'

export const TERRAIN_FLOOR = 0
export const TERRAIN_DIFFICULT = 1
export const TERRAIN_PIT = 2
export const TERRAIN_SOLID = 3
const TERRAIN_CODES: Record<string, number> = {
  floor: TERRAIN_FLOOR,
  difficult: TERRAIN_DIFFICULT,
  pit: TERRAIN_PIT,
  solid: TERRAIN_SOLID,
}
export const TERRAIN_NAMES = ['floor', 'difficult', 'pit', 'solid'] as const

export const EDGE_NONE = 0
export const EDGE_WALL = 1
export const EDGE_DOOR_OPEN = 2
export const EDGE_DOOR_CLOSED = 3
export const EDGE_DOOR_LOCKED = 4
export const EDGE_LOW_WALL = 5
/** A window: stops movement, ZOC and threat like a wall, but not sight, light or line of fire. */
export const EDGE_WINDOW = 6
/**
 * An arrow slit (狭間窓): stops movement, ZOC and threat like a wall; sight, light and lines pass
 * through it like a window's, and a creature behind it has improved cover (pathfinder / dnd35).
 */
export const EDGE_ARROW_SLIT = 7
export type EdgeCode = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7

/** Where a cell has no light override. */
export const NO_LIGHT = -0x80000000

/** The side of a cell an edge lies on; every edge is stored once, as its west/north cell's side. */
export type EdgeSide = 'east' | 'south'

/** Thrown by `Grid.fromSpec` for a map that names a cell outside itself or a non-adjacent edge. */
export class GridSpecError extends Error {
  constructor(
    message: string,
    /** JSON pointer relative to the map object, e.g. `/edges/3/between`. */
    readonly path: string,
  ) {
    super(message)
    this.name = 'GridSpecError'
  }
}

export class Grid {
  readonly size: number
  readonly terrain: Uint8Array
  readonly elevation: Float64Array
  readonly light: Int32Array
  readonly blockade: Uint8Array
  /** Partition between cell i and its east neighbour i + 1. */
  readonly eastEdge: Uint8Array
  /** Partition between cell i and its south neighbour i + width. */
  readonly southEdge: Uint8Array
  readonly ambientLight: number | undefined
  readonly lightSources: readonly { at: Cell; level: number; radius: number }[]

  private constructor(
    readonly width: number,
    readonly height: number,
    ambientLight: number | undefined,
    lightSources: readonly { at: Cell; level: number; radius: number }[],
    /** Grids are read-only: one with the same squares shares their arrays (its edges copied). */
    squaresOf?: Grid,
  ) {
    this.size = width * height
    this.terrain = squaresOf?.terrain ?? new Uint8Array(this.size)
    this.elevation = squaresOf?.elevation ?? new Float64Array(this.size)
    this.light = squaresOf?.light ?? new Int32Array(this.size).fill(NO_LIGHT)
    this.blockade = squaresOf?.blockade ?? new Uint8Array(this.size)
    this.eastEdge = squaresOf ? squaresOf.eastEdge.slice() : new Uint8Array(this.size)
    this.southEdge = squaresOf ? squaresOf.southEdge.slice() : new Uint8Array(this.size)
    this.ambientLight = ambientLight
    this.lightSources = lightSources
  }

  /** Builds a grid from a validated map; later entries for the same cell or edge win. */
  static fromSpec(map: MapSpec): Grid {
    const sources = map.light?.sources ?? []
    const grid = new Grid(map.width, map.height, map.light?.ambient, sources)
    sources.forEach((source, i) => grid.requireCell(source.at, `/light/sources/${i}/at`))
    ;(map.cells ?? []).forEach((spec, i) => {
      const index = grid.requireCell(spec.at, `/cells/${i}/at`)
      if (spec.terrain !== undefined) grid.terrain[index] = TERRAIN_CODES[spec.terrain]
      if (spec.elevation !== undefined) grid.elevation[index] = spec.elevation
      if (spec.light !== undefined) grid.light[index] = spec.light
      if (spec.blockade !== undefined) grid.blockade[index] = spec.blockade ? 1 : 0
    })
    ;(map.edges ?? []).forEach((spec, i) => {
      const [a, b] = spec.between
      grid.requireCell(a, `/edges/${i}/between/0`)
      grid.requireCell(b, `/edges/${i}/between/1`)
      const slot = grid.edgeSlot(a, b)
      if (!slot) {
        throw new GridSpecError(
          'an edge must join two orthogonal neighbours',
          `/edges/${i}/between`,
        )
      }
      const code = edgeCodeOf(spec.kind, spec.state)
      if (slot.side === 'east') grid.eastEdge[slot.cell] = code
      else grid.southEdge[slot.cell] = code
    })
    return grid
  }

  /**
   * `fromSpec` for a map whose squares and light are `base`'s and whose edges differ from
   * `base`'s only in the given slots, with what each slot holds now (its one entry in the map's
   * edge list, or none): `base`'s arrays are copied and only those slots set, so a wall click on
   * a map with 5,000 walls costs copies instead of a rebuild, and reads no other edge (issue
   * 29). Null when a slot is not an edge between two neighbours on the map (fromSpec says why).
   */
  static withEdges(
    base: Grid,
    slots: readonly {
      between: readonly [Cell, Cell]
      now: { kind: string; state?: string } | undefined
    }[],
  ): Grid | null {
    const grid = new Grid(base.width, base.height, base.ambientLight, base.lightSources, base)
    for (const { between, now } of slots) {
      const [a, b] = between
      if (!grid.inBounds(a[0], a[1]) || !grid.inBounds(b[0], b[1])) return null
      const slot = grid.edgeSlot(a, b)
      if (!slot) return null
      const code = now ? edgeCodeOf(now.kind, now.state) : EDGE_NONE
      if (slot.side === 'east') grid.eastEdge[slot.cell] = code
      else grid.southEdge[slot.cell] = code
    }
    return grid
  }

  private requireCell(cell: Cell, path: string): number {
    if (!this.inBounds(cell[0], cell[1])) {
      throw new GridSpecError(
        `cell [${cell[0]}, ${cell[1]}] is outside the ${this.width}×${this.height} map`,
        path,
      )
    }
    return this.index(cell[0], cell[1])
  }

  inBounds(x: number, y: number): boolean {
    return (
      Number.isInteger(x) &&
      Number.isInteger(y) &&
      x >= 0 &&
      y >= 0 &&
      x < this.width &&
      y < this.height
    )
  }

  index(x: number, y: number): number {
    return y * this.width + x
  }

  cellOf(index: number): Cell {
    return [index % this.width, Math.floor(index / this.width)]
  }

  terrainAt(index: number): number {
    return this.terrain[index]
  }

  isSolid(index: number): boolean {
    return this.terrain[index] === TERRAIN_SOLID
  }

  isPit(index: number): boolean {
    return this.terrain[index] === TERRAIN_PIT
  }

  elevationAt(index: number): number {
    return this.elevation[index]
  }

  /** Which stored slot holds the edge between two cells, or null if they are not orthogonal neighbours. */
  edgeSlot(a: Cell, b: Cell): { cell: number; side: EdgeSide } | null {
    const dx = b[0] - a[0]
    const dy = b[1] - a[1]
    if (Math.abs(dx) + Math.abs(dy) !== 1) return null
    if (dx !== 0) return { cell: this.index(Math.min(a[0], b[0]), a[1]), side: 'east' }
    return { cell: this.index(a[0], Math.min(a[1], b[1])), side: 'south' }
  }

  /** The partition between two orthogonal neighbours (EDGE_NONE when there is none or they are not neighbours). */
  edgeBetween(a: Cell, b: Cell): EdgeCode {
    const slot = this.edgeSlot(a, b)
    if (!slot) return EDGE_NONE
    return (slot.side === 'east' ? this.eastEdge[slot.cell] : this.southEdge[slot.cell]) as EdgeCode
  }

  /** Edge code on one side of a cell; sides on the map border have none. */
  edgeOnSide(x: number, y: number, dx: number, dy: number): EdgeCode {
    const nx = x + dx
    const ny = y + dy
    if (!this.inBounds(x, y) || !this.inBounds(nx, ny)) return EDGE_NONE
    if (dx === 1) return this.eastEdge[this.index(x, y)] as EdgeCode
    if (dx === -1) return this.eastEdge[this.index(nx, ny)] as EdgeCode
    if (dy === 1) return this.southEdge[this.index(x, y)] as EdgeCode
    return this.southEdge[this.index(nx, ny)] as EdgeCode
  }

  /**
   * Whether a step from (x, y) by (dx, dy) (each -1, 0 or 1) is blocked by partitions or solid
   * cells: an orthogonal step by a wall or closed/locked door on the side it crosses, a diagonal
   * step by spec decision 1 (any blocking edge meeting the corner, or a solid cell beside the step).
   * The destination's own terrain is not judged here.
   */
  stepBlocked(x: number, y: number, dx: number, dy: number): boolean {
    if (!this.inBounds(x, y) || !this.inBounds(x + dx, y + dy)) {
      if (dx === 0 || dy === 0) return edgeBlocksMovement(this.edgeOnSide(x, y, dx, dy))
      return false
    }
    return this.stepBlockedInside(y * this.width + x, dx, dy)
  }

  /** `stepBlocked` for a step from cell index `i` whose both ends are known to be on the map (hot loops). */
  stepBlockedInside(i: number, dx: number, dy: number): boolean {
    const w = this.width
    const east = this.eastEdge
    const south = this.southEdge
    if (dy === 0) return BLOCKS_MOVEMENT[east[dx > 0 ? i : i - 1]] === 1
    if (dx === 0) return BLOCKS_MOVEMENT[south[dy > 0 ? i : i - w]] === 1
    const sideA = i + dx
    const sideB = i + dy * w
    if (this.terrain[sideA] === TERRAIN_SOLID || this.terrain[sideB] === TERRAIN_SOLID) return true
    return (
      BLOCKS_MOVEMENT[east[dx > 0 ? i : i - 1]] === 1 ||
      BLOCKS_MOVEMENT[south[dy > 0 ? i : i - w]] === 1 ||
      BLOCKS_MOVEMENT[south[dy > 0 ? sideA : sideA - w]] === 1 ||
      BLOCKS_MOVEMENT[east[dx > 0 ? sideB : sideB - 1]] === 1
    )
  }

  /** Decision 1 for the corner shared by (x, y) and (x + dx, y + dy). */
  cornerBlocked(x: number, y: number, dx: number, dy: number): boolean {
    const sideA = this.index(x + dx, y)
    const sideB = this.index(x, y + dy)
    if (this.terrain[sideA] === TERRAIN_SOLID || this.terrain[sideB] === TERRAIN_SOLID) return true
    return (
      edgeBlocksMovement(this.edgeOnSide(x, y, dx, 0)) ||
      edgeBlocksMovement(this.edgeOnSide(x, y, 0, dy)) ||
      edgeBlocksMovement(this.edgeOnSide(x + dx, y, 0, dy)) ||
      edgeBlocksMovement(this.edgeOnSide(x, y + dy, dx, 0))
    )
  }

  /** The cell's light override, or undefined where the map sets none. */
  lightOverride(index: number): number | undefined {
    const value = this.light[index]
    return value === NO_LIGHT ? undefined : value
  }
}

export function edgeCodeOf(kind: string, state: string | undefined): EdgeCode {
  if (kind === 'wall') return EDGE_WALL
  if (kind === 'low-wall') return EDGE_LOW_WALL
  if (kind === 'window') return EDGE_WINDOW
  if (kind === 'arrow-slit') return EDGE_ARROW_SLIT
  if (state === 'open') return EDGE_DOOR_OPEN
  if (state === 'locked') return EDGE_DOOR_LOCKED
  return EDGE_DOOR_CLOSED
}

/** The spec's edge kind and door state for a stored code (for answers). */
export function edgeKindOf(code: number): {
  kind: 'wall' | 'door' | 'low-wall' | 'window' | 'arrow-slit'
  state?: 'open' | 'closed' | 'locked'
} | null {
  switch (code) {
    case EDGE_WALL:
      return { kind: 'wall' }
    case EDGE_LOW_WALL:
      return { kind: 'low-wall' }
    case EDGE_WINDOW:
      return { kind: 'window' }
    case EDGE_ARROW_SLIT:
      return { kind: 'arrow-slit' }
    case EDGE_DOOR_OPEN:
      return { kind: 'door', state: 'open' }
    case EDGE_DOOR_CLOSED:
      return { kind: 'door', state: 'closed' }
    case EDGE_DOOR_LOCKED:
      return { kind: 'door', state: 'locked' }
    default:
      return null
  }
}

/** Indexed by edge code: 1 where the partition stops movement. */
const BLOCKS_MOVEMENT = Uint8Array.from([0, 1, 0, 1, 1, 0, 1, 1])

/** Walls, closed or locked doors and windows stop movement and engagement (ZOC, threat). */
export function edgeBlocksMovement(code: number): boolean {
  return (
    code === EDGE_WALL ||
    code === EDGE_DOOR_CLOSED ||
    code === EDGE_DOOR_LOCKED ||
    code === EDGE_WINDOW ||
    code === EDGE_ARROW_SLIT
  )
}

/** Walls and closed or locked doors stop sight, light and line of fire / effect; a window does not. */
export function edgeBlocksSight(code: number): boolean {
  return code === EDGE_WALL || code === EDGE_DOOR_CLOSED || code === EDGE_DOOR_LOCKED
}

export function isLowWall(code: number): boolean {
  return code === EDGE_LOW_WALL
}

/** Sight obstruction of an edge: 2 blocks (full / total), 1 partial (low wall), 0 none. */
export function edgeSightLevel(code: number): 0 | 1 | 2 {
  if (edgeBlocksSight(code)) return 2
  if (code === EDGE_LOW_WALL) return 1
  return 0
}

export const ORTHOGONAL: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
]
export const DIAGONAL: readonly (readonly [number, number])[] = [
  [1, -1],
  [1, 1],
  [-1, 1],
  [-1, -1],
]
export const EIGHT_DIRECTIONS: readonly (readonly [number, number])[] = [...ORTHOGONAL, ...DIAGONAL]
/** The same eight directions as flat arrays, for hot loops. */
export const DIRECTION_DX = Int8Array.from(EIGHT_DIRECTIONS.map((d) => d[0]))
export const DIRECTION_DY = Int8Array.from(EIGHT_DIRECTIONS.map((d) => d[1]))
