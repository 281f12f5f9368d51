// Test oracle only: the wall rule as the importer applied it before issue 26, scanning every square
// in each segment's bounding box (quadratic in a diagonal wall's length). The linear walk in
// geometry.ts must give the same edges, edge by edge; import.oracle.test.ts compares the two.
import { clipSegment, segmentsTouch, type Cell, type Point, type Segment } from './geometry'

interface OracleFile {
  resolution: { map_origin?: Point; map_size: Point; pixels_per_grid?: number }
  line_of_sight?: Point[][]
  objects_line_of_sight?: Point[][]
  portals?: Array<{ bounds: Point[]; closed?: boolean }>
}

export type OracleEdge = { between: [Cell, Cell]; kind: 'wall' | 'door' | 'window' }

/** The edges and the clipped-segment count, exactly as the previous importer made them. */
export function previousImporterEdges(file: OracleFile): {
  edges: OracleEdge[]
  segmentsClipped: number
} {
  const width = Math.ceil(file.resolution.map_size.x - 1e-9)
  const height = Math.ceil(file.resolution.map_size.y - 1e-9)
  const origin = file.resolution.map_origin ?? { x: 0, y: 0 }
  const local = (p: Point): Point => ({ x: p.x - origin.x, y: p.y - origin.y })
  const kinds = new Map<string, OracleEdge>()
  let segmentsClipped = 0
  for (const line of [...(file.line_of_sight ?? []), ...(file.objects_line_of_sight ?? [])]) {
    const points = line.map(local)
    for (let i = 0; i + 1 < points.length; i++) {
      const { segment, clipped } = clipSegment([points[i], points[i + 1]], width, height)
      if (clipped) segmentsClipped++
      if (!segment) continue
      for (const between of edgesCrossedBy(segment, width, height))
        kinds.set(edgeKey(...between), { between, kind: 'wall' })
    }
  }
  for (const portal of file.portals ?? []) {
    const { segment, clipped } = clipSegment(
      [local(portal.bounds[0]), local(portal.bounds[1])],
      width,
      height,
    )
    if (clipped) segmentsClipped++
    if (!segment) continue
    const kind = (portal.closed ?? true) ? 'door' : 'window'
    for (const between of edgesCrossedBy(segment, width, height))
      kinds.set(edgeKey(...between), { between, kind })
  }
  const edges = [...kinds.values()].sort(
    (a, b) =>
      a.between[0][1] - b.between[0][1] ||
      a.between[0][0] - b.between[0][0] ||
      a.between[1][1] - b.between[1][1],
  )
  return { edges, segmentsClipped }
}

function edgeKey(a: Cell, b: Cell): string {
  return `${a[0]},${a[1]}|${b[0]},${b[1]}`
}

/** Every edge in the segment's box (plus one square) whose centre-to-centre segment it touches. */
export function edgesCrossedBy(
  segment: Segment,
  width: number,
  height: number,
): Array<[Cell, Cell]> {
  const [a, b] = segment
  const minX = Math.max(0, Math.floor(Math.min(a.x, b.x) - 0.5) - 1)
  const maxX = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) - 0.5) + 1)
  const minY = Math.max(0, Math.floor(Math.min(a.y, b.y) - 0.5) - 1)
  const maxY = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) - 0.5) + 1)
  const found: Array<[Cell, Cell]> = []
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const centre = { x: x + 0.5, y: y + 0.5 }
      if (x + 1 < width && segmentsTouch(segment, [centre, { x: x + 1.5, y: y + 0.5 }]))
        found.push([
          [x, y],
          [x + 1, y],
        ])
      if (y + 1 < height && segmentsTouch(segment, [centre, { x: x + 0.5, y: y + 1.5 }]))
        found.push([
          [x, y],
          [x, y + 1],
        ])
    }
  }
  return found
}
