import { describe, expect, it } from 'vitest'
import { centreOf } from './frame'
import { applyCommand } from '../campaign/commands'
import { spansToMask } from '../campaign/fog'
import type { Campaign, CampaignMap, CampaignToken } from '../campaign/schema'
import { makeCampaign, makeMap } from '../campaign/test-helpers'
import { asciiMap } from '../rules/testing/ascii-map'
import { playerMapSchema, type PlayerMapView } from './player-view-schema'
import { viewWithStoredIds } from './player-view-testing'
import { hpBarLength } from './player-view'
import { PARTY_PALETTE } from './party-colours'

/** A campaign map from the engine's ASCII notation; letters become tokens (p… party, others enemy). */
function mapFrom(
  text: string,
  extra: Partial<CampaignMap> = {},
  tokenExtra: Record<string, Partial<CampaignToken>> = {},
): CampaignMap {
  const { map, tokens } = asciiMap(text)
  return makeMap({
    width: map.width,
    height: map.height,
    cells: map.cells ?? [],
    edges: map.edges ?? [],
    tokens: Object.entries(tokens).map(([letter, at]) => ({
      id: `tok-${letter}`,
      name: `Name ${letter}`,
      at,
      faction: letter.startsWith('p') ? 'party' : 'enemy',
      ...tokenExtra[letter],
    })),
    ...extra,
  })
}

function view(map: CampaignMap, options = {}): PlayerMapView {
  const v = viewWithStoredIds(makeCampaign({ maps: [map] }), map.id, options)
  if (!v) throw new Error('no view')
  return playerMapSchema.parse(v)
}

const has = (v: PlayerMapView, key: 'visible' | 'explored', [x, y]: [number, number]): boolean =>
  spansToMask(v[key], v.width, v.height)[y * v.width + x] === 1

