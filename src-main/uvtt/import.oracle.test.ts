// The linear wall walk (geometry.ts EdgeWalker) gives the previous importer's edges, edge by edge:
// on the sample campaign's maps as exported, on Dungeondraft-like curved and diagonal walls, and on
// random files (fast-check) whose points favour grid lines and square centres, where touching is
// decided by the rule's tolerance. And its work grows with a wall's length, not its box's area.
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { campaignSchema } from '@core/campaign/schema'
import { exportUvtt } from '@core/uvtt/export'
import { clipSegment, EAST, EdgeWalker, edgeIndex, SOUTH, type Point } from '@core/uvtt/geometry'
import { longDiagonalWalls, seededRandom, uvttFile } from './hostile-files.testing'
import { importUvtt, uvttMap } from '@core/uvtt/import'
import { edgesCrossedBy, previousImporterEdges } from '@core/uvtt/previous-importer.testing'

type File = Parameters<typeof previousImporterEdges>[0]

function expectSameAsPrevious(file: File): void {
  const now = importUvtt(JSON.parse(JSON.stringify(file)))
  const edges = uvttMap(now).edges
  const before = previousImporterEdges(file)
  expect(edges.map(({ between, kind }) => ({ between, kind }))).toEqual(before.edges)
  expect(now.report.segmentsClipped).toBe(before.segmentsClipped)
}

const sample = campaignSchema.parse(
  JSON.parse(
    readFileSync(new URL('../../resources/sample-campaign.json', import.meta.url), 'utf8'),
  ),
)

/** A closed polyline around an ellipse, as Dungeondraft writes cave walls. */
function ellipse(cx: number, cy: number, rx: number, ry: number, points: number): Point[] {
  return Array.from({ length: points + 1 }, (_, i) => {
    const angle = (2 * Math.PI * i) / points
    return { x: cx + rx * Math.cos(angle), y: cy + ry * Math.sin(angle) }
  })
}

