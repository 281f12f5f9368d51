// The importer's limits (limits.ts), on generated hostile files: each is refused with its own code
// and a JSON pointer, whatever runs the importer (the CLI, the dialog's preview, the import), and
// anything it accepts becomes a map the campaign accepts: the same checks the map.add command and
// the campaign loader make.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { campaignMapSchema, commandSchema } from '@core/campaign/schema'
import {
  campaignMapOf,
  checkFitsCampaign,
  prettyLength,
  savedMapBytes,
} from '@core/uvtt/campaign-map'
import { runUvttJob } from '@core/uvtt/import-job'
import { UVTT_ERROR_CODES, UvttError } from '@core/uvtt/errors'
import { longDiagonalWalls, uvttFile } from './hostile-files.testing'
import { importUvtt, uvttMap, uvttMapJson } from '@core/uvtt/import'
import { UVTT_LIMITS } from '@core/uvtt/limits'

const refusal = (raw: unknown) => {
  try {
    importUvtt(raw)
    return null
  } catch (error) {
    if (error instanceof UvttError) return { code: error.code, path: error.path }
    throw error
  }
}

const line = (points: number) =>
  Array.from({ length: points }, (_, i) => ({ x: (i % 20) / 2, y: Math.floor(i / 20) % 10 }))

