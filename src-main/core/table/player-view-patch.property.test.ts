// Property (issue 29): a player view patch applied to the view before gives exactly the view after,
// after both went through JSON as they do on the way to a page. Views come from toPlayerView over
// random maps of every system and random edits in a row (walls and doors, moves, hidden tokens and
// names made known, the GM's reveal brush, lights, a fight's turns), with blackouts, another map
// shown and the projector's scale changed in between; and lists of records shuffled at random for
// the splices' moved-record case.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyCommand } from '../campaign/commands'
import { makeCampaign } from '../campaign/test-helpers'
import type { Campaign, CampaignEdge, CampaignMap, Command } from '../campaign/schema'
import type { PlayerView } from '../contract/contract'
import { SYSTEM_IDS, type Cell } from '../rules/model'
import { playerMapSchema } from './player-view-schema'
import { toPlayerView } from './player-view'
import { applyPlayerViewPatch, diffPlayerView } from './player-view-patch'
import { TokenAliases } from './token-aliases'
import { randomLayout, type EdgeFields } from './random-maps.testing'

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

const EDGE_KINDS: EdgeFields[] = [
  { kind: 'wall' },
  { kind: 'door', state: 'closed' },
  { kind: 'door', state: 'open' },
  { kind: 'door', state: 'closed', secret: true },
  { kind: 'window' },
]

function randomMap(
  seed: number,
  system: CampaignMap['system'],
  id: string,
): {
  map: CampaignMap
  edits: Command[]
} {
  const layout = randomLayout(seed, { width: [6, 10], height: [5, 8] })
  const { rand, width, height, between } = layout
  const edges = layout.edges(rand(width * height), EDGE_KINDS)
  const tokens = layout.tokens(2 + rand(6), new Set(), (k, at) => ({
    id: `${id}-t${k}`,
    name: `name${k}`,
    at,
    faction: rand(2) === 0 ? 'party' : 'monsters',
    ...(rand(4) === 0 ? { hidden: true } : {}),
  }))
  const map = {
    id,
    name: id,
    system,
    width,
    height,
    cells: rand(2) === 0 ? [{ at: [rand(width), rand(height)], terrain: 'difficult' }] : [],
    edges,
    light: { sources: [] },
    tokens,
    notes: '',
    fog: { mode: (['vision', 'manual', 'both'] as const)[rand(3)], explored: [], revealed: [] },
  } as unknown as CampaignMap
  const edits: Command[] = []
  for (let k = 0; k < 10; k++) {
    const roll = rand(8)
    const token = tokens[rand(tokens.length)]
    if (roll < 3)
      edits.push({
        type: 'edge.set',
        mapId: id,
        between: between(),
        edge: rand(3) === 0 ? null : EDGE_KINDS[rand(EDGE_KINDS.length)],
      } as Command)
    else if (roll < 5 && token)
      edits.push({
        type: 'token.move',
        mapId: id,
        tokenId: token.id,
        to: [rand(width), rand(height)],
      })
    else if (roll < 6 && token)
      edits.push({ type: 'token.visibility', mapId: id, tokenId: token.id, hidden: rand(2) === 0 })
    else if (roll < 7)
      edits.push({
        type: 'fog.rect',
        mapId: id,
        from: [rand(width), rand(height)],
        to: [rand(width), rand(height)],
        reveal: rand(3) !== 0,
      })
    else
      edits.push({
        type: 'light.add',
        mapId: id,
        source: { id: `${id}-l${k}`, at: [rand(width), rand(height)], level: 3, radius: 10 },
      } as Command)
  }
  return { map, edits }
}

