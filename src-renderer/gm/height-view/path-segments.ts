// The engine's path answer (shared/spec/scenario-format.md, `path` query) turned into 3D segments:
// walking along the floor, climbing up the wall face between two squares, a jump arc over the
// squares it crosses, a fall as a drop at the edge. Each segment keeps the cumulative cost and the
// checks it needs so the view can label it and tests can read it without looking at pixels.
import type { Cell } from '@core/rules/model'
import type { QueryAnswer } from '@core/rules/queries'
import { cellIndex, type BoardCells } from './scene-data'

export type PathAction = 'move' | 'climb' | 'jump' | 'fall'

export interface PathStep {
  at: Cell
  cost: number
  action: PathAction
}

export interface PathCheck {
  kind: string
  ability?: string
  dc?: number
  against?: string[]
  ifFailed?: string
}

export interface PathFall {
  at: Cell
  height: number
  damage?: string
}

export interface PathAnswer {
  reachable: boolean
  cost?: number
  steps?: PathStep[]
  checks?: PathCheck[]
  falls?: PathFall[]
  reason?: string
}

export type Point3 = [number, number, number]

export interface PathSegment {
  action: PathAction
  from: Cell
  to: Cell
  /** Cumulative cost at the segment's end, in the map's unit. */
  cost: number
  /** Height gained (negative: lost), in the map's unit. */
  rise: number
  checks: PathCheck[]
  /** The polyline to draw, in scene coordinates (x east, y up, z south). */
  points: Point3[]
}

/** How far above the floor the path line floats, so it is not hidden in the floor. */
const LIFT = 0.08
const ARC_SAMPLES = 20

function isAction(value: unknown): value is PathAction {
  return value === 'move' || value === 'climb' || value === 'jump' || value === 'fall'
}

/**
 * The engine's path answer (typed by its declaration, core/rules/queries.ts) as the 3D view draws
 * it: a step whose action it does not draw walks, and only the falls on the way are drawn (the
 * drop from the wall before the move, `fall`, happens where the token stands).
 */
export function pathOfAnswer(answer: QueryAnswer<'path'>): PathAnswer {
  if (!answer.reachable) return { reachable: false, reason: answer.reason }
  return {
    reachable: true,
    cost: answer.cost,
    steps: (answer.steps ?? []).map(({ at, cost, action }) => ({
      at,
      cost,
      action: isAction(action) ? action : 'move',
    })),
    checks: answer.checks ?? [],
    falls: answer.falls ?? [],
  }
}

function floorOf(cells: BoardCells, cell: Cell): number {
  const column = cells.columns[cellIndex(cells.width, cell)]
  if (!column) return 0
  return column.terrain === 'solid' ? column.top : column.floor
}

function centre(cells: BoardCells, cell: Cell): Point3 {
  return [cell[0] + 0.5, floorOf(cells, cell) + LIFT, cell[1] + 0.5]
}

/** The point on the side shared by two neighbours (or halfway, for a diagonal), at height y. */
function sidePoint(from: Cell, to: Cell, y: number): Point3 {
  return [(from[0] + to[0]) / 2 + 0.5, y, (from[1] + to[1]) / 2 + 0.5]
}

function arc(a: Point3, b: Point3): Point3[] {
  const span = Math.hypot(b[0] - a[0], b[2] - a[2])
  const apex = 0.5 + 0.25 * span
  const points: Point3[] = []
  for (let i = 0; i <= ARC_SAMPLES; i++) {
    const t = i / ARC_SAMPLES
    const y = a[1] + (b[1] - a[1]) * t + 4 * apex * t * (1 - t)
    points.push([a[0] + (b[0] - a[0]) * t, y, a[2] + (b[2] - a[2]) * t])
  }
  return points
}

/**
 * Splits the steps into segments: runs of `move` steps become one floor polyline, runs of `jump`
 * steps one arc from the take-off square to the landing square, and every `climb` or `fall` step
 * its own segment up or down the face between two squares.
 */
export function pathSegments(
  cells: BoardCells,
  start: Cell,
  answer: PathAnswer,
  perSquare: number,
): PathSegment[] {
  const steps = answer.steps ?? []
  const segments: PathSegment[] = []
  let previous = start
  let i = 0
  while (i < steps.length) {
    const action = steps[i].action
    let j = i
    if (action === 'move' || action === 'jump') {
      while (j + 1 < steps.length && steps[j + 1].action === action) j++
    }
    const run = steps.slice(i, j + 1)
    const last = run[run.length - 1]
    const from = previous
    const to = last.at
    const fromFloor = floorOf(cells, from)
    const toFloor = floorOf(cells, to)
    let points: Point3[]
    if (action === 'move') {
      points = [centre(cells, from), ...run.map((s) => centre(cells, s.at))]
    } else if (action === 'jump') {
      points = arc(centre(cells, from), centre(cells, to))
    } else {
      // climb or fall: along the floor to the face, up or down it, onto the next square.
      points = [
        centre(cells, from),
        sidePoint(from, to, fromFloor + LIFT),
        sidePoint(from, to, toFloor + LIFT),
        centre(cells, to),
      ]
    }
    segments.push({
      action,
      from,
      to,
      cost: last.cost,
      rise: roundUnits((toFloor - fromFloor) * perSquare),
      checks: [],
      points,
    })
    previous = to
    i = j + 1
  }
  assignChecks(segments, answer.checks ?? [])
  applyFallHeights(segments, answer.falls ?? [])
  return segments
}

function roundUnits(value: number): number {
  return Math.round(value * 1000) / 1000
}

/**
 * The answer lists checks in the order the path meets them, not per step. A check of kind jump or
 * climb belongs to a segment of that action: one each when the counts match, otherwise all to the
 * first such segment (one climb may need several checks). Other checks (an arianrhod 封鎖 contest)
 * go to the first segment.
 */
function assignChecks(segments: PathSegment[], checks: PathCheck[]): void {
  if (segments.length === 0) return
  const byKind = new Map<string, PathCheck[]>()
  for (const check of checks) {
    const list = byKind.get(check.kind) ?? []
    list.push(check)
    byKind.set(check.kind, list)
  }
  for (const [kind, list] of byKind) {
    const owners = segments.filter((s) => s.action === kind)
    if (owners.length === 0) segments[0].checks.push(...list)
    else if (owners.length === list.length) list.forEach((check, k) => owners[k].checks.push(check))
    else owners[0].checks.push(...list)
  }
}

/** Where the engine reports a fall's height (it may differ from the floors, e.g. onto a token), use it. */
function applyFallHeights(segments: PathSegment[], falls: PathFall[]): void {
  for (const fall of falls) {
    const segment = segments.find(
      (s) => s.action === 'fall' && s.to[0] === fall.at[0] && s.to[1] === fall.at[1],
    )
    if (segment) segment.rise = -fall.height
  }
}

/** The machine-readable summary the view puts on its data-path attribute. */
export function pathSummary(segments: readonly PathSegment[]): object[] {
  return segments.map((s) => ({
    action: s.action,
    from: s.from,
    to: s.to,
    cost: s.cost,
    rise: s.rise,
    checks: s.checks.map(({ kind, ability, dc }) => ({
      kind,
      ...(ability ? { ability } : {}),
      ...(dc !== undefined ? { dc } : {}),
    })),
  }))
}
