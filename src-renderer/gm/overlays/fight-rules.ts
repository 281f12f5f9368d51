// What the fight overlays need to know per rule system, and readers that turn main's untyped
// `rules.query` answers (shapes from shared/spec/scenario-format.md and the system READMEs) into
// typed values. Nothing here decides a rule: costs, checks and cover all come from the engine.
import type { CampaignMap, CampaignToken } from '../../../src-main/campaign/schema'
import type { Cell, SystemId } from '../../../src-main/rules/model'
import { SYSTEM_FACTS, type Unit } from '../../../src-main/rules/facts'
import { footprintSide } from '../../../src-main/campaign/geometry'
import type { LineDirection } from '../../../src-main/rules/systems/dystopia/geometry'

export const MOVE_MODES: Readonly<Record<SystemId, readonly string[]>> = Object.fromEntries(
  Object.values(SYSTEM_FACTS).map((facts) => [facts.id, facts.moveModes]),
) as Record<SystemId, readonly string[]>

export const UNITS: Readonly<Record<SystemId, Unit>> = Object.fromEntries(
  Object.values(SYSTEM_FACTS).map((facts) => [facts.id, facts.unit]),
) as Record<SystemId, Unit>

/** Modes that need a target token in the query (pathfinder / dnd35 charge). */
export const TARGETED_MODES = new Set(['charge'])

export function modeFor(system: SystemId, chosen: string | null): string {
  const modes = MOVE_MODES[system]
  return chosen !== null && modes.includes(chosen) ? chosen : modes[0]
}

/** DysTopiA has no ZOC or threat, cover or flanking; the other systems answer all three. */
export function hasTacticalQueries(system: SystemId): boolean {
  return SYSTEM_FACTS[system].tacticalQueries
}

export interface ReachCell {
  at: Cell
  cost: number
}
export interface ReachAnswer {
  cells: ReachCell[]
  /** Arianrhod: false when the mode is not allowed at all (reason says why). */
  allowed: boolean
  reason?: string
}

export interface PathStep {
  at: Cell
  cost: number
  action: string
  /** Pathfinder / dnd35: the space is squeezed after this step (無理矢理入り込む). */
  squeeze?: boolean
}
/** Where a climb check leaves the character (arianrhod: absolute elevation). */
export interface CheckPlace {
  at: Cell
  elevation?: number
}

export interface PathCheck {
  kind: string
  ability?: string
  dc?: number
  against?: string[]
  ifFailed?: string
  /** Arianrhod 明度 ≤ 2: dice added (−1) to this check. */
  dice?: number
  /** Pathfinder: a modifier to the check (登攀速度の上昇 −5). */
  modifier?: number
  /** The climb plan: metres a check climbs, where it ends on success / failure (arianrhod). */
  climbs?: number
  onSuccess?: CheckPlace
  onFailure?: CheckPlace
  /** Pathfinder climbs and jumps: height and direction. */
  height?: number
  direction?: string
  /** Arianrhod 登攀 AGI: metres fallen when it succeeds / fails. */
  drops?: { onSuccess: number; onFailure: number }
}
/** Arianrhod 落下: a drop on the way (or from the wall before moving), with who stopped it. */
export interface PathFall {
  at: Cell
  height: number
  /** 'gm': the GM sets the fall damage; 'none': an enemy ZOC stopped the fall. */
  damage: string
  stoppedBy: string[]
  /** The drop from the wall before the move starts. */
  start?: boolean
}
export type PathAnswer =
  | {
      reachable: true
      cost: number
      steps: PathStep[]
      checks: PathCheck[]
      provokes: string[]
      falls?: PathFall[]
    }
  | { reachable: false; reason: string }

export interface CoverAnswer {
  cover: string
  soft?: boolean
  targetable?: boolean
  reason?: string
  /** Arianrhod: dice added to the target's reaction (partial cover +1D). */
  reactionDice?: number
}

export interface LightAnswer {
  level: number
  category?: string
  effects: string[]
}

export interface AreaAnswer {
  cells: Cell[]
  /** Tokens (units) inside the template. */
  tokens: string[]
  valid: boolean
  reason?: string
  radius?: number
}

type Loose = Record<string, unknown>

function isRecord(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isCell(value: unknown): value is Cell {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    Number.isInteger(value[0]) &&
    Number.isInteger(value[1])
  )
}

