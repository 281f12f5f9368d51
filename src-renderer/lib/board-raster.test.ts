// The board's raster updated in place for each edit (LiveRaster) must be exactly the raster built
// from scratch for the new map, and the squares it reports as changed must cover every square
// and edge that looks different (the painter repaints only those: issue 29).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { applyCommand } from '@core/campaign/commands'
import type { Campaign, CampaignMap, Command } from '@core/campaign/schema'
import { makeCampaign, makeMap, placeWall } from '@core/campaign/test-helpers'
import { DOOR_STATES, EDGE_KINDS, TERRAINS } from '@core/rules/model'
import { LiveRaster, buildRaster, type MapRaster, type RasterChange } from './board-raster'
import { edgeId } from './grid-geometry'

type Edit = { command: Command } | { reload: true }

const coordinate = (limit: number) => fc.integer({ min: 0, max: limit - 1 })

function editArbitrary(width: number, height: number): fc.Arbitrary<Edit> {
  const at = fc.tuple(coordinate(width), coordinate(height))
  const between = fc
    .tuple(at, fc.boolean())
    .filter(([[x, y], across]) => (across ? x + 1 < width : y + 1 < height))
    .map(([[x, y], across]) => [[x, y], across ? [x + 1, y] : [x, y + 1]]) as fc.Arbitrary<
    [[number, number], [number, number]]
  >
  const edge = fc.option(
    fc.record(
      {
        kind: fc.constantFrom(...EDGE_KINDS),
        state: fc.constantFrom(...DOOR_STATES),
        secret: fc.boolean(),
      },
      { requiredKeys: ['kind'] },
    ),
  )
  const cell = fc.record(
    {
      at,
      terrain: fc.constantFrom(...TERRAINS),
      elevation: fc.integer({ min: -4, max: 6 }),
      light: fc.integer({ min: 0, max: 6 }),
      blockade: fc.boolean(),
    },
    { requiredKeys: ['at'] },
  )
  const command: fc.Arbitrary<Command> = fc.oneof(
    fc.record({ between, edge }).map(({ between, edge }) => ({
      type: 'edge.set' as const,
      mapId: 'm1',
      between,
      edge,
    })),
    fc
      .array(fc.record({ between, edge }), { minLength: 1, maxLength: 6 })
      .map((edges) => ({ type: 'edges.set' as const, mapId: 'm1', edges })),
    fc
      .array(cell, { minLength: 1, maxLength: 6 })
      .map((cells) => ({ type: 'cells.set' as const, mapId: 'm1', cells })),
    fc
      .record({ at, clear: fc.subarray(['terrain', 'elevation', 'light', 'blockade'] as const) })
      .map(({ at, clear }) => ({ type: 'cell.set' as const, mapId: 'm1', cell: { at }, clear })),
    fc
      .record({
        faction: fc.constantFrom('party', 'enemy'),
        add: fc.array(at, { maxLength: 3 }),
        remove: fc.array(at, { maxLength: 3 }),
      })
      .map((deploy) => ({ type: 'deploy.cells' as const, mapId: 'm1', ...deploy })),
    at.map((to) => ({ type: 'token.move' as const, mapId: 'm1', tokenId: 'pc', to })),
    fc
      .record({ width: fc.integer({ min: 2, max: 9 }), height: fc.integer({ min: 2, max: 9 }) })
      .map((size) => ({ type: 'map.update' as const, mapId: 'm1', ...size })),
  )
  return fc.oneof(
    { weight: 12, arbitrary: command.map((c) => ({ command: c })) },
    { weight: 1, arbitrary: fc.constant({ reload: true as const }) },
  )
}

/** The raster as plain data, edges by row in a fixed order (the order they are stroked in does not show). */
function plain(raster: MapRaster) {
  return {
    ...raster,
    terrain: [...raster.terrain],
    elevation: [...raster.elevation],
    light: [...raster.light].map((v) => (Number.isNaN(v) ? null : v)),
    blockade: [...raster.blockade],
    deploy: [...raster.deploy.entries()].sort((a, b) => a[0] - b[0]),
    edgeRows: raster.edgeRows.map((row) =>
      row
        .map((p) => ({ ...p, edge: JSON.stringify(p.edge) }))
        .sort((a, b) => (a.edge < b.edge ? -1 : a.edge > b.edge ? 1 : 0)),
    ),
  }
}

