// DysTopiA square combat (追加ルール:スクエア戦闘ルール, shared/seeds/001): a 6 × 6 board, up to 4
// units a square, 1 / 2 square moves, Manhattan 射程 and the four 対象 shapes. The query shapes
// and every reading of the text are documented in this folder's README.md.
import type { RuleSystem } from '../../system'
import { manhattan } from './geometry'
import { MOVE_MODES } from './movement'
import { dystopiaQueries } from './queries'
import { DYSTOPIA_REASONS } from './reasons'
import { DYSTOPIA_FACTS } from './facts'
import { dystopiaOccupancy } from './occupancy'

export const dystopia: RuleSystem = {
  id: 'dystopia',
  facts: DYSTOPIA_FACTS,
  occupancy: dystopiaOccupancy,
  unit: 'squares',
  moveModes: Object.keys(MOVE_MODES),
  reasons: DYSTOPIA_REASONS,
  // The board has no light rules.
  lightEffects: [],
  lightCategories: [],
  distance: manhattan,
  queries: dystopiaQueries,
}
