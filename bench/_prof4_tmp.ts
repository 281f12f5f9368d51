import { Grid } from '../src-main/rules/grid/grid'
import { fieldOfView } from '../src-main/rules/grid/vision'
import { arianrhodBenchMap } from './arianrhod'
import { partySquares } from './vision'
const grid = Grid.fromSpec(arianrhodBenchMap().map)
const eyes = partySquares(grid).map(([x, y]) => grid.index(x, y))
let seen = 0
for (const e of eyes) seen += fieldOfView(grid, e, { maxDistance: 12 }).length
console.log('seen', seen, 'intervals', (globalThis as any).ivals, 'iters', (globalThis as any).iters)