describe('Universal VTT limits', () => {
  it('refuses a wall line over 10,000 points, and takes one of exactly 10,000', () => {
    const limit = UVTT_LIMITS.wallLinePoints
    expect(limit).toBe(10_000)
    expect(refusal(uvttFile(10, [line(limit)]))).toBeNull()
    expect(refusal(uvttFile(10, [line(2), line(limit + 1)]))).toEqual({
      code: 'wall-line-too-long',
      path: '/line_of_sight/1',
    })
  })

  it('refuses over 100,000 wall lines, counting both kinds of wall', () => {
    const one = [{ x: 1, y: 1 }]
    const many = (n: number) => Array.from({ length: n }, () => one)
    expect(
      refusal({ ...uvttFile(5, many(60_000)), objects_line_of_sight: many(40_000) }),
    ).toBeNull()
    expect(refusal({ ...uvttFile(5, many(60_000)), objects_line_of_sight: many(40_001) })).toEqual({
      code: 'too-many-wall-lines',
      path: '/objects_line_of_sight/40000',
    })
  })

  it('refuses a light range that would make an infinite radius, and keeps a large finite one', () => {
    const light = (range: number) => ({
      lights: [{ position: { x: 1.5, y: 1.5 }, range, intensity: 1 }],
    })
    expect(refusal(uvttFile(5, [], light(1e308)))).toEqual({
      code: 'light-range-too-large',
      path: '/lights/0/range',
    })
    const kept = importUvtt(uvttFile(5, [], light(UVTT_LIMITS.lightRange)), 'pathfinder')
    expect(kept.light.sources[0].radius).toBe(UVTT_LIMITS.lightRange * 5)
  })

  it('refuses coordinates that could overflow: wall points, portals, lights and the origin', () => {
    const far = 1e308
    expect(
      refusal(
        uvttFile(5, [
          [
            { x: 1, y: 1 },
            { x: far, y: 1 },
          ],
        ]),
      ),
    ).toEqual({
      code: 'coordinate-out-of-range',
      path: '/line_of_sight/0/1/x',
    })
    const origin = uvttFile(5, [])
    origin.resolution = { ...origin.resolution, map_origin: { x: -far, y: 0 } }
    expect(refusal(origin)).toMatchObject({ code: 'coordinate-out-of-range' })
    expect(
      refusal(
        uvttFile(5, [], {
          portals: [
            {
              bounds: [
                { x: 1, y: 1 },
                { x: 1, y: -far },
              ],
              closed: true,
            },
          ],
        }),
      ),
    ).toEqual({ code: 'coordinate-out-of-range', path: '/portals/0/bounds/1/y' })
    expect(
      refusal(uvttFile(5, [], { lights: [{ position: { x: far, y: 1 }, range: 2 }] })),
    ).toEqual({ code: 'coordinate-out-of-range', path: '/lights/0/position/x' })
  })

  it("refuses a picture's pixels per square outside the map picture's range", () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAIwAAABGCAIAAACR0eu7AAAAM0lEQVR4nO3BMQEAAADCoPVPbQdvoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAADgNXMeAAFg6wjVAAAAAElFTkSuQmCC'
    const file = (perGrid: number, image?: string) => {
      const f = uvttFile(2, [], image ? { image } : {})
      f.resolution = { ...f.resolution, pixels_per_grid: perGrid }
      return f
    }
    expect(refusal(file(0.5, png))).toEqual({
      code: 'pixels-per-grid-out-of-range',
      path: '/resolution/pixels_per_grid',
    })
    expect(refusal(file(20_000, png))).toMatchObject({ code: 'pixels-per-grid-out-of-range' })
    // Without a picture the scale means nothing and is not checked.
    expect(refusal(file(0.5))).toBeNull()
  })

  it('refuses a map too big for a campaign file the app can open again', () => {
    const dense = uvttFile(1000, longDiagonalWalls(1000, 400))
    const imported = importUvtt(dense)
    expect(savedMapBytes(imported)).toBeGreaterThan(UVTT_LIMITS.savedMapBytes)
    expect(() => checkFitsCampaign(imported)).toThrow(
      expect.objectContaining({ code: 'map-too-detailed' }),
    )
    checkFitsCampaign(importUvtt(uvttFile(1000, longDiagonalWalls(1000, 20))))
  })

  it('counts the bytes the campaign file writes for the map', () => {
    const imported = importUvtt({
      ...uvttFile(120, longDiagonalWalls(120, 8), {
        portals: [
          {
            bounds: [
              { x: 3, y: 1 },
              { x: 3, y: 2 },
            ],
            closed: true,
          },
        ],
        lights: [{ position: { x: 2.5, y: 1.5 }, range: 4 }],
      }),
      objects_line_of_sight: [line(30)],
    })
    const { edges, light } = uvttMap(imported)
    const written = (maps: unknown) => JSON.stringify({ maps: [maps] }, null, 2).length
    const empty = written({ light: 0, edges: 0, wallLines: 0 }) - 3
    const { wallLines } = campaignMapOf(imported, { name: 'm', system: 'arianrhod' })
    const full = written({ light, edges, wallLines })
    // Within a few bytes of the list brackets, which the estimate counts per edge instead.
    expect(Math.abs(savedMapBytes(imported) - (full - empty))).toBeLessThan(16)
  })

  it('measures pretty JSON exactly (property)', () => {
    const json = fc.jsonValue({ maxDepth: 4 }).filter((v) => !Object.is(v, -0))
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 5 }), (value, depth) => {
        const text = JSON.stringify(value, null, 2)
        const lines = text.split('\n').length - 1
        expect(prettyLength(value, depth)).toBe(text.length + lines * 2 * depth)
      }),
      { numRuns: 500 },
    )
  })

  it('prints the map as JSON without building its edges first, byte for byte', () => {
    const imported = importUvtt(
      uvttFile(300, longDiagonalWalls(300, 30), {
        portals: [
          {
            bounds: [
              { x: 3, y: 1 },
              { x: 3, y: 2 },
            ],
            closed: true,
          },
          {
            bounds: [
              { x: 5, y: 1 },
              { x: 5, y: 2 },
            ],
            closed: false,
          },
        ],
        lights: [{ position: { x: 2.5, y: 1.5 }, range: 4 }],
      }),
    )
    expect(new TextDecoder().decode(uvttMapJson(imported))).toBe(JSON.stringify(uvttMap(imported)))
  })

  it('makes maps the campaign accepts from any file it accepts (property)', () => {
    // Mostly ordinary values, with the hostile ones often enough to meet in every run.
    const number = fc.oneof(
      { arbitrary: fc.double({ min: -20, max: 40, noNaN: true }), weight: 30 },
      { arbitrary: fc.constantFrom(1e6, -1e6, 1e6 + 1, 1e308, -1e308, 5e-324, 0), weight: 1 },
    )
    const point = fc.record({ x: number, y: number })
    const file = fc.record({
      format: fc.constantFrom(0.2, 0.3),
      resolution: fc.record({
        map_origin: point,
        map_size: fc.record({
          x: fc.double({ min: 0.5, max: 30, noNaN: true }),
          y: fc.constant(20),
        }),
        pixels_per_grid: fc.constantFrom(70, 0.5, 20_000),
      }),
      line_of_sight: fc.array(fc.array(point, { maxLength: 5 }), { maxLength: 4 }),
      portals: fc.array(fc.record({ bounds: fc.tuple(point, point), closed: fc.boolean() }), {
        maxLength: 2,
      }),
      lights: fc.array(
        fc.record({
          position: point,
          range: fc.oneof(
            fc.double({ min: 0, max: 20, noNaN: true }),
            fc.constantFrom(1e4, 1e4 + 1, 1e308),
          ),
          intensity: fc.oneof(fc.double({ min: 0, max: 2, noNaN: true }), fc.constant(1e308)),
        }),
        { maxLength: 3 },
      ),
      environment: fc.record({ ambient_light: fc.constantFrom('ff404040', 'ffffffff', 'nothex') }),
    })
    let accepted = 0
    fc.assert(
      fc.property(file, (raw) => {
        // The import job itself, as the worker runs it: a refusal is one of the importer's codes,
        // never a schema error, and what it accepts the map.add command accepts.
        const result = runUvttJob({
          json: JSON.stringify(raw),
          system: 'arianrhod',
          dryRun: false,
          name: 'Imported',
        })
        if (!result.ok) {
          expect(UVTT_ERROR_CODES).toContain(result.error.code)
          return
        }
        accepted++
        const map = result.answer.map
        expect(campaignMapSchema.safeParse(map).success).toBe(true)
        expect(commandSchema.safeParse({ type: 'map.add', map }).success).toBe(true)
      }),
      { numRuns: 400 },
    )
    expect(accepted).toBeGreaterThan(100)
  })
})
