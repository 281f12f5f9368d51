// The bundled sample campaign: it must validate, need no repair, and hold the features later
// rule tests rely on (the climb, the jump, the dark area lit by a torch).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SYSTEM_IDS } from '@core/rules/model'
import { findMapProblems } from '@core/campaign/commands'
import { decodeCampaign } from './migrations'
import type { CampaignMap } from '@core/campaign/schema'
import { campaignSchema, CURRENT_SCHEMA_VERSION } from '@core/campaign/schema'

const SAMPLE_FILE = new URL('../../resources/sample-campaign.json', import.meta.url)
const raw: unknown = JSON.parse(readFileSync(SAMPLE_FILE, 'utf8'))
const campaign = campaignSchema.parse(raw)

function elevationAt(map: CampaignMap, x: number, y: number): number {
  return map.cells.find((c) => c.at[0] === x && c.at[1] === y)?.elevation ?? 0
}
function terrainAt(map: CampaignMap, x: number, y: number): string {
  return map.cells.find((c) => c.at[0] === x && c.at[1] === y)?.terrain ?? 'floor'
}
function mapFor(id: string): CampaignMap {
  const map = campaign.maps.find((m) => m.id === id)
  if (!map) throw new Error(`sample has no map ${id}`)
  return map
}

describe('sample campaign', () => {
  it('validates against the schema at the current version and needs no repair', () => {
    expect(campaignSchema.safeParse(raw).success).toBe(true)
    expect(campaign.schemaVersion).toBe(CURRENT_SCHEMA_VERSION)
    const decoded = decodeCampaign(raw)
    expect(decoded.repairs).toEqual([])
    for (const map of campaign.maps) expect(findMapProblems(map), map.id).toEqual([])
  })

  it('has one map per rule system with stable ids', () => {
    expect(campaign.maps.map((m) => m.system).sort()).toEqual([...SYSTEM_IDS].sort())
    expect(campaign.maps.map((m) => m.id)).toEqual([
      'arianrhod-sample',
      'pathfinder-sample',
      'dnd35-sample',
      'dystopia-sample',
    ])
  })

  it('gives every dungeon walls, a door, a pit, elevation, light and both sides', () => {
    for (const map of campaign.maps.filter((m) => m.system !== 'dystopia')) {
      expect(
        map.edges.some((e) => e.kind === 'wall'),
        map.id,
      ).toBe(true)
      expect(
        map.edges.some((e) => e.kind === 'door'),
        map.id,
      ).toBe(true)
      expect(
        map.cells.some((c) => c.terrain === 'pit'),
        map.id,
      ).toBe(true)
      expect(
        map.cells.some((c) => (c.elevation ?? 0) > 0),
        map.id,
      ).toBe(true)
      expect(map.light.sources.length, map.id).toBeGreaterThan(0)
      expect(new Set(map.tokens.map((t) => t.faction)), map.id).toEqual(new Set(['party', 'enemy']))
    }
  })

  it('has a 6 x 6 open DysTopiA board with three factions', () => {
    const board = mapFor('dystopia-sample')
    expect([board.width, board.height]).toEqual([6, 6])
    expect(board.edges).toEqual([])
    expect(new Set(board.tokens.map((t) => t.faction)).size).toBe(3)
  })

  it('lets the Arianrhod climber move 2 m then climb a 6 m ledge', () => {
    const map = mapFor('arianrhod-sample')
    const climber = map.tokens.find((t) => t.id === 'pc-climber')!
    const [x, y] = climber.at
    expect(climber.faction).toBe('party')
    expect(elevationAt(map, x, y)).toBe(0)
    expect(elevationAt(map, x + 1, y)).toBe(0)
    expect(elevationAt(map, x + 2, y)).toBe(6)
    const between = (ax: number, bx: number) =>
      map.edges.some(
        (e) =>
          e.between.some(([ex, ey]) => ex === ax && ey === y) &&
          e.between.some(([ex, ey]) => ex === bx && ey === y),
      )
    expect(between(x, x + 1) || between(x + 1, x + 2)).toBe(false)
  })

  it('has a pit exactly two squares wide between floor squares in a line, beside the jumper', () => {
    const map = mapFor('arianrhod-sample')
    const jumper = map.tokens.find((t) => t.id === 'pc-jumper')!
    const [x, y] = jumper.at
    expect([0, 1, 2, 3].map((dx) => terrainAt(map, x + dx, y))).toEqual([
      'floor',
      'pit',
      'pit',
      'floor',
    ])
  })

  it('keeps the Arianrhod map dark (明度 2) with one torch', () => {
    const map = mapFor('arianrhod-sample')
    expect([map.width, map.height]).toEqual([12, 10])
    expect(map.light.ambient).toBe(2)
    expect(map.light.sources).toHaveLength(1)
    expect(map.light.sources[0].id).toBe('torch')
  })
})
