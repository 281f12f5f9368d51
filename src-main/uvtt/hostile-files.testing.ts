// Generated Universal VTT files for the tests and `npm run bench` (issue 26): no large file is kept
// in the repository; each is made from a seed when needed.
import { seededRandom } from '../../bench/random-map'
import type { Point } from '@core/uvtt/geometry'

export { seededRandom }

export function uvttFile(size: number, lines: Point[][], extra: Record<string, unknown> = {}) {
  return {
    format: 0.3,
    resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: size, y: size }, pixels_per_grid: 70 },
    line_of_sight: lines,
    objects_line_of_sight: [],
    portals: [],
    lights: [],
    ...extra,
  }
}

/**
 * `count` two-point walls on a size × size map, each running diagonally (between 30° and 60°)
 * across at least half the map: the shape that made the old importer quadratic.
 */
export function longDiagonalWalls(size: number, count: number, seed = 26): Point[][] {
  const random = seededRandom(seed)
  const walls: Point[][] = []
  for (let i = 0; i < count; i++) {
    const length = size * (0.5 + 0.5 * random())
    const angle = (Math.PI / 6) * (1 + random()) + (random() < 0.5 ? 0 : Math.PI / 2)
    const dx = Math.cos(angle) * length * 0.7
    const dy = Math.sin(angle) * length * 0.7
    const cx = size / 2 + (random() - 0.5) * (size - Math.abs(dx))
    const cy = size / 2 + (random() - 0.5) * (size - Math.abs(dy))
    walls.push([
      { x: cx - dx / 2, y: cy - dy / 2 },
      { x: cx + dx / 2, y: cy + dy / 2 },
    ])
  }
  return walls
}

/**
 * Wall polylines of `pointsPerLine` points wandering over a size × size map, as many as make about
 * `bytes` of JSON: a large file that is nearly all wall points.
 */
export function wallPointLines(
  size: number,
  bytes: number,
  pointsPerLine = 5000,
  seed = 35,
): Point[][] {
  const random = seededRandom(seed)
  const lines: Point[][] = []
  let written = 0
  while (written < bytes) {
    let x = random() * size
    let y = random() * size
    const line: Point[] = []
    for (let i = 0; i < pointsPerLine; i++) {
      x = Math.min(size, Math.max(0, x + (random() - 0.5) * 2))
      y = Math.min(size, Math.max(0, y + (random() - 0.5) * 2))
      const point = { x: Math.round(x * 1e6) / 1e6, y: Math.round(y * 1e6) / 1e6 }
      line.push(point)
      written += JSON.stringify(point).length + 1
    }
    lines.push(line)
  }
  return lines
}
