// The template queries the panel builds are run through the real engine on the sample campaign's
// maps, converted the way main converts them (mapScenario), so a query shape the engine rejects fails here.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { campaignSchema, type CampaignMap } from '@core/campaign/schema'
import { mapScenario } from '@core/campaign/map-battle'
import { runScenario } from '@core/rules/scenario/run'
import { QUERIES, type RulesQuery } from '@core/rules/queries'
import { areaView } from './fight-rules'
import { defaultTemplate, templateQuery, type TemplateSettings } from './fight-template'

const sample = campaignSchema.parse(
  JSON.parse(readFileSync(join(process.cwd(), 'resources', 'sample-campaign.json'), 'utf8')),
)
const mapOf = (id: string): CampaignMap => sample.maps.find((m) => m.id === id) as CampaignMap
const tokenOf = (map: CampaignMap, id: string) => map.tokens.find((t) => t.id === id) ?? null

function ask(map: CampaignMap, query: RulesQuery<'area' | 'targets' | 'spread'> | null) {
  if (!query) throw new Error('no query')
  const result = runScenario(mapScenario(map, query))
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  // The answer in the shape its query declares, read as the panel reads it.
  return areaView(QUERIES[query.type].answer.parse(result.answer))
}

describe('DysTopiA target shapes on the sample map', () => {
  const map = mapOf('dystopia-sample')
  const user = tokenOf(map, 'hero-c')
  const dystopia = (
    change: Partial<Extract<TemplateSettings, { kind: 'targets' }>>,
  ): TemplateSettings => ({
    ...(defaultTemplate('dystopia') as Extract<TemplateSettings, { kind: 'targets' }>),
    ...change,
  })

  it('previews 範囲(選択) at the hovered square, then keeps the clicked one', () => {
    const template = dystopia({ shape: 'area', range: '0-3' })
    expect(
      templateQuery(map, template, { user, picks: [], hovered: null, pointer: null }),
    ).toBeNull()
    const hovered = ask(
      map,
      templateQuery(map, template, { user, picks: [], hovered: [1, 3], pointer: null }),
    )
    expect(hovered.cells).toContainEqual([1, 3])
    const clicked = ask(
      map,
      templateQuery(map, template, { user, picks: [[2, 4]], hovered: [0, 0], pointer: null }),
    )
    expect(clicked.cells).toContainEqual([2, 4])
    expect(clicked.cells).not.toContainEqual([0, 0])
  })

  it('covers the whole board for 場面 and lists every unit, friend and foe', () => {
    const answer = ask(
      map,
      templateQuery(map, dystopia({ shape: 'scene', range: '0-10' }), {
        user,
        picks: [],
        hovered: null,
        pointer: null,
      }),
    )
    expect(answer.cells).toHaveLength(36)
    expect([...answer.tokens].sort()).toEqual(map.tokens.map((t) => t.id).sort())
  })

  it('grows nマス指定 pick by pick, previewing the hovered square as the next one', () => {
    const template = dystopia({ shape: 'squares', n: 2, range: '0-3' })
    const one = ask(
      map,
      templateQuery(map, template, { user, picks: [], hovered: [1, 4], pointer: null }),
    )
    const two = ask(
      map,
      templateQuery(map, template, { user, picks: [[1, 4]], hovered: [3, 5], pointer: null }),
    )
    expect(two.cells.length).toBeGreaterThan(one.cells.length)
    expect(two.cells).toEqual(expect.arrayContaining(one.cells))
  })

  it('follows the pointer for a line, or uses the chosen letter', () => {
    const follow = ask(
      map,
      templateQuery(map, dystopia({ shape: 'line', range: '1-3' }), {
        user,
        picks: [],
        hovered: [4, 5],
        pointer: null,
      }),
    )
    expect(follow.cells).toEqual([
      [2, 5],
      [3, 5],
      [4, 5],
    ])
    const north = ask(
      map,
      templateQuery(map, dystopia({ shape: 'line', range: '1-3', direction: 'C' }), {
        user,
        picks: [],
        hovered: [4, 5],
        pointer: null,
      }),
    )
    expect(north.cells).toEqual([
      [1, 2],
      [1, 3],
      [1, 4],
    ])
  })
})

