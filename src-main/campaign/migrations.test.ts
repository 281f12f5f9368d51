import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { findMapProblems } from '@core/campaign/commands'
import {
  CampaignDataError,
  decodeCampaign,
  migrateToCurrent,
  MigrationError,
  migrations,
  repairCampaign,
  UNKNOWN_TIME,
} from './migrations'
import { CURRENT_SCHEMA_VERSION } from '@core/campaign/schema'
import { deepFreeze, makeCampaign, makeMap } from '@core/campaign/test-helpers'
import { repairNoteSchema } from '@core/contract/contract'

/** A file as the pre-release app wrote it: no schemaVersion, no timestamps, maps without ids. */
function versionZeroFile(): Record<string, unknown> {
  return {
    id: 'old',
    name: 'Old campaign',
    maps: [
      {
        system: 'arianrhod',
        width: 4,
        height: 4,
        tokens: [{ id: 'a', at: [1, 1], faction: 'party' }],
      },
      { id: 'kept', name: 'Named', system: 'dystopia', width: 6, height: 6 },
    ],
  }
}

describe('migrations', () => {
  it('form an append-only chain from 0 to the current version', () => {
    migrations.forEach((step, index) => {
      expect(step.from).toBe(index)
      expect(step.to).toBe(index + 1)
    })
    expect(migrations.at(-1)!.to).toBe(CURRENT_SCHEMA_VERSION)
  })

  it('upgrade a version 0 file without mutating it', () => {
    const raw = deepFreeze(versionZeroFile())
    const migrated = migrateToCurrent(raw)
    expect(migrated.schemaVersion).toBe(CURRENT_SCHEMA_VERSION)
    expect(migrated.createdAt).toBe(UNKNOWN_TIME)
    expect(
      (migrated.maps as Array<{ id: string; name: string }>).map((m) => [m.id, m.name]),
    ).toEqual([
      ['map-1', 'Map 1'],
      ['kept', 'Named'],
    ])
    const decoded = decodeCampaign(versionZeroFile())
    expect(decoded.fromVersion).toBe(0)
    expect(decoded.campaign.maps[0].tokens[0]).toEqual({
      id: 'a',
      name: '',
      at: [1, 1],
      faction: 'party',
    })
    expect(decoded.campaign.maps[1].light).toEqual({ sources: [] })
  })

  it('take a version-2 file to version 3 unchanged but for the version (token HP came in 3)', () => {
    const v2 = { ...makeCampaign(), schemaVersion: 2 }
    const step = migrations.find((m) => m.from === 2)!
    expect(step.migrate(v2)).toEqual({ ...v2, schemaVersion: 3 })
    expect(v2.schemaVersion).toBe(2)
  })

  it('take a version-3 file to version 4 unchanged but for the version (map art came in 4)', () => {
    const v3 = { ...makeCampaign(), schemaVersion: 3 }
    const step = migrations.find((m) => m.from === 3)!
    expect(step.migrate(v3)).toEqual({ ...v3, schemaVersion: 4 })
    expect(v3.schemaVersion).toBe(3)
  })

  it('leave a current file as it is', () => {
    const current = makeCampaign()
    expect(migrateToCurrent(current)).toBe(current)
  })

  it('refuse a file from a newer app with a clear, non-damage error', () => {
    try {
      migrateToCurrent({ ...makeCampaign(), schemaVersion: CURRENT_SCHEMA_VERSION + 1 })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(MigrationError)
      expect((error as MigrationError).newerVersion).toBe(true)
      expect((error as Error).message).toMatch(/newer version of the app/)
    }
  })

  it('refuse non-objects and nonsense versions', () => {
    expect(() => migrateToCurrent([])).toThrow(/JSON object/)
    expect(() => migrateToCurrent(null)).toThrow(MigrationError)
    expect(() => migrateToCurrent({ schemaVersion: 'x' })).toThrow(/invalid schemaVersion/)
    expect(() => migrateToCurrent({ schemaVersion: -1 })).toThrow(/invalid schemaVersion/)
  })

  it('decodeCampaign names where the schema fails', () => {
    const bad = { ...makeCampaign(), maps: [{ ...makeMap(), width: 0 }] }
    expect(() => decodeCampaign(bad)).toThrow(CampaignDataError)
    expect(() => decodeCampaign(bad)).toThrow(/maps\.0\.width/)
  })
})

