// The map as flat arrays for drawing: terrain, elevation, light override, blockade and deploy
// marks per square, and edges grouped by row. Built once per map change (the campaign is
// immutable, so a new map object means a change) and read by the canvas painter every frame,
// which then touches only the squares on screen.
import type { CampaignEdge, CampaignMap } from '@core/campaign/schema'
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
    const i = y * map.width + x
    raster.terrain[i] = TERRAIN_CODES.indexOf(cell.terrain ?? 'floor')
    const elevation = cell.elevation ?? 0
    raster.elevation[i] = elevation
    raster.maxElevation = Math.max(raster.maxElevation, elevation)
    raster.minElevation = Math.min(raster.minElevation, elevation)
    if (cell.light !== undefined) raster.light[i] = cell.light
    if (cell.blockade) raster.blockade[i] = 1
  }
  for (const [faction, cells] of Object.entries(map.deploy ?? {})) {
    for (const [x, y] of cells) {
      const i = y * map.width + x
      raster.deploy.set(i, [...(raster.deploy.get(i) ?? []), faction])
    }
  }
  for (const edge of map.edges) {
    const s = edgeSegment(edge.between)
    const row = Math.min(map.height, Math.max(0, Math.floor(s.y1)))
    raster.edgeRows[row].push({ edge, ...s })
  }
  return raster
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
