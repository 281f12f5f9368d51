// Per-system facts the 3D view needs: the unit maps are measured in, how many of those make one
// square (the scene's horizontal unit), and the movement modes the engine accepts (listed here
// rather than imported from the engine so the view does not pull zod and the engine into its chunk).
import type { SystemId } from '../../../src-main/rules/model'

export type Unit = 'm' | 'ft' | 'squares'

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

// Arianrhod squares are 2 m (a 2-square pit is 6 m to cross including the landing square, spec
// decision 4); Pathfinder and D&D 3.5 squares are 5 ft; DysTopiA counts squares.
const FACTS: Record<SystemId, SystemFacts> = {
  arianrhod: {
    unit: 'm',
    unitsPerSquare: 2,
    modes: ['combat', 'full', 'disengage', 'forced-disengage', 'jump', 'climb', 'jump-climb'],
    defaultMode: 'combat',
    normalLight: 6,
    defaultAmbient: 6,
  },
  pathfinder: {
    unit: 'ft',
    unitsPerSquare: 5,
    modes: ['move', 'double', 'five-foot-step', 'withdraw', 'run'],
    defaultMode: 'move',
    normalLight: 2,
    defaultAmbient: 2,
    lightNames: ['dark', 'dim', 'normal', 'bright'],
  },
  dnd35: {
    unit: 'ft',
    unitsPerSquare: 5,
    modes: ['move', 'double', 'five-foot-step', 'withdraw', 'run'],
    defaultMode: 'move',
    normalLight: 2,
    defaultAmbient: 2,
    lightNames: ['dark', 'shadowy', 'bright'],
  },
  dystopia: {
    unit: 'squares',
    unitsPerSquare: 1,
    modes: ['sub', 'main'],
    defaultMode: 'main',
    normalLight: 1,
    defaultAmbient: 1,
  },
}

export function systemFacts(system: SystemId): SystemFacts {
  return FACTS[system]
}

/** "6 m", "10 ft", "2 sq": a length in the map's own unit, trimmed of float noise. */
export function formatLength(value: number, unit: Unit): string {
  const rounded = Math.round(value * 100) / 100
  return `${rounded} ${unit === 'squares' ? 'sq' : unit}`
}