describe('repair pass', () => {
  it('leaves a consistent campaign untouched', () => {
    const campaign = makeCampaign()
    const result = repairCampaign(campaign)
    expect(result.campaign).toBe(campaign)
    expect(result.repairs).toEqual([])
  })

  it('fixes edges, cells, tokens, light sources and duplicate ids, and says what it did', () => {
    const damaged = makeCampaign({
      maps: [
        makeMap({
          name: 'Cave',
          cells: [
            { at: [1, 1], terrain: 'pit' },
            { at: [1, 1], elevation: 2 },
            { at: [9, 9], terrain: 'pit' },
            { at: [2, 2], terrain: 'floor', elevation: 0 },
          ],
          edges: [
            {
              between: [
                [1, 0],
                [0, 0],
              ],
              kind: 'wall',
            },
            {
              between: [
                [0, 0],
                [1, 0],
              ],
              kind: 'door',
              state: 'open',
            },
            {
              between: [
                [0, 0],
                [2, 2],
              ],
              kind: 'wall',
            },
            {
              between: [
                [5, 4],
                [6, 4],
              ],
              kind: 'wall',
            },
          ],
          light: {
            ambient: 3,
            sources: [
              { at: [20, 0], level: 6, radius: 2 },
              { at: [1, 1], level: 6, radius: 2 },
            ],
          },
          tokens: [
            { id: 'pc', name: '', at: [10, -3], faction: 'party' },
            { id: 'pc', name: 'twin', at: [1, 1], faction: 'party' },
            { id: 'ogre', name: '', at: [5, 4], faction: 'enemy', size: 'large' },
            { id: 'titan', name: '', at: [0, 0], faction: 'enemy', size: 'colossal' },
          ],
        }),
        makeMap({ name: 'Copy' }),
      ],
    })
    const { campaign, repairs } = repairCampaign(deepFreeze(damaged))
    const [cave, copy] = campaign.maps
    expect(copy.id).toBe('m1-2')
    expect(cave.cells).toEqual([{ at: [1, 1], terrain: 'pit', elevation: 2 }])
    expect(cave.edges).toEqual([
      {
        between: [
          [0, 0],
          [1, 0],
        ],
        kind: 'door',
        state: 'open',
      },
    ])
    // The kept source also gets an id: commands change one light at a time, by id.
    expect(cave.light.sources).toEqual([{ at: [1, 1], level: 6, radius: 2, id: 'light-1' }])
    expect(cave.tokens.map((t) => [t.id, t.at, t.size])).toEqual([
      ['pc', [5, 0], undefined],
      ['pc-2', [1, 1], undefined],
      ['ogre', [4, 3], 'large'],
      ['titan', [0, 0], undefined],
    ])
    for (const map of campaign.maps) expect(findMapProblems(map)).toEqual([])
    expect(repairs).toEqual([
      { code: 'cells-outside-dropped', mapId: 'm1', mapName: 'Cave', count: 1 },
      { code: 'cell-entries-merged', mapId: 'm1', mapName: 'Cave', count: 1 },
      { code: 'cell-entries-dropped', mapId: 'm1', mapName: 'Cave', count: 1 },
      { code: 'edges-outside-dropped', mapId: 'm1', mapName: 'Cave', count: 1 },
      { code: 'edges-not-neighbours-dropped', mapId: 'm1', mapName: 'Cave', count: 1 },
      { code: 'duplicate-edges-removed', mapId: 'm1', mapName: 'Cave', count: 1 },
      { code: 'tokens-moved-onto-map', mapId: 'm1', mapName: 'Cave', count: 3 },
      { code: 'tokens-resized', mapId: 'm1', mapName: 'Cave', count: 1 },
      { code: 'token-ids-renamed', mapId: 'm1', mapName: 'Cave', count: 1 },
      { code: 'lights-outside-dropped', mapId: 'm1', mapName: 'Cave', count: 1 },
      { code: 'map-id-duplicate', mapId: 'm1', renamedTo: 'm1-2' },
    ])
    // Every note is one the open's contract carries (the page words each code).
    for (const note of repairs) expect(repairNoteSchema.parse(note)).toEqual(note)
    expect(repairCampaign(campaign).repairs).toEqual([])
  })

  it('counts each kind of fix per map (the bench campaign had 234 cell entries dropped)', () => {
    const damaged = makeCampaign({
      maps: [
        makeMap({
          name: 'Cave',
          cells: [
            { at: [0, 0] },
            { at: [1, 0] },
            { at: [2, 0], terrain: 'pit' },
            { at: [2, 0], terrain: 'pit' },
            { at: [3, 0], terrain: 'pit' },
            { at: [3, 0], terrain: 'pit' },
          ],
        }),
      ],
    })
    expect(repairCampaign(damaged).repairs).toEqual([
      { code: 'cell-entries-merged', mapId: 'm1', mapName: 'Cave', count: 2 },
      { code: 'cell-entries-dropped', mapId: 'm1', mapName: 'Cave', count: 2 },
    ])
  })

  it('normalises edge order silently', () => {
    const campaign = makeCampaign({
      maps: [
        makeMap({
          edges: [
            {
              between: [
                [1, 1],
                [1, 0],
              ],
              kind: 'wall',
            },
          ],
        }),
      ],
    })
    const result = repairCampaign(campaign)
    expect(result.repairs).toEqual([])
    expect(result.campaign.maps[0].edges[0].between).toEqual([
      [1, 0],
      [1, 1],
    ])
  })
})

describe('version 5: token pictures move to the assets folder', () => {
  it('turns a data: URL into the hash of its bytes and hands the bytes out; GIFs are dropped', () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='
    const tokens = [
      { id: 'a', name: 'A', at: [0, 0], faction: 'party', image: `data:image/png;base64,${png}` },
      { id: 'b', name: 'B', at: [1, 0], faction: 'party', image: `data:image/png;base64,${png}` },
      {
        id: 'c',
        name: 'C',
        at: [2, 0],
        faction: 'enemy',
        image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      },
    ]
    const v4 = { ...makeCampaign({ maps: [makeMap()] }), schemaVersion: 4 } as Record<
      string,
      unknown
    >
    ;(v4.maps as Array<Record<string, unknown>>)[0].tokens = tokens
    const decoded = decodeCampaign(v4)
    const hash = createHash('sha256').update(Buffer.from(png, 'base64')).digest('hex')
    expect(decoded.campaign.maps[0].tokens.map((t) => t.picture)).toEqual([hash, hash, undefined])
    expect(JSON.stringify(decoded.campaign)).not.toContain('data:image')
    expect(decoded.pictures).toEqual([{ hash, bytes: new Uint8Array(Buffer.from(png, 'base64')) }])
  })
})
