// Universal VTT import: the wall rule (an edge is a wall exactly when the segment between the two
// squares' centres crosses a wall polyline), portals, lights, cropping, image size, and errors.
import { describe, expect, it } from 'vitest'
import { importUvtt, UvttError, uvttMap } from './import'
import { imageSize } from './image'

/** A real 140 × 70 PNG (two squares of 70 px). */
const PNG_140x70 =
  'iVBORw0KGgoAAAANSUhEUgAAAIwAAABGCAIAAACR0eu7AAAAM0lEQVR4nO3BMQEAAADCoPVPbQdvoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAADgNXMeAAFg6wjVAAAAAElFTkSuQmCC'

const base = (extra: Record<string, unknown> = {}) => ({
  format: 0.3,
  resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: 6, y: 5 }, pixels_per_grid: 70 },
  line_of_sight: [],
  portals: [],
  lights: [],
  ...extra,
})
const edges = (raw: unknown) =>
  uvttMap(importUvtt(raw)).edges.map((e) => `${e.between[0]}|${e.between[1]}:${e.kind}`)

describe('Universal VTT import', () => {
  it('turns a wall along a grid line into the edges it separates', () => {
    const result = importUvtt(
      base({
        line_of_sight: [
          [
            { x: 3, y: 1 },
            { x: 3, y: 4 },
          ],
        ],
      }),
    )
    expect(uvttMap(result).edges.map((e) => e.between)).toEqual([
      [
        [2, 1],
        [3, 1],
      ],
      [
        [2, 2],
        [3, 2],
      ],
      [
        [2, 3],
        [3, 3],
      ],
    ])
    expect(result.report).toMatchObject({ walls: 3, doors: 0, windows: 0, segmentsClipped: 0 })
    expect(uvttMap(result)).toMatchObject({ width: 6, height: 5, cells: [] })
  })

  it('turns a diagonal wall into the staircase of edges whose centre segments it crosses', () => {
    // From (1, 0.2) to (3.8, 3): it crosses the centre segments around the squares it passes.
    // The wall is y = 0.2 + (x − 1): at y = 0.5 it is at x = 1.3 (between the centres 0.5 and 1.5),
    // at y = 1.5 at x = 2.3, at y = 2.5 at x = 3.3; at x = 1.5 it is at y = 0.7, at 2.5 at 1.7, at 3.5 at 2.7.
    expect(
      edges(
        base({
          line_of_sight: [
            [
              { x: 1, y: 0.2 },
              { x: 3.8, y: 3 },
            ],
          ],
        }),
      ),
    ).toEqual([
      '0,0|1,0:wall',
      '1,0|1,1:wall',
      '1,1|2,1:wall',
      '2,1|2,2:wall',
      '2,2|3,2:wall',
      '3,2|3,3:wall',
    ])
  })

  it('makes closed portals doors and open ones windows, over the wall they sit in', () => {
    const walls = [
      [
        { x: 3, y: 0 },
        { x: 3, y: 5 },
      ],
    ]
    const portals = [
      {
        position: { x: 3, y: 1.5 },
        bounds: [
          { x: 3, y: 1 },
          { x: 3, y: 2 },
        ],
        rotation: 1.5708,
        closed: true,
      },
      {
        position: { x: 3, y: 3.5 },
        bounds: [
          { x: 3, y: 3 },
          { x: 3, y: 4 },
        ],
        rotation: 1.5708,
        closed: false,
      },
    ]
    const result = importUvtt(base({ line_of_sight: walls, portals }))
    expect(uvttMap(result).edges).toEqual([
      {
        between: [
          [2, 0],
          [3, 0],
        ],
        kind: 'wall',
      },
      {
        between: [
          [2, 1],
          [3, 1],
        ],
        kind: 'door',
        state: 'closed',
      },
      {
        between: [
          [2, 2],
          [3, 2],
        ],
        kind: 'wall',
      },
      {
        between: [
          [2, 3],
          [3, 3],
        ],
        kind: 'window',
      },
      {
        between: [
          [2, 4],
          [3, 4],
        ],
        kind: 'wall',
      },
    ])
    expect(result.report).toMatchObject({ walls: 3, doors: 1, windows: 1 })
  })

  it("keeps a cropped export in the full map's frame and clips walls outside the crop", () => {
    const result = importUvtt(
      base({
        resolution: { map_origin: { x: 10, y: 0 }, map_size: { x: 4, y: 4 }, pixels_per_grid: 70 },
        line_of_sight: [
          [
            { x: 12, y: 0 },
            { x: 12, y: 2 },
          ],
          [
            { x: 2, y: 0 },
            { x: 2, y: 4 },
          ],
          [
            { x: 8, y: 1 },
            { x: 13, y: 1 },
          ],
        ],
      }),
    )
    // x = 12 is local x = 2 (two squares); the wall at x = 2 lies outside; the one along y = 1
    // from x = 8 starts outside the crop and is cut at its west side.
    expect(
      uvttMap(result)
        .edges.map((e) => `${e.between[0]}|${e.between[1]}`)
        .sort(),
    ).toEqual(['0,0|0,1', '1,0|1,1', '1,0|2,0', '1,1|2,1', '2,0|2,1'])
    expect(result.report.segmentsClipped).toBe(2)
  })

  it("converts lights (range in squares) and the ambient light into the system's units", () => {
    const raw = base({
      lights: [
        { position: { x: 2.5, y: 1.5 }, range: 4, intensity: 1, color: 'ffffcc88', shadows: true },
      ],
      environment: { baked_lighting: false, ambient_light: 'ff000000' },
    })
    expect(importUvtt(raw, 'arianrhod').light).toEqual({
      ambient: 0,
      sources: [{ at: [2, 1], level: 6, radius: 8 }],
    })
    expect(importUvtt(raw, 'pathfinder').light).toEqual({
      ambient: 0,
      sources: [{ at: [2, 1], level: 2, radius: 20 }],
    })
  })

  it('reads the image size from a PNG or WebP header', () => {
    expect(importUvtt(base({ image: PNG_140x70 })).report).toMatchObject({
      imageWidth: 140,
      imageHeight: 70,
    })
    // A VP8X (extended WebP) header for 420 × 350.
    const webp = new Uint8Array(30)
    webp.set(
      [...'RIFF'].map((c) => c.charCodeAt(0)),
      0,
    )
    webp.set(
      [...'WEBPVP8X'].map((c) => c.charCodeAt(0)),
      8,
    )
    webp.set([419 & 255, 419 >> 8, 0, 349 & 255, 349 >> 8, 0], 24)
    expect(imageSize(btoa(String.fromCharCode(...webp)))).toEqual({ width: 420, height: 350 })
  })

  it('refuses broken files with a code and a JSON pointer, never a half map', () => {
    const attempt = (raw: unknown) => {
      try {
        importUvtt(raw)
        return null
      } catch (error) {
        return error instanceof UvttError ? { code: error.code, path: error.path } : String(error)
      }
    }
    expect(attempt(base({ format: 1.0 }))).toEqual({ code: 'unsupported-format', path: '/format' })
    expect(
      attempt({ ...base(), resolution: { map_size: { x: 'six', y: 5 }, pixels_per_grid: 70 } }),
    ).toEqual({ code: 'invalid-uvtt', path: '/resolution/map_size/x' })
    expect(attempt(base({ image: 'bm90IGFuIGltYWdlIGF0IGFsbA==' }))).toEqual({
      code: 'image-undecodable',
      path: '/image',
    })
    expect(
      attempt(base({ resolution: { map_size: { x: 5000, y: 5 }, pixels_per_grid: 70 } })),
    ).toMatchObject({ code: 'map-too-large' })
    expect(attempt('nope')).toMatchObject({ code: 'invalid-uvtt' })
  })
})
