// A map as Universal VTT 0.3, so a map prepared here opens in other tools: walls as polylines on
// the grid lines (collinear runs merged), doors and windows as portals, light sources and the
// ambient level. Importing the export (import.ts) gives the same partitions back; door states
// other than closed, low walls and per-cell terrain have no place in the format and are dropped.
import type { SystemId } from '../rules/model'
import { systemFacts } from '../rules/facts'
import type { Point } from './geometry'

interface ExportEdge {
  between: [[number, number], [number, number]]
  kind: string
}

export interface ExportableMap {
  width: number
  height: number
  system: SystemId
  edges: readonly ExportEdge[]
  light: {
    ambient?: number
    sources: ReadonlyArray<{ at: readonly [number, number]; level: number; radius: number }>
  }
}

const SQUARE: Record<SystemId, number> = { arianrhod: 2, pathfinder: 5, dnd35: 5, dystopia: 1 }
const PIXELS_PER_GRID = 70

/** The grid line between two orthogonal neighbours, as a segment. */
function edgeLine([[ax, ay], [bx, by]]: ExportEdge['between']): [Point, Point] {
  if (ay === by) {
    const x = Math.max(ax, bx)
    return [
      { x, y: ay },
      { x, y: ay + 1 },
    ]
  }
  const y = Math.max(ay, by)
  return [
    { x: ax, y },
    { x: ax + 1, y },
  ]
}

/** Joins unit segments on the same grid line into the longest runs. */
function mergeRuns(segments: Array<[Point, Point]>): Point[][] {
  const vertical = new Map<number, number[]>()
  const horizontal = new Map<number, number[]>()
  for (const [a, b] of segments) {
    if (a.x === b.x) vertical.set(a.x, [...(vertical.get(a.x) ?? []), Math.min(a.y, b.y)])
    else horizontal.set(a.y, [...(horizontal.get(a.y) ?? []), Math.min(a.x, b.x)])
  }
  const runs: Point[][] = []
  const collect = (
    lines: Map<number, number[]>,
    point: (fixed: number, along: number) => Point,
  ) => {
    for (const [fixed, starts] of [...lines.entries()].sort((p, q) => p[0] - q[0])) {
      const sorted = [...new Set(starts)].sort((p, q) => p - q)
      let begin = sorted[0]
      let end = begin + 1
      for (const start of sorted.slice(1)) {
        if (start === end) end++
        else {
          runs.push([point(fixed, begin), point(fixed, end)])
          begin = start
          end = start + 1
        }
      }
      runs.push([point(fixed, begin), point(fixed, end)])
    }
  }
  collect(vertical, (x, y) => ({ x, y }))
  collect(horizontal, (y, x) => ({ x, y }))
  return runs
}

function intensityOf(system: SystemId, level: number): number {
  return systemFacts(system).uvttLight.intensityOfLevel(level)
}

function ambientHex(system: SystemId, level: number): string {
  const brightness = systemFacts(system).uvttLight.brightnessOfLevel(level)
  const channel = Math.round(brightness * 255)
    .toString(16)
    .padStart(2, '0')
  return `ff${channel}${channel}${channel}`
}

/** The map's picture for the export: grid-aligned (pixel (0, 0) is square [0, 0]'s corner), base64 PNG or WebP. */
export interface ExportImage {
  base64: string
  pixelsPerGrid: number
}

export function exportUvtt(map: ExportableMap, image?: ExportImage): Record<string, unknown> {
  const walls = map.edges.filter((e) => e.kind === 'wall').map((e) => edgeLine(e.between))
  const portals = map.edges
    .filter((e) => e.kind === 'door' || e.kind === 'window')
    .map((e) => {
      const [a, b] = edgeLine(e.between)
      return {
        position: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
        bounds: [a, b],
        rotation: a.x === b.x ? Math.PI / 2 : 0,
        closed: e.kind === 'door',
        freestanding: false,
      }
    })
  const square = SQUARE[map.system]
  return {
    format: 0.3,
    resolution: {
      map_origin: { x: 0, y: 0 },
      map_size: { x: map.width, y: map.height },
      pixels_per_grid: image?.pixelsPerGrid ?? PIXELS_PER_GRID,
    },
    line_of_sight: mergeRuns(walls),
    objects_line_of_sight: [],
    portals,
    lights: map.light.sources.map((s) => ({
      position: { x: s.at[0] + 0.5, y: s.at[1] + 0.5 },
      range: s.radius / square,
      intensity: intensityOf(map.system, s.level),
      color: 'ffffffff',
      shadows: true,
    })),
    environment: {
      baked_lighting: false,
      ambient_light: ambientHex(
        map.system,
        map.light.ambient ?? systemFacts(map.system).uvttLight.unsetAmbient,
      ),
    },
    ...(image ? { image: image.base64 } : {}),
  }
}