describe('player view patches', () => {
  it('applied to the view before give exactly the view after', () => {
    let patches = 0
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom(...SYSTEM_IDS),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 }),
        (seed, system, controls) => {
          const first = randomMap(seed, system, 'a')
          const second = randomMap(seed + 1, system, 'b')
          let campaign: Campaign = makeCampaign({ maps: [first.map, second.map] })
          const aliases = new TokenAliases()
          let squarePx: number | null = null
          const viewOf = (mapId: string, blackout: boolean): PlayerView => {
            const map = toPlayerView(campaign, mapId, { aliases, blackout })
            if (map) playerMapSchema.parse(map)
            return { map, projector: { squarePx, ruler: false } }
          }
          let before = viewOf('a', false)
          for (let step = 0; step < first.edits.length; step++) {
            try {
              campaign = applyCommand(campaign, first.edits[step])
            } catch {
              // a refused edit: the view stays
            }
            const control = controls[step] ?? 0
            if (control === 0) squarePx = squarePx === null ? 40 : null
            const after = viewOf(control === 1 ? 'b' : 'a', control === 2)
            const patch = diffPlayerView(before, after)
            if (patch === null) expect(json(after)).toEqual(json(before))
            else {
              patches++
              expect(applyPlayerViewPatch(json(before), json(patch))).toEqual(json(after))
            }
            before = after
          }
        },
      ),
      { numRuns: 200 },
    )
    expect(patches).toBeGreaterThan(1000)
  })

  it('carry records that moved, left or came back in any order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 20 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 20 }),
        (a, b) => {
          const token = (n: number) => ({
            id: `t${n}`,
            at: [n, n % 3] as Cell,
            side: 'party' as const,
          })
          const view = (ids: number[]): PlayerView => ({
            map: {
              id: 'm',
              name: 'm',
              width: 40,
              height: 40,
              screen: 'live',
              visible: ids
                .map((n) => [n, 0, n] as [number, number, number])
                .sort((x, y) => x[0] - y[0]),
              explored: [],
              terrain: [],
              edges: [],
              tokens: ids.map(token),
              lights: ids.map((n) => ({ at: [n % 4, 0] as Cell })),
              turn: null,
              templates: [],
              frame: null,
              order: ids.map((n) => `t${n}`),
            },
            projector: { squarePx: null, ruler: false },
          })
          const patch = diffPlayerView(view(a), view(b))
          const applied = patch ? applyPlayerViewPatch(view(a), json(patch)) : view(a)
          expect(applied).toEqual(view(b))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('of a wall added to a big map send that wall, not the view', () => {
    const width = 100
    const edges: CampaignEdge[] = Array.from({ length: 2000 }, (_, i) => ({
      between: [
        [i % 99, Math.floor(i / 99)],
        [(i % 99) + 1, Math.floor(i / 99)],
      ],
      kind: 'wall',
    }))
    const map = {
      id: 'm',
      name: 'm',
      system: 'dystopia',
      width,
      height: 100,
      cells: [],
      edges,
      light: { sources: [] },
      tokens: [],
      notes: '',
      fog: { mode: 'manual', explored: [], revealed: [[50, 0, 99]] },
    } as unknown as CampaignMap
    let campaign = makeCampaign({ maps: [map] })
    campaign = applyCommand(campaign, {
      type: 'fog.rect',
      mapId: 'm',
      from: [0, 0],
      to: [99, 99],
      reveal: true,
    })
    const before = { map: toPlayerView(campaign, 'm'), projector: { squarePx: null, ruler: false } }
    campaign = applyCommand(campaign, {
      type: 'edge.set',
      mapId: 'm',
      between: [
        [3, 60],
        [3, 61],
      ],
      edge: { kind: 'wall' },
    })
    const after = { map: toPlayerView(campaign, 'm'), projector: { squarePx: null, ruler: false } }
    const patch = diffPlayerView(before, after)
    expect(patch).toEqual({
      lists: {
        edges: [
          [
            2000,
            0,
            [
              {
                between: [
                  [3, 60],
                  [3, 61],
                ],
                kind: 'wall',
              },
            ],
          ],
        ],
      },
    })
  })
})
