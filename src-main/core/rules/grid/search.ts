// A generic least-cost search over grid cells, each optionally split into a few states (e.g. the
// Pathfinder diagonal parity, or "this move has already been stopped"). Rule systems supply the
// steps through callbacks; the search knows nothing about rules.
//
// Costs are small non-negative numbers, so the frontier is a bucket queue keyed by the integer
// part of the cost (Dial's algorithm). Steps cheaper than 1 stay in the current bucket and are
// simply processed again if they improve a node, so fractional costs remain exact.

/** Called by `expand` for every step out of a node. `action` is the system's own code for the step. */
export type Emit = (toCell: number, toState: number, stepCost: number, action: number) => void

export interface SearchStart {
  cell: number
  state?: number
  cost?: number
}

export interface SearchSpec {
  /** Number of cells (grid.size). */
  cellCount: number
  /** States per cell; nodes are `cell * states + state`. Default 1. */
  states?: number
  starts: readonly SearchStart[]
  /** Steps that would cost more than this are not taken. Default Infinity. */
  maxCost?: number
  /**
   * Only cells inside this rectangle are searched (steps leaving it are dropped), and memory is
   * allocated for it alone: a budget-limited move on a huge map then costs what its reach costs.
   */
  window?: SearchWindow
  /** Emit every step out of (cell, state), reached at `cost`. */
  expand(cell: number, state: number, cost: number, emit: Emit): void
  /** False: the node may be reached (and perhaps ended on) but the move cannot continue from it. Starts are always expanded. */
  canPassThrough?(cell: number, state: number): boolean
  /** False: the move may pass through this node but not end there. Default true. */
  canEndOn?(cell: number, state: number): boolean
}

export interface PathStep {
  cell: number
  state: number
  /** Cumulative cost after this step. */
  cost: number
  action: number
}

export const NO_ACTION = -1

export interface SearchWindow {
  /** The grid's width, to turn cell indices into coordinates. */
  gridWidth: number
  x0: number
  y0: number
  width: number
  height: number
}

/** A window of `radius` cells around a cell, clipped to the grid. */
export function windowAround(
  grid: { width: number; height: number },
  cell: number,
  radius: number,
): SearchWindow {
  const x = cell % grid.width
  const y = (cell - x) / grid.width
  const r = Math.max(0, Math.ceil(radius))
  const x0 = Math.max(0, x - r)
  const y0 = Math.max(0, y - r)
  return {
    gridWidth: grid.width,
    x0,
    y0,
    width: Math.min(grid.width - 1, x + r) - x0 + 1,
    height: Math.min(grid.height - 1, y + r) - y0 + 1,
  }
}

/** Maps grid cells to the search's local slots and back (identity without a window). */
class CellMap {
  readonly slots: number
  constructor(
    cellCount: number,
    private readonly window: SearchWindow | undefined,
  ) {
    this.slots = window ? window.width * window.height : cellCount
  }
  /** -1 when the cell is outside the window. */
  local(cell: number): number {
    const w = this.window
    if (!w) return cell
    const x = (cell % w.gridWidth) - w.x0
    const y = Math.floor(cell / w.gridWidth) - w.y0
    return x < 0 || y < 0 || x >= w.width || y >= w.height ? -1 : y * w.width + x
  }
  cell(local: number): number {
    const w = this.window
    if (!w) return local
    const x = local % w.width
    return (w.y0 + (local - x) / w.width) * w.gridWidth + w.x0 + x
  }
}

export class SearchResult {
  constructor(
    private readonly spec: SearchSpec,
    private readonly map: CellMap,
    private readonly states: number,
    private readonly costs: Float64Array,
    private readonly parents: Int32Array,
    private readonly actions: Int32Array,
    /** Nodes whose cost is finite, in the order they were first reached. */
    readonly reachedNodes: readonly number[],
  ) {}

  /** Least cost to one node, Infinity if unreached. */
  nodeCost(cell: number, state = 0): number {
    const local = this.map.local(cell)
    return local < 0 ? Infinity : this.costs[local * this.states + state]
  }

  private bestEndNode(cell: number): number {
    let best = -1
    const local = this.map.local(cell)
    if (local < 0) return -1
    for (let s = 0; s < this.states; s++) {
      const node = local * this.states + s
      const cost = this.costs[node]
      if (cost === Infinity) continue
      if (this.spec.canEndOn && !this.spec.canEndOn(cell, s)) continue
      if (best < 0 || cost < this.costs[best]) best = node
    }
    return best
  }

