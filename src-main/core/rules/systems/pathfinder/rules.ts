// The tables and choices that make up the Pathfinder 1e tactical rules (003: 戦闘 chapter).
// D&D 3.5 (dnd35/) is this object with a few entries overridden, so every difference between the
// two systems is a named field here rather than a copied function.
import type { Size, SystemId } from '../../model'

export interface SizeRow {
  /** Side of the square space in squares; fine / diminutive / tiny share one square. */
  readonly space: number
  /** 生来の間合い (ft) standing ("tall"). */
  readonly reach: number
  /** 生来の間合い (ft) of a "long" body (the table's 伏せ column). */
  readonly longReach: number
  /** Smaller than one square (極小・微小・超小型): may enter occupied squares. */
  readonly subSquare: boolean
}

export interface LightRules {
  /** Names of the light categories, darkest first; a map's integer light level indexes this list. */
  readonly categories: readonly string[]
  /** Level where the map sets no ambient light. */
  readonly defaultAmbient: number
  /** Lowest level in which a creature without darkvision sees, with concealment below `clearLevel`. */
  readonly seeLevel: number
  readonly clearLevel: number
}

export interface TacticalRules {
  readonly id: SystemId
  readonly sizes: Readonly<Record<Size, SizeRow>>
  readonly light: LightRules
  /** Speed (ft) of a token with no `move`. */
  readonly defaultSpeed: number
  /** Darkvision range (ft) when a token says `vision: "darkvision"` without `darkvisionRange`. */
  readonly defaultDarkvision: number
  /** Run multiplier, and in heavy armour. */
  readonly runMultiplier: number
  readonly heavyArmorRunMultiplier: number
  /** A low obstacle gives cover only to creatures within this many feet of it. */
  readonly lowObstacleCoverRange: number
}

/** 表:『クリーチャーのサイズ分類と大きさ』. */
export const SIZE_TABLE: Readonly<Record<Size, SizeRow>> = {
  fine: { space: 1, reach: 0, longReach: 0, subSquare: true },
  diminutive: { space: 1, reach: 0, longReach: 0, subSquare: true },
  tiny: { space: 1, reach: 0, longReach: 0, subSquare: true },
  small: { space: 1, reach: 5, longReach: 5, subSquare: false },
  medium: { space: 1, reach: 5, longReach: 5, subSquare: false },
  large: { space: 2, reach: 10, longReach: 5, subSquare: false },
  huge: { space: 3, reach: 15, longReach: 10, subSquare: false },
  gargantuan: { space: 4, reach: 20, longReach: 15, subSquare: false },
  colossal: { space: 6, reach: 30, longReach: 20, subSquare: false },
}

export const PATHFINDER_RULES: TacticalRules = {
  id: 'pathfinder',
  sizes: SIZE_TABLE,
  // Pathfinder has four light categories: a torch gives normal light 20 ft and dim light 20 ft beyond.
  light: {
    categories: ['dark', 'dim', 'normal', 'bright'],
    defaultAmbient: 2,
    seeLevel: 1,
    clearLevel: 2,
  },
  defaultSpeed: 30,
  defaultDarkvision: 60,
  runMultiplier: 4,
  heavyArmorRunMultiplier: 3,
  lowObstacleCoverRange: 30,
}

/** A variant: the base rules with some entries replaced (D&D 3.5 is built this way). */
export function variantOf(base: TacticalRules, overrides: Partial<TacticalRules>): TacticalRules {
  return { ...base, ...overrides }
}
