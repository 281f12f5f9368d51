// What the app keeps of an imported Universal VTT file: the pieces of the new campaign map (the
// import verb adds id, name, system, picture), and the check that the map, as the campaign file
// writes it (JSON indented by two spaces, campaign/serialize.ts), fits in a campaign the app can
// open again. The check counts bytes without writing the map out.
import { UvttError } from './errors'
import { forEachImportedEdge, uvttMap, type ImportedMap, type ImportedUvtt } from './import'
import { UVTT_LIMITS } from './limits'

export interface UvttMapParts {
  width: number
  height: number
  edges: ImportedMap['edges']
  sources: Array<ImportedMap['light']['sources'][number] & { id: string }>
  wallLines?: Array<Array<[number, number]>>
}

/** Refuses a map too big for a campaign (`map-too-detailed`) before anything is built. */
export function checkFitsCampaign(imported: ImportedUvtt): void {
  const bytes = savedMapBytes(imported)
  if (bytes > UVTT_LIMITS.savedMapBytes) {
    const mb = (n: number) => (n / (1024 * 1024)).toFixed(1)
    throw new UvttError(
      'map-too-detailed',
      `This map would take ${mb(bytes)} MB of the campaign file (its wall edges and wall lines); at most ${mb(UVTT_LIMITS.savedMapBytes)} MB are allowed.`,
    )
  }
}

export function campaignMapParts(imported: ImportedUvtt): UvttMapParts {
  const { width, height, edges, light } = uvttMap(imported)
  return {
    width,
    height,
    edges,
    sources: light.sources.map((s, i) => ({ ...s, id: `light-${i + 1}` })),
    ...(imported.wallLines.length > 0 ? { wallLines: imported.wallLines } : {}),
  }
}

/** Where a map's edges and wall lines sit in the campaign file: campaign › maps › map › field. */
const FIELD_DEPTH = 3

/** The bytes the map's edges, wall lines and lights add to the campaign file. */
export function savedMapBytes(imported: ImportedUvtt): number {
  let bytes =
    prettyLength(imported.light, FIELD_DEPTH) + prettyLength(imported.wallLines, FIELD_DEPTH)
  // Each edge as the campaign writes it: its shape's size with one-digit numbers, plus the digits
  // beyond the first (coordinates are below 1000), plus its place in the list.
  const elementIndent = 2 * (FIELD_DEPTH + 1)
  const shape = {
    wall: prettyLength(
      {
        between: [
          [0, 0],
          [0, 0],
        ],
        kind: 'wall',
      },
      FIELD_DEPTH + 1,
    ),
    window: prettyLength(
      {
        between: [
          [0, 0],
          [0, 0],
        ],
        kind: 'window',
      },
      FIELD_DEPTH + 1,
    ),
    door: prettyLength(
      {
        between: [
          [0, 0],
          [0, 0],
        ],
        kind: 'door',
        state: 'closed',
      },
      FIELD_DEPTH + 1,
    ),
  }
  const extraDigits = (n: number) => (n >= 100 ? 2 : n >= 10 ? 1 : 0)
  forEachImportedEdge(imported, ([[ax, ay], [bx, by]], kind) => {
    bytes += shape[kind] + extraDigits(ax) + extraDigits(ay) + extraDigits(bx) + extraDigits(by)
    bytes += 2 + elementIndent
  })
  return bytes
}

/**
 * The length of `JSON.stringify(value, null, 2)` for a value written `depth` levels deep (each
 * of its lines indented by 2 × depth more), for numbers, strings, arrays and plain objects.
 */
export function prettyLength(value: unknown, depth: number): number {
  if (typeof value === 'number') return String(value).length
  if (typeof value === 'string' || typeof value === 'boolean' || value === null)
    return JSON.stringify(value).length
  const inner = 2 * (depth + 1)
  if (Array.isArray(value)) {
    if (value.length === 0) return 2
    let length = 2 + 1 + 2 * depth + (value.length - 1)
    for (const item of value) length += 1 + inner + prettyLength(item, depth + 1)
    return length
  }
  const entries = Object.entries(value as object).filter(([, v]) => v !== undefined)
  if (entries.length === 0) return 2
  let length = 2 + 1 + 2 * depth + (entries.length - 1)
  for (const [key, item] of entries)
    length += 1 + inner + JSON.stringify(key).length + 2 + prettyLength(item, depth + 1)
  return length
}
