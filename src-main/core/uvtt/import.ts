// Universal VTT (.dd2vtt / .uvtt / .df2vtt, format 0.2 and 0.3) to a gm-scenario/1 map. Pure:
// the CLI (src-main/uvtt-cli.ts), the import dialog's preview and the app's import (both on a
// worker: import-worker.ts) all call `importUvtt` on parsed JSON, within the limits of limits.ts.
// Coordinates are in squares in the full map's frame; a cropped export starts at map_origin.
// Time grows with the walls' length (geometry.ts EdgeWalker) and memory with the map's size:
// edges are one byte each until a caller asks for them as objects (`uvttMap`).
import { z } from 'zod'
import type { SystemId } from '../rules/model'
import { systemFacts } from '../rules/facts'
import {
  clipSegment,
  clipSegmentInto,
  EdgeWalker,
  OUTSIDE,
  WHOLE,
  type Cell,
  type Point,
  type Segment,
} from './geometry'
import { UvttError } from './errors'
import { imageSize } from './image'
import { UVTT_LIMITS } from './limits'

export { UvttError }

const point = z.object({ x: z.number().finite(), y: z.number().finite() })

/**
 * Everything but the wall polylines, which can hold millions of points: those are checked by hand
 * (readWallLines), without the copy a schema would make of each point.
 */