  /** Least cost of a node of this cell where the move may end, Infinity if none. */
  endCost(cell: number): number {
    const node = this.bestEndNode(cell)
    return node < 0 ? Infinity : this.costs[node]
  }

  /** Every cell where the move may end with its least cost, sorted by cell index (y, then x). */
  reach(options: { excludeStarts?: boolean } = {}): { cell: number; cost: number }[] {
    const startCells = new Set(options.excludeStarts ? this.spec.starts.map((s) => s.cell) : [])
    const seen = new Set<number>()
    const out: { cell: number; cost: number }[] = []
    for (const node of this.reachedNodes) {
      const cell = this.map.cell(Math.floor(node / this.states))
      if (seen.has(cell) || startCells.has(cell)) continue
      seen.add(cell)
      const cost = this.endCost(cell)
      if (cost !== Infinity) out.push({ cell, cost })
    }
    return out.sort((a, b) => a.cell - b.cell)
  }

  /** The least-cost path to a cell where the move may end, excluding the start node; null if none. */
  path(cell: number): PathStep[] | null {
    let node = this.bestEndNode(cell)
    if (node < 0) return null
    const steps: PathStep[] = []
    while (this.parents[node] >= 0) {
      steps.push({
        cell: this.map.cell(Math.floor(node / this.states)),
        state: node % this.states,
        cost: this.costs[node],
        action: this.actions[node],
      })
      node = this.parents[node]
    }
    return steps.reverse()
  }
}

export function leastCostSearch(spec: SearchSpec): SearchResult {
  const states = spec.states ?? 1
  const map = new CellMap(spec.cellCount, spec.window)
  const nodeCount = map.slots * states
  const maxCost = spec.maxCost ?? Infinity
  const costs = new Float64Array(nodeCount).fill(Infinity)
  const expandedAt = new Float64Array(nodeCount).fill(Infinity)
  const parents = new Int32Array(nodeCount).fill(-1)
  const actions = new Int32Array(nodeCount).fill(NO_ACTION)
  const reached: number[] = []
  const buckets: number[][] = []
  let lowest = Infinity
  let highest = -1

  const push = (node: number, cost: number): void => {
    const b = Math.floor(cost)
    let bucket = buckets[b]
    if (bucket === undefined) {
      bucket = []
      buckets[b] = bucket
    }
    bucket.push(node)
    if (b < lowest) lowest = b
    if (b > highest) highest = b
  }

  const startNodes = new Set<number>()
  for (const start of spec.starts) {
    const local = map.local(start.cell)
    if (local < 0) continue
    const node = local * states + (start.state ?? 0)
    const cost = start.cost ?? 0
    if (cost < costs[node]) {
      if (costs[node] === Infinity) reached.push(node)
      costs[node] = cost
      parents[node] = -1
      push(node, cost)
    }
    startNodes.add(node)
  }

  let currentNode = 0
  let currentCost = 0
  const emit: Emit = (toCell, toState, stepCost, action) => {
    const cost = currentCost + stepCost
    if (cost > maxCost || !(stepCost >= 0)) return
    const local = map.local(toCell)
    if (local < 0) return
    const node = local * states + toState
    if (cost >= costs[node]) return
    if (costs[node] === Infinity) reached.push(node)
    costs[node] = cost
    parents[node] = currentNode
    actions[node] = action
    push(node, cost)
  }

  for (let b = lowest; b <= highest; b++) {
    const bucket = buckets[b]
    if (bucket === undefined) continue
    // The bucket may grow while it is processed (steps cheaper than 1).
    for (let k = 0; k < bucket.length; k++) {
      const node = bucket[k]
      const cost = costs[node]
      if (Math.floor(cost) !== b || cost >= expandedAt[node]) continue
      expandedAt[node] = cost
      const cell = map.cell(Math.floor(node / states))
      const state = node % states
      if (!startNodes.has(node) && spec.canPassThrough && !spec.canPassThrough(cell, state))
        continue
      currentNode = node
      currentCost = cost
      spec.expand(cell, state, cost, emit)
    }
    buckets[b] = []
  }
  return new SearchResult(spec, map, states, costs, parents, actions, reached)
}
