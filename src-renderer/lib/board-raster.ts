// The map as flat arrays for drawing: terrain, elevation, light override, blockade and deploy
// marks per square, and edges grouped by row. Built once per map and then updated in place for
// what an edit changed (updateRaster: the campaign is immutable and shares every untouched
// object, so the changed cells and edges are the ones that are not the same objects), and read
// by the canvas painter, which then touches only the squares on screen or the changed ones.
import type { CampaignEdge, CampaignMap } from '@core/campaign/schema'
import { sharedEnds } from '@core/campaign/changed-items'
import { edgeSegment } from './grid-geometry'

export const TERRAIN_CODES = ['floor', 'difficult', 'pit', 'solid'] as const

export interface PlacedEdge {
  edge: CampaignEdge
  x1: number
  y1: number
  x2: number
  y2: number
}

export interface MapRaster {
  width: number
  height: number
  terrain: Uint8Array
  elevation: Float32Array
  /** NaN where the square has no light override. */
  light: Float32Array
  blockade: Uint8Array
  /** 1 where a cell of the map sets the square (the others are plain floor at height 0). */
  held: Uint8Array
  /**
   * How many squares of each row a cell sets: the painter skips a row with none (an imported or
   * walls-only map has no cell at all, issue 29: its 40,000 squares were read twice per paint).
   */
  heldInRow: Uint32Array
  /** Deploy squares: the factions that may deploy there, by square index. */
  deploy: Map<number, string[]>
  /** Edges by the row their segment starts in (y1 clamped to the map). */
  edgeRows: PlacedEdge[][]
  maxElevation: number
  minElevation: number
  /** An imported map's own wall polylines with their bounding boxes (drawn thin over the picture). */
  wallLines: Array<{
    points: ReadonlyArray<readonly [number, number]>
    box: [number, number, number, number]
  }>
}

export function buildRaster(map: CampaignMap): MapRaster {
  const size = map.width * map.height
  const raster: MapRaster = {
    width: map.width,
    height: map.height,
    terrain: new Uint8Array(size),
    elevation: new Float32Array(size),
    light: new Float32Array(size).fill(Number.NaN),
    blockade: new Uint8Array(size),
    held: new Uint8Array(size),
    heldInRow: new Uint32Array(map.height),
    deploy: new Map(),
    edgeRows: Array.from({ length: map.height + 1 }, () => []),
    maxElevation: 0,
    minElevation: 0,
    wallLines: (map.wallLines ?? [])
      .filter((line) => line.length >= 2)
      .map((points) => ({ points, box: boundingBox(points) })),
  }
  for (const cell of map.cells) {
    const [x, y] = cell.at
    if (x < 0 || y < 0 || x >= map.width || y >= map.height) continue
    setSquare(raster, y * map.width + x, cell)
  }
  // Only squares a cell sets can be raised or lowered: the range comes from the cells, not from
  // reading every square.
  heldElevationRange(raster, map.cells)
  fillDeploy(raster, map)
  for (const edge of map.edges) {
    const s = edgeSegment(edge.between)
    raster.edgeRows[rowOf(raster, s.y1)].push({ edge, ...s })
  }
  return raster
}

/** Squares [x0, y0, x1, y1) an edit changed; null when nothing drawn changed. */
export type DirtyBox = [number, number, number, number]

/** What updateRaster did: `full` when everything may look different (repaint all). */
export type RasterChange = { full: true } | { full: false; box: DirtyBox | null }

/**
 * Brings `raster` (built from `from`) up to `to` in place, touching only the cells and edges that
 * are not the same objects in both, and says which squares look different. Returns null when an
 * update would not be cheaper than building anew (another map, a resize, the imported wall lines).
 */
