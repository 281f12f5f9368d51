// Child process of crash.test.ts: follows the fixture's script (crashSteps) through the real
// service as fast as it can and prints "ack N E" (E: the edges it then holds) once step N is acknowledged, until the parent
// SIGKILLs it. The autosave delay comes from the parent (1 ms: snapshots at every moment; longer:
// changes live only in the journal for a while). Each ack line is out of the process before the
// next step starts (print-line.ts), so a kill finds at most one step beyond the acks the parent
// reads: a line written but still queued here would die with the process.
// Usage: node child.mjs <dataDir> <autosaveDelayMs>
import { setImmediate as nextTurn } from 'node:timers/promises'
import { createCampaignService } from '../service'
import { printLine } from './print-line'
import { CRASH_CAMPAIGN_ID, CRASH_MAP_ID, crashEdge, crashSteps, type CrashChange } from './fixture'

const dataDir = process.argv[2]
const autosaveDelayMs = Number(process.argv[3] ?? 1)
if (!dataDir) throw new Error('usage: child <dataDir> <autosaveDelayMs>')

const service = await createCampaignService({ dataDir, autosaveDelayMs })
const { campaign } = await service.open(CRASH_CAMPAIGN_ID)
const map = campaign.maps.find((m) => m.id === CRASH_MAP_ID)
if (!map) throw new Error('crash map missing')
await printLine(`ready ${map.edges.length}\n`)

function make(change: CrashChange): Promise<unknown> {
  if (change.kind === 'undo') return service.undo(CRASH_CAMPAIGN_ID)
  if (change.kind === 'redo') return service.redo(CRASH_CAMPAIGN_ID)
  const { between, ...edge } = crashEdge(change.edge)
  return service.dispatch(CRASH_CAMPAIGN_ID, {
    type: 'edge.set',
    mapId: CRASH_MAP_ID,
    between,
    edge,
  })
}

let step = 0
for (const { changes } of crashSteps(map.edges.length)) {
  // All changes of a step start in the same turn; the step is acknowledged when all are.
  await Promise.all(changes.map(make))
  // The edge count the child holds after the step: if a crash ever leaves a state the acks do not
  // explain, the parent can tell lost ack lines from changes that outran their acks.
  const held = service.getCampaign(CRASH_CAMPAIGN_ID)?.maps.find((m) => m.id === CRASH_MAP_ID)
  await printLine(`ack ${++step} ${held?.edges.length ?? -1}\n`)
  // Let the autosave timers and file writes run between steps.
  await nextTurn()
}
