import { Grid } from '../src-main/rules/grid/grid'
import { fieldOfView } from '../src-main/rules/grid/vision'
import { arianrhodBenchMap } from './arianrhod'
import { partySquares } from './vision'
const grid = Grid.fromSpec(arianrhodBenchMap().map)
const eyes = partySquares(grid).map(([x, y]) => grid.index(x, y))
const t0 = performance.now()
let n = 0
while (performance.now() - t0 < 4000) { for (const e of eyes) fieldOfView(grid, e, { maxDistance: 12 }); n++ }
console.log((4000 / n).toFixed(3), 'ms per party')
