// A tiny ASCII map notation for tests, shared by every rule system's tests.
//
// Lines alternate: even lines are rows of cells, odd lines hold the partitions on the south
// side of the row above (a blank line means none). Within a cell row, cell x sits at column 2x
// and column 2x + 1 holds the partition between cell x and cell x + 1. Within a partition line,
// column 2x holds the partition south of cell x. Common indentation and a blank first and last
// line are ignored, so a template literal can be indented with the test.
//
//   cells:       .  floor            #  solid           _  pit           ~  difficult
//                0-9  floor at that elevation (m / ft / squares, whatever the system uses)
//                a-z A-Z  a floor cell holding a token (position returned in `tokens`)
//   partitions:  |  or  -  wall      D  closed door     L  locked door
//                /  open door        :  low wall        space or +  none
//
//   asciiMap(`
//     a . . .
//           -
//     . .|. b
//   `)  // 4×2 map: a at [0,0], b at [3,1], wall south of [3,0], wall between [1,1] and [2,1]
import type { Cell, CellSpec, EdgeSpec, MapSpec } from '../model'

export interface AsciiMap {
  map: MapSpec
  /** Token letter → its cell. */
  tokens: Record<string, Cell>
}

const PARTITIONS: Record<string, Pick<EdgeSpec, 'kind' | 'state'>> = {
  '|': { kind: 'wall' },
  '-': { kind: 'wall' },
  D: { kind: 'door', state: 'closed' },
  L: { kind: 'door', state: 'locked' },
  '/': { kind: 'door', state: 'open' },
  ':': { kind: 'low-wall' },
}

export function asciiMap(text: string): AsciiMap {
  let lines = text.split('\n')
  if (lines.length > 0 && lines[0].trim() === '') lines = lines.slice(1)
  if (lines.length > 0 && lines[lines.length - 1].trim() === '') lines = lines.slice(0, -1)
  const indent = Math.min(
    ...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length),
  )
  lines = lines.map((l) => l.slice(indent).trimEnd())
  const rows = lines.filter((_, i) => i % 2 === 0)
  const height = rows.length
  const width = Math.max(...rows.map((r) => Math.ceil(r.length / 2)))
  const cells: CellSpec[] = []
  const edges: EdgeSpec[] = []
  const tokens: Record<string, Cell> = {}
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) {
      const ch = row[2 * x] ?? '.'
      if (ch === '#') cells.push({ at: [x, y], terrain: 'solid' })
      else if (ch === '_') cells.push({ at: [x, y], terrain: 'pit' })
      else if (ch === '~') cells.push({ at: [x, y], terrain: 'difficult' })
      else if (/[0-9]/.test(ch)) {
        if (ch !== '0') cells.push({ at: [x, y], elevation: Number(ch) })
      } else if (/[a-zA-Z]/.test(ch))
        tokens[ch] ??= [x, y] // a large token is drawn over its whole space; `at` is its north-west square
      else if (ch !== '.' && ch !== ' ')
        throw new Error(`ascii map: unknown cell '${ch}' at [${x}, ${y}]`)
      const sep = row[2 * x + 1]
      if (sep !== undefined && PARTITIONS[sep] && x + 1 < width) {
        edges.push({
          between: [
            [x, y],
            [x + 1, y],
          ],
          ...PARTITIONS[sep],
        })
      }
    }
    const below = lines[2 * y + 1] ?? ''
    for (let x = 0; x < width && y + 1 < height; x++) {
      const mark = below[2 * x]
      if (mark !== undefined && PARTITIONS[mark]) {
        edges.push({
          between: [
            [x, y],
            [x, y + 1],
          ],
          ...PARTITIONS[mark],
        })
      }
    }
  })
  return { map: { width, height, cells, edges }, tokens }
}
