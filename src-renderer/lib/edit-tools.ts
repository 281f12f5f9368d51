// What the map editor's brushes touch: squares in a stroke, a rectangle or a flood fill, and the
// grid-line segments under a wall drag. Pure, so it is tested without a DOM; the board turns the
// result into ONE command (cells.set / edges.set), which makes a whole stroke one undo step.
import type { CampaignMap, Command } from '@core/campaign/schema'
import type { Cell, CellSpec, EdgeKind, Terrain } from '@core/rules/model'
import { edgeId, findEdge, type Between } from './grid-geometry'

export type CellsSetCommand = Extract<Command, { type: 'cells.set' }>
export type EdgesSetCommand = Extract<Command, { type: 'edges.set' }>

export function cellsInRect(a: Cell, b: Cell): Cell[] {
  const cells: Cell[] = []
  for (let y = Math.min(a[1], b[1]); y <= Math.max(a[1], b[1]); y++) {
    for (let x = Math.min(a[0], b[0]); x <= Math.max(a[0], b[0]); x++) cells.push([x, y])
  }
  return cells
}

/** Squares on a straight line from a to b (both included), so a fast drag leaves no gaps. */
export function lineCells(a: Cell, b: Cell): Cell[] {
  const cells: Cell[] = []
  let [x, y] = a
  const dx = Math.abs(b[0] - x)
  const dy = -Math.abs(b[1] - y)
  const sx = x < b[0] ? 1 : -1
  const sy = y < b[1] ? 1 : -1
  let err = dx + dy
  for (;;) {
    cells.push([x, y])
    if (x === b[0] && y === b[1]) return cells
    const e2 = 2 * err
    if (e2 >= dy) {
      err += dy
      x += sx
    }
    if (e2 <= dx) {
      err += dx
      y += sy
    }
  }
}

/**
 * The squares a paint bucket fills from `start`: orthogonally connected squares whose key (e.g.
 * terrain) equals the start's, never crossing a wall, door or low wall, so filling a room stops
 * at its walls.
 */
export function floodFill(
  map: Pick<CampaignMap, 'width' | 'height' | 'edges'>,
  start: Cell,
  keyOf: (x: number, y: number) => string | number,
  limit = 1_000_000,
): Cell[] {
  const { width, height } = map
  const blocked = new Set(map.edges.map((e) => edgeId(e.between)))
  const target = keyOf(start[0], start[1])
  const seen = new Uint8Array(width * height)
  const out: Cell[] = []
  const stack: Cell[] = [start]
  seen[start[1] * width + start[0]] = 1
  while (stack.length > 0 && out.length < limit) {
    const [x, y] = stack.pop()!
    out.push([x, y])
    for (const [nx, ny] of [
      [x + 1, y],
      [x - 1, y],
      [x, y + 1],
      [x, y - 1],
    ] as Cell[]) {
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue
      const i = ny * width + nx
      if (seen[i] || keyOf(nx, ny) !== target) continue
      if (
        blocked.has(
          edgeId([
            [x, y],
            [nx, ny],
          ]),
        )
      )
        continue
      seen[i] = 1
      stack.push([nx, ny])
    }
  }
  return out.sort((a, b) => a[1] - b[1] || a[0] - b[0])
}

/** The nearest grid corner to a point in squares. */
export function nearestVertex(fx: number, fy: number): Cell {
  return [Math.round(fx), Math.round(fy)]
}

/**
 * The edges along a straight drag between two grid corners, locked to the axis the drag moved
 * most along. Lines on the map's border separate nothing, so they give no edges.
 */
export function edgesAlong(
  map: { width: number; height: number },
  from: Cell,
  to: Cell,
): { edges: Between[]; end: Cell } {
  const horizontal = Math.abs(to[0] - from[0]) >= Math.abs(to[1] - from[1])
  const end: Cell = horizontal ? [to[0], from[1]] : [from[0], to[1]]
  const edges: Between[] = []
  if (horizontal) {
    const y = from[1]
    if (y < 1 || y > map.height - 1) return { edges, end }
    for (
      let x = Math.max(0, Math.min(from[0], end[0]));
      x < Math.min(map.width, Math.max(from[0], end[0]));
      x++
    ) {
      edges.push([
        [x, y - 1],
        [x, y],
      ])
    }
  } else {
    const x = from[0]
    if (x < 1 || x > map.width - 1) return { edges, end }
    for (
      let y = Math.max(0, Math.min(from[1], end[1]));
      y < Math.min(map.height, Math.max(from[1], end[1]));
      y++
    ) {
      edges.push([
        [x - 1, y],
        [x, y],
      ])
    }
  }
  return { edges, end }
}

export function drawEdgesCommand(
  mapId: string,
  edges: Between[],
  kind: EdgeKind | null,
  secret = false,
): EdgesSetCommand {
  const edge =
    kind === null
      ? null
      : kind === 'door'
        ? { kind, state: 'closed' as const, ...(secret ? { secret: true } : {}) }
        : { kind }
  return { type: 'edges.set', mapId, edges: edges.map((between) => ({ between, edge })) }
}

/** Erasing doors with the door tool turns each back into the wall it was set in (issue 12.3). */
export function eraseDoorsCommand(mapId: string, edges: Between[]): EdgesSetCommand {
  return {
    type: 'edges.set',
    mapId,
    edges: edges.map((between) => ({ between, edge: { kind: 'wall' as const } })),
  }
}

export type ElevationMode = 'set' | 'raise' | 'lower'

/** One brush stroke of terrain, as a single command. */
export function terrainCommand(mapId: string, cells: Cell[], terrain: Terrain): CellsSetCommand {
  return { type: 'cells.set', mapId, cells: unique(cells).map((at) => ({ at, terrain })) }
}

/** One stroke of the elevation brush: set to a height, or raise / lower by it. */
export function elevationCommand(
  mapId: string,
  cells: Cell[],
  value: number,
  mode: ElevationMode,
  current: (x: number, y: number) => number,
): CellsSetCommand {
  const spec = (at: Cell): CellSpec => {
    const now = current(at[0], at[1])
    const elevation = mode === 'set' ? value : mode === 'raise' ? now + value : now - value
    return { at, elevation: Math.round(elevation * 1000) / 1000 }
  }
  return { type: 'cells.set', mapId, cells: unique(cells).map(spec) }
}

/** Blockade marks on or off for the squares of a stroke. */
export function blockadeCommand(mapId: string, cells: Cell[], on: boolean): CellsSetCommand {
  return { type: 'cells.set', mapId, cells: unique(cells).map((at) => ({ at, blockade: on })) }
}

export function unique(cells: Cell[]): Cell[] {
  const seen = new Set<string>()
  return cells.filter(([x, y]) => {
    const key = `${x},${y}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * A click opens or closes a door; Alt+click locks or unlocks it. A locked door never opens on a
 * plain click (issue 12.3): it needs an explicit unlock first, so the answer is null.
 */
export function toggleDoor(map: CampaignMap, between: Between, lock: boolean): Command | null {
  const door = findEdge(map, between)
  if (door?.kind !== 'door') return null
  const state = door.state ?? 'closed'
  if (!lock && state === 'locked') return null
  const next = lock
    ? state === 'locked'
      ? 'closed'
      : 'locked'
    : state === 'open'
      ? 'closed'
      : 'open'
  return { type: 'edge.set', mapId: map.id, between, edge: { ...omitBetween(door), state: next } }
}

function omitBetween<T extends { between: unknown }>(edge: T): Omit<T, 'between'> {
  const { between: _between, ...rest } = edge
  return rest
}
