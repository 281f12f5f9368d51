// Shared by the crash test and its child process: the campaign the child edits and the fixed
// order in which it adds edges, so the parent can tell a consistent state (exactly the first k
// edges, for some k) from a broken one.
import type { CampaignEdge, CampaignMap } from '@core/campaign/schema'

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

/** One change the child makes: add edge n, or undo / redo the last one. */
export type CrashChange = { kind: 'set'; edge: number } | { kind: 'undo' } | { kind: 'redo' }

export interface CrashStep {
  /** Made together in one event-loop turn (so they share one journal write), acknowledged as one. */
  changes: CrashChange[]
}

/**
 * The child's fixed script from a campaign holding `start` edges: add the next edge; after every
 * fifth, undo it and redo it; after every seventh, add two more edges in one turn.
 */
export function* crashSteps(start: number): Generator<CrashStep> {
  for (let i = start; ; i++) {
    yield { changes: [{ kind: 'set', edge: i }] }
    if (i % 5 === 0) {
      yield { changes: [{ kind: 'undo' }] }
      yield { changes: [{ kind: 'redo' }] }
    }
    if (i % 7 === 0) {
      yield {
        changes: [
          { kind: 'set', edge: i + 1 },
          { kind: 'set', edge: i + 2 },
        ],
      }
      i += 2
    }
  }
}

/**
 * The edge counts a crash may leave once `acknowledged` steps of the script were acknowledged:
 * the count after any change from the end of the last acknowledged step on (a change in flight
 * may or may not have reached the journal; an unacknowledged undo may take an edge away again).
 * One step at most is in flight: the child starts a step only once the ack line of the one before
 * is out of its process (crash/print-line.ts), where the parent reads it even after the kill.
 */
export function allowedEdgeCounts(start: number, acknowledged: number, lookahead = 1): Set<number> {
  const steps = crashSteps(start)
  let edges = start
  const counts = new Set<number>(acknowledged === 0 ? [start] : [])
  for (let step = 0; step < acknowledged + lookahead; step++) {
    for (const change of (steps.next().value as CrashStep).changes) {
      edges += change.kind === 'undo' ? -1 : 1
      if (step >= acknowledged) counts.add(edges)
    }
    // The state right after the last acknowledged step.
    if (step === acknowledged - 1) counts.add(edges)
  }
  return counts
}
