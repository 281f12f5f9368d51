// The player view panel's secret doors follow a wall click without reading the map's other edges
// (issue 29), and always equal a plain filter of the list.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CampaignEdge } from '@core/campaign/schema'
import { SecretDoors } from './secret-doors'

const edge = (x: number, kind: CampaignEdge['kind'], secret = false): CampaignEdge => ({
  between: [
    [x, 0],
    [x + 1, 0],
  ],
  kind,
  ...(kind === 'door' ? { state: 'closed' as const, ...(secret ? { secret } : {}) } : {}),
})
const plain = (edges: readonly CampaignEdge[]) =>
  edges.filter((e) => e.kind === 'door' && e.secret === true)

describe('SecretDoors', () => {
  it('reads only the edges an edit put in, on a map of many walls', () => {
    const read = new Set<object>()
    const counted = (e: CampaignEdge) =>
      new Proxy(e, {
        get: (target, key, receiver) => {
          read.add(target)
          return Reflect.get(target, key, receiver) as unknown
        },
      })
    const edges = Array.from({ length: 2000 }, (_, i) =>
      counted(edge(i, i % 100 === 7 ? 'door' : 'wall', i % 200 === 7)),
    )
    const doors = new SecretDoors()
    expect(doors.of(edges)).toEqual(plain(edges))
    read.clear()
    const added = counted(edge(5000, 'door', true))
    const next = [...edges.slice(0, 900), added, ...edges.slice(901)]
    const found = doors.of(next)
    expect([...read]).toEqual([edge(5000, 'door', true)])
    expect(found).toEqual(plain(next))
  })

  it('equals a plain filter after any run of edits', () => {
    const kinds = fc.constantFrom<CampaignEdge['kind']>('wall', 'door', 'window')
    const edit = fc.record({
      at: fc.nat(40),
      remove: fc.nat(3),
      add: fc.array(fc.tuple(kinds, fc.boolean()), { maxLength: 3 }),
    })
    fc.assert(
      fc.property(
        fc.array(fc.tuple(kinds, fc.boolean()), { maxLength: 40 }),
        fc.array(edit),
        (start, edits) => {
          let edges = start.map(([kind, secret], i) => edge(i, kind, secret))
          const doors = new SecretDoors()
          expect(doors.of(edges)).toEqual(plain(edges))
          edits.forEach(({ at, remove, add }, n) => {
            const from = Math.min(at, edges.length)
            edges = [
              ...edges.slice(0, from),
              ...add.map(([kind, secret], j) => edge(1000 + n * 10 + j, kind, secret)),
              ...edges.slice(from + remove),
            ]
            expect(doors.of(edges)).toEqual(plain(edges))
          })
        },
      ),
    )
  })
})
