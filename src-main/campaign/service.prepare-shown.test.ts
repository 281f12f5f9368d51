// The shown map's first edit, prepared while the app is idle after an open (issue 29): the party's
// sight is ready, so the first wall click asks the engine only for the PCs it can change the sight
// of; its lists are keyed and its loader checks made ahead, so the click keys only its own edge
// and parses nothing with a schema for the first time; and none of it changes what the edit gives.
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COLLECTION_OF } from '@core/campaign/list-keys'
import { withExplored } from '@core/campaign/fog-commands'
import type { Campaign, CampaignMap, Command } from '@core/campaign/schema'
import { makeCampaign, walledRoomMap } from '@core/campaign/test-helpers'
import { getSystem } from '@core/rules/systems/index'
import { createCampaignService, type CampaignService } from './service'
import { makeTempDir, removeDir, writeCampaignFile } from './temp-dirs.testing'

// Every schema object zod.safeParse is given (the loader checks, loadable.ts), counted by use.
const parses = vi.hoisted(() => ({ bySchema: new Map<unknown, number>() }))
vi.mock('zod', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zod')>()
  const safeParse: typeof actual.z.safeParse = (schema, value, ...rest) => {
    parses.bySchema.set(schema, (parses.bySchema.get(schema) ?? 0) + 1)
    return actual.z.safeParse(schema, value, ...rest)
  }
  return { ...actual, z: { ...actual.z, safeParse } }
})

// The battle the engine answers on (map-battle.ts), counted by the map asked for.
const battles = vi.hoisted(() => ({ asked: [] as unknown[] }))
vi.mock('@core/campaign/map-battle', async (importOriginal) =>
  (await import('./counted-battles.testing')).countingBattles(await importOriginal(), battles),
)

/** Runs `edit`; answers how many of its parses used a schema that had never parsed before. */
async function firstTimeParses(edit: () => Promise<unknown>): Promise<number> {
  const before = new Set(parses.bySchema.keys())
  const counts = new Map(parses.bySchema)
  await edit()
  let firstTime = 0
  for (const [schema, count] of parses.bySchema) {
    if (!before.has(schema)) firstTime += count - (counts.get(schema) ?? 0)
  }
  return firstTime
}

/** Three PCs walled into a 4×4 room in the corner of a 20×20 map. */
const roomMap = (): CampaignMap =>
  walledRoomMap(20, [
    { id: 'a', name: 'A', at: [0, 0], faction: 'party' },
    { id: 'b', name: 'B', at: [1, 2], faction: 'party' },
    { id: 'c', name: 'C', at: [2, 1], faction: 'party' },
  ])

/** A wall far outside the room: no PC can see it. */
const FAR_WALL_BETWEEN: [[number, number], [number, number]] = [
  [15, 15],
  [16, 15],
]
const FAR_WALL: Command = {
  type: 'edges.set',
  mapId: 'm1',
  edges: [
    {
      between: FAR_WALL_BETWEEN,
      edge: { kind: 'wall' },
    },
  ],
}

let dirs: string[] = []
let services: CampaignService[] = []

beforeEach(() => {
  dirs = []
  services = []
})
afterEach(async () => {
  vi.restoreAllMocks()
  for (const service of services) await service.dispose().catch(() => undefined)
  for (const dir of dirs) await removeDir(dir)
})

async function serviceWithRoom(prepareShownMapMs = 0): Promise<CampaignService> {
  const dir = await makeTempDir('gm-prepare-')
  dirs.push(dir)
  const campaign = makeCampaign({ id: 'room', maps: [roomMap()] })
  await writeCampaignFile(dir, campaign)
  const service = await createCampaignService({
    dataDir: dir,
    autosaveDelayMs: 3_600_000,
    prepareShownMapMs,
  })
  services.push(service)
  return service
}

/** The far wall clicked, with the count of its parses whose schema had never parsed. */
async function firstTimeParsesOf(
  service: CampaignService,
): Promise<{ firstTime: number; campaign: Campaign }> {
  let campaign: Campaign | undefined
  const firstTime = await firstTimeParses(async () => {
    campaign = await service.dispatch('room', FAR_WALL)
  })
  return { firstTime, campaign: campaign! }
}

