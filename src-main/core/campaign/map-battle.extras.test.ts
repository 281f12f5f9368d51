// A wall click builds the map's battle again; the systems' own token fields (arianrhod's
// group, luck, …; pathfinder's vision, armed, …) are parsed once per token record, not once per
// battle built (issue 29: every click gave all 40 tokens' fields to zod again). Counted, so the
// test does not depend on the machine's speed; the answers themselves are the existing tests'.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getSystem } from '../rules/systems/index'
import { extrasSchema as arianrhodExtras } from '../rules/systems/arianrhod/field'
import { extrasSchema as pathfinderExtras } from '../rules/systems/pathfinder/creatures'
import { battleOf } from './map-battle'
import type { CampaignMap, CampaignToken, Command } from './schema'
import { applyParsed, makeCampaign, makeMap, mapIn } from './test-helpers'

afterEach(() => {
  vi.restoreAllMocks()
})

function tokensOf(count: number, extras: (i: number) => Partial<CampaignToken>): CampaignToken[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `t${i}`,
    name: `T${i}`,
    at: [(i % 6) * 2, Math.floor(i / 6) * 2] as [number, number],
    faction: i % 2 === 0 ? 'party' : 'enemies',
    ...extras(i),
  }))
}

/** What the players' fog asks of a map revision: every token's sight. */
function everySight(map: CampaignMap): number {
  const battle = battleOf(map)
  const system = getSystem(map.system)
  return battle.tokens.reduce((n, token) => n + (system.sightOf?.(battle, token.id).length ?? 0), 0)
}

function wallClick(map: CampaignMap, x: number): CampaignMap {
  const command: Command = {
    type: 'edge.set',
    mapId: map.id,
    between: [
      [x, 1],
      [x + 1, 1],
    ],
    edge: { kind: 'wall' },
  }
  return mapIn(applyParsed(makeCampaign({ maps: [map] }), command), map.id)
}

describe("a wall click's battle parses no token's own fields again", () => {
  it('arianrhod', () => {
    const map = makeMap({
      system: 'arianrhod',
      width: 12,
      height: 12,
      tokens: tokensOf(12, () => ({})),
    })
    const parses = vi.spyOn(arianrhodExtras, 'safeParse')
    const seenBefore = everySight(map)
    expect(parses).toHaveBeenCalledTimes(12)
    parses.mockClear()
    const clicked = wallClick(map, 3)
    expect(everySight(clicked)).toBeGreaterThan(0)
    expect(seenBefore).toBeGreaterThan(0)
    expect(parses).toHaveBeenCalledTimes(0)
  })

  it('pathfinder: vision, armed… (its sight builds the battlefield once per token)', () => {
    const map = makeMap({
      system: 'pathfinder',
      width: 12,
      height: 12,
      tokens: tokensOf(12, (i) => ({
        vision: i % 2 === 0 ? 'darkvision' : 'normal',
        armed: i % 3 !== 0,
        dexModifier: i,
      })),
    })
    const parses = vi.spyOn(pathfinderExtras, 'safeParse')
    everySight(map)
    expect(parses).toHaveBeenCalledTimes(12)
    parses.mockClear()
    expect(everySight(wallClick(map, 3))).toBeGreaterThan(0)
    expect(parses).toHaveBeenCalledTimes(0)
  })

  it('a token changed by the click is parsed again, and only that one', () => {
    const map = makeMap({
      system: 'arianrhod',
      width: 12,
      height: 12,
      tokens: tokensOf(6, () => ({})),
    })
    everySight(map)
    const parses = vi.spyOn(arianrhodExtras, 'safeParse')
    const moved = mapIn(
      applyParsed(makeCampaign({ maps: [map] }), {
        type: 'token.move',
        mapId: map.id,
        tokenId: 't0',
        to: [1, 1],
      } as Command),
      map.id,
    )
    everySight(moved)
    expect(parses).toHaveBeenCalledTimes(1)
  })
})
