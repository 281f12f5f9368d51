// Walls onto grid edges, by one rule: the edge between two orthogonally adjacent squares is a
// wall exactly when the segment between their centres crosses a wall polyline (touching counts).
// Diagonal and curved walls therefore become the staircase that blocks the same passages.
export interface Point {
  x: number
  y: number
}
export type Segment = [Point, Point]
export type Cell = [number, number]

const EPSILON = 1e-9

function orientation(a: Point, b: Point, c: Point): number {
  const value = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
  return Math.abs(value) < EPSILON ? 0 : value > 0 ? 1 : -1
}

function onSegment(a: Point, b: Point, p: Point): boolean {
  return (
    Math.min(a.x, b.x) - EPSILON <= p.x &&
    p.x <= Math.max(a.x, b.x) + EPSILON &&
    Math.min(a.y, b.y) - EPSILON <= p.y &&
    p.y <= Math.max(a.y, b.y) + EPSILON
  )
}

/** True when the two closed segments share at least one point. */
export function segmentsTouch([p1, p2]: Segment, [q1, q2]: Segment): boolean {
  const o1 = orientation(p1, p2, q1)
  const o2 = orientation(p1, p2, q2)
  const o3 = orientation(q1, q2, p1)
  const o4 = orientation(q1, q2, p2)
  if (o1 !== o2 && o3 !== o4) return true
  return (
    (o1 === 0 && onSegment(p1, p2, q1)) ||
    (o2 === 0 && onSegment(p1, p2, q2)) ||
    (o3 === 0 && onSegment(q1, q2, p1)) ||
    (o4 === 0 && onSegment(q1, q2, p2))
  )
}

/**
 * Cuts a segment to the map rectangle [0, width] × [0, height] (Liang–Barsky); null when it lies
 * wholly outside. `clipped` says whether any part was cut away.
 */
export function clipSegment(
  [a, b]: Segment,
  width: number,
  height: number,
): { segment: Segment | null; clipped: boolean } {
  let t0 = 0
  let t1 = 1
  const dx = b.x - a.x
  const dy = b.y - a.y
  const checks: Array<[number, number]> = [
    [-dx, a.x],
    [dx, width - a.x],
    [-dy, a.y],
    [dy, height - a.y],
  ]
  for (const [p, q] of checks) {
    if (Math.abs(p) < EPSILON) {
      if (q < -EPSILON) return { segment: null, clipped: true }
      continue
    }
    const r = q / p
    if (p < 0) {
      if (r > t1) return { segment: null, clipped: true }
      if (r > t0) t0 = r
    } else {
      if (r < t0) return { segment: null, clipped: true }
      if (r < t1) t1 = r
    }
  }
  const clipped = t0 > EPSILON || t1 < 1 - EPSILON
  return {
    segment: [
      { x: a.x + t0 * dx, y: a.y + t0 * dy },
      { x: a.x + t1 * dx, y: a.y + t1 * dy },
    ],
    clipped,
  }
}

/** Which edge of a square: the one to its east (towards x + 1) or to its south (towards y + 1). */
export const EAST = 0 as const
export const SOUTH = 1 as const
export type Side = typeof EAST | typeof SOUTH

/** One number per edge of a width × height map: square (x, y)'s east edge, then its south edge. */
export function edgeIndex(x: number, y: number, side: Side, width: number): number {
  return (y * width + x) * 2 + side
}

/** Far beyond the rule's tolerance (1e-9) and the rounding of coordinates up to 1000 squares. */
const MARGIN = 1e-6

/** Squares in a segment's box below which every edge in it is tested instead of walking. */
const SMALL_BOX = 36

/**
 * Finds the edges a wall segment blocks in time proportional to the segment's length. The segments
 * between square centres form a second grid, offset by half a square; a wall can only touch the
 * sides of the cells of that grid it passes through. The walk visits that grid column by column
 * and tests only those sides, with the exact rule (`segmentsTouch`), each edge once per segment.
 */