export function updateRaster(
  raster: MapRaster,
  from: CampaignMap,
  to: CampaignMap,
): RasterChange | null {
  if (from.id !== to.id || from.width !== to.width || from.height !== to.height) return null
  if (from.wallLines !== to.wallLines) return null
  let box: DirtyBox | null = null
  const grow = (x0: number, y0: number, x1: number, y1: number) => {
    box = box
      ? [Math.min(box[0], x0), Math.min(box[1], y0), Math.max(box[2], x1), Math.max(box[3], y1)]
      : [x0, y0, x1, y1]
  }
  let full = false
  if (from.cells !== to.cells) {
    const { removed, added } = changedItems(from.cells, to.cells)
    const inside = ([x, y]: readonly [number, number]) =>
      x >= 0 && y >= 0 && x < raster.width && y < raster.height
    for (const cell of removed) {
      if (!inside(cell.at)) continue
      clearSquare(raster, cell.at[1] * raster.width + cell.at[0])
      grow(cell.at[0], cell.at[1], cell.at[0] + 1, cell.at[1] + 1)
    }
    // After every removal: an updated cell is its old object out and its new one in.
    for (const cell of added) {
      if (!inside(cell.at)) continue
      setSquare(raster, cell.at[1] * raster.width + cell.at[0], cell)
      grow(cell.at[0], cell.at[1], cell.at[0] + 1, cell.at[1] + 1)
    }
    if (removed.length > 0 || added.length > 0) {
      // The shade of every raised square is relative to the highest one.
      const [min, max] = [raster.minElevation, raster.maxElevation]
      elevationRange(raster)
      if (min !== raster.minElevation || max !== raster.maxElevation) full = true
    }
  }
  if (from.deploy !== to.deploy) {
    for (const i of raster.deploy.keys()) grow(...squareOf(raster, i))
    fillDeploy(raster, to)
    for (const i of raster.deploy.keys()) grow(...squareOf(raster, i))
  }
  if (from.edges !== to.edges) {
    const { removed, added } = changedItems(from.edges, to.edges)
    const gone = new Set(removed)
    const rows = new Set<number>()
    for (const edge of removed) {
      const s = edgeSegment(edge.between)
      rows.add(rowOf(raster, s.y1))
      grow(Math.floor(s.x1), Math.floor(s.y1), Math.ceil(s.x2), Math.ceil(s.y2))
    }
    for (const row of rows)
      raster.edgeRows[row] = raster.edgeRows[row].filter((placed) => !gone.has(placed.edge))
    for (const edge of added) {
      const s = edgeSegment(edge.between)
      raster.edgeRows[rowOf(raster, s.y1)].push({ edge, ...s })
      grow(Math.floor(s.x1), Math.floor(s.y1), Math.ceil(s.x2), Math.ceil(s.y2))
    }
  }
  return full ? { full: true } : { full: false, box }
}

/**
 * The items of `before` that are not in `after` and the reverse, by identity. An edit splices one
 * place of a list and shares the rest, so the common head and tail are skipped first (core's
 * sharedEnds, which applying the change has just run on the same lists) and only the middle is
 * compared with sets.
 */
function changedItems<T>(before: readonly T[], after: readonly T[]): { removed: T[]; added: T[] } {
  const { head, tail } = sharedEnds(before, after)
  const middleBefore = before.slice(head, before.length - tail)
  const middleAfter = after.slice(head, after.length - tail)
  const kept = new Set(middleAfter)
  const had = new Set(middleBefore)
  return {
    removed: middleBefore.filter((item) => !kept.has(item)),
    added: middleAfter.filter((item) => !had.has(item)),
  }
}

function rowOf(raster: MapRaster, y1: number): number {
  return Math.min(raster.height, Math.max(0, Math.floor(y1)))
}

function squareOf(raster: MapRaster, i: number): DirtyBox {
  const x = i % raster.width
  const y = Math.floor(i / raster.width)
  return [x, y, x + 1, y + 1]
}

function clearSquare(raster: MapRaster, i: number): void {
  if (raster.held[i]) {
    raster.held[i] = 0
    raster.heldInRow[Math.floor(i / raster.width)]--
  }
  raster.terrain[i] = 0
  raster.elevation[i] = 0
  raster.light[i] = Number.NaN
  raster.blockade[i] = 0
}

