// Who may share a square in Arianrhod (spec decision 8): only one `mounted` rider and its
// passengers. Size never changes the squares a character takes (seed 000: 《超大型》《超小型》は
// マスの占め方のルールに影響を与えない).
import type { Occupancy } from '../../system'
import { idList } from '../../scenario/overlap'

export const arianrhodOccupancy: Occupancy = {
  side: () => 1,
  sharingProblem(here) {
    const riders = here.filter((t) => t.states?.includes('mounted')).length
    return riders === 1
      ? null
      : `${idList(here)} share it; only a mounted rider and its passengers may`
  },
}
