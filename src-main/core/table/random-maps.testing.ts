// Random maps for the property tests of the player view and the party's sight (issue 29): a map's
// size, its edges and its tokens drawn from one seed with core/random's seededRandom, so the seed
// fast-check reports for a failure gives the same map again. Each test draws the rest (its edits,
// its terrain, its lights) from the same numbers. The property tests of the change lists' keys
// and of the battle's layout edit edge lists by command and directly (editedEdgeList).
import { applyCommand } from '../campaign/commands'
import type { Campaign, CampaignEdge, CampaignToken } from '../campaign/schema'
import type { Cell } from '../rules/model'
import { seededRandom } from '../random'

export type EdgeFields = Omit<CampaignEdge, 'between'>

/** One of each kind of edge and door state the schema knows. */
export const EVERY_EDGE_KIND: readonly EdgeFields[] = [
  { kind: 'wall' },
  { kind: 'door', state: 'open' },
  { kind: 'door', state: 'closed' },
  { kind: 'door', state: 'locked' },
  { kind: 'window' },
  { kind: 'low-wall' },
  { kind: 'arrow-slit' },
]

export interface RandomLayout {
  /** A whole number in [0, n). */
  rand(n: number): number
  width: number
  height: number
  /** A square of the map. */
  square(): Cell
  /** The edge between a square and its neighbour to the east or to the south. */
  between(): [Cell, Cell]
  /** Up to `tries` edges at distinct places, each with fields picked from `kinds`. */
  edges(tries: number, kinds: readonly EdgeFields[]): CampaignEdge[]
  /** Up to `tries` tokens, made by `make`, on distinct squares none of `taken` (which it fills). */
  tokens(
    tries: number,
    taken: Set<string>,
    make: (k: number, at: Cell) => CampaignToken,
  ): CampaignToken[]
}

/** A layout of `width` × `height` squares, each bound a random 0 to `spread - 1` beyond the least. */
export function randomLayout(
  seed: number,
  size: { width: [least: number, spread: number]; height: [least: number, spread: number] },
): RandomLayout {
  const random = seededRandom([seed])
  const rand = (n: number): number => Math.floor(random() * n)
  const width = size.width[0] + rand(size.width[1])
  const height = size.height[0] + rand(size.height[1])
  const square = (): Cell => [rand(width), rand(height)]
  const between = (): [Cell, Cell] => {
    const x = rand(width - 1)
    const y = rand(height - 1)
    return rand(2) === 0
      ? [
          [x, y],
          [x + 1, y],
        ]
      : [
          [x, y],
          [x, y + 1],
        ]
  }
  return {
    rand,
    width,
    height,
    square,
    between,
    edges(tries, kinds) {
      const edges: CampaignEdge[] = []
      const seen = new Set<string>()
      for (let k = 0; k < tries; k++) {
        const at = between()
        if (seen.has(`${at}`)) continue
        seen.add(`${at}`)
        edges.push({ between: at, ...kinds[rand(kinds.length)] } as CampaignEdge)
      }
      return edges
    },
    tokens(tries, taken, make) {
      const tokens: CampaignToken[] = []
      for (let k = 0; k < tries; k++) {
        const at = square()
        if (taken.has(`${at}`)) continue
        taken.add(`${at}`)
        tokens.push(make(k, at))
      }
      return tokens
    },
  }
}

/**
 * An edit made to an edge list directly, not by a command (as an import or a test may leave a
 * list): `at` and `to` are taken modulo the list's length.
 */
export type EdgeListEdit =
  | { op: 'insert'; at: number; edge: CampaignEdge }
  | { op: 'remove'; at: number }
  | { op: 'replace'; at: number; edge: EdgeFields }
  | { op: 'move'; at: number; to: number }

/**
 * A new list: `edges` with `edit` made, every other edge the same object (as a command leaves
 * them). Undefined when the list is empty and there is nothing to remove, replace or move.
 */
export function editedEdgeList(
  edges: readonly CampaignEdge[],
  edit: EdgeListEdit,
): CampaignEdge[] | undefined {
  const out = [...edges]
  if (edit.op === 'insert') {
    out.splice(edit.at % (out.length + 1), 0, edit.edge)
    return out
  }
  if (out.length === 0) return undefined
  const at = edit.at % out.length
  if (edit.op === 'remove') out.splice(at, 1)
  else if (edit.op === 'replace')
    out[at] = { between: out[at].between, ...edit.edge } as CampaignEdge
  else {
    const [moved] = out.splice(at, 1)
    out.splice(edit.to % (out.length + 1), 0, moved)
  }
  return out
}

/** One edit of the first map's edges: an edge.set command, or the list edited directly. */
export type EdgeStep =
  { op: 'command'; between: CampaignEdge['between']; edge: EdgeFields | null } | EdgeListEdit

/** `campaign` after `step`; undefined when a direct edit finds nothing to edit. */
export function afterEdgeStep(campaign: Campaign, step: EdgeStep): Campaign | undefined {
  const map = campaign.maps[0]
  if (step.op === 'command') {
    const { between, edge } = step
    return applyCommand(campaign, { type: 'edge.set', mapId: map.id, between, edge })
  }
  const edges = editedEdgeList(map.edges, step)
  return edges && { ...campaign, maps: [{ ...map, edges }, ...campaign.maps.slice(1)] }
}