function setSquare(raster: MapRaster, i: number, cell: CampaignMap['cells'][number]): void {
  if (!raster.held[i]) {
    raster.held[i] = 1
    raster.heldInRow[Math.floor(i / raster.width)]++
  }
  raster.terrain[i] = TERRAIN_CODES.indexOf(cell.terrain ?? 'floor')
  raster.elevation[i] = cell.elevation ?? 0
  raster.light[i] = cell.light ?? Number.NaN
  raster.blockade[i] = cell.blockade ? 1 : 0
}

function elevationRange(raster: MapRaster): void {
  let [min, max] = [0, 0]
  for (const e of raster.elevation) {
    if (e > max) max = e
    else if (e < min) min = e
  }
  raster.minElevation = min
  raster.maxElevation = max
}

function heldElevationRange(raster: MapRaster, cells: CampaignMap['cells']): void {
  let [min, max] = [0, 0]
  for (const { at } of cells) {
    const [x, y] = at
    if (x < 0 || y < 0 || x >= raster.width || y >= raster.height) continue
    const e = raster.elevation[y * raster.width + x]
    if (e > max) max = e
    else if (e < min) min = e
  }
  raster.minElevation = min
  raster.maxElevation = max
}

function fillDeploy(raster: MapRaster, map: CampaignMap): void {
  raster.deploy.clear()
  for (const [faction, cells] of Object.entries(map.deploy ?? {})) {
    for (const [x, y] of cells) {
      const i = y * map.width + x
      raster.deploy.set(i, [...(raster.deploy.get(i) ?? []), faction])
    }
  }
}

export function terrainAt(raster: MapRaster, x: number, y: number): (typeof TERRAIN_CODES)[number] {
  return TERRAIN_CODES[raster.terrain[y * raster.width + x]] ?? 'floor'
}

function boundingBox(
  points: ReadonlyArray<readonly [number, number]>,
): [number, number, number, number] {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const [x, y] of points) {
    minX = Math.min(minX, x)
    minY = Math.min(minY, y)
    maxX = Math.max(maxX, x)
    maxY = Math.max(maxY, y)
  }
  return [minX, minY, maxX, maxY]
}

/**
 * The raster of the map on the board, kept across edits: each new map object is folded into the
 * same raster when it can be, and every version remembers what it changed, so a painter that last
 * drew version v repaints only what changed since (changedSince).
 */
export class LiveRaster {
  raster: MapRaster | null = null
  version = 0
  private map: CampaignMap | null = null
  private log: Array<{ version: number; change: RasterChange }> = []

  /** The raster for `map` (the same object as before when an update sufficed). */
  show(map: CampaignMap): MapRaster {
    if (map === this.map && this.raster) return this.raster
    const change = this.raster && this.map ? updateRaster(this.raster, this.map, map) : null
    if (!change || !this.raster) this.raster = buildRaster(map)
    this.map = map
    this.version++
    this.log.push({ version: this.version, change: change ?? { full: true } })
    if (this.log.length > 64) this.log.shift()
    return this.raster
  }

  /** What changed after `version` up to now: the union of the boxes, or full. */
  changedSince(version: number): RasterChange {
    if (version === this.version) return { full: false, box: null }
    if (version < 1 || (this.log[0]?.version ?? Infinity) > version + 1) return { full: true }
    let box: DirtyBox | null = null
    for (const entry of this.log) {
      if (entry.version <= version) continue
      if (entry.change.full) return { full: true }
      const b = entry.change.box
      if (!b) continue
      box = box
        ? [
            Math.min(box[0], b[0]),
            Math.min(box[1], b[1]),
            Math.max(box[2], b[2]),
            Math.max(box[3], b[3]),
          ]
        : b
    }
    return { full: false, box }
  }
}
