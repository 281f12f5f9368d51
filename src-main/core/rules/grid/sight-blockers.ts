// What blocks sight on one grid, for the shadowcasting in shadowcast.ts: the default rule
// (walls, closed and locked doors, solid cells) read straight off the codes, or a caller's
// `blocksSight` predicate, asked once per obstacle.
import type { Grid } from './grid'
import { TERRAIN_SOLID, edgeBlocksSight } from './grid'
import type { LineObstacle } from './lines'

export type SightPredicate = (obstacle: LineObstacle) => boolean

const EDGE_BLOCKS_SIGHT = new Uint8Array(256)
for (let code = 0; code < 256; code++) EDGE_BLOCKS_SIGHT[code] = edgeBlocksSight(code) ? 1 : 0

/** Bit c set when edge code c blocks sight (codes are below 32). */
let EDGE_SIGHT_BITS = 0
for (let code = 0; code < 32; code++) if (edgeBlocksSight(code)) EDGE_SIGHT_BITS |= 1 << code

export interface SightTables {
  readonly east: Uint8Array
  readonly south: Uint8Array
  readonly cells: Uint8Array
  readonly edgeBits: number
  readonly cellBits: number
}

/** What blocks sight on one grid: the default rule read off the codes, or a caller's predicate (memoised). */
export class SightBlockers {
  private readonly east: Uint8Array
  private readonly south: Uint8Array
  private readonly terrain: Uint8Array
  private memoEast: Uint8Array | undefined
  private memoSouth: Uint8Array | undefined
  private memoCell: Uint8Array | undefined
  private flat: SightTables | undefined

  constructor(
    grid: Grid,
    private readonly custom?: SightPredicate,
  ) {
    this.east = grid.eastEdge
    this.south = grid.southEdge
    this.terrain = grid.terrain
  }

  /**
   * Flat lookups for hot loops: a partition blocks when bit east[cell] (or south[cell]) of
   * edgeBits is set, a cell when bit cells[cell] of cellBits is. With a caller's predicate this asks it about every
   * partition and solid cell of the map once.
   */
  tables(): SightTables {
    if (this.flat) return this.flat
    if (this.custom === undefined) {
      this.flat = {
        east: this.east,
        south: this.south,
        cells: this.terrain,
        edgeBits: EDGE_SIGHT_BITS,
        cellBits: 1 << TERRAIN_SOLID,
      }
      return this.flat
    }
    const size = this.terrain.length
    const east = new Uint8Array(size)
    const south = new Uint8Array(size)
    const cells = new Uint8Array(size)
    for (let i = 0; i < size; i++) {
      east[i] = this.edge(true, i) ? 1 : 0
      south[i] = this.edge(false, i) ? 1 : 0
      cells[i] = this.cell(i) ? 1 : 0
    }
    this.flat = { east, south, cells, edgeBits: 2, cellBits: 2 }
    return this.flat
  }

  /** The partition on the east (or south) side of `cell`. */
  edge(east: boolean, cell: number): boolean {
    const code = east ? this.east[cell] : this.south[cell]
    if (code === 0) return false
    if (this.custom === undefined) return EDGE_BLOCKS_SIGHT[code] === 1
    const size = this.terrain.length
    const memo = east
      ? (this.memoEast ??= new Uint8Array(size))
      : (this.memoSouth ??= new Uint8Array(size))
    if (memo[cell] === 0) {
      const obstacle: LineObstacle = {
        type: 'edge',
        cell,
        side: east ? 'east' : 'south',
        code: code as 0,
      }
      memo[cell] = this.custom(obstacle) ? 1 : 2
    }
    return memo[cell] === 1
  }

  /** Whether `cell` is solid and that blocks sight (the caller leaves out the viewer's and target's cells). */
  cell(cell: number): boolean {
    if (this.terrain[cell] !== TERRAIN_SOLID) return false
    if (this.custom === undefined) return true
    const memo = (this.memoCell ??= new Uint8Array(this.terrain.length))
    if (memo[cell] === 0) memo[cell] = this.custom({ type: 'cell', cell, solid: true }) ? 1 : 2
    return memo[cell] === 1
  }
}
