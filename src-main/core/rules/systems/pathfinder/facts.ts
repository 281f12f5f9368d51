// What the screens and the campaign code need to know about Pathfinder 1e (and, through
// TACTICAL_FACTS, D&D 3.5), as plain data with no engine code behind it.
import type { SystemFacts, UvttLightScale } from '../../system'

/** The light categories (0 dark … 3 bright) against a UVTT light's intensity and brightness. */
const CATEGORY_UVTT_SCALE: UvttLightScale = {
  levelOfIntensity: (intensity) => (intensity >= 0.5 ? 2 : 1),
  levelOfBrightness: (brightness) =>
    brightness >= 0.75 ? 3 : brightness >= 0.4 ? 2 : brightness >= 0.1 ? 1 : 0,
  intensityOfLevel: (level) => (level >= 2 ? 1 : 0.4),
  brightnessOfLevel: (level) => [0, 0.25, 0.5, 1][Math.max(0, Math.min(3, level))] ?? 1,
  unsetAmbient: 2,
}

// Pathfinder and D&D 3.5 share the tactical rules; only their light categories differ.
export const TACTICAL_FACTS = {
  unit: 'ft',
  unitLabel: 'ft',
  unitsPerSquare: 5,
  moveModes: ['move', 'double', 'five-foot-step', 'withdraw', 'run', 'charge', 'crawl'],
  defaultMove: 30,
  normalLight: 2,
  defaultAmbient: 2,
  lightPerViewer: true,
  hasLight: true,
  ownTerms: false,
  family: 'tactical',
  board: null,
  squareCapacity: null,
  deployZones: false,
  chips: false,
  tacticalQueries: true,
  attackQuery: true,
  cornerCover: true,
  flatFootedBeforeFirstTurn: true,
  checkDice: '1D20',
  rollsInitiative: true,
  initiativeByValue: false,
  turnActions: [],
  rollsPathChecks: true,
  areaTemplate: 'spread',
  difficultTerrain: true,
  blockade: false,
  tokenSpeeds: true,
  tokenReach: true,
  tokenSizes: true,
  guildBook: false,
  uvttLight: CATEGORY_UVTT_SCALE,
} as const

export const PATHFINDER_FACTS: SystemFacts = {
  ...TACTICAL_FACTS,
  id: 'pathfinder',
  lightTop: 3,
  lightNames: ['dark', 'dim', 'normal', 'bright'],
}
