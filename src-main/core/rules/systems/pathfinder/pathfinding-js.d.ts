// The few parts of PathFinding.js (the `pathfinding` package, which ships no types) that the
// external test vectors and the bench use.
declare module 'pathfinding' {
  export class Grid {
    constructor(width: number, height: number, matrix?: number[][])
    constructor(matrix: number[][])
    clone(): Grid
    setWalkableAt(x: number, y: number, walkable: boolean): void
    isWalkableAt(x: number, y: number): boolean
  }
  export const DiagonalMovement: {
    Always: number
    Never: number
    IfAtMostOneObstacle: number
    OnlyWhenNoObstacles: number
  }
  export class AStarFinder {
    constructor(options?: { diagonalMovement?: number; weight?: number })
    findPath(startX: number, startY: number, endX: number, endY: number, grid: Grid): number[][]
  }
  export class DijkstraFinder extends AStarFinder {}
  const PF: {
    Grid: typeof Grid
    AStarFinder: typeof AStarFinder
    DijkstraFinder: typeof DijkstraFinder
    DiagonalMovement: typeof DiagonalMovement
  }
  export default PF
}
