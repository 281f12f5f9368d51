// What the fight overlays need to know per rule system. Main's `rules.query` answers arrive typed
// by the query's own declaration (core/rules/queries.ts, read through lib/rules-query.ts); the
// one shape the screens read where systems differ (a path's falls, a template's cells) comes from
// core/rules/answers.ts. Nothing here decides a rule: costs, checks and cover all come from the
// engine.
import type { CampaignMap, CampaignToken } from '@core/campaign/schema'
import type { Cell, SystemId } from '@core/rules/model'
import { SYSTEM_FACTS } from '@core/rules/facts'
import { footprintSide } from '@core/campaign/geometry'
import type { LineDirection } from '@core/rules/systems/dystopia/geometry'

/** Modes that need a target token in the query (pathfinder / dnd35 charge). */
export const TARGETED_MODES = new Set(['charge'])

export function modeFor(system: SystemId, chosen: string | null): string {
  const modes = SYSTEM_FACTS[system].moveModes
  return chosen !== null && modes.includes(chosen) ? chosen : modes[0]
}

/** DysTopiA has no ZOC or threat, cover or flanking; the other systems answer all three. */
export function hasTacticalQueries(system: SystemId): boolean {
  return SYSTEM_FACTS[system].tacticalQueries
}

export type {
  AreaAnswer,
  AttackAnswer,
  AttackModifier,
  CheckPlace,
  CoverAnswer,
  LightAnswer,
  PathAnswer,
  PathCheck,
  PathFall,
  PathStep,
  ReachAnswer,
  ReachCell,
} from '@core/rules/answers'
export { areaView, attackView, cellsOf, pathView } from '@core/rules/answers'

export function isCell(value: unknown): value is Cell {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    Number.isInteger(value[0]) &&
    Number.isInteger(value[1])
  )
}

export function cellKey(cell: readonly [number, number]): string {
  return `${cell[0]},${cell[1]}`
}

export function sameCell(a: Cell | null | undefined, b: Cell | null | undefined): boolean {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1]
}

export function footprint(token: CampaignToken): number {
  return footprintSide(token.size)
}

/** The token whose footprint covers the cell, the selected one last so others can be targeted. */
export function tokenAt(
  map: CampaignMap,
  cell: Cell | null,
  notId?: string | null,
): CampaignToken | undefined {
  if (!cell) return undefined
  return map.tokens.find((t) => {
    if (t.id === notId) return false
    const side = footprint(t)
    return (
      cell[0] >= t.at[0] &&
      cell[0] < t.at[0] + side &&
      cell[1] >= t.at[1] &&
      cell[1] < t.at[1] + side
    )
  })
}

/** The centre of a token's footprint, in cell units. */
export function centreOf(token: CampaignToken): { x: number; y: number } {
  const half = footprint(token) / 2
  return { x: token.at[0] + half, y: token.at[1] + half }
}

/**
 * Foes of a token: a different faction. DysTopiA's optional `foes` pairs are not stored in the
 * campaign, so there too every other faction counts (the README's default).
 */
export function foesOf(map: CampaignMap, token: CampaignToken): CampaignToken[] {
  return map.tokens.filter((t) => t.id !== token.id && t.faction !== token.faction)
}

/** 0 (cheapest) … 1 (dearest) → a colour from green through yellow to red. */
export function costColour(fraction: number): string {
  const f = Math.min(1, Math.max(0, fraction))
  const hue = Math.round(120 * (1 - f))
  return `hsl(${hue} 75% 45%)`
}

// DysTopiA lines A–H, clockwise from west: the engine's own table (pure, no zod), re-exported.
export { LINE_DIRECTIONS, type LineDirection } from '@core/rules/systems/dystopia/geometry'

/** The line A–H that points from `from` towards `to` (nearest of the eight), or null on the same square. */
export function directionTowards(from: Cell, to: Cell): LineDirection | null {
  const dx = to[0] - from[0]
  const dy = to[1] - from[1]
  if (dx === 0 && dy === 0) return null
  const angle = Math.atan2(dy, dx)
  const octant = (Math.round(angle / (Math.PI / 4)) + 8) % 8
  // atan2 octants from east, counter-clockwise in screen space (y down means clockwise visually).
  const byOctant: LineDirection[] = ['E', 'F', 'G', 'H', 'A', 'B', 'C', 'D']
  return byOctant[octant]
}

/** Parses DysTopiA's 射程 input the way the README accepts it ("0-3", "2", "自身"), for validation hints. */
export function isDystopiaRange(text: string): boolean {
  return /^\s*(\d+\s*-\s*\d+|\d+|自身)\s*$/.test(text)
}

/**
 * The lines drawn for line of fire: arianrhod centre to centre; pathfinder / dnd35 from the
 * attacker's corner nearest the target to each corner of the target's footprint, as the rulebook
 * draws it. The lines only illustrate: the cover level is the engine's answer.
 */
export function coverLines(
  system: SystemId,
  from: CampaignToken,
  to: CampaignToken,
): { x1: number; y1: number; x2: number; y2: number }[] {
  const a = centreOf(from)
  const b = centreOf(to)
  // Only some systems judge cover by lines between corners (002).
  if (!SYSTEM_FACTS[system].cornerCover) return [{ x1: a.x, y1: a.y, x2: b.x, y2: b.y }]
  const side = footprint(from)
  const corners = (at: Cell, n: number) => [
    [at[0], at[1]],
    [at[0] + n, at[1]],
    [at[0], at[1] + n],
    [at[0] + n, at[1] + n],
  ]
  const [cx, cy] = corners(from.at, side).reduce((best, c) =>
    Math.hypot(c[0] - b.x, c[1] - b.y) < Math.hypot(best[0] - b.x, best[1] - b.y) ? c : best,
  )
  return corners(to.at, footprint(to)).map(([x, y]) => ({ x1: cx, y1: cy, x2: x, y2: y }))
}
