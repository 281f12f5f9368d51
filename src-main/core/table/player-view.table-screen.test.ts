// What the table screen needs from the payload (issue 23), and nothing the GM keeps: names only
// for the party and tokens the GM marked known ("Enemy 3" otherwise, numbered as first seen),
// distinct party colours, the conditions the GM shows, the turn banner of visible combatants,
// random roll ids, the roll log switch and DysTopiA's shared squares.
import { describe, expect, it } from 'vitest'
import type { Fight } from '../campaign/fight/schema'
import type { Campaign, CampaignToken } from '../campaign/schema'
import { applyParsed, makeCampaign, makeMap, mapIn } from '../campaign/test-helpers'
import { playerMapSchema, type PlayerMapView } from './player-view-schema'
import { viewWithStoredIds } from './player-view-testing'
import { toPlayerView } from './player-view'
import { PARTY_PALETTE, labelInk, partyColours } from './party-colours'
import { TokenAliases } from './token-aliases'

const fight = (order: string[], turn: number, extra: Partial<Fight> = {}): Fight => ({
  round: 2,
  turn,
  order: order.map((tokenId, i) => ({ tokenId, count: 20 - i })),
  unaware: [],
  acted: [],
  delaying: [],
  readied: [],
  showOrder: false,
  showRolls: false,
  expired: [],
  ...extra,
})

function campaignWith(tokens: CampaignToken[], extra: Partial<Campaign['maps'][0]> = {}) {
  return makeCampaign({ maps: [makeMap({ width: 8, height: 1, tokens, ...extra })] })
}

const view = (campaign: Campaign): PlayerMapView =>
  playerMapSchema.parse(viewWithStoredIds(campaign, 'm1'))

describe('names on the player view', () => {
  it('gives another side’s token a number, not its name or label, until the GM marks it known', () => {
    // "enemy 1" is what the token tool named a token placed without a name: faction included.
    const campaign = campaignWith([
      { id: 'pc', name: 'Valeros', at: [0, 0], faction: 'party', label: 'V' },
      { id: 'gob', name: 'enemy 1', at: [2, 0], faction: 'enemy', label: 'GB' },
      { id: 'boss', name: 'Goblin King', at: [3, 0], faction: 'enemy', known: true, label: 'K' },
    ])
    const v = view(campaign)
    expect(v.tokens.map(({ id, name, label, number }) => ({ id, name, label, number }))).toEqual([
      { id: 'pc', name: 'Valeros', label: 'V', number: undefined },
      { id: 'gob', name: undefined, label: undefined, number: 1 },
      { id: 'boss', name: 'Goblin King', label: 'K', number: undefined },
    ])
    expect(JSON.stringify(v)).not.toMatch(/enemy|GB/)

    const marked = applyParsed(campaign, {
      type: 'token.update',
      mapId: 'm1',
      tokenId: 'gob',
      patch: { known: true },
    })
    expect(view(marked).tokens[1]).toMatchObject({ name: 'enemy 1', label: 'GB' })
    expect(view(marked).tokens[1].number).toBeUndefined()
  })

  it('keeps a name the GM made private, known or not', () => {
    const campaign = campaignWith([
      { id: 'pc', name: 'Hero', at: [0, 0], faction: 'party', privateStats: ['name'] },
      {
        id: 'ogre',
        name: 'Ogre',
        at: [1, 0],
        faction: 'enemy',
        known: true,
        privateStats: ['name'],
      },
    ])
    const v = view(campaign)
    expect(v.tokens.map((t) => [t.name, t.number])).toEqual([
      [undefined, 1],
      [undefined, 1],
    ])
  })

  it('numbers tokens per side in the order the players first see them, stable all session', () => {
    // A wall hides the far goblin; the near one is "Enemy 1" whatever the stored order says.
    const between: [[number, number], [number, number]] = [
      [4, 0],
      [5, 0],
    ]
    const wall = { between }
    let campaign = campaignWith(
      [
        { id: 'pc', name: 'Hero', at: [0, 0], faction: 'party' },
        { id: 'far', name: 'Far goblin', at: [6, 0], faction: 'enemy' },
        { id: 'near', name: 'Near goblin', at: [2, 0], faction: 'enemy' },
      ],
      { edges: [{ ...wall, kind: 'wall' }] },
    )
    const aliases = new TokenAliases()
    const numbers = (c: Campaign) => {
      const v = toPlayerView(c, 'm1', { aliases })!
      const byAlias = new Map(
        mapIn(c).tokens.map((t) => [aliases.aliasOf(c.id, 'm1', t.id), t.id] as const),
      )
      return Object.fromEntries(v.tokens.map((t) => [byAlias.get(t.id), t.number ?? null]))
    }
    expect(numbers(campaign)).toEqual({ pc: null, near: 1 })
    campaign = applyParsed(campaign, {
      type: 'edge.set',
      mapId: 'm1',
      between,
      edge: null,
    })
    expect(numbers(campaign)).toEqual({ pc: null, near: 1, far: 2 })
    campaign = applyParsed(campaign, {
      type: 'token.move',
      mapId: 'm1',
      tokenId: 'near',
      to: [7, 0],
    })
    expect(numbers(campaign)).toEqual({ pc: null, near: 1, far: 2 })
  })
})

