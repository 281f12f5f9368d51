// The edges players get: those bounding a square they know, a secret door drawn as a wall until
// found. What a stored edge becomes depends on that edge alone, and commands keep untouched edges
// as the same objects, so each map's edges are kept as flat arrays (the two squares' indices and
// the player-side edge) made from the last edge list of that map: a wall click re-makes the one
// edge it touched, not 5,000 (issue 29). Player-side edges are shared by every view (frozen), so a
// view patch finds the unchanged ones by identity (player-view-patch.ts).
import type { CampaignEdge } from '../campaign/schema'
import type { Cell } from '../rules/model'
import type { PlayerMapView } from './player-view-schema'
import { perMapCache } from './map-caches'

type PlayerEdge = PlayerMapView['edges'][number]

interface EdgeTable {
  edges: readonly CampaignEdge[]
  width: number
  height: number
  /** The squares each edge parts, as indices (-1: off the map). */
  from: Int32Array
  to: Int32Array
  shown: readonly PlayerEdge[]
}

const lastTables = perMapCache<EdgeTable>()

/** The player-side edges of `edges` that bound a square of `known` (1 = known). */
export function knownEdges(
  edges: readonly CampaignEdge[],
  width: number,
  height: number,
  known: Uint8Array,
  key: string,
): PlayerEdge[] {
  const table = tableOf(edges, width, height, key)
  const { from, to, shown } = table
  const isKnown = (i: number): boolean => {
    const a = from[i]
    const b = to[i]
    return (a >= 0 && known[a] === 1) || (b >= 0 && known[b] === 1)
  }
  // Counted first, so the list is allocated once at its length (a view per click; issue 29).
  let count = 0
  for (let i = 0; i < shown.length; i++) if (isKnown(i)) count++
  // (V8 gives a preallocated array of more than ~100,000 slots slow dictionary elements.)
  const out: PlayerEdge[] = count <= 65_536 ? new Array<PlayerEdge>(count) : []
  let n = 0
  for (let i = 0; i < shown.length; i++) if (isKnown(i)) out[n++] = shown[i]
  return out
}

function tableOf(
  edges: readonly CampaignEdge[],
  width: number,
  height: number,
  key: string,
): EdgeTable {
  const last = lastTables.get(key)
  if (last && last.edges === edges && last.width === width && last.height === height) return last
  const n = edges.length
  const from = new Int32Array(n)
  const to = new Int32Array(n)
  const shown: PlayerEdge[] = new Array<PlayerEdge>(n)
  // The common head and tail with the last list, by identity, are copied.
  let head = 0
  let tail = 0
  if (last && last.width === width && last.height === height) {
    const before = last.edges
    while (head < n && head < before.length && before[head] === edges[head]) head++
    while (
      tail < n - head &&
      tail < before.length - head &&
      before[before.length - 1 - tail] === edges[n - 1 - tail]
    )
      tail++
    from.set(last.from.subarray(0, head), 0)
    to.set(last.to.subarray(0, head), 0)
    from.set(last.from.subarray(before.length - tail), n - tail)
    to.set(last.to.subarray(before.length - tail), n - tail)
    for (let i = 0; i < head; i++) shown[i] = last.shown[i]
    for (let i = 0; i < tail; i++) shown[n - 1 - i] = last.shown[before.length - 1 - i]
  }
  const index = ([x, y]: readonly [number, number]): number =>
    x >= 0 && y >= 0 && x < width && y < height ? y * width + x : -1
  for (let i = head; i < n - tail; i++) {
    const edge = edges[i]
    from[i] = index(edge.between[0])
    to[i] = index(edge.between[1])
    shown[i] = playerEdge(edge)
  }
  const table = { edges, width, height, from, to, shown }
  lastTables.set(key, table)
  return table
}

/** A secret door is a wall to the players until found (revealed) or opened. */
function playerEdge(edge: CampaignEdge): PlayerEdge {
  const between: [Cell, Cell] = [
    Object.freeze([edge.between[0][0], edge.between[0][1]]) as Cell,
    Object.freeze([edge.between[1][0], edge.between[1][1]]) as Cell,
  ]
  Object.freeze(between)
  if (edge.kind === 'door' && edge.secret && !edge.revealed && edge.state !== 'open')
    return Object.freeze({ between, kind: 'wall' as const })
  // Whether a door is locked is the GM's to know: players see a closed door (issue 12.17).
  const state = edge.state === 'locked' ? 'closed' : edge.state
  return Object.freeze({
    between,
    kind: edge.kind,
    ...(edge.kind === 'door' && state ? { state } : {}),
  })
}