describe('the wall walk against the previous importer', () => {
  it.each(sample.maps.map((map) => [map.id, map] as const))(
    'gives the same edges for the sample map %s as exported',
    (_id, map) => {
      expectSameAsPrevious(exportUvtt(map) as unknown as File)
    },
  )

  it('gives the same edges for curved, diagonal, cropped walls and portals', () => {
    const random = seededRandom(7)
    const lines: Point[][] = [
      ellipse(20, 15, 9.3, 6.1, 64),
      ellipse(40.5, 30.5, 5, 5, 12),
      longDiagonalWalls(60, 40, 3)[0],
      ...longDiagonalWalls(60, 40, 5),
      // A wall that runs along the line through square centres, and one through corners.
      [
        { x: 0.5, y: 10.5 },
        { x: 59.5, y: 10.5 },
      ],
      [
        { x: 3, y: 3 },
        { x: 33, y: 33 },
      ],
      Array.from({ length: 30 }, () => ({ x: -5 + 70 * random(), y: -5 + 70 * random() })),
    ]
    expectSameAsPrevious({
      ...uvttFile(60, lines),
      resolution: {
        map_origin: { x: 2, y: -1 },
        map_size: { x: 58.5, y: 57 },
        pixels_per_grid: 70,
      },
      portals: [
        {
          bounds: [
            { x: 12, y: 9 },
            { x: 12, y: 11 },
          ],
          closed: true,
        },
        {
          bounds: [
            { x: 20.2, y: 20.7 },
            { x: 21.9, y: 22.1 },
          ],
          closed: false,
        },
      ],
    })
  })

  it('gives the same edges on random files (property)', () => {
    const size = fc.integer({ min: 1, max: 24 })
    // Grid lines, centres and their neighbourhood decide touching; plain doubles the rest.
    const coordinate = (max: number) =>
      fc.oneof(
        fc.integer({ min: -2, max: max + 2 }),
        fc.integer({ min: -4, max: 2 * max + 4 }).map((h) => h / 2),
        fc
          .tuple(fc.integer({ min: 0, max: max }), fc.constantFrom(1e-10, -1e-10, 1e-7, -1e-7))
          .map(([n, d]) => n + 0.5 + d),
        fc.double({ min: -3, max: max + 3, noNaN: true }),
      )
    const file = fc
      .record({ width: size, height: size, originX: coordinate(4), originY: coordinate(4) })
      .chain(({ width, height, originX, originY }) => {
        const point = fc.record({
          x: coordinate(width).map((x) => x + originX),
          y: coordinate(height).map((y) => y + originY),
        })
        return fc.record({
          format: fc.constant(0.3),
          resolution: fc.constant({
            map_origin: { x: originX, y: originY },
            map_size: { x: width, y: height },
            pixels_per_grid: 70,
          }),
          line_of_sight: fc.array(fc.array(point, { minLength: 1, maxLength: 6 }), {
            maxLength: 6,
          }),
          objects_line_of_sight: fc.array(fc.array(point, { minLength: 2, maxLength: 3 }), {
            maxLength: 2,
          }),
          portals: fc.array(fc.record({ bounds: fc.tuple(point, point), closed: fc.boolean() }), {
            maxLength: 3,
          }),
        })
      })
    fc.assert(
      fc.property(file, (f) => expectSameAsPrevious(f)),
      { numRuns: 1500 },
    )
  })

  it('gives the same edges for long walls along and just off the lines through centres (property)', () => {
    const size = 120
    const offsets = [0, 1e-12, -1e-12, 1e-10, -1e-10, 1e-9, -1e-9, 2e-9, -2e-9, 1e-7, -1.1e-6]
    const near = fc
      .tuple(
        fc.integer({ min: -2, max: size + 2 }),
        fc.constantFrom(0, 0.5),
        fc.constantFrom(...offsets),
      )
      .map(([k, half, offset]) => k + half + offset)
    const coordinate = fc.oneof(near, fc.double({ min: -2, max: size + 2, noNaN: true }))
    const segment = fc
      .tuple(
        fc.record({ x: coordinate, y: coordinate }),
        coordinate,
        fc.constantFrom(...offsets),
        fc.constantFrom('vertical', 'horizontal', 'any'),
        fc.record({ x: coordinate, y: coordinate }),
      )
      .map(([a, along, offset, shape, free]): [Point, Point] => [
        a,
        shape === 'vertical'
          ? { x: a.x + offset, y: along }
          : shape === 'horizontal'
            ? { x: along, y: a.y + offset }
            : free,
      ])
    fc.assert(
      fc.property(segment, (raw) => {
        const { segment: clipped } = clipSegment(raw, size, size)
        if (!clipped) return
        const walked: number[] = []
        new EdgeWalker(size, size).forEachEdge(clipped, (index) => walked.push(index))
        const before = edgesCrossedBy(clipped, size, size).map(([[x, y], [bx]]) =>
          edgeIndex(x, y, bx > x ? EAST : SOUTH, size),
        )
        expect(walked.sort((p, q) => p - q)).toEqual(before.sort((p, q) => p - q))
      }),
      { numRuns: 3000 },
    )
  })

  it('gives the same edges for long diagonal walls on a 300 × 300 map', () => {
    expectSameAsPrevious(uvttFile(300, longDiagonalWalls(300, 12, 11)))
  })

  it('tests a number of edges that grows with the wall, not with its box', () => {
    // A diagonal across a 1000 × 1000 map: about 2,000 edges blocked; the box has 2,000,000.
    const walker = new EdgeWalker(1000, 1000)
    const { segment } = clipSegment(
      [
        { x: 0.2, y: 0.7 },
        { x: 999.9, y: 998.6 },
      ],
      1000,
      1000,
    )
    let blocked = 0
    walker.forEachEdge(segment!, () => blocked++)
    expect(blocked).toBeGreaterThan(1900)
    expect(walker.tested).toBeLessThan(4 * blocked)
  })
})
