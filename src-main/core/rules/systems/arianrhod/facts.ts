// What the screens and the campaign code need to know about Arianrhod 2E, as plain data (no engine
// code behind it: a renderer chunk reads it through rules/facts.ts without pulling in zod).
import type { SystemFacts, UvttLightScale } from '../../system'

/** 明度 1–6 (6 = bright) against a UVTT light's 0–1 intensity and brightness. */
export const MEIDO_UVTT_SCALE: Omit<UvttLightScale, 'unsetAmbient'> = {
  levelOfIntensity: (intensity) => Math.max(1, Math.min(6, Math.round(6 * Math.min(1, intensity)))),
  levelOfBrightness: (brightness) => Math.round(6 * brightness),
  intensityOfLevel: (level) => Math.max(0, Math.min(1, level / 6)),
  brightnessOfLevel: (level) => Math.max(0, Math.min(1, level / 6)),
}

export const ARIANRHOD_FACTS: SystemFacts = {
  id: 'arianrhod',
  unit: 'm',
  unitLabel: 'm',
  unitsPerSquare: 2,
  moveModes: ['combat', 'full', 'disengage', 'forced-disengage', 'jump', 'climb', 'jump-climb'],
  defaultMove: 10,
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
  ownTerms: true,
  family: 'arianrhod',
  board: null,
  squareCapacity: null,
  deployZones: false,
  chips: false,
  tacticalQueries: true,
  attackQuery: false,
  cornerCover: false,
  flatFootedBeforeFirstTurn: false,
  checkDice: '2D6',
  rollsInitiative: false,
  initiativeByValue: true,
  turnActions: [],
  rollsPathChecks: true,
  areaTemplate: 'area',
  difficultTerrain: false,
  blockade: true,
  tokenSpeeds: true,
  tokenReach: false,
  tokenSizes: false,
  guildBook: true,
  uvttLight: { ...MEIDO_UVTT_SCALE, unsetAmbient: 6 },
}
