import { Grid } from '../src-main/rules/grid/grid'
import { fieldOfView } from '../src-main/rules/grid/vision'
import { arianrhodBenchMap } from './arianrhod'
import { partySquares } from './vision'
const grid = Grid.fromSpec(arianrhodBenchMap().map)
const eyes = partySquares(grid).map(([x, y]) => grid.index(x, y))
for (const R of [0, 1, 3, 6, 12, 0, 12]) {
  const a: number[] = []
  for (let i = 0; i < 400; i++) { const t = performance.now(); for (const e of eyes) fieldOfView(grid, e, { maxDistance: R }); a.push(performance.now() - t) }
  a.sort((p, q) => p - q); console.log(R, a[200].toFixed(4))
}
