// Who may share a square in DysTopiA: any units, up to the square's capacity (facts.ts: 4).
import type { Occupancy } from '../../system'
import { idList } from '../../scenario/overlap'
import { DYSTOPIA_FACTS } from './facts'

const CAPACITY = DYSTOPIA_FACTS.squareCapacity!

export const dystopiaOccupancy: Occupancy = {
  side: () => 1,
  sharingProblem: (here) =>
    here.length <= CAPACITY ? null : `${idList(here)}: at most ${CAPACITY} units a square`,
}