describe('party colours', () => {
  it('gives each party token without a colour its own, skipping colours other PCs wear', () => {
    const tokens: CampaignToken[] = [
      { id: 'a', name: 'A', at: [0, 0], faction: 'party' },
      { id: 'b', name: 'B', at: [1, 0], faction: 'party', color: PARTY_PALETTE[1] },
      { id: 'c', name: 'C', at: [2, 0], faction: 'party' },
      { id: 'd', name: 'D', at: [3, 0], faction: 'party' },
      { id: 'e', name: 'E', at: [4, 0], faction: 'enemy' },
    ]
    const colours = partyColours({ tokens })
    expect([...colours]).toEqual([
      ['a', PARTY_PALETTE[0]],
      ['b', PARTY_PALETTE[1]],
      ['c', PARTY_PALETTE[2]],
      ['d', PARTY_PALETTE[3]],
    ])
    const v = view(campaignWith(tokens))
    expect(v.tokens.map((t) => t.color)).toEqual([...colours.values(), undefined])
  })

  it('goes round the palette again when there are more PCs than colours', () => {
    const tokens = Array.from({ length: PARTY_PALETTE.length + 2 }, (_, i) => ({
      id: `pc${i}`,
      faction: 'party',
    }))
    const colours = [...partyColours({ tokens }).values()]
    expect(colours.slice(0, PARTY_PALETTE.length)).toEqual(PARTY_PALETTE)
    expect(colours.slice(PARTY_PALETTE.length)).toEqual(PARTY_PALETTE.slice(0, 2))
  })

  it('labels each palette colour in the ink that contrasts most (WCAG ratio ≥ 4.5)', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    for (const colour of PARTY_PALETTE) {
      const ink = labelInk(colour) === '#fff' ? 1 : 0
      const [hi, lo] = [Math.max(ink, luminance(colour)), Math.min(ink, luminance(colour))]
      expect((hi + 0.05) / (lo + 0.05), colour).toBeGreaterThanOrEqual(4.5)
    }
  })
})