describe('the shown map prepared after an open', () => {
  it('gives the first wall click the same result as without the preparation', async () => {
    const sightOf = vi.spyOn(getSystem('arianrhod'), 'sightOf')
    const prepared = await serviceWithRoom()
    await prepared.open('room')
    await prepared.prepareShownMap('room', 'm1')
    expect(sightOf).toHaveBeenCalledTimes(3)
    sightOf.mockClear()
    const after = await prepared.dispatch('room', FAR_WALL)
    // A wall asks again the PCs whose lines of sight reach it (vision.ts): none of the walled-in
    // three.
    expect(sightOf).toHaveBeenCalledTimes(0)

    // Without the preparation the first click computes every PC's sight before the wall (what
    // the fog had seen), and gives the same map.
    const cold = await serviceWithRoom()
    await cold.open('room')
    sightOf.mockClear()
    const coldAfter = await cold.dispatch('room', FAR_WALL)
    expect(sightOf).toHaveBeenCalledTimes(3)
    const { updatedAt: _a, ...preparedCampaign } = after
    const { updatedAt: _b, ...coldCampaign } = coldAfter
    expect(preparedCampaign).toEqual(coldCampaign)
    expect(after.maps[0].fog?.explored.length).toBeGreaterThan(0)
  })

  it('keys the lists and makes the loader checks ahead: the first click keys its edge alone and parses with ready schemas', async () => {
    const edgeKeys = vi.spyOn(COLLECTION_OF.get('edge')!.collection, 'key')
    const prepared = await serviceWithRoom()
    parses.bySchema.clear()
    await prepared.open('room')
    await prepared.prepareShownMap('room', 'm1')
    edgeKeys.mockClear()
    expect(parses.bySchema.size).toBeGreaterThan(0)
    const after = await firstTimeParsesOf(prepared)
    // Only the new wall is keyed (by the battle's grid, which every PC's sight after a wall
    // reads, and by the change sent to pages): the room's walls were keyed ahead.
    expect(edgeKeys.mock.calls.map(([edge]) => JSON.stringify(edge.between))).toEqual([
      JSON.stringify(FAR_WALL_BETWEEN),
      JSON.stringify(FAR_WALL_BETWEEN),
    ])
    expect(after.firstTime).toBe(0)

    // Without the preparation the click keys the room's 8 walls too (and the new wall twice), and its checks parse with
    // schemas for the first time; what it gives is the same.
    const cold = await serviceWithRoom()
    parses.bySchema.clear()
    await cold.open('room')
    edgeKeys.mockClear()
    const coldAfter = await firstTimeParsesOf(cold)
    expect(edgeKeys).toHaveBeenCalledTimes(10)
    expect(coldAfter.firstTime).toBeGreaterThan(0)
    const { updatedAt: _a, ...preparedCampaign } = after.campaign
    const { updatedAt: _b, ...coldCampaign } = coldAfter.campaign
    expect(preparedCampaign).toEqual(coldCampaign)
    expect(after.campaign.maps[0].fog?.explored.length).toBeGreaterThan(0)
  })

  it('writes the file text of the map ahead: the first save after a click writes only what changed', async () => {
    const stringified = (run: () => Promise<unknown>) => async (): Promise<unknown[]> => {
      const spy = vi.spyOn(JSON, 'stringify')
      try {
        await run()
        return spy.mock.calls.map(([value]) => value as unknown)
      } finally {
        spy.mockRestore()
      }
    }
    const written = async (prepare: boolean): Promise<{ tokens: unknown[]; values: unknown[] }> => {
      const service = await serviceWithRoom()
      await service.open('room')
      if (prepare) await service.prepareShownMap('room', 'm1')
      await service.dispatch('room', FAR_WALL)
      const tokens = service.getCampaign('room')!.maps[0].tokens
      return { tokens, values: await stringified(() => service.flush('room'))() }
    }
    // Each token is a record on its own line of the file, written by one JSON.stringify.
    const prepared = await written(true)
    expect(prepared.tokens.filter((token) => prepared.values.includes(token))).toEqual([])
    // Without it, the save writes the map's unchanged tokens too.
    const cold = await written(false)
    expect(cold.tokens.filter((token) => cold.values.includes(token))).toEqual(cold.tokens)
  })

  it("adds the party's sight to the explored cells ahead: the first click takes that fog, measured and written", async () => {
    const service = await serviceWithRoom()
    const { campaign } = await service.open('room')
    await service.prepareShownMap('room', 'm1')
    const spy = vi.spyOn(JSON, 'stringify')
    let after: Campaign
    let saved: unknown[]
    try {
      after = await service.dispatch('room', FAR_WALL)
      const clicked = spy.mock.calls.map(([value]) => value as unknown)
      spy.mockClear()
      await service.flush('room')
      saved = spy.mock.calls.map(([value]) => value as unknown)
      const fog = after.maps[0].fog!
      expect(fog.explored.length).toBeGreaterThan(0)
      // The very fog the preparation added (the same addition made again gives it).
      expect(withExplored(campaign.maps[0]).fog).toBe(fog)
      // The click did not measure it for the file budget, nor did the save write it again.
      expect(clicked).not.toContain(fog)
      expect(clicked).not.toContain(fog.explored)
      expect(saved).not.toContain(fog)
    } finally {
      spy.mockRestore()
    }
  })

  it("creates the journal's file ahead: the first click opens no file, and a campaign closed unedited leaves none", async () => {
    const service = await serviceWithRoom()
    const journal = path.join(dirs.at(-1)!, 'journal', 'room')
    await service.open('room')
    await service.prepareShownMap('room', 'm1')
    expect(await fs.readdir(journal)).toHaveLength(1)
    const opened = vi.spyOn(fs, 'open')
    await service.dispatch('room', FAR_WALL)
    // Before, the click created it: the file, its header's sync and both folders' syncs.
    expect(opened).not.toHaveBeenCalled()
    opened.mockRestore()

    const unedited = await serviceWithRoom()
    const itsJournal = path.join(dirs.at(-1)!, 'journal', 'room')
    await unedited.open('room')
    await unedited.prepareShownMap('room', 'm1')
    await unedited.close('room')
    expect(await fs.readdir(itsJournal).catch(() => [])).toEqual([])
  })

  it("builds the shown map's battle in the turn after the open, before the quiet delay", async () => {
    const service = await serviceWithRoom(3_600_000)
    const { campaign } = await service.open('room')
    battles.asked = []
    void service.prepareShownMap('room', 'm1')
    expect(battles.asked).toEqual([])
    await new Promise((resolve) => setImmediate(resolve))
    // The page's first rules.query comes for it about 80 ms after the open's answer.
    expect(battles.asked).toEqual([campaign.maps[0]])
  })

  it('is skipped for a campaign closed meanwhile, and another open starts the wait again', async () => {
    const service = await serviceWithRoom()
    await service.open('room')
    const sightOf = vi.spyOn(getSystem('arianrhod'), 'sightOf')
    const first = service.prepareShownMap('room', 'm1')
    const second = service.prepareShownMap('room', 'm1')
    await first // ended by the second without work
    await service.close('room')
    await second
    expect(sightOf).not.toHaveBeenCalled()
  })

  it('starts 200 ms after the last list or open, by default', async () => {
    // 500 ms before: the page bench's first click came while the map was still being prepared,
    // and paid for the rest of it (a page's first frame after an open comes within ~50 ms).
    const dir = await makeTempDir('gm-prepare-')
    dirs.push(dir)
    const campaign = makeCampaign({ id: 'room', maps: [roomMap()] })
    await writeCampaignFile(dir, campaign)
    const service = await createCampaignService({ dataDir: dir, autosaveDelayMs: 3_600_000 })
    services.push(service)
    await service.open('room')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      const sightOf = vi.spyOn(getSystem('arianrhod'), 'sightOf')
      const prepared = service.prepareShownMap('room', 'm1')
      vi.advanceTimersByTime(150)
      await new Promise((resolve) => setImmediate(resolve))
      expect(sightOf).not.toHaveBeenCalled()
      vi.advanceTimersByTime(60)
      await new Promise((resolve) => setImmediate(resolve))
      expect(sightOf).toHaveBeenCalled()
      await prepared
      expect(sightOf).toHaveBeenCalledTimes(3)
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits until no page has listed or opened campaigns for the whole delay', async () => {
    const service = await serviceWithRoom(1_000)
    await service.open('room')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      const sightOf = vi.spyOn(getSystem('arianrhod'), 'sightOf')
      let finished = false
      const prepared = service.prepareShownMap('room', 'm1').then(() => (finished = true))
      vi.advanceTimersByTime(600)
      await service.list() // another page loading
      vi.advanceTimersByTime(600)
      expect(sightOf).not.toHaveBeenCalled()
      vi.advanceTimersByTime(500)
      await prepared
      expect(finished).toBe(true)
      expect(sightOf).toHaveBeenCalledTimes(3)
    } finally {
      vi.useRealTimers()
    }
  })
})
