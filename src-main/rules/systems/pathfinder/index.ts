// Pathfinder 1e: minimal system (distance only) until its own rules land in this folder.
import type { Cell } from '../../model'
import type { RuleSystem } from '../../system'

/** 5 ft per square, every second diagonal 10 ft (5/10/5). */
export function alternatingDiagonalFeet(a: Cell, b: Cell): number {
  const dx = Math.abs(a[0] - b[0])
  const dy = Math.abs(a[1] - b[1])
  const diagonal = Math.min(dx, dy)
  const straight = Math.max(dx, dy) - diagonal
  return 5 * (straight + diagonal + Math.floor(diagonal / 2))
}

export const pathfinder: RuleSystem = {
  id: 'pathfinder',
  unit: 'ft',
  moveModes: ['move', 'double', 'five-foot-step', 'withdraw', 'run', 'charge'],
  distance: alternatingDiagonalFeet,
  queries: {},
}