function cells(value: unknown): Cell[] {
  return Array.isArray(value) ? value.filter(isCell) : []
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

function answerError(what: string): Error {
  return new Error(`the rules engine answered ${what} in an unexpected shape`)
}

export function readReach(answer: unknown): ReachAnswer {
  if (!isRecord(answer) || !Array.isArray(answer.cells)) throw answerError('reach')
  const list: ReachCell[] = []
  for (const entry of answer.cells) {
    if (isRecord(entry) && isCell(entry.at) && typeof entry.cost === 'number')
      list.push({ at: entry.at, cost: entry.cost })
  }
  return {
    cells: list,
    allowed: answer.allowed !== false,
    ...(typeof answer.reason === 'string' ? { reason: answer.reason } : {}),
    ...(typeof answer.reactionDice === 'number' ? { reactionDice: answer.reactionDice } : {}),
  }
}

export function readPath(answer: unknown): PathAnswer {
  if (!isRecord(answer)) throw answerError('path')
  if (answer.reachable !== true)
    return {
      reachable: false,
      reason: typeof answer.reason === 'string' ? answer.reason : 'unreachable',
    }
  const steps: PathStep[] = []
  for (const s of Array.isArray(answer.steps) ? answer.steps : []) {
    if (isRecord(s) && isCell(s.at))
      steps.push({
        at: s.at,
        cost: Number(s.cost),
        action: String(s.action ?? 'move'),
        ...(s.squeeze === true ? { squeeze: true } : {}),
      })
  }
  const checks: PathCheck[] = []
  for (const c of Array.isArray(answer.checks) ? answer.checks : []) {
    if (!isRecord(c)) continue
    checks.push({
      kind: String(c.kind),
      ...(typeof c.ability === 'string' ? { ability: c.ability } : {}),
      ...(typeof c.dc === 'number' ? { dc: c.dc } : {}),
      ...(Array.isArray(c.against) ? { against: strings(c.against) } : {}),
      ...(typeof c.ifFailed === 'string' ? { ifFailed: c.ifFailed } : {}),
      ...(typeof c.dice === 'number' ? { dice: c.dice } : {}),
      ...(typeof c.modifier === 'number' ? { modifier: c.modifier } : {}),
      ...(typeof c.climbs === 'number' ? { climbs: c.climbs } : {}),
      ...(readPlace(c.onSuccess) ? { onSuccess: readPlace(c.onSuccess) } : {}),
      ...(readPlace(c.onFailure) ? { onFailure: readPlace(c.onFailure) } : {}),
      ...(typeof c.height === 'number' ? { height: c.height } : {}),
      ...(typeof c.direction === 'string' ? { direction: c.direction } : {}),
      ...(isRecord(c.drops) &&
      typeof c.drops.onSuccess === 'number' &&
      typeof c.drops.onFailure === 'number'
        ? { drops: { onSuccess: c.drops.onSuccess, onFailure: c.drops.onFailure } }
        : {}),
    })
  }
  const falls = [
    ...(isRecord(answer.fall) ? [readFall(answer.fall, true)] : []),
    ...(Array.isArray(answer.falls) ? answer.falls.map((f) => readFall(f, false)) : []),
  ].filter((f): f is PathFall => f !== null)
  return {
    reachable: true,
    cost: Number(answer.cost),
    steps,
    checks,
    provokes: strings(answer.provokes),
    ...(falls.length > 0 ? { falls } : {}),
  }
}

function readFall(value: unknown, start: boolean): PathFall | null {
  if (!isRecord(value) || !isCell(value.at) || typeof value.height !== 'number') return null
  return {
    at: value.at,
    height: value.height,
    damage: String(value.damage ?? 'gm'),
    stoppedBy: strings(value.stoppedBy),
    ...(start ? { start } : {}),
  }
}

function readPlace(value: unknown): CheckPlace | undefined {
  if (!isRecord(value) || !isCell(value.at)) return undefined
  return {
    at: value.at,
    ...(typeof value.elevation === 'number' ? { elevation: value.elevation } : {}),
  }
}

export interface AttackModifier {
  code: string
  attack?: number
  ac?: number
  attackerAc?: number
  missChance?: number
  dexToAc?: string
  source?: string
}

/** Pathfinder / dnd35 `attack`: the situational modifiers and whether the attack provokes. */
export interface AttackAnswer {
  allowed: boolean
  reason?: string
  attack: number
  ac: number
  attackerAc: number
  missChance: number
  dexToAc?: string
  modifiers: AttackModifier[]
  provokes: string[]
}

export function readAttack(answer: unknown): AttackAnswer {
  if (!isRecord(answer) || typeof answer.allowed !== 'boolean' || !Array.isArray(answer.modifiers))
    throw answerError('attack')
  const num = (v: unknown) => (typeof v === 'number' ? v : 0)
  const modifiers: AttackModifier[] = []
  for (const m of answer.modifiers) {
    if (!isRecord(m) || typeof m.code !== 'string') continue
    modifiers.push({
      code: m.code,
      ...(typeof m.attack === 'number' ? { attack: m.attack } : {}),
      ...(typeof m.ac === 'number' ? { ac: m.ac } : {}),
      ...(typeof m.attackerAc === 'number' ? { attackerAc: m.attackerAc } : {}),
      ...(typeof m.missChance === 'number' ? { missChance: m.missChance } : {}),
      ...(typeof m.dexToAc === 'string' ? { dexToAc: m.dexToAc } : {}),
      ...(typeof m.source === 'string' ? { source: m.source } : {}),
    })
  }
  return {
    allowed: answer.allowed,
    ...(typeof answer.reason === 'string' ? { reason: answer.reason } : {}),
    attack: num(answer.attack),
    ac: num(answer.ac),
    attackerAc: num(answer.attackerAc),
    missChance: num(answer.missChance),
    ...(typeof answer.dexToAc === 'string' ? { dexToAc: answer.dexToAc } : {}),
    modifiers,
    provokes: strings(answer.provokes),
  }
}

export function readCells(answer: unknown): Cell[] {
  if (!isRecord(answer)) throw answerError('cells')
  return cells(answer.cells)
}

export function readCover(answer: unknown): CoverAnswer {
  if (!isRecord(answer) || typeof answer.cover !== 'string') throw answerError('cover')
  return {
    cover: answer.cover,
    ...(typeof answer.soft === 'boolean' ? { soft: answer.soft } : {}),
    ...(typeof answer.targetable === 'boolean' ? { targetable: answer.targetable } : {}),
    ...(typeof answer.reason === 'string' ? { reason: answer.reason } : {}),
    ...(typeof answer.reactionDice === 'number' ? { reactionDice: answer.reactionDice } : {}),
  }
}

export function readPairs(answer: unknown): [string, string][] {
  if (!isRecord(answer) || !Array.isArray(answer.pairs)) throw answerError('flanking')
  return answer.pairs.filter(
    (p): p is [string, string] =>
      Array.isArray(p) && p.length === 2 && p.every((id) => typeof id === 'string'),
  )
}

export function readLight(answer: unknown): LightAnswer {
  if (!isRecord(answer) || typeof answer.level !== 'number') throw answerError('light')
  return {
    level: answer.level,
    ...(typeof answer.category === 'string' ? { category: answer.category } : {}),
    effects: strings(answer.effects),
  }
}

export function readDistance(answer: unknown): { distance: number; unit: string } {
  if (!isRecord(answer) || typeof answer.distance !== 'number') throw answerError('distance')
  return { distance: answer.distance, unit: String(answer.unit ?? '') }
}

/**
 * Every template answer in one shape: arianrhod `area` (cells, tokens, valid), dystopia `targets`
 * (cells as [x, y], units) and pathfinder `spread` (cells as {at, reflex}).
 */
export function readArea(answer: unknown): AreaAnswer {
  if (!isRecord(answer) || !Array.isArray(answer.cells)) throw answerError('area')
  const list: Cell[] = []
  for (const entry of answer.cells) {
    if (isCell(entry)) list.push(entry)
    else if (isRecord(entry) && isCell(entry.at)) list.push(entry.at)
  }
  return {
    cells: list,
    tokens: strings(answer.tokens ?? answer.units),
    valid: answer.valid !== false,
    ...(typeof answer.reason === 'string' ? { reason: answer.reason } : {}),
    ...(typeof answer.radius === 'number' ? { radius: answer.radius } : {}),
  }
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
export {
  LINE_DIRECTIONS,
  type LineDirection,
} from '../../../src-main/rules/systems/dystopia/geometry'

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
  // Only the tactical systems judge cover by lines between corners (002).
  if (SYSTEM_FACTS[system].family !== 'tactical') return [{ x1: a.x, y1: a.y, x2: b.x, y2: b.y }]
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
