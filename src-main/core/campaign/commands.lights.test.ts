// Lights, deploy squares and DysTopiA squares: the commands that change one entry at a time.
import { describe, expect, it } from 'vitest'
import { repairCampaign } from './repair'
import { applyParsed as apply, makeCampaign, makeMap, mapIn as map } from './test-helpers'

describe('light and deploy commands change one thing at a time', () => {
  it('adds, updates and removes one light by id, sets the ambient level, and refuses sources off the map', () => {
    const added = apply(makeCampaign(), {
      type: 'light.add',
      mapId: 'm1',
      source: { at: [2, 2], level: 5, radius: 4, id: 'torch' },
    })
    const lit = apply(added, { type: 'light.ambient', mapId: 'm1', ambient: 3 })
    expect(map(lit).light).toEqual({
      ambient: 3,
      sources: [{ at: [2, 2], level: 5, radius: 4, id: 'torch' }],
    })
    const brighter = apply(lit, {
      type: 'light.update',
      mapId: 'm1',
      lightId: 'torch',
      patch: { level: 6 },
    })
    expect(map(brighter).light.sources).toEqual([{ at: [2, 2], level: 6, radius: 4, id: 'torch' }])
    expect(
      map(apply(brighter, { type: 'light.remove', mapId: 'm1', lightId: 'torch' })).light,
    ).toEqual({ ambient: 3, sources: [] })
    expect(map(apply(lit, { type: 'light.ambient', mapId: 'm1' })).light).toEqual({
      sources: [{ at: [2, 2], level: 5, radius: 4, id: 'torch' }],
    })
    expect(() =>
      apply(makeCampaign(), {
        type: 'light.add',
        mapId: 'm1',
        source: { at: [9, 9], level: 1, radius: 1, id: 'x' },
      }),
    ).toThrow(/outside/)
    expect(() =>
      apply(added, {
        type: 'light.add',
        mapId: 'm1',
        source: { at: [1, 1], level: 1, radius: 1, id: 'torch' },
      }),
    ).toThrow(/already/)
    expect(() => apply(added, { type: 'light.remove', mapId: 'm1', lightId: 'nope' })).toThrow(
      /No light/,
    )
  })

  it('adds and removes deploy squares per faction, sorted and unique; a faction left with none loses its entry', () => {
    const set = apply(makeCampaign(), {
      type: 'deploy.cells',
      mapId: 'm1',
      faction: 'party',
      add: [
        [1, 4],
        [0, 4],
        [1, 4],
      ],
      remove: [],
    })
    expect(map(set).deploy).toEqual({
      party: [
        [0, 4],
        [1, 4],
      ],
    })
    const more = apply(set, {
      type: 'deploy.cells',
      mapId: 'm1',
      faction: 'party',
      add: [[2, 4]],
      remove: [],
    })
    expect(map(more).deploy).toEqual({
      party: [
        [0, 4],
        [1, 4],
        [2, 4],
      ],
    })
    expect(
      map(
        apply(set, {
          type: 'deploy.cells',
          mapId: 'm1',
          faction: 'party',
          add: [],
          remove: [
            [0, 4],
            [1, 4],
          ],
        }),
      ).deploy,
    ).toEqual({})
  })

  it('gives lights without ids an id on load, the same one every time', () => {
    const legacy = makeCampaign({
      maps: [
        makeMap({
          light: {
            sources: [
              { at: [1, 1], level: 4, radius: 2 },
              { at: [2, 1], level: 4, radius: 2, id: 'light-1' },
            ],
          },
        }),
      ],
    })
    const once = repairCampaign(legacy).campaign.maps[0].light.sources.map((s) => s.id)
    expect(once).toEqual(['light-2', 'light-1'])
    expect(repairCampaign(legacy).campaign.maps[0].light.sources.map((s) => s.id)).toEqual(once)
  })
})

describe('DysTopiA squares', () => {
  const board = () =>
    makeCampaign({
      maps: [
        makeMap({
          system: 'dystopia',
          width: 6,
          height: 6,
          tokens: ['a', 'b', 'c', 'd'].map((id, i) => ({
            id,
            name: '',
            at: [2, 2] as [number, number],
            faction: i < 2 ? 'party' : 'cult',
          })),
        }),
      ],
    })

  it('lets friend and foe share a square but refuses a fifth unit, placed or moved', () => {
    expect(() =>
      apply(board(), {
        type: 'token.add',
        mapId: 'm1',
        token: { id: 'e', name: '', at: [2, 2], faction: 'cult' },
      }),
    ).toThrow(/4 units/)
    const withE = apply(board(), {
      type: 'token.add',
      mapId: 'm1',
      token: { id: 'e', name: '', at: [3, 2], faction: 'cult' },
    })
    expect(() =>
      apply(withE, { type: 'token.move', mapId: 'm1', tokenId: 'e', to: [2, 2] }),
    ).toThrow(/4 units/)
    // A unit already on the square may "move" within it.
    expect(
      map(apply(withE, { type: 'token.move', mapId: 'm1', tokenId: 'a', to: [2, 2] })).tokens,
    ).toHaveLength(5)
  })

  it('does not limit squares on other systems', () => {
    const other = makeCampaign({
      maps: [
        makeMap({
          tokens: ['a', 'b', 'c', 'd'].map((id) => ({
            id,
            name: '',
            at: [1, 1] as [number, number],
            faction: 'p',
          })),
        }),
      ],
    })
    const after = apply(other, {
      type: 'token.add',
      mapId: 'm1',
      token: { id: 'e', name: '', at: [1, 1], faction: 'p' },
    })
    expect(map(after).tokens).toHaveLength(5)
  })
})
