// DysTopiA: minimal system (distance only) until its own rules land in this folder.
import type { Cell } from '../../model'
import type { RuleSystem } from '../../system'

export const dystopia: RuleSystem = {
  id: 'dystopia',
  unit: 'squares',
  moveModes: ['sub', 'main'],
  // Manhattan squares, as the range diagrams in 001 (〈射程:0-3〉) count them.
  distance: (a: Cell, b: Cell) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]),
  queries: {},
}