describe('conditions, turn banner and rolls', () => {
  it('sends only the conditions the GM shows, on tokens the players see', () => {
    let campaign = campaignWith(
      [
        { id: 'pc', name: 'Hero', at: [0, 0], faction: 'party' },
        { id: 'orc', name: 'Orc', at: [2, 0], faction: 'enemy' },
        { id: 'ghost', name: 'Ghost', at: [3, 0], faction: 'enemy', hidden: true },
      ],
      {
        conditions: [
          { id: 'c1', tokenId: 'orc', name: 'Prone', shownToPlayers: true },
          { id: 'c2', tokenId: 'orc', name: 'Cursed by the GM' },
          { id: 'c3', tokenId: 'ghost', name: 'Invisible', shownToPlayers: true },
        ],
      },
    )
    expect(view(campaign).tokens.map((t) => t.conditions)).toEqual([undefined, ['Prone']])
    expect(JSON.stringify(view(campaign))).not.toMatch(/Cursed|Invisible/)
    campaign = applyParsed(campaign, {
      type: 'condition.shown',
      mapId: 'm1',
      conditionId: 'c2',
      shown: true,
    })
    campaign = applyParsed(campaign, {
      type: 'condition.shown',
      mapId: 'm1',
      conditionId: 'c1',
      shown: false,
    })
    expect(view(campaign).tokens[1].conditions).toEqual(['Cursed by the GM'])
    expect(mapIn(campaign).conditions?.[0]).not.toHaveProperty('shownToPlayers')
  })

  it('names whose turn it is and who is next among the combatants the players see', () => {
    const tokens: CampaignToken[] = [
      { id: 'pc', name: 'Valeros', at: [0, 0], faction: 'party' },
      { id: 'ghost', name: 'Ghost', at: [1, 0], faction: 'enemy', hidden: true },
      { id: 'gob', name: 'Goblin 2', at: [2, 0], faction: 'enemy' },
      { id: 'ally', name: 'Merisiel', at: [3, 0], faction: 'party' },
    ]
    const order = ['pc', 'ghost', 'gob', 'ally']
    const at = (turn: number, extra: Partial<Fight> = {}) =>
      view(campaignWith(tokens, { fight: fight(order, turn, extra) })).fight
    expect(at(0)).toEqual({ round: 2, now: 'pc', next: 'gob' })
    // the hidden combatant's turn: nobody is named for "now"
    expect(at(1)).toEqual({ round: 2, now: null, next: 'gob' })
    // the next visible one wraps into the next round; in the surprise round the unaware wait
    expect(at(3)).toEqual({ round: 2, now: 'ally', next: 'pc' })
    expect(at(0, { round: 0, unaware: ['gob'] })).toEqual({ round: 0, now: 'pc', next: 'ally' })
    expect(view(campaignWith(tokens)).fight).toBeUndefined()
  })

  it('gives rolls random ids and the roller’s alias, and says when the GM closed the log', () => {
    const tokens: CampaignToken[] = [{ id: 'pc', name: 'Hero', at: [0, 0], faction: 'party' }]
    const entry = {
      id: 'roll-by-gm-page-1',
      at: '2026-01-01T00:00:00.000Z',
      who: 'Hero',
      tokenId: 'pc',
      command: '2D6',
      text: '(2D6) ＞ 7',
      dice: [3, 4],
      total: 7,
      success: false,
      failure: false,
      critical: false,
      fumble: false,
      secret: false,
    }
    let campaign = makeCampaign({
      maps: [makeMap({ tokens, fight: fight(['pc'], 0, { showRolls: true }) })],
      rollLog: [entry],
    })
    const aliases = new TokenAliases()
    const first = toPlayerView(campaign, 'm1', { aliases })!
    expect(first.rolls).toEqual([
      { id: expect.stringMatching(/^t[0-9a-f]{18}$/), by: first.tokens[0].id, text: '(2D6) ＞ 7' },
    ])
    expect(first.rollLogHidden).toBeUndefined()
    campaign = applyParsed(campaign, { type: 'fight.options', mapId: 'm1', hideRollLog: true })
    const second = toPlayerView(campaign, 'm1', { aliases })!
    expect(second.rolls?.[0].id).toBe(first.rolls?.[0].id)
    expect(second.rollLogHidden).toBe(true)
    expect(JSON.stringify(second)).not.toContain('roll-by-gm-page')
  })

  it('tells the page that units share squares on a DysTopiA map only', () => {
    const tokens: CampaignToken[] = [{ id: 'pc', name: 'Hero', at: [0, 0], faction: 'party' }]
    const dystopia = makeCampaign({ maps: [makeMap({ system: 'dystopia', tokens })] })
    expect(view(dystopia).sharedSquares).toBe(true)
    expect(view(campaignWith(tokens)).sharedSquares).toBeUndefined()
  })
})