describe('toPlayerView', () => {
  const room = `
    p . .|. e

    . . .|. .
  `
  it('shows the cells the party sees and nothing behind a wall', () => {
    const v = view(mapFrom(room))
    expect(has(v, 'visible', [2, 1])).toBe(true)
    expect(has(v, 'visible', [3, 0])).toBe(false)
    expect(v.tokens.map((t) => t.id)).toEqual(['tok-p'])
    // only partitions bounding known cells
    expect(v.edges).toHaveLength(2)
    expect(v.edges.every((e) => e.kind === 'wall')).toBe(true)
  })

  it('sends a secret door as a wall until it is revealed or opened', () => {
    const base = mapFrom(`
      p .D. e
    `)
    const secret = { ...base, edges: base.edges.map((e) => ({ ...e, secret: true })) }
    expect(view(secret).edges).toEqual([
      {
        between: [
          [1, 0],
          [2, 0],
        ],
        kind: 'wall',
      },
    ])
    const revealed = { ...secret, edges: secret.edges.map((e) => ({ ...e, revealed: true })) }
    expect(view(revealed).edges).toEqual([
      {
        between: [
          [1, 0],
          [2, 0],
        ],
        kind: 'door',
        state: 'closed',
      },
    ])
    const opened = { ...secret, edges: secret.edges.map((e) => ({ ...e, state: 'open' as const })) }
    const v = view(opened)
    expect(v.edges[0]).toMatchObject({ kind: 'door', state: 'open' })
    expect(v.tokens.map((t) => t.id).sort()).toEqual(['tok-e', 'tok-p'])
  })

  it('never sends hidden tokens, stealthy enemies, private stats, notes or traps', () => {
    const map = mapFrom(
      `
      p a b c d
    `,
      { notes: 'GM SECRET NOTE', traps: [{ id: 'trap-1', at: [2, 0], name: 'Pit trap' }] },
      {
        a: { hidden: true },
        b: { states: ['stealth'] },
        c: { privateStats: ['name', 'states'], states: ['prone'], notes: 'weak to fire' },
        p: { states: ['stealth'] },
      },
    )
    const v = view(map)
    const json = JSON.stringify(v)
    expect(v.tokens.map((t) => t.id)).toEqual(['tok-p', 'tok-c', 'tok-d'])
    expect(v.tokens.find((t) => t.id === 'tok-c')).toEqual({
      id: 'tok-c',
      at: [3, 0],
      side: 'other',
      number: 1,
    })
    expect(v.tokens.find((t) => t.id === 'tok-p')?.states).toEqual(['stealth'])
    for (const secret of [
      'tok-a',
      'Name a',
      'tok-b',
      'GM SECRET',
      'trap',
      'Pit trap',
      'weak to fire',
      'enemy',
      'Name c',
    ]) {
      expect(json).not.toContain(secret)
    }
  })

  it('shows only lit cells in a dark pathfinder room, and the torch-bearer sees its light', () => {
    const map = mapFrom(
      `
      . . . . . . . . . .

      p . . . . . . . . .

      . . . . . . . . . e
    `,
      {
        system: 'pathfinder',
        light: { ambient: 0, sources: [{ at: [0, 1], level: 2, radius: 10 }] },
      },
    )
    const v = view(map)
    // torch: normal 10 ft (2 squares), dim to 20 ft (4 squares); darkness beyond
    expect(has(v, 'visible', [4, 1])).toBe(true)
    expect(has(v, 'visible', [6, 1])).toBe(false)
    expect(v.tokens.map((t) => t.id)).toEqual(['tok-p'])
    expect(v.lights).toEqual([{ at: [0, 1] }])
    const dark = view({
      ...map,
      light: { ambient: 0, sources: [{ at: [9, 2], level: 2, radius: 5 }] },
    })
    expect(dark.lights).toEqual([{ at: [9, 2] }])
    expect(dark.tokens.map((t) => t.id).sort()).toEqual(['tok-e', 'tok-p'])
  })

  it('arianrhod 明度 1 or less is seen only within リーチ', () => {
    const map = mapFrom(
      `
      p . . . e
    `,
      { light: { ambient: 0, sources: [] } },
    )
    const v = view(map)
    expect(has(v, 'visible', [1, 0])).toBe(true)
    expect(has(v, 'visible', [4, 0])).toBe(false)
    const lit = view({
      ...map,
      light: { ambient: 0, sources: [{ at: [4, 0], level: 4, radius: 2 }] },
    })
    expect(has(lit, 'visible', [4, 0])).toBe(true)
  })

  it('remembers explored cells after a move, dimmed and without tokens; undo forgets them', () => {
    const map = mapFrom(`
      . . .|. e .

      . p .D. . .

      . . .|. . .
    `)
    let campaign: Campaign = makeCampaign({ maps: [map] })
    campaign = applyCommand(campaign, {
      type: 'edge.set',
      mapId: map.id,
      between: [
        [2, 1],
        [3, 1],
      ],
      edge: { kind: 'door', state: 'open' },
    })
    const inRoom = applyCommand(campaign, {
      type: 'token.move',
      mapId: map.id,
      tokenId: 'tok-p',
      to: [4, 1],
    })
    const back = applyCommand(
      applyCommand(inRoom, {
        type: 'edge.set',
        mapId: map.id,
        between: [
          [2, 1],
          [3, 1],
        ],
        edge: { kind: 'door', state: 'closed' },
      }),
      { type: 'token.move', mapId: map.id, tokenId: 'tok-p', to: [0, 1] },
    )
    const v = viewWithStoredIds(back, map.id)!
    expect(has(v, 'explored', [5, 2])).toBe(true)
    expect(has(v, 'visible', [5, 2])).toBe(false)
    expect(v.tokens.map((t) => t.id)).toEqual(['tok-p'])
    // before the move, the room was never explored
    expect(has(viewWithStoredIds(campaign, map.id)!, 'explored', [5, 2])).toBe(false)
  })

  it('manual mode shows only what the GM revealed; both adds vision', () => {
    const map = mapFrom(`
      p . .|. e
    `)
    let c = makeCampaign({ maps: [map] })
    c = applyCommand(c, { type: 'fog.settings', mapId: map.id, mode: 'manual' })
    c = applyCommand(c, { type: 'fog.reveal', mapId: map.id, cells: [[4, 0]], reveal: true })
    let v = viewWithStoredIds(c, map.id)!
    expect(v.visible).toEqual([[0, 4, 4]])
    expect(v.tokens.map((t) => t.id)).toEqual(['tok-e'])
    c = applyCommand(c, { type: 'fog.settings', mapId: map.id, mode: 'both' })
    v = viewWithStoredIds(c, map.id)!
    expect(v.visible).toEqual([
      [0, 0, 2],
      [0, 4, 4],
    ])
  })

  it('blackout sends the map id and name only; templates and turn are cut to what players know', () => {
    const map = mapFrom(`
      p e .|. x
    `)
    // The fight's current combatant is the unseen x: no highlight.
    const fight = (turn: number) => ({
      round: 1,
      turn,
      order: [
        { tokenId: 'tok-x', count: null },
        { tokenId: 'tok-e', count: null },
      ],
      unaware: [],
      acted: [],
      delaying: [],
      readied: [],
      showOrder: false,
      showRolls: false,
      expired: [],
    })
    const c = makeCampaign({ maps: [{ ...map, fight: fight(0) }] })
    const black = viewWithStoredIds(c, map.id, { blackout: true })!
    expect(black).toMatchObject({ screen: 'blackout', visible: [], tokens: [], edges: [] })
    expect(black.frame).toBeNull()
    const v = viewWithStoredIds(c, map.id, {
      templates: [
        {
          id: 'fireball',
          cells: [
            [1, 0],
            [2, 0],
            [3, 0],
            [4, 0],
          ],
        },
      ],
    })!
    expect(v.turn).toBeNull()
    // the GM's template id is free text: players get a number
    expect(v.templates).toEqual([
      {
        id: 'template-1',
        cells: [
          [1, 0],
          [2, 0],
        ],
      },
    ])
    // The host builds the highlight from the map's own fight: the next turn is e's, whom players see.
    const next = makeCampaign({ maps: [{ ...map, fight: fight(1) }] })
    expect(viewWithStoredIds(next, map.id)!.turn).toBe('tok-e')
    // Unzoomed and not calibrated, the frame is the whole map fitted to the screen.
    expect(centreOf(v.frame!)).toEqual([2.5, 0.5])
    expect(v.frame!.width).toBeGreaterThanOrEqual(map.width + 1)
  })

  it('uses the map’s party factions', () => {
    const map = mapFrom(`
      p .|. e
    `)
    const c = applyCommand(makeCampaign({ maps: [map] }), {
      type: 'fog.settings',
      mapId: map.id,
      partyFactions: ['enemy'],
    })
    const v = viewWithStoredIds(c, map.id)!
    expect(v.tokens).toEqual([
      { id: 'tok-e', name: 'Name e', at: [3, 0], side: 'party', color: PARTY_PALETTE[0] },
    ])
  })

  it('sends an HP bar only for a token whose bar the GM shows, as a length, never the numbers (issue 12.16)', () => {
    const map = mapFrom(
      'p . e f',
      {},
      {
        p: { hp: { current: 9, max: 10, shownToPlayers: true } },
        e: { hp: { current: 3, max: 12 } },
        f: { hp: { current: -4, max: 8, shownToPlayers: true }, hidden: true },
      },
    )
    const v = view(map)
    expect(v.tokens.find((t) => t.id === 'tok-p')?.hpBar).toBe(0.9)
    expect(v.tokens.find((t) => t.id === 'tok-e')).toBeDefined()
    expect(v.tokens.find((t) => t.id === 'tok-e')?.hpBar).toBeUndefined()
    expect(v.tokens.some((t) => t.id === 'tok-f')).toBe(false)
    expect(JSON.stringify(v)).not.toMatch(/"(hp|current|max)"/)
    expect(hpBarLength({ current: -4, max: 8 })).toBe(0)
    expect(hpBarLength({ current: 30, max: 8 })).toBe(1)
    expect(hpBarLength({ current: 1, max: 3 })).toBe(0.35)
  })
})
