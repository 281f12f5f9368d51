// エリア for 明度3以下 (「隣のエリア（ダンジョン内の隣の部屋など）の様子を見ることができない」): a room is a
// set of non-solid squares connected by orthogonal steps that cross no wall, closed or locked door
// or window. Open doors and low walls join rooms.
import type { Grid } from '../../grid/grid'
import { ORTHOGONAL } from '../../grid/grid'

const cache = new WeakMap<Grid, Int32Array>()

/** Room id per cell (−1 for solid cells). */
export function roomsOf(grid: Grid): Int32Array {
  const hit = cache.get(grid)
  if (hit) return hit
  const room = new Int32Array(grid.size).fill(-1)
  let next = 0
  const queue: number[] = []
  for (let startCell = 0; startCell < grid.size; startCell++) {
    if (room[startCell] !== -1 || grid.isSolid(startCell)) continue
    room[startCell] = next
    queue.push(startCell)
    while (queue.length > 0) {
      const cell = queue.pop() as number
      const [x, y] = grid.cellOf(cell)
      for (const [dx, dy] of ORTHOGONAL) {
        const nx = x + dx
        const ny = y + dy
        if (!grid.inBounds(nx, ny) || grid.stepBlocked(x, y, dx, dy)) continue
        const neighbour = grid.index(nx, ny)
        if (room[neighbour] !== -1 || grid.isSolid(neighbour)) continue
        room[neighbour] = next
        queue.push(neighbour)
      }
    }
    next++
  }
  cache.set(grid, room)
  return room
}