describe('arianrhod 効果範囲 with fate', () => {
  const map = mapOf('arianrhod-sample')
  it('grows by 1 m per fate point from the hovered origin', () => {
    const at = (fate: number) =>
      ask(
        map,
        templateQuery(
          map,
          { kind: 'area', fate, range: 'scene' },
          { user: null, picks: [], hovered: [3, 7], pointer: null },
        ),
      )
    const [minus, none, plus] = [at(-1), at(0), at(1)]
    expect(none.cells.length).toBeGreaterThan(minus.cells.length)
    expect(plus.cells.length).toBeGreaterThan(none.cells.length)
    expect(plus.radius).toBe((none.radius ?? 0) + 1)
  })
})

describe('pathfinder burst from a grid intersection', () => {
  const map = mapOf('pathfinder-sample')
  it('rounds the pointer to the nearest intersection and asks for a burst', () => {
    const query = templateQuery(
      map,
      { kind: 'spread', shape: 'burst', radius: 10 },
      { user: null, picks: [], hovered: null, pointer: { x: 5.8, y: 4.2 } },
    )
    expect(query).toEqual({ type: 'spread', origin: [6, 4], radius: 10, shape: 'burst' })
    const answer = ask(map, query)
    // A 10-ft burst covers the four squares at the intersection at least.
    expect(answer.cells).toEqual(
      expect.arrayContaining([
        [5, 3],
        [6, 3],
        [5, 4],
        [6, 4],
      ]),
    )
  })

  it('waits for a clicked origin before pointing a cone', () => {
    const template: TemplateSettings = { kind: 'spread', shape: 'cone', radius: 15 }
    expect(
      templateQuery(map, template, {
        user: null,
        picks: [],
        hovered: null,
        pointer: { x: 2, y: 2 },
      }),
    ).toBeNull()
    expect(
      templateQuery(map, template, {
        user: null,
        picks: [[2, 2]],
        hovered: null,
        pointer: { x: 5.1, y: 2.2 },
      }),
    ).toMatchObject({
      shape: 'cone',
      origin: [2, 2],
      toward: [5, 2],
    })
  })

  it('keeps a cone pinned by its second click when the pointer leaves the board (issue 12.12)', () => {
    const template: TemplateSettings = { kind: 'spread', shape: 'cone', radius: 15 }
    const pinned = templateQuery(map, template, {
      user: null,
      picks: [
        [2, 2],
        [5, 2],
      ],
      hovered: null,
      pointer: null,
    })
    expect(pinned).toMatchObject({ shape: 'cone', origin: [2, 2], toward: [5, 2] })
    // The pointer elsewhere does not turn a pinned cone.
    expect(
      templateQuery(map, template, {
        user: null,
        picks: [
          [2, 2],
          [5, 2],
        ],
        hovered: null,
        pointer: { x: 2, y: 7 },
      }),
    ).toEqual(pinned)
  })

  it('gets cone and line squares from the engine for the queries it builds', () => {
    const state = {
      user: null,
      picks: [[2, 2]] as [number, number][],
      hovered: null,
      pointer: { x: 5.1, y: 2.2 },
    }
    const cone = ask(map, templateQuery(map, { kind: 'spread', shape: 'cone', radius: 15 }, state)!)
    // A 15-ft cone aimed east along the grid: 2, 4, 2 squares (the engine's documented method).
    expect(cone.cells).toHaveLength(8)
    const line = ask(map, templateQuery(map, { kind: 'spread', shape: 'line', radius: 15 }, state)!)
    expect(line.cells.length).toBeGreaterThanOrEqual(3)
    expect(line.cells.every(([, y]: [number, number]) => y === 1 || y === 2)).toBe(true)
  })
})
