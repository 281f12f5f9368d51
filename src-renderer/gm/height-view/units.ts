// Per-system facts the 3D view needs: the unit maps are measured in, how many of those make one
// square (the scene's horizontal unit), and the movement modes the engine accepts, from the one
// facts table (plain data: the view's chunk pulls neither zod nor the engine).
import type { SystemId } from '../../../src-main/rules/model'
import { SYSTEM_FACTS, type Unit } from '../../../src-main/rules/facts'

export type { Unit }

export interface SystemFacts {
  unit: Unit
  /** Map units per square: 1 scene unit is one square in every direction, elevations included. */
  unitsPerSquare: number
  modes: readonly string[]
  defaultMode: string
  /** Light level treated as "normal" (full brightness); levels above it are not brighter. */
  normalLight: number
  /** Level used where the map sets no ambient light (the engine's default). */
  defaultAmbient: number
  /** Names of the light levels, darkest first, where the system names them. */
  lightNames?: readonly string[]
}

/** The 3D view's reading of the one facts table (src-main/rules/facts.ts). */
export function systemFacts(system: SystemId): SystemFacts {
  const facts = SYSTEM_FACTS[system]
  return {
    unit: facts.unit,
    unitsPerSquare: facts.unitsPerSquare,
    modes: facts.moveModes,
    defaultMode: facts.moveModes[0],
    normalLight: facts.normalLight,
    defaultAmbient: facts.defaultAmbient,
    ...(facts.lightNames ? { lightNames: facts.lightNames } : {}),
  }
}

/** "6 m", "10 ft", "2 sq": a length in the map's own unit, trimmed of float noise. */
export function formatLength(value: number, unit: Unit): string {
  const rounded = Math.round(value * 100) / 100
  return `${rounded} ${unit === 'squares' ? 'sq' : unit}`
}
