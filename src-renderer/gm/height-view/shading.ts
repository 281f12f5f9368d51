// Colours for the 3D view: terrain, light shading in the three light modes, and the reach field's
// cost ramp. Plain numbers (0–1 RGB), so they are tested without WebGL.
import type { QueryAnswer } from '@core/rules/queries'
import type { Cell, Terrain } from '@core/rules/model'
import type { SystemFacts } from './units'

export type Rgb = [number, number, number]

/**
 * 'gm': the GM's working view, darkness shown as a tint but everything readable; 'full': every
 * cell fully lit; 'lit': as the characters would see it, darkness is dark.
 */
export const LIGHT_MODES = ['gm', 'full', 'lit'] as const
export type LightMode = (typeof LIGHT_MODES)[number]

const TERRAIN_RGB: Record<Terrain, Rgb> = {
  floor: [0.78, 0.74, 0.66],
  difficult: [0.62, 0.66, 0.45],
  pit: [0.16, 0.13, 0.12],
  solid: [0.5, 0.5, 0.54],
}
const BLOCKADE_RGB: Rgb = [0.85, 0.55, 0.3]

export function terrainColour(terrain: Terrain, blockade = false): Rgb {
  return blockade && terrain !== 'pit' && terrain !== 'solid' ? BLOCKADE_RGB : TERRAIN_RGB[terrain]
}

/** A light level scaled to 0 (dark) … 1 (normal light or brighter). */
export function lightFraction(level: number, facts: SystemFacts): number {
  if (facts.normalLight <= 0) return 1
  return Math.max(0, Math.min(1, level / facts.normalLight))
}

/** How much of a cell's colour survives its light level in a given mode. */
export function lightFactor(
  level: number | undefined,
  facts: SystemFacts,
  mode: LightMode,
): number {
  if (mode === 'full' || level === undefined) return 1
  const n = lightFraction(level, facts)
  if (mode === 'gm') return 0.5 + 0.5 * n
  return 0.02 + 0.98 * n ** 2.2
}

export function shade(rgb: Rgb, factor: number): Rgb {
  return [rgb[0] * factor, rgb[1] * factor, rgb[2] * factor]
}

/**
 * The reach field's colour for a cost: green where it is cheap, through yellow, to red at the
 * most expensive cell reached. `maxCost` is the highest cost in the field.
 */
export function costColour(cost: number, maxCost: number): Rgb {
  const t = maxCost > 0 ? Math.max(0, Math.min(1, cost / maxCost)) : 0
  if (t < 0.5) return [0.2 + 1.5 * t, 0.85, 0.3]
  return [0.95, 0.85 - 1.2 * (t - 0.5), 0.3 - 0.4 * (t - 0.5)]
}

export interface ReachCell {
  at: Cell
  cost: number
}

/** The squares and costs of a reach answer (core/rules/queries.ts `reach`). */
export function reachField(answer: QueryAnswer<'reach'>): ReachCell[] {
  return answer.cells.map(({ at, cost }) => ({ at, cost }))
}

/** The light level of every cell (index = y * width + x); null: the map is not shaded. */
export type LightLevels = ArrayLike<number> | null
