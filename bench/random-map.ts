// Seeded pieces shared by the browser benchmarks, so every run draws the same map.
import type { CampaignMap } from '@core/campaign/schema'
import type { Cell } from '@core/rules/model'

type Edge = CampaignMap['edges'][number]

/** A small linear congruential generator: deterministic, fast, good enough for test maps. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/**
 * `count` distinct edges between orthogonal neighbours of a `side` × `side` map; `partition`
 * turns one roll (and the generator, for further draws) into the edge's kind and state.
 */
export function randomEdges(
  rand: () => number,
  side: number,
  count: number,
  partition: (roll: number, rand: () => number) => Omit<Edge, 'between'>,
): Edge[] {
  const seen = new Set<string>()
  const edges: Edge[] = []
  while (edges.length < count) {
    const x = Math.floor(rand() * (side - 1))
    const y = Math.floor(rand() * (side - 1))
    const between: [Cell, Cell] =
      rand() < 0.5
        ? [
            [x, y],
            [x + 1, y],
          ]
        : [
            [x, y],
            [x, y + 1],
          ]
    const key = between.flat().join(',')
    if (seen.has(key)) continue
    seen.add(key)
    edges.push({ between, ...partition(rand(), rand) })
  }
  return edges
}
