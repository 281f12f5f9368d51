// The players' fog as the app computes it (issue 13: "fog for 6 PCs ≤ 0.5× rot.js
// PreciseShadowcasting at 50², 200² and 800²"). Each run moves one PC, which makes a new map
// revision that shares the layout, and asks table/vision.ts partyVisionMask for it: the battle
// for the revision (tokens checked against the layout's grid), each PC's `visible` query with
// light and darkvision, the party mask. rot.js gets the same solid squares and the same six
// eyes, unlimited range, in the same runs (alternating, same work).
import * as ROT from 'rot-js'
import type { CampaignMap } from '@core/campaign/schema'
import { Grid, TERRAIN_SOLID } from '@core/rules/grid/grid'
import { partyVisionMask } from '@core/table/vision'
import { pathfinderBenchMap } from './pathfinder'
import { partySquares } from './vision'
import { campaignMapOf } from './bench-campaign'

export interface FogRow {
  size: number
  system: CampaignMap['system']
  oursMs: number
  rotMs: number
  seen: number
  rotSeen: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]

export function runFogBench(runs = 101, warmUp = 30): FogRow[] {
  const rows: FogRow[] = []
  for (const size of [50, 200, 800]) {
    const spec = pathfinderBenchMap(size)
    const grid = Grid.fromSpec(spec)
    const pcs = partySquares(grid)
    const free = (x: number, y: number) =>
      grid.inBounds(x, y) && grid.terrain[grid.index(x, y)] !== TERRAIN_SOLID
    for (const system of ['pathfinder', 'arianrhod'] as const) {
      const base = campaignMapOf(
        'fog',
        system,
        spec,
        pcs.map(([x, y], i) => ({ id: `pc${i}`, at: [x, y], faction: 'party' })),
      )
      const ours: number[] = []
      const rot: number[] = []
      let seen = 0
      let rotSeen = 0
      for (let run = -warmUp; run < runs; run++) {
        // A new revision: PC 0 steps back and forth, everything else shared.
        const step = run & 1
        const moved: CampaignMap = {
          ...base,
          tokens: base.tokens.map((t, i) =>
            i === 0 ? { ...t, at: [t.at[0], t.at[1] + step] } : t,
          ),
        }
        let t0 = performance.now()
        const mask = partyVisionMask(moved)
        const oursMs = performance.now() - t0
        t0 = performance.now()
        const fov = new ROT.FOV.PreciseShadowcasting((x, y) => free(x, y))
        const rotMask = new Uint8Array(size * size)
        for (const [x, y] of moved.tokens.map((t) => t.at))
          fov.compute(x, y, size, (cx, cy) => (rotMask[cy * size + cx] = 1))
        const rotMs = performance.now() - t0
        if (run < 0) continue // warm-up
        ours.push(oursMs)
        rot.push(rotMs)
        seen = mask.reduce((n, v) => n + v, 0)
        rotSeen = rotMask.reduce((n, v) => n + v, 0)
      }
      rows.push({ size, system, oursMs: median(ours), rotMs: median(rot), seen, rotSeen })
    }
  }
  return rows
}

export function formatFogRows(rows: FogRow[]): string {
  return [
    'Six PCs on a lit map with 15 % solid squares; medians of 101 alternating runs after 30 warm-up runs, each a new map revision (one PC moved). Target ratio ≤ 0.5×.',
    '',
    '| map | system | ours (app path) | rot.js | ratio | squares seen (ours / rot.js) |',
    '| --- | --- | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.size}² | ${r.system} | ${r.oursMs.toFixed(2)} ms | ${r.rotMs.toFixed(2)} ms | ${(r.oursMs / r.rotMs).toFixed(2)}× ${r.oursMs / r.rotMs <= 0.5 ? '✓' : '✗'} | ${r.seen} / ${r.rotSeen} |`,
    ),
  ].join('\n')
}
