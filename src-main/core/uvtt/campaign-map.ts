// What the app keeps of an imported Universal VTT file: the new campaign map (the import verb
// gives it its id and picture), and the check that the map, as the campaign file
// writes it (counted as JSON indented by two spaces at every level: more than campaign/serialize.ts
// writes, which indents only the structure), fits in a campaign the app can open again. The check
// counts bytes without writing the map out.
import { UvttError } from './errors'
import { campaignMapSchema, type CampaignMap } from '../campaign/schema'
import { findMapProblems } from '../campaign/commands'
import type { SystemId } from '../rules/model'
import { forEachImportedEdge, uvttMap, type ImportedUvtt } from './import'
import { UVTT_LIMITS } from './limits'

/**
 * Refuses a map too big for a campaign (`map-too-detailed`) before anything is built; answers the
 * bytes its edges, wall lines and lights take in the campaign file.
 */
export function checkFitsCampaign(imported: ImportedUvtt): number {
  const bytes = savedMapBytes(imported)
  if (bytes > UVTT_LIMITS.savedMapBytes) {
    const mb = (n: number) => (n / (1024 * 1024)).toFixed(1)
    throw new UvttError(
      'map-too-detailed',
      `This map would take ${mb(bytes)} MB of the campaign file (its wall edges and wall lines); at most ${mb(UVTT_LIMITS.savedMapBytes)} MB are allowed.`,
    )
  }
  return bytes
}

/**
 * The new campaign map, checked by the campaign's own schema (defaults filled in) here on the
 * worker, so the host's main thread does not parse a map of a hundred thousand edges twice. Its id
 * is a placeholder: the import verb gives it one unique in the campaign, and its picture.
 */
export function campaignMapOf(
  imported: ImportedUvtt,
  { name, system, ambient }: { name: string; system: SystemId; ambient?: number },
): CampaignMap {
  const { width, height, edges, light } = uvttMap(imported)
  const level = ambient ?? light.ambient
  const map = campaignMapSchema.parse({
    id: 'imported',
    name,
    system,
    width,
    height,
    edges,
    light: {
      ...(level !== undefined ? { ambient: level } : {}),
      sources: light.sources.map((s, i) => ({ ...s, id: `light-${i + 1}` })),
    },
    ...(imported.wallLines.length > 0 ? { wallLines: imported.wallLines.map(pointPairs) } : {}),
  })
  // The reducer's own consistency check (map.add), here too, so main can take the map as checked.
  const problems = findMapProblems(map)
  if (problems.length > 0)
    throw new UvttError('invalid-uvtt', `The imported map is not consistent: ${problems[0]}`)
  return map
}

/** Where a map's edges and wall lines sit in the campaign file: campaign › maps › map › field. */
const FIELD_DEPTH = 3

/** The bytes the map's edges, wall lines and lights add to the campaign file. */
export function savedMapBytes(imported: ImportedUvtt): number {
  let bytes =
    prettyLength(imported.light, FIELD_DEPTH) + wallLinesLength(imported.wallLines, FIELD_DEPTH)
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
  forEachImportedEdge(imported, (x, y, east, kind) => {
    const [bx, by] = east ? [x + 1, y] : [x, y + 1]
    bytes += shape[kind] + extraDigits(x) + extraDigits(y) + extraDigits(bx) + extraDigits(by)
    bytes += 2 + elementIndent
  })
  return bytes
}

function pointPairs(line: Float64Array): Array<[number, number]> {
  const points: Array<[number, number]> = new Array(line.length / 2)
  for (let i = 0; i < points.length; i++) points[i] = [line[2 * i], line[2 * i + 1]]
  return points
}

/** `prettyLength` of the wall lines as the map keeps them (pairs), without making the pairs. */
function wallLinesLength(lines: Float64Array[], depth: number): number {
  if (lines.length === 0) return 2
  const pair: [number, number] = [0, 0]
  let length = 2 + 1 + 2 * depth + (lines.length - 1)
  for (const line of lines) {
    const points = line.length / 2
    length += 1 + 2 * (depth + 1)
    if (points === 0) {
      length += 2
      continue
    }
    length += 2 + 1 + 2 * (depth + 1) + (points - 1)
    for (let i = 0; i < points; i++) {
      pair[0] = line[2 * i]
      pair[1] = line[2 * i + 1]
      length += 1 + 2 * (depth + 2) + prettyLength(pair, depth + 2)
    }
  }
  return length
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