export const uvttSchema = z.object({
  format: z.number(),
  resolution: z.object({
    map_origin: point.default({ x: 0, y: 0 }),
    map_size: point,
    pixels_per_grid: z.number().positive(),
  }),
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

const WALL_FIELDS = ['line_of_sight', 'objects_line_of_sight'] as const

export type EdgeKindName = 'wall' | 'door' | 'window'

export interface ImportedMap {
  width: number
  height: number
  cells: []
  edges: Array<{ between: [Cell, Cell]; kind: EdgeKindName; state?: 'closed' }>
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

/** An edge's kind in `edgeKinds`; 0 is no edge. */
export const EDGE_KIND_CODES = { wall: 1, door: 2, window: 3 } as const
const KIND_NAMES: readonly (EdgeKindName | null)[] = [null, 'wall', 'door', 'window']

export const SUPPORTED_FORMATS = [0.2, 0.3]
/** Square size in each system's unit, for light ranges given in squares. */
const SQUARE: Record<SystemId, number> = { arianrhod: 2, pathfinder: 5, dnd35: 5, dystopia: 1 }

export interface ImportedUvtt {
  width: number
  height: number
  /** One byte per edge, by geometry.ts `edgeIndex`: 0, or an EDGE_KIND_CODES value. */
  edgeKinds: Uint8Array
  light: ImportedMap['light']
  report: ImportReport
  /**
   * The file's wall polylines in the map's frame, x and y in turn (16 bytes a point, where the
   * file's objects took about 100): the map keeps them as `wallLines` (campaign-map.ts).
   */
  wallLines: Float64Array[]
  /** The picture's pixels per square, and the picture itself (base64, no data: prefix) if any. */
  pixelsPerGrid: number
  image: string | null
}

/** How far the walls are: wall and portal segments done, of the file's total. */
export type ImportProgress = (done: number, total: number) => void

const PROGRESS_EVERY = 4096

export function importUvtt(
  raw: unknown,
  system: SystemId = 'arianrhod',
  onProgress?: ImportProgress,
): ImportedUvtt {
  const parsed = uvttSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw invalid(issue.path.length ? `/${issue.path.join('/')}` : '', issue.message)
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
  const side = UVTT_LIMITS.mapSide
  if (!(width >= 1 && height >= 1 && width <= side && height <= side)) {
    throw new UvttError(
      'map-too-large',
      `A map of ${width} × ${height} squares is outside 1–${side} a side.`,
      '/resolution/map_size',
    )
  }
  checkScalars(uvtt)
  const origin = uvtt.resolution.map_origin
  const local = (p: Point): Point => ({ x: p.x - origin.x, y: p.y - origin.y })
  const wallLines = readWallLines(raw as Record<string, unknown>, origin)

  const edgeKinds = new Uint8Array(width * height * 2)
  const walker = new EdgeWalker(width, height)
  const total =
    wallLines.reduce((n, line) => n + Math.max(0, line.length / 2 - 1), 0) + uvtt.portals.length
  let done = 0
  const step = (): void => {
    if (++done % PROGRESS_EVERY === 0) onProgress?.(done, total)
  }
  let segmentsClipped = 0
  const mark = (code: number) => (index: number) => (edgeKinds[index] = code)
  const wall = mark(EDGE_KIND_CODES.wall)
  const from: Point = { x: 0, y: 0 }
  const to: Point = { x: 0, y: 0 }
  const inside: Segment = [
    { x: 0, y: 0 },
    { x: 0, y: 0 },
  ]
  for (const line of wallLines) {
    for (let i = 0; i + 3 < line.length; i += 2) {
      from.x = line[i]
      from.y = line[i + 1]
      to.x = line[i + 2]
      to.y = line[i + 3]
      const outcome = clipSegmentInto(from, to, width, height, inside)
      if (outcome !== WHOLE) segmentsClipped++
      if (outcome !== OUTSIDE) walker.forEachEdge(inside, wall)
      step()
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
    if (segment)
      walker.forEachEdge(segment, mark(EDGE_KIND_CODES[portal.closed ? 'door' : 'window']))
    step()
  }
  onProgress?.(total, total)

  const counts = [0, 0, 0, 0]
  for (let index = 0; index < edgeKinds.length; index++) counts[edgeKinds[index]]++
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
    width,
    height,
    edgeKinds,
    light: { ...(ambient !== undefined ? { ambient } : {}), sources },
    report: {
      walls: counts[EDGE_KIND_CODES.wall],
      doors: counts[EDGE_KIND_CODES.door],
      windows: counts[EDGE_KIND_CODES.window],
      lights: sources.length,
      segmentsClipped,
      imageWidth: image?.width ?? null,
      imageHeight: image?.height ?? null,
    },
    wallLines,
    pixelsPerGrid: uvtt.resolution.pixels_per_grid,
    image: uvtt.image ? uvtt.image.replace(/\s+/g, '') : null,
  }
}

/** The imported map as a gm-scenario/1 map object, its edges in reading order. */
export function uvttMap(imported: ImportedUvtt): ImportedMap {
  const edges: ImportedMap['edges'] = []
  forEachImportedEdge(imported, (x, y, east, kind) => {
    const between: [Cell, Cell] = [[x, y], east ? [x + 1, y] : [x, y + 1]]
    edges.push(kind === 'door' ? { between, kind, state: 'closed' } : { between, kind })
  })
  return { width: imported.width, height: imported.height, cells: [], edges, light: imported.light }
}

/**
 * `JSON.stringify(uvttMap(imported))` as UTF-8, written byte by byte straight from the edge bytes:
 * a map of a million edges prints without becoming a million objects or strings first.
 */
export function uvttMapJson(imported: ImportedUvtt): Uint8Array {
  const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0))
  const pieces = {
    open: ascii('{"between":[['),
    middle: ascii('],['),
    kind: {
      wall: ascii(']],"kind":"wall"}'),
      window: ascii(']],"kind":"window"}'),
      door: ascii(']],"kind":"door","state":"closed"}'),
    },
  }
  const { width, height, light } = imported
  const head = new TextEncoder().encode(`{"width":${width},"height":${height},"cells":[],"edges":[`)
  const tail = new TextEncoder().encode(`],"light":${JSON.stringify(light)}}`)
  let count = 0
  forEachImportedEdge(imported, () => count++)
  // Each edge is at most its pieces, four numbers of four digits, two commas and one between edges.
  const most = pieces.open.length + pieces.middle.length + pieces.kind.door.length + 4 * 4 + 3
  const out = new Uint8Array(head.length + count * most + tail.length)
  out.set(head)
  let at = head.length
  const put = (bytes: Uint8Array) => {
    out.set(bytes, at)
    at += bytes.length
  }
  const number = (n: number) => {
    // Whole numbers below 10,000: the map is at most 1,000 squares a side.
    if (n >= 1000) out[at++] = 48 + Math.floor(n / 1000)
    if (n >= 100) out[at++] = 48 + (Math.floor(n / 100) % 10)
    if (n >= 10) out[at++] = 48 + (Math.floor(n / 10) % 10)
    out[at++] = 48 + (n % 10)
  }
  let first = true
  forEachImportedEdge(imported, (x, y, east, kind) => {
    if (!first) out[at++] = 44
    first = false
    put(pieces.open)
    number(x)
    out[at++] = 44
    number(y)
    put(pieces.middle)
    number(east ? x + 1 : x)
    out[at++] = 44
    number(east ? y : y + 1)
    put(pieces.kind[kind])
  })
  put(tail)
  return out.subarray(0, at)
}

/**
 * Every edge the import made, in reading order: by square (row, then column), its east edge
 * (to x + 1) before its south edge (to y + 1), the order the map keeps them in. Allocates nothing.
 */
export function forEachImportedEdge(
  { edgeKinds, width }: ImportedUvtt,
  visit: (x: number, y: number, east: boolean, kind: EdgeKindName) => void,
): void {
  for (let index = 0; index < edgeKinds.length; index++) {
    const kind = KIND_NAMES[edgeKinds[index]]
    if (!kind) continue
    const square = index >> 1
    const x = square % width
    visit(x, (square - x) / width, (index & 1) === 0, kind)
  }
}

function invalid(path: string, message: string): UvttError {
  return new UvttError('invalid-uvtt', `${path || 'file'}: ${message}`, path)
}

function checkCoordinate(value: number, path: string): void {
  if (Math.abs(value) > UVTT_LIMITS.coordinate) {
    throw new UvttError(
      'coordinate-out-of-range',
      `${path}: ${value} is more than ${UVTT_LIMITS.coordinate.toLocaleString('en')} squares from 0.`,
      path,
    )
  }
}

function checkPoint(p: Point, path: string): void {
  checkCoordinate(p.x, `${path}/x`)
  checkCoordinate(p.y, `${path}/y`)
}

/** The limits on everything but the wall lines. */
function checkScalars(uvtt: Uvtt): void {
  checkPoint(uvtt.resolution.map_origin, '/resolution/map_origin')
  uvtt.portals.forEach((portal, i) => {
    portal.bounds.forEach((p, j) => checkPoint(p, `/portals/${i}/bounds/${j}`))
  })
  uvtt.lights.forEach((light, i) => {
    checkPoint(light.position, `/lights/${i}/position`)
    if (light.range > UVTT_LIMITS.lightRange) {
      throw new UvttError(
        'light-range-too-large',
        `/lights/${i}/range: a range of ${light.range} squares is more than ${UVTT_LIMITS.lightRange.toLocaleString('en')}.`,
        `/lights/${i}/range`,
      )
    }
  })
  const { min, max } = UVTT_LIMITS.pixelsPerGrid
  const perGrid = uvtt.resolution.pixels_per_grid
  if (uvtt.image !== undefined && (perGrid < min || perGrid > max)) {
    throw new UvttError(
      'pixels-per-grid-out-of-range',
      `/resolution/pixels_per_grid: ${perGrid} pixels a square is outside ${min}–${max.toLocaleString('en')}.`,
      '/resolution/pixels_per_grid',
    )
  }
}

/** The wall polylines, checked point by point, in the map's frame. */
function readWallLines(file: Record<string, unknown>, origin: Point): Float64Array[] {
  const lines: Float64Array[] = []
  for (const field of WALL_FIELDS) {
    const value = file[field]
    if (value === undefined) continue
    if (!Array.isArray(value)) throw invalid(`/${field}`, 'expected an array of polylines')
    for (let i = 0; i < value.length; i++) {
      const path = `/${field}/${i}`
      const line: unknown = value[i]
      if (!Array.isArray(line)) throw invalid(path, 'expected an array of points')
      if (lines.length >= UVTT_LIMITS.wallLines) {
        throw new UvttError(
          'too-many-wall-lines',
          `The file has more than ${UVTT_LIMITS.wallLines.toLocaleString('en')} wall lines.`,
          path,
        )
      }
      if (line.length > UVTT_LIMITS.wallLinePoints) {
        throw new UvttError(
          'wall-line-too-long',
          `${path}: a wall line of ${line.length.toLocaleString('en')} points is longer than ${UVTT_LIMITS.wallLinePoints.toLocaleString('en')}.`,
          path,
        )
      }
      const points = new Float64Array(2 * line.length)
      for (let j = 0; j < line.length; j++) {
        const p: unknown = line[j]
        const x = (p as { x?: unknown } | null)?.x
        const y = (p as { y?: unknown } | null)?.y
        if (typeof x !== 'number' || !Number.isFinite(x))
          throw invalid(`${path}/${j}/x`, 'expected a finite number')
        if (typeof y !== 'number' || !Number.isFinite(y))
          throw invalid(`${path}/${j}/y`, 'expected a finite number')
        checkCoordinate(x, `${path}/${j}/x`)
        checkCoordinate(y, `${path}/${j}/y`)
        points[2 * j] = x - origin.x
        points[2 * j + 1] = y - origin.y
      }
      lines.push(points)
    }
  }
  return lines
}

/** A light's level on the system's scale (facts.ts `uvttLight`: 明度 1–6 or a light category). */
function lightLevel(system: SystemId, intensity: number): number {
  return systemFacts(system).uvttLight.levelOfIntensity(intensity)
}

/** ARGB hex (e.g. "ff404040"): brightness × alpha mapped onto the system's scale. */
export function ambientLevel(
  system: SystemId,
  environment: Uvtt['environment'],
): number | undefined {
  const hex = environment?.ambient_light
  const scale = systemFacts(system).uvttLight
  if (!hex || !/^[0-9a-fA-F]{8}$/.test(hex))
    return environment?.baked_lighting ? scale.unsetAmbient : undefined
  const [a, r, g, b] = [0, 2, 4, 6].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
  const brightness = a * (0.2126 * r + 0.7152 * g + 0.0722 * b)
  return scale.levelOfBrightness(brightness)
}
