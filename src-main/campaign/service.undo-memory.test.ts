// Undo keeps no map version the campaign has moved on from (issue 29: each one kept the rules
// engine's grid and the party's sight alive, ~300 KB a wall click on the bench's map), and an
// undo derives the restored map's sight from the map it replaces, the same as a whole one.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CampaignMap } from '@core/campaign/schema'
import { makeCampaign, ROOM_EAST_WALL_REMOVED, walledRoomMap } from '@core/campaign/test-helpers'
import { getSystem } from '@core/rules/systems/index'
import { partyVisionMask } from '@core/table/vision'
import { createCampaignService, type CampaignService } from './service'
import { makeTempDir, removeDir, writeCampaignFile } from './temp-dirs.testing'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** Two PCs in a 4×4 room in the corner of a 12×12 map; a third outside. */
const roomMap = (): CampaignMap =>
  walledRoomMap(12, [
    { id: 'a', name: 'A', at: [0, 0], faction: 'party' },
    { id: 'b', name: 'B', at: [1, 2], faction: 'party' },
    { id: 'c', name: 'C', at: [8, 8], faction: 'party' },
  ])

/** Opens the door-less room's east wall at row 1. */
const OPEN_WALL = ROOM_EAST_WALL_REMOVED

let dir: string | undefined
let service: CampaignService | undefined

afterEach(async () => {
  vi.restoreAllMocks()
  await service?.dispose().catch(() => undefined)
  if (dir) await removeDir(dir)
  service = dir = undefined
})

async function openRoom(): Promise<CampaignService> {
  dir = await makeTempDir('gm-undo-memory-')
  const campaign = makeCampaign({ id: 'room', maps: [roomMap()] })
  await writeCampaignFile(dir, campaign)
  service = await createCampaignService({ dataDir: dir, autosaveDelayMs: 3_600_000 })
  await service.open('room')
  return service
}

/** A weak reference to the shown map as the campaign holds it now, and to its sight. */
function weakly(open: CampaignService): { map: WeakRef<object>; sight: WeakRef<object> } {
  const map = open.getCampaign('room')!.maps[0]
  return { map: new WeakRef(map), sight: new WeakRef(partyVisionMask(map)) }
}

async function collected(): Promise<void> {
  // WeakRefs hold their target until the job that read them has ended.
  await new Promise((resolve) => setTimeout(resolve, 0))
  gc()
}

describe('undo after a wall click', () => {
  it('keeps neither the map version before the click nor its sight', async () => {
    const open = await openRoom()
    await open.dispatch('room', { ...OPEN_WALL, edge: { kind: 'wall' } })
    const before = weakly(open)
    await open.dispatch('room', OPEN_WALL)
    await collected()
    expect(open.canUndo('room')).toBe(true)
    expect(before.map.deref()).toBeUndefined()
    expect(before.sight.deref()).toBeUndefined()
  })

  it('gives back the same campaign, its sight derived from the map it replaces', async () => {
    const open = await openRoom()
    const start = open.getCampaign('room')!
    await open.dispatch('room', OPEN_WALL)
    const sightOf = vi.spyOn(getSystem('arianrhod'), 'sightOf')
    const undone = await open.undo('room')
    expect({ ...undone, updatedAt: start.updatedAt }).toEqual(start)
    // A layout edit asks every PC again, once, during the undo; the player view then asks none.
    expect(sightOf).toHaveBeenCalledTimes(3)
    const sight = partyVisionMask(undone.maps[0])
    expect(sightOf).toHaveBeenCalledTimes(3)
    sightOf.mockRestore()
    expect([...sight]).toEqual([...partyVisionMask(structuredClone(undone.maps[0]))])
    const redone = await open.redo('room')
    expect([...partyVisionMask(redone.maps[0])]).toEqual([
      ...partyVisionMask(structuredClone(redone.maps[0])),
    ])
  })
})
