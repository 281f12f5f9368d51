// Child process of crash.test.ts: edits the crash campaign through the real service as fast as
// it can, with a near-zero autosave delay so files are being written at every moment, until
// the parent SIGKILLs it. Usage: node --import tsx child.ts <dataDir>
import { setImmediate as nextTurn } from 'node:timers/promises'
import { createCampaignService } from '../service'
import { CRASH_CAMPAIGN_ID, CRASH_MAP_ID, crashEdge } from './fixture'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: child.ts <dataDir>')

const service = await createCampaignService({ dataDir, autosaveDelayMs: 1 })
const { campaign } = await service.open(CRASH_CAMPAIGN_ID)
const map = campaign.maps.find((m) => m.id === CRASH_MAP_ID)
if (!map) throw new Error('crash map missing')
process.stdout.write(`ready ${map.edges.length}\n`)

for (let i = map.edges.length; ; i++) {
  const { between, ...edge } = crashEdge(i)
  await service.dispatch(CRASH_CAMPAIGN_ID, {
    type: 'edge.set',
    mapId: CRASH_MAP_ID,
    between,
    edge,
  })
  if (i % 5 === 0) {
    // Undo and redo go through the same save path; the state after both is the same.
    await service.undo(CRASH_CAMPAIGN_ID)
    await service.redo(CRASH_CAMPAIGN_ID)
  }
  // Let the autosave timers and file writes run between edits.
  await nextTurn()
}
