// Export as Universal VTT 0.3 and import it back: the same walls, doors (closed), windows, lights
// and ambient level (property test over random maps).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exportUvtt } from './export'
import { importUvtt, uvttMap } from './import'

type Between = [[number, number], [number, number]]

describe('Universal VTT export', () => {
  it('merges a straight wall into one polyline and writes doors and windows as portals', () => {
    const uvtt = exportUvtt({
      width: 4,
      height: 3,
      system: 'arianrhod',
      edges: [
        {
          between: [
            [1, 0],
            [2, 0],
          ],
          kind: 'wall',
        },
        {
          between: [
            [1, 1],
            [2, 1],
          ],
          kind: 'wall',
        },
        {
          between: [
            [1, 2],
            [2, 2],
          ],
          kind: 'door',
        },
        {
          between: [
            [0, 0],
            [0, 1],
          ],
          kind: 'window',
        },
      ],
      light: { ambient: 3, sources: [{ at: [0, 2], level: 6, radius: 4 }] },
    })
    expect(uvtt.line_of_sight).toEqual([
      [
        { x: 2, y: 0 },
        { x: 2, y: 2 },
      ],
    ])
    expect((uvtt.portals as Array<{ closed: boolean }>).map((p) => p.closed)).toEqual([true, false])
    expect(uvtt.lights).toEqual([
      { position: { x: 0.5, y: 2.5 }, range: 2, intensity: 1, color: 'ffffffff', shadows: true },
    ])
  })

  it('gives the same map back when imported (property)', () => {
    const edge = (width: number, height: number) =>
      fc
        .tuple(
          fc.integer({ min: 0, max: width - 1 }),
          fc.integer({ min: 0, max: height - 1 }),
          fc.boolean(),
          fc.constantFrom('wall', 'door', 'window'),
        )
        .filter(([x, y, east]) => (east ? x + 1 < width : y + 1 < height))
        .map(([x, y, east, kind]) => ({
          between: [[x, y], east ? [x + 1, y] : [x, y + 1]] as Between,
          kind,
        }))
    const arbitraryMap = fc
      .record({
        width: fc.integer({ min: 2, max: 12 }),
        height: fc.integer({ min: 2, max: 12 }),
        system: fc.constantFrom('arianrhod' as const, 'pathfinder' as const),
      })
      .chain(({ width, height, system }) =>
        fc.record({
          width: fc.constant(width),
          height: fc.constant(height),
          system: fc.constant(system),
          edges: fc.uniqueArray(edge(width, height), {
            selector: (e) => JSON.stringify(e.between),
            maxLength: 30,
          }),
          ambient:
            system === 'arianrhod'
              ? fc.integer({ min: 0, max: 6 })
              : fc.integer({ min: 0, max: 3 }),
          sources: fc.array(
            fc.record({
              at: fc.tuple(
                fc.integer({ min: 0, max: width - 1 }),
                fc.integer({ min: 0, max: height - 1 }),
              ),
              level:
                system === 'arianrhod' ? fc.integer({ min: 1, max: 6 }) : fc.constantFrom(1, 2),
              radius: fc
                .integer({ min: 0, max: 10 })
                .map((squares) => squares * (system === 'arianrhod' ? 2 : 5)),
            }),
            { maxLength: 4 },
          ),
        }),
      )
    fc.assert(
      fc.property(arbitraryMap, (map) => {
        const exported = exportUvtt({
          ...map,
          light: { ambient: map.ambient, sources: map.sources },
        })
        const back = uvttMap(importUvtt(JSON.parse(JSON.stringify(exported)), map.system))
        const key = (e: { between: Between; kind: string }) =>
          `${e.between[0]}|${e.between[1]}:${e.kind}`
        expect(back.edges.map(key).sort()).toEqual(map.edges.map(key).sort())
        expect(back.light.ambient).toBe(map.ambient)
        expect(back.light.sources).toEqual(
          map.sources.map((s) => ({ at: s.at, level: s.level, radius: s.radius })),
        )
        expect([back.width, back.height]).toEqual([map.width, map.height])
      }),
      { numRuns: 300 },
    )
  }, 60_000)
})
