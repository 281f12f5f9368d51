// Walls onto grid edges, by one rule: the edge between two orthogonally adjacent squares is a
// wall exactly when the segment between their centres crosses a wall polyline (touching counts).
// Diagonal and curved walls therefore become the staircase that blocks the same passages.
export interface Point {
  x: number
  y: number
}
export type Segment = [Point, Point]
export type Cell = [number, number]
export type EdgeKey = string

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

export function edgeKey(a: Cell, b: Cell): EdgeKey {
  return `${a[0]},${a[1]}|${b[0]},${b[1]}`
}

/** Every edge (as [west/north cell, east/south cell]) whose centre-to-centre segment the segment touches. */
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
