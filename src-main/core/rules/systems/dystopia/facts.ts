// What the screens and the campaign code need to know about DysTopiA square combat (seed 001), as
// plain data with no engine code behind it.
import type { SystemFacts } from '../../system'
import { MEIDO_UVTT_SCALE } from '../arianrhod/facts'

export const DYSTOPIA_FACTS: SystemFacts = {
  id: 'dystopia',
  unit: 'squares',
  unitLabel: '',
  unitsPerSquare: 1,
  moveModes: ['sub', 'main'],
  normalLight: 1,
  defaultAmbient: 1,
  lightTop: 1,
  lightPerViewer: false,
  hasLight: false,
  ownTerms: false,
  family: 'dystopia',
  // 「6×6マスのスクエア戦闘となる。」
  board: { width: 6, height: 6 },
  // 「1マスの人数制限は4体までとする。」
  squareCapacity: 4,
  deployZones: true,
  chips: true,
  tacticalQueries: false,
  attackQuery: false,
  cornerCover: false,
  flatFootedBeforeFirstTurn: false,
  checkDice: '2D6',
  rollsInitiative: false,
  initiativeByValue: false,
  turnActions: ['sub', 'main'],
  rollsPathChecks: false,
  areaTemplate: 'targets',
  difficultTerrain: true,
  blockade: false,
  tokenSpeeds: false,
  tokenReach: true,
  tokenSizes: true,
  guildBook: false,
  // The board has no light rules; a UVTT map's light is kept on the 明度 scale.
  uvttLight: { ...MEIDO_UVTT_SCALE, unsetAmbient: 2 },
}