/** Squares [x, y] and edge segments that look different between two full rasters. */
function differences(before: MapRaster, after: MapRaster): Array<[number, number, number, number]> {
  const found: Array<[number, number, number, number]> = []
  for (let i = 0; i < after.terrain.length; i++) {
    const differs =
      before.terrain[i] !== after.terrain[i] ||
      before.elevation[i] !== after.elevation[i] ||
      !Object.is(before.light[i], after.light[i]) ||
      before.blockade[i] !== after.blockade[i] ||
      JSON.stringify(before.deploy.get(i)) !== JSON.stringify(after.deploy.get(i))
    const x = i % after.width
    const y = Math.floor(i / after.width)
    if (differs) found.push([x, y, x + 1, y + 1])
  }
  const edges = (r: MapRaster) => new Map(r.edgeRows.flat().map((p) => [edgeId(p.edge.between), p]))
  const [was, now] = [edges(before), edges(after)]
  for (const id of new Set([...was.keys(), ...now.keys()])) {
    const a = was.get(id)
    const b = now.get(id)
    if (JSON.stringify(a?.edge) === JSON.stringify(b?.edge)) continue
    const p = (a ?? b)!
    found.push([p.x1, p.y1, p.x2, p.y2])
  }
  return found
}

function covers(change: RasterChange, [x0, y0, x1, y1]: number[]): boolean {
  if (change.full) return true
  const box = change.box
  return box !== null && box[0] <= x0 && box[1] <= y0 && box[2] >= x1 && box[3] >= y1
}

describe('LiveRaster (issue 29: the board updates only what an edit changed)', () => {
  it('equals a full rebuild after every random edit, and its dirty box covers every change', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 2, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { minLength: 1, maxLength: 25 }),
        (width, height, seeds) => {
          let campaign: Campaign = makeCampaign({ maps: [makeMap({ width, height })] })
          const live = new LiveRaster()
          let map: CampaignMap = campaign.maps[0]
          live.show(map)
          for (const seed of seeds) {
            const [edit] = fc.sample(editArbitrary(map.width, map.height), { seed, numRuns: 1 })
            let next: Campaign
            try {
              next =
                'reload' in edit
                  ? (structuredClone(campaign) as Campaign)
                  : applyCommand(campaign, edit.command)
            } catch {
              continue // refused by the campaign (a token would fall off a shrunk map …)
            }
            const before = buildRaster(map)
            const version = live.version
            campaign = next
            map = campaign.maps[0]
            const updated = live.show(map)
            const rebuilt = buildRaster(map)
            expect(plain(updated)).toEqual(plain(rebuilt))
            const change = live.changedSince(version)
            if (before.width === rebuilt.width && before.height === rebuilt.height) {
              for (const box of differences(before, rebuilt)) expect(covers(change, box)).toBe(true)
            } else {
              expect(change.full).toBe(true)
            }
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('keeps the same raster object across edits and rebuilds only for another map or size', () => {
    let campaign = makeCampaign({ maps: [makeMap({ width: 6, height: 5 })] })
    const live = new LiveRaster()
    const first = live.show(campaign.maps[0])
    campaign = applyCommand(campaign, placeWall([1, 1], [2, 1]))
    expect(live.show(campaign.maps[0])).toBe(first)
    expect(live.changedSince(1)).toEqual({ full: false, box: [2, 1, 2, 2] })
    campaign = applyCommand(campaign, { type: 'map.update', mapId: 'm1', width: 7 })
    expect(live.show(campaign.maps[0])).not.toBe(first)
    expect(live.changedSince(2)).toEqual({ full: true })
    // A token move changes nothing the static layer draws.
    campaign = applyCommand(campaign, {
      type: 'token.move',
      mapId: 'm1',
      tokenId: 'pc',
      to: [3, 3],
    })
    live.show(campaign.maps[0])
    expect(live.changedSince(3)).toEqual({ full: false, box: null })
  })

  it('repaints everything when the highest or lowest square changes the shading of all others', () => {
    let campaign = makeCampaign({ maps: [makeMap({ width: 6, height: 5 })] })
    const live = new LiveRaster()
    live.show(campaign.maps[0])
    campaign = applyCommand(campaign, {
      type: 'cells.set',
      mapId: 'm1',
      cells: [{ at: [2, 2], elevation: 3 }],
    })
    live.show(campaign.maps[0])
    expect(live.changedSince(1)).toEqual({ full: true })
  })
})
