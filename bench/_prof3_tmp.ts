import * as ROT from 'rot-js'
import { Grid } from '../src-main/rules/grid/grid'
import { fieldOfView } from '../src-main/rules/grid/vision'
import { arianrhodBenchMap } from './arianrhod'
import { pathfinderBenchMap } from './pathfinder'
import { partySquares } from './vision'
for (const [name, map] of [['pf', pathfinderBenchMap()], ['ar', arianrhodBenchMap().map]] as const) {
  const grid = Grid.fromSpec(map)
  const pcs = partySquares(grid)
  const eyes = pcs.map(([x, y]) => grid.index(x, y))
  const free = (x: number, y: number) => grid.inBounds(x, y) && grid.terrain[grid.index(x, y)] !== 3
  for (const R of [12, 1000]) {
    const a: number[] = [], b: number[] = []
    for (let i = 0; i < 300; i++) {
      let t = performance.now()
      for (const e of eyes) fieldOfView(grid, e, R < 1000 ? { maxDistance: R } : {})
      a.push(performance.now() - t)
      t = performance.now()
      const fov = new ROT.FOV.PreciseShadowcasting(free)
      for (const [x, y] of pcs) fov.compute(x, y, Math.min(R, 200), () => {})
      b.push(performance.now() - t)
    }
    const med = (x: number[]) => x.sort((p, q) => p - q)[x.length >> 1]
    console.log(name, R, 'ours', med(a).toFixed(3), 'rot', med(b).toFixed(3), 'ratio', (med(a) / med(b)).toFixed(2))
  }
}
