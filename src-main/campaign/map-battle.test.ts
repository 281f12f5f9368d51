// The one map → engine module: which campaign fields reach the engine, for main's rules.query,
// the player view's fog and the GM page's light overlay alike.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runScenario } from '@core/rules/scenario/run'
import { getSystem } from '@core/rules/systems/index'
import { battleOf, mapScenario, preparedBattleOf } from '@core/campaign/map-battle'
import { campaignSchema, type CampaignMap } from '@core/campaign/schema'

const SAMPLE_FILE = new URL('../../resources/sample-campaign.json', import.meta.url)
const campaign = campaignSchema.parse(JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')))
const sampleMap = (): CampaignMap => campaign.maps[0]

describe('mapScenario', () => {
  it('keeps what the engine needs and drops GM-only fields', () => {
    const map = sampleMap()
    const doc = mapScenario(map, { type: 'distance', from: [0, 0], to: [3, 4] }) as {
      format: string
      system: string
      map: { width: number; edges: unknown[]; light: { sources: unknown[] } }
      tokens: Record<string, unknown>[]
    }
    expect(doc.format).toBe('gm-scenario/1')
    expect(doc.system).toBe(map.system)
    expect(doc.map.width).toBe(map.width)
    expect(doc.map.edges).toHaveLength(map.edges.length)
    expect(doc.tokens).toHaveLength(map.tokens.length)
    const text = JSON.stringify(doc)
    for (const token of map.tokens) {
      if (token.name) expect(text).not.toContain(token.name)
    }
    for (const token of doc.tokens) {
      expect(Object.keys(token).some((k) => ['name', 'color', 'hidden', 'notes'].includes(k))).toBe(
        false,
      )
    }
    expect(text).not.toContain('"id":"torch"')
    expect(text).not.toContain('"secret"')
  })

  it('passes DysTopiA deploy squares to the engine and never token pictures', () => {
    const sample = sampleMap()
    const board: CampaignMap = {
      ...sample,
      system: 'dystopia',
      width: 6,
      height: 6,
      cells: [],
      edges: [],
      light: { sources: [] },
      deploy: {
        party: [
          [0, 5],
          [1, 5],
        ],
      },
      tokens: [{ id: 'a', name: 'A', at: [0, 5], faction: 'party', picture: 'b'.repeat(64) }],
    }
    const doc = mapScenario(board, { type: 'deploy', faction: 'party' }) as Record<string, unknown>
    expect(doc.dystopia).toEqual({
      deploy: {
        party: [
          [0, 5],
          [1, 5],
        ],
      },
    })
    expect(JSON.stringify(doc)).not.toContain('b'.repeat(64))
    const answer = runScenario(doc)
    expect(answer).toEqual({
      ok: true,
      answer: {
        cells: [
          [0, 5],
          [1, 5],
        ],
      },
    })
  })
})

describe('one battle per map revision', () => {
  it('is built once per map object and again for an edited copy', () => {
    const map = sampleMap()
    const first = preparedBattleOf(map)
    expect(first.ok).toBe(true)
    expect(preparedBattleOf(map)).toBe(first)
    expect(battleOf(map)).toBe(first.ok && first.prepared.battle)
    const edited = { ...map, tokens: map.tokens.slice(1) }
    const again = preparedBattleOf(edited)
    expect(again).not.toBe(first)
    expect(again.ok && again.prepared.battle.tokens).toHaveLength(map.tokens.length - 1)
  })

  it('holds the same rules fields the public scenario carries, and nothing GM-only', () => {
    for (const map of campaign.maps) {
      const battle = battleOf(map)
      const scenario = mapScenario(map) as { tokens: unknown[] }
      expect(battle.tokens).toEqual(scenario.tokens)
      const text = JSON.stringify(battle.tokens)
      for (const key of ['name', 'label', 'color', 'picture', 'hidden', 'notes', 'privateStats'])
        expect(text).not.toContain(`"${key}"`)
    }
  })

  it('gives fog and overlays a battle even where the scenario check refuses the map', () => {
    const map = sampleMap()
    const stacked: CampaignMap = {
      ...map,
      tokens: [
        { id: 'a', name: 'A', at: [1, 1], faction: 'party' },
        { id: 'b', name: 'B', at: [1, 1], faction: 'enemy' },
      ],
    }
    const prepared = preparedBattleOf(stacked)
    expect(prepared.ok).toBe(false)
    expect(!prepared.ok && prepared.error.code).toBe('tokens-overlap')
    const battle = battleOf(stacked)
    expect(battle.tokens.map((t) => t.id)).toEqual(['a', 'b'])
    expect(battle.grid.width).toBe(map.width)
    expect(battleOf(stacked)).toBe(battle)
  })

  it('passes conditions to the engine as states, for fog as for rules.query', () => {
    const map = sampleMap()
    const token = map.tokens[0]
    const blinded: CampaignMap = {
      ...map,
      conditions: [{ id: 'c1', tokenId: token.id, name: 'blinded' }],
    }
    const engineToken = battleOf(blinded).tokenById.get(token.id)
    expect(engineToken?.states).toContain('blinded')
  })
})

describe('sightOf', () => {
  it('gives exactly the cells of the visible query, for every token of every sample map', () => {
    let compared = 0
    for (const map of campaign.maps) {
      const system = getSystem(map.system)
      // The fog reads sightOf; a system answering `visible` without it would see through walls.
      expect(Object.hasOwn(system.queries, 'visible')).toBe(system.sightOf !== undefined)
      if (!system.sightOf) continue
      const battle = battleOf(map)
      for (const token of map.tokens) {
        const outcome = runScenario(mapScenario(map, { type: 'visible', token: token.id }))
        if (!outcome.ok) continue
        const cells = (outcome.answer as { cells: [number, number][] }).cells
        const expected = cells.map(([x, y]) => y * map.width + x).sort((a, b) => a - b)
        const got = [...system.sightOf(battle, token.id)].sort((a, b) => a - b)
        expect(got, `${map.id} ${token.id}`).toEqual(expected)
        compared++
      }
    }
    expect(compared).toBeGreaterThan(5)
  })
})
