import { Grid } from '../src-main/rules/grid/grid'
import { fieldOfView, canSee, canSeeByTracing } from '../src-main/rules/grid/vision'
import { pathfinderBenchMap } from './pathfinder'
import { arianrhodBenchMap } from './arianrhod'
import { partySquares } from './vision'
import * as ROT from 'rot-js'
for (const [name, map] of [['pf', pathfinderBenchMap()], ['ar', arianrhodBenchMap().map]] as const) {
  const grid = Grid.fromSpec(map)
  const eyes = partySquares(grid).map(([x, y]) => grid.index(x, y))
  const t = (label: string, f: () => void, n = 200) => { for (let i = 0; i < 20; i++) f(); const t0 = performance.now(); for (let i = 0; i < n; i++) f(); console.log(name, label, ((performance.now() - t0) / n).toFixed(3), 'ms') }
  t('maxDistance 12 only', () => { for (const e of eyes) fieldOfView(grid, e, { maxDistance: 12 }) })
  t('full', () => { for (const e of eyes) fieldOfView(grid, e) }, 50)
  const free = (x: number, y: number) => grid.inBounds(x, y) && grid.terrain[grid.index(x, y)] !== 3
  const pcs = partySquares(grid)
  t('rot 12', () => { const fov = new ROT.FOV.PreciseShadowcasting(free); for (const [x, y] of pcs) fov.compute(x, y, 12, () => {}) })
  // canSee cost: all cells within 12 of eye 0
  const e = eyes[0]; const [ex, ey] = grid.cellOf(e); const cells: number[] = []
  for (let y = ey - 12; y <= ey + 12; y++) for (let x = ex - 12; x <= ex + 12; x++) if (grid.inBounds(x, y)) cells.push(grid.index(x, y))
  t('canSee 625 cells', () => { for (const c of cells) canSee(grid, e, c) }, 50)
  t('canSeeByTracing 625 cells', () => { for (const c of cells) canSeeByTracing(grid, e, c) }, 5)
}
