// Who may share a square in Pathfinder / D&D 3.5 (spec decision 8): a Tiny or smaller creature
// shares with anyone, and anyone shares with a `helpless` creature — or one whose condition makes
// it helpless (`paralyzed`, `unconscious`, `asleep`, `bound`, `dying`: conditions.ts). A creature
// takes its size's space (a Large one 2 × 2 squares).
import type { TokenSpec } from '../../model'
import { SIZES } from '../../model'
import type { Occupancy } from '../../system'
import { idList } from '../../scenario/overlap'
import { isHelpless } from './conditions'
import type { TacticalRules } from './rules'

const TINY = SIZES.indexOf('tiny')

export function tacticalOccupancy(rules: TacticalRules): Occupancy {
  return {
    side: (token) => rules.sizes[token.size ?? 'medium'].space,
    sharingProblem(here) {
      const shares = (t: TokenSpec) =>
        SIZES.indexOf(t.size ?? 'medium') <= TINY || isHelpless(t.states)
      // Every pair needs one of the two Tiny (or smaller) or helpless.
      return here.filter((t) => !shares(t)).length < 2 ? null : `${idList(here)} may not share it`
    },
  }
}
