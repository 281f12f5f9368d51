// Universal VTT (.dd2vtt / .uvtt / .df2vtt, format 0.2 and 0.3) to a gm-scenario/1 map. Pure:
// the CLI (src-main/uvtt-cli.ts) and the app's import both call `importUvtt` on parsed JSON.
// Coordinates are in squares in the full map's frame; a cropped export starts at map_origin.
import { z } from 'zod'
import type { SystemId } from '../rules/model'
import {
  clipSegment,
  edgeKey,
  edgesCrossedBy,
  type Cell,
  type Point,
  type Segment,
} from './geometry'
import { UvttError } from './errors'
import { imageSize } from './image'

export { UvttError }

const point = z.object({ x: z.number().finite(), y: z.number().finite() })

export const uvttSchema = z.object({
  format: z.number(),
  resolution: z.object({
    map_origin: point.default({ x: 0, y: 0 }),
    map_size: point,
    pixels_per_grid: z.number().positive(),
  }),
  line_of_sight: z.array(z.array(point)).default([]),
  objects_line_of_sight: z.array(z.array(point)).default([]),
  portals: z
    .array(
      z.object({
        position: point.optional(),
        bounds: z.array(point).length(2),
        rotation: z.number().optional(),
        closed: z.boolean().default(true),
        freestanding: z.boolean().optional(),
      }),
    )
    .default([]),
  lights: z
    .array(
      z.object({
        position: point,
        range: z.number().nonnegative(),
        intensity: z.number().nonnegative().default(1),
        color: z.string().optional(),
        shadows: z.boolean().optional(),
      }),
    )
    .default([]),
  environment: z
    .object({ baked_lighting: z.boolean().optional(), ambient_light: z.string().optional() })
    .optional(),
  image: z.string().optional(),
})
export type Uvtt = z.infer<typeof uvttSchema>

export interface ImportedMap {
  width: number
  height: number
  cells: []
  edges: Array<{ between: [Cell, Cell]; kind: 'wall' | 'door' | 'window'; state?: 'closed' }>
  light: { ambient?: number; sources: Array<{ at: Cell; level: number; radius: number }> }
}

export interface ImportReport {
  walls: number
  doors: number
  windows: number
  lights: number
  segmentsClipped: number
  imageWidth: number | null
  imageHeight: number | null
}

export const SUPPORTED_FORMATS = [0.2, 0.3]
const MAX_SIDE = 1000
/** Square size in each system's unit, for light ranges given in squares. */
const SQUARE: Record<SystemId, number> = { arianrhod: 2, pathfinder: 5, dnd35: 5, dystopia: 1 }

export interface ImportedUvtt {
  map: ImportedMap
  report: ImportReport
  polylines: Point[][]
  /** The picture's pixels per square, and the picture itself (base64, no data: prefix) if any. */
  pixelsPerGrid: number
  image: string | null
}

