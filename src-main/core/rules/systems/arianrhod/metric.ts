// Arianrhod 2E measures in metres on 2 m squares: 2 m to an edge neighbour, 3 m to a corner
// neighbour (the seed's 5×5 table), for movement and for range alike.
import type { Cell } from '../../model'

export const ORTHOGONAL_STEP = 2
export const DIAGONAL_STEP = 3
/** エンゲージ: ZOC, リーチ and 効果範囲 are the 3 m neighbourhood. */
export const ENGAGEMENT = 3
/** 《リーチ拡大》 on a trap. */
export const EXTENDED_REACH = 5

export function stepCost(dx: number, dy: number): number {
  return dx !== 0 && dy !== 0 ? DIAGONAL_STEP : ORTHOGONAL_STEP
}

export function distance(a: Cell, b: Cell): number {
  const dx = Math.abs(a[0] - b[0])
  const dy = Math.abs(a[1] - b[1])
  const diagonal = Math.min(dx, dy)
  return DIAGONAL_STEP * diagonal + ORTHOGONAL_STEP * (Math.max(dx, dy) - diagonal)
}