export class EdgeWalker {
  private readonly seen: Int32Array
  private pass = 0
  /** Edges tested so far, for the test that the work grows with the walls' length. */
  tested = 0
  // Reused for every test: the walk allocates nothing per edge.
  private readonly from: Point = { x: 0, y: 0 }
  private readonly to: Point = { x: 0, y: 0 }
  private readonly centres: Segment = [this.from, this.to]

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.seen = new Int32Array(width * height * 2)
  }

  /** Calls `found` once with the index (`edgeIndex`) of every edge the segment blocks. */
  forEachEdge(segment: Segment, found: (index: number) => void): void {
    if (this.pass === 0x7fffffff) {
      this.seen.fill(0)
      this.pass = 0
    }
    const pass = ++this.pass
    const { width, height, seen, from, to, centres } = this
    const [a, b] = segment
    // Only squares within one of the segment's bounding box (the rule's reach, with its tolerance).
    const minX = Math.max(0, Math.floor(Math.min(a.x, b.x) - 0.5) - 1)
    const maxX = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) - 0.5) + 1)
    const minY = Math.max(0, Math.floor(Math.min(a.y, b.y) - 0.5) - 1)
    const maxY = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) - 0.5) + 1)
    const test = (x: number, y: number, side: Side): void => {
      if (x < minX || x > maxX || y < minY || y > maxY) return
      if (side === EAST ? x + 1 >= width : y + 1 >= height) return
      const index = edgeIndex(x, y, side, width)
      if (seen[index] === pass) return
      seen[index] = pass
      this.tested++
      from.x = x + 0.5
      from.y = y + 0.5
      to.x = side === EAST ? x + 1.5 : x + 0.5
      to.y = side === EAST ? y + 0.5 : y + 1.5
      if (segmentsTouch(segment, centres)) found(index)
    }
    const block = (x0: number, x1: number, y0: number, y1: number): void => {
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          test(x, y, EAST)
          test(x, y, SOUTH)
        }
      }
    }
    // A short segment: every edge in its box, as cheap as the walk and free of its rounding.
    if ((maxX - minX + 1) * (maxY - minY + 1) <= SMALL_BOX) return block(minX, maxX, minY, maxY)
    // Near each end, every edge within reach: for a nearly collinear pair the rule's tolerance
    // counts a centre segment up to about a square beyond the wall's end as touching.
    for (const end of segment) {
      const x = Math.floor(end.x - 0.5)
      const y = Math.floor(end.y - 0.5)
      block(x - 2, x + 2, y - 2, y + 2)
    }
    // In the centres' grid (u = x − 0.5, v = y − 0.5) the edge east of square (i, j) is the unit
    // side from (i, j) to (i + 1, j), the edge south of it the side from (i, j) to (i, j + 1).
    // Column by column, the segment can only touch the sides at the rows it spans there and the
    // column's two vertical sides where it reaches them; MARGIN covers the rule's tolerance and
    // rounding many times over.
    const [p, q] = a.x <= b.x ? [a, b] : [b, a]
    const u0 = p.x - 0.5
    const u1 = q.x - 0.5
    const v0 = p.y - 0.5
    const v1 = q.y - 0.5
    const slope = (v1 - v0) / (u1 - u0)
    const steep = !Number.isFinite(slope)
    const last = Math.floor(u1 + MARGIN)
    for (let i = Math.floor(u0 - MARGIN); i <= last; i++) {
      // The part of the segment over this column, widened by MARGIN: a nearly vertical segment
      // just beyond the column's side still touches the sides that end there.
      const uFrom = Math.min(Math.max(u0, i - MARGIN), u1)
      const uTo = Math.max(Math.min(u1, i + 1 + MARGIN), u0)
      const vFrom = steep ? v0 : v0 + (uFrom - u0) * slope
      const vTo = steep ? v1 : v0 + (uTo - u0) * slope
      const low = Math.min(vFrom, vTo) - MARGIN
      const high = Math.max(vFrom, vTo) + MARGIN
      for (let j = Math.ceil(low); j <= high; j++) test(i, j, EAST)
      const rowEnd = Math.floor(high)
      if (uFrom <= i + MARGIN) for (let j = Math.floor(low); j <= rowEnd; j++) test(i, j, SOUTH)
      if (uTo >= i + 1 - MARGIN)
        for (let j = Math.floor(low); j <= rowEnd; j++) test(i + 1, j, SOUTH)
    }
  }
}
