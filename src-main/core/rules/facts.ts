// What the screens need to know about each rule system, in one table (issue 13: the renderer had
// 82 system-id literals in 22 files, and one copy of the move modes lacked Pathfinder's
// `charge`). Plain data with no engine code behind it, so a renderer chunk can import it without
// pulling zod or the engine; facts.test.ts checks every entry against the engine itself.
import type { SystemId } from './model'

export type Unit = 'm' | 'ft' | 'squares'

export interface SystemFacts {
  readonly id: SystemId
  /** The unit distances and speeds are given in. */
  readonly unit: Unit
  /** Map units per square (2 m; 5 ft; DysTopiA counts squares). */
  readonly unitsPerSquare: number
  /** Every move mode the engine's reach and path queries accept, the usual one first. */
  readonly moveModes: readonly string[]
  /** Light level treated as full brightness (levels above it are not brighter). */
  readonly normalLight: number
  /** Level where the map sets no ambient light (the engine's default). */
  readonly defaultAmbient: number
  /** The brightest level the light overlay scales to (the system's daylight or brighter). */
  readonly lightTop: number
  /** Names of the light levels, darkest first, where the system names them. */
  readonly lightNames?: readonly string[]
  /**
   * What a light level does where the system says it by number (Arianrhod's 明度, R2_148): each
   * effect holds at its level and below. Words for the effects are the fight panel's.
   */
  readonly lightEffects?: readonly { readonly atOrBelow: number; readonly effect: string }[]
  /** Whether light is judged per viewer (low-light vision and darkvision change it). */
  readonly lightPerViewer: boolean
  /** Whether the system has light levels at all (DysTopiA does not). */
  readonly hasLight: boolean
  /**
   * The rules family: 'arianrhod' (明度, 封鎖, 2D6 checks, 行動値 order), 'tactical' (Pathfinder /
   * D&D 3.5: feet, corner cover, d20 checks and initiative) or 'dystopia' (6×6 board of chips).
   */
  readonly family: 'arianrhod' | 'tactical' | 'dystopia'
  /** A fixed board size (DysTopiA's 6×6), or null where the GM chooses one. */
  readonly board: { readonly width: number; readonly height: number } | null
  /** Units are chips, several to a square, each drawn one square big. */
  readonly chips: boolean
  /** ZOC or threat, cover and flanking queries exist. */
  readonly tacticalQueries: boolean
  /** The dice of a check: 2D6 + bonus or 1D20 + bonus. */
  readonly checkDice: '2D6' | '1D20'
  /** Initiative is rolled on a d20 (otherwise it is a value, 行動値 or the unit's order). */
  readonly rollsInitiative: boolean
  /** Terrain kinds the editor offers beyond floor (Arianrhod has no difficult terrain rule). */
  readonly difficultTerrain: boolean
  /** 封鎖 (blockade) squares are a rule. */
  readonly blockade: boolean
  /** Tokens have speeds in the system unit (a DysTopiA chip moves by its mode alone). */
  readonly tokenSpeeds: boolean
}

// Pathfinder and D&D 3.5 share the tactical rules; only their light categories differ.
const TACTICAL = {
  unit: 'ft',
  unitsPerSquare: 5,
  moveModes: ['move', 'double', 'five-foot-step', 'withdraw', 'run', 'charge', 'crawl'],
  normalLight: 2,
  defaultAmbient: 2,
  lightPerViewer: true,
  hasLight: true,
  family: 'tactical',
  board: null,
  chips: false,
  tacticalQueries: true,
  checkDice: '1D20',
  rollsInitiative: true,
  difficultTerrain: true,
  blockade: false,
  tokenSpeeds: true,
} as const

export const SYSTEM_FACTS: Readonly<Record<SystemId, SystemFacts>> = {
  arianrhod: {
    id: 'arianrhod',
    unit: 'm',
    unitsPerSquare: 2,
    moveModes: ['combat', 'full', 'disengage', 'forced-disengage', 'jump', 'climb', 'jump-climb'],
    normalLight: 6,
    defaultAmbient: 6,
    lightTop: 6,
    lightEffects: [
      { atOrBelow: 3, effect: 'no-sight-into-neighbouring-area' },
      { atOrBelow: 2, effect: 'checks-lose-one-die' },
      { atOrBelow: 1, effect: 'line-of-fire-within-reach-only' },
    ],
    lightPerViewer: false,
    hasLight: true,
    family: 'arianrhod',
    board: null,
    chips: false,
    tacticalQueries: true,
    checkDice: '2D6',
    rollsInitiative: false,
    difficultTerrain: false,
    blockade: true,
    tokenSpeeds: true,
  },
  pathfinder: {
    ...TACTICAL,
    id: 'pathfinder',
    lightTop: 3,
    lightNames: ['dark', 'dim', 'normal', 'bright'],
  },
  dnd35: {
    ...TACTICAL,
    id: 'dnd35',
    lightTop: 2,
    lightNames: ['dark', 'shadowy', 'bright'],
  },
  dystopia: {
    id: 'dystopia',
    unit: 'squares',
    unitsPerSquare: 1,
    moveModes: ['sub', 'main'],
    normalLight: 1,
    defaultAmbient: 1,
    lightTop: 1,
    lightPerViewer: false,
    hasLight: false,
    family: 'dystopia',
    board: { width: 6, height: 6 },
    chips: true,
    tacticalQueries: false,
    checkDice: '2D6',
    rollsInitiative: false,
    difficultTerrain: true,
    blockade: false,
    tokenSpeeds: false,
  },
}

export function systemFacts(id: SystemId): SystemFacts {
  return SYSTEM_FACTS[id]
}

/** The effects a light level has in a system that states them by number (none elsewhere). */
export function lightEffectsAt(id: SystemId, level: number): string[] {
  return (SYSTEM_FACTS[id].lightEffects ?? [])
    .filter((each) => level <= each.atOrBelow)
    .map((each) => each.effect)
}