export function importUvtt(raw: unknown, system: SystemId = 'arianrhod'): ImportedUvtt {
  const parsed = uvttSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const path = issue.path.length ? `/${issue.path.join('/')}` : ''
    throw new UvttError('invalid-uvtt', `${path || 'file'}: ${issue.message}`, path)
  }
  const uvtt = parsed.data
  if (!SUPPORTED_FORMATS.some((f) => Math.abs(f - uvtt.format) < 1e-9)) {
    throw new UvttError(
      'unsupported-format',
      `Universal VTT format ${uvtt.format} is not supported (0.2 and 0.3 are).`,
      '/format',
    )
  }
  const width = Math.ceil(uvtt.resolution.map_size.x - 1e-9)
  const height = Math.ceil(uvtt.resolution.map_size.y - 1e-9)
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    throw new UvttError(
      'map-too-large',
      `A map of ${width} × ${height} squares is outside 1–${MAX_SIDE} a side.`,
      '/resolution/map_size',
    )
  }
  const origin = uvtt.resolution.map_origin
  const local = (p: Point): Point => ({ x: p.x - origin.x, y: p.y - origin.y })

  const kinds = new Map<string, { between: [Cell, Cell]; kind: 'wall' | 'door' | 'window' }>()
  let segmentsClipped = 0
  const polylines: Point[][] = []
  for (const line of [...uvtt.line_of_sight, ...uvtt.objects_line_of_sight]) {
    const points = line.map(local)
    polylines.push(points)
    for (let i = 0; i + 1 < points.length; i++) {
      const { segment, clipped } = clipSegment([points[i], points[i + 1]], width, height)
      if (clipped) segmentsClipped++
      if (!segment) continue
      for (const between of edgesCrossedBy(segment, width, height))
        kinds.set(edgeKey(...between), { between, kind: 'wall' })
    }
  }
  // Portals win over the walls they sit in: closed ones are doors, open ones windows.
  for (const portal of uvtt.portals) {
    const { segment, clipped } = clipSegment(
      [local(portal.bounds[0]), local(portal.bounds[1])] as Segment,
      width,
      height,
    )
    if (clipped) segmentsClipped++
    if (!segment) continue
    const kind = portal.closed ? 'door' : 'window'
    for (const between of edgesCrossedBy(segment, width, height))
      kinds.set(edgeKey(...between), { between, kind })
  }
  const edges = [...kinds.values()]
    .sort(
      (a, b) =>
        a.between[0][1] - b.between[0][1] ||
        a.between[0][0] - b.between[0][0] ||
        a.between[1][1] - b.between[1][1],
    )
    .map((e) => (e.kind === 'door' ? { ...e, state: 'closed' as const } : e))

  const sources = uvtt.lights
    .map((l) => ({ at: local(l.position), light: l }))
    .filter(({ at }) => at.x >= 0 && at.y >= 0 && at.x < width && at.y < height)
    .map(({ at, light }) => ({
      at: [Math.floor(at.x), Math.floor(at.y)] as Cell,
      level: lightLevel(system, light.intensity),
      radius: light.range * SQUARE[system],
    }))
  const ambient = ambientLevel(system, uvtt.environment)
  const image = uvtt.image ? imageSize(uvtt.image) : null
  return {
    map: {
      width,
      height,
      cells: [],
      edges,
      light: { ...(ambient !== undefined ? { ambient } : {}), sources },
    },
    report: {
      walls: edges.filter((e) => e.kind === 'wall').length,
      doors: edges.filter((e) => e.kind === 'door').length,
      windows: edges.filter((e) => e.kind === 'window').length,
      lights: sources.length,
      segmentsClipped,
      imageWidth: image?.width ?? null,
      imageHeight: image?.height ?? null,
    },
    polylines,
    pixelsPerGrid: uvtt.resolution.pixels_per_grid,
    image: uvtt.image ? uvtt.image.replace(/\s+/g, '') : null,
  }
}

/** Arianrhod 明度 (6 = bright) or the Pathfinder / D&D light category index (0 dark … 3 bright). */
function lightLevel(system: SystemId, intensity: number): number {
  if (system === 'arianrhod' || system === 'dystopia')
    return Math.max(1, Math.min(6, Math.round(6 * Math.min(1, intensity))))
  return intensity >= 0.5 ? 2 : 1
}

/** ARGB hex (e.g. "ff404040"): brightness × alpha mapped onto the system's scale. */
export function ambientLevel(
  system: SystemId,
  environment: Uvtt['environment'],
): number | undefined {
  const hex = environment?.ambient_light
  if (!hex || !/^[0-9a-fA-F]{8}$/.test(hex))
    return environment?.baked_lighting ? (system === 'arianrhod' ? 6 : 2) : undefined
  const [a, r, g, b] = [0, 2, 4, 6].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
  const brightness = a * (0.2126 * r + 0.7152 * g + 0.0722 * b)
  if (system === 'arianrhod' || system === 'dystopia') return Math.round(6 * brightness)
  return brightness >= 0.75 ? 3 : brightness >= 0.4 ? 2 : brightness >= 0.1 ? 1 : 0
}
