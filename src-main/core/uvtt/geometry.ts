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
  return touches(p1, p2, q1, q2)
}

/** `segmentsTouch` on four points (the walk calls it millions of times). */
function touches(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
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
  const segment: Segment = [
    { x: 0, y: 0 },
    { x: 0, y: 0 },
  ]
  const outcome = clipSegmentInto(a, b, width, height, segment)
  return { segment: outcome === OUTSIDE ? null : segment, clipped: outcome !== WHOLE }
}

export const OUTSIDE = 0
export const WHOLE = 1
export const CLIPPED = 2

/**
 * `clipSegment` without allocating (the importer clips a million segments): writes the part inside
 * into `out` and answers OUTSIDE, WHOLE or CLIPPED.
 */
export function clipSegmentInto(
  a: Point,
  b: Point,
  width: number,
  height: number,
  out: Segment,
): typeof OUTSIDE | typeof WHOLE | typeof CLIPPED {
  let t0 = 0
  let t1 = 1
  const dx = b.x - a.x
  const dy = b.y - a.y
  for (let side = 0; side < 4; side++) {
    const p = side === 0 ? -dx : side === 1 ? dx : side === 2 ? -dy : dy
    const q = side === 0 ? a.x : side === 1 ? width - a.x : side === 2 ? a.y : height - a.y
    if (Math.abs(p) < EPSILON) {
      if (q < -EPSILON) return OUTSIDE
      continue
    }
    const r = q / p
    if (p < 0) {
      if (r > t1) return OUTSIDE
      if (r > t0) t0 = r
    } else {
      if (r < t0) return OUTSIDE
      if (r < t1) t1 = r
    }
  }
  const [from, to] = out
  // Both ends from `a`, as t0 and t1 say, even when nothing is cut: the same numbers as always.
  const ax = a.x
  const ay = a.y
  from.x = ax + t0 * dx
  from.y = ay + t0 * dy
  to.x = ax + t1 * dx
  to.y = ay + t1 * dy
  return t0 > EPSILON || t1 < 1 - EPSILON ? CLIPPED : WHOLE
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
  // The segment being walked, its box of squares and what to call: fields rather than closures,
  // so a million short segments make no garbage.
  private segment: Segment = [
    { x: 0, y: 0 },
    { x: 0, y: 0 },
  ]
  private found: (index: number) => void = () => {}
  private minX = 0
  private maxX = 0
  private minY = 0
  private maxY = 0
  private readonly from: Point = { x: 0, y: 0 }
  private readonly to: Point = { x: 0, y: 0 }

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
    this.pass++
    this.segment = segment
    this.found = found
    const [a, b] = segment
    // Only squares within one of the segment's bounding box (the rule's reach, with its tolerance).
    this.minX = Math.max(0, Math.floor(Math.min(a.x, b.x) - 0.5) - 1)
    this.maxX = Math.min(this.width - 1, Math.ceil(Math.max(a.x, b.x) - 0.5) + 1)
    this.minY = Math.max(0, Math.floor(Math.min(a.y, b.y) - 0.5) - 1)
    this.maxY = Math.min(this.height - 1, Math.ceil(Math.max(a.y, b.y) - 0.5) + 1)
    // A short segment: every edge in its box, as cheap as the walk and free of its rounding.
    if ((this.maxX - this.minX + 1) * (this.maxY - this.minY + 1) <= SMALL_BOX) {
      this.block(this.minX, this.maxX, this.minY, this.maxY)
      return
    }
    // Near each end, every edge within reach: for a nearly collinear pair the rule's tolerance
    // counts a centre segment up to about a square beyond the wall's end as touching.
    this.nearEnd(a)
    this.nearEnd(b)
    // In the centres' grid (u = x − 0.5, v = y − 0.5) the edge east of square (i, j) is the unit
    // side from (i, j) to (i + 1, j), the edge south of it the side from (i, j) to (i, j + 1).
    // Column by column, the segment can only touch the sides at the rows it spans there and the
    // column's two vertical sides where it reaches them; MARGIN covers the rule's tolerance and
    // rounding many times over.
    const p = a.x <= b.x ? a : b
    const q = a.x <= b.x ? b : a
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
      for (let j = Math.ceil(low); j <= high; j++) this.test(i, j, EAST)
      const rowEnd = Math.floor(high)
      if (uFrom <= i + MARGIN)
        for (let j = Math.floor(low); j <= rowEnd; j++) this.test(i, j, SOUTH)
      if (uTo >= i + 1 - MARGIN)
        for (let j = Math.floor(low); j <= rowEnd; j++) this.test(i + 1, j, SOUTH)
    }
  }

  private nearEnd(end: Point): void {
    const x = Math.floor(end.x - 0.5)
    const y = Math.floor(end.y - 0.5)
    this.block(x - 2, x + 2, y - 2, y + 2)
  }

  private block(x0: number, x1: number, y0: number, y1: number): void {
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        this.test(x, y, EAST)
        this.test(x, y, SOUTH)
      }
    }
  }

  /** One edge, by the rule, unless it is outside the box or was tested for this segment. */
  private test(x: number, y: number, side: Side): void {
    if (x < this.minX || x > this.maxX || y < this.minY || y > this.maxY) return
    if (side === EAST ? x + 1 >= this.width : y + 1 >= this.height) return
    const index = (y * this.width + x) * 2 + side
    if (this.seen[index] === this.pass) return
    this.seen[index] = this.pass
    this.tested++
    const { from, to } = this
    from.x = x + 0.5
    from.y = y + 0.5
    to.x = side === EAST ? x + 1.5 : x + 0.5
    to.y = side === EAST ? y + 0.5 : y + 1.5
    if (touches(this.segment[0], this.segment[1], from, to)) this.found(index)
  }
}
