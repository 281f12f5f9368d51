// Shared by the crash test and its child process: the campaign the child edits and the fixed
// order in which it adds edges, so the parent can tell a consistent state (exactly the first k
// edges, for some k) from a broken one.
import type { CampaignEdge, CampaignMap } from '../schema'

export const CRASH_CAMPAIGN_ID = 'crash-test'
export const CRASH_MAP_ID = 'grid'
const SIDE = 100

export const crashMap: CampaignMap = {
  id: CRASH_MAP_ID,
  name: 'Crash grid',
  system: 'dnd35',
  width: SIDE,
  height: SIDE,
  cells: [],
  edges: [],
  light: { sources: [] },
  tokens: [],
  notes: '',
}

/** Edge number i: the east sides of the cells, row by row. 9,900 of them fit on the map. */
export function crashEdge(i: number): CampaignEdge {
  const row = Math.floor(i / (SIDE - 1))
  const x = i % (SIDE - 1)
  if (row >= SIDE) throw new RangeError(`Edge ${i} is past the end of the crash grid.`)
  return {
    between: [
      [x, row],
      [x + 1, row],
    ],
    kind: i % 3 === 0 ? 'door' : 'wall',
    ...(i % 3 === 0 ? { state: 'closed' as const } : {}),
  }
}
