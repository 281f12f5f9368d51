// Lengths in the 3D view, in the map's own unit. The per-system facts (unit, square size, move
// modes, light) are the one table in src-main/core/rules/facts.ts (plain data: the view's chunk pulls
// neither zod nor the engine).
import type { Unit } from '@core/rules/facts'

export type { Unit }
export { systemFacts, type SystemFacts } from '@core/rules/facts'

/** "6 m", "10 ft", "2 sq": a length in the map's own unit, trimmed of float noise. */
export function formatLength(value: number, unit: Unit): string {
  const rounded = Math.round(value * 100) / 100
  return `${rounded} ${unit === 'squares' ? 'sq' : unit}`
}
