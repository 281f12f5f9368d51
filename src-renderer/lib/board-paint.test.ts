// Opening a big map paints its whole static layer once (issue 29): the work must follow what the
// map holds, not its area. A walls-only 200×200 map (an imported one, the bench's) read each of
// its 40,000 squares twice per paint and once more to find the elevation range.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeMap } from '@core/campaign/test-helpers'
import type { CampaignMap } from '@core/campaign/schema'
import { buildRaster, type MapRaster } from './board-raster'
import { paintBoard, type PaintOptions } from './board-paint'

/** A 2D context that takes every call and draws nothing. */
function nullContext(width: number, height: number): CanvasRenderingContext2D {
  const canvas = { width, height }
  return new Proxy({ canvas } as unknown as CanvasRenderingContext2D, {
    get: (target, key) => (key === 'canvas' ? canvas : ((target as never)[key] ?? (() => {}))),
    set: (target, key, value) => (((target as never)[key] = value as never), true),
  })
}

/** Counts the reads of a typed array's squares by index. */
function counting<T extends Uint8Array | Float32Array>(
  array: T,
): { array: T; reads: () => number } {
  let reads = 0
  const proxy = new Proxy(array, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { array: proxy, reads: () => reads }
}

function options(width: number, height: number): PaintOptions {
  // Zoomed out so the whole map is on screen, as a big map opens (fitted).
  return {
    view: { x: 0, y: 0, zoom: 0.1 },
    width,
    height,
    dpr: 1,
    elevationNumbers: true,
    lightLevels: null,
    lightTop: 4,
    showSecrets: true,
  }
}

function squareReads(raster: MapRaster): number {
  const terrain = counting(raster.terrain)
  const elevation = counting(raster.elevation)
  const blockade = counting(raster.blockade)
  Object.assign(raster, {
    terrain: terrain.array,
    elevation: elevation.array,
    blockade: blockade.array,
  })
  paintBoard(nullContext(800, 800), raster, options(800, 800))
  return terrain.reads() + elevation.reads() + blockade.reads()
}

const bigWallsOnly = (): CampaignMap =>
  makeMap({
    width: 200,
    height: 200,
    cells: [],
    edges: Array.from({ length: 50 }, (_, i) => ({
      between: [
        [i, 10],
        [i + 1, 10],
      ],
      kind: 'wall',
    })),
  } as Partial<CampaignMap>)

describe('painting a big map (issue 29: the cost follows what the map holds)', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'Path2D',
      class {
        rect(): void {}
        moveTo(): void {}
        lineTo(): void {}
      },
    )
  })
  afterEach(() => vi.unstubAllGlobals())

  it('reads no square of a map without cells', () => {
    expect(squareReads(buildRaster(bigWallsOnly()))).toBe(0)
  })

  it('reads only the rows a cell or a deploy mark is in', () => {
    const map = {
      ...bigWallsOnly(),
      cells: [
        { at: [3, 7], terrain: 'pit' },
        { at: [150, 7], elevation: 2 },
        { at: [9, 120], blockade: true },
      ],
      deploy: { party: [[4, 40]] },
    } as CampaignMap
    // Each of the three rows read once per pass over the squares (terrain and height, then
    // marks, then height numbers): never the other 197 rows.
    expect(squareReads(buildRaster(map))).toBeLessThanOrEqual(3 * 200 * 5)
    expect(squareReads(buildRaster(map))).toBeGreaterThan(0)
  })

  it('finds the elevation range from the cells, without walking every square', () => {
    const typedArray = Object.getPrototypeOf(Float32Array.prototype) as Float32Array
    const walk = vi.spyOn(typedArray, Symbol.iterator)
    const raster = buildRaster({
      ...bigWallsOnly(),
      cells: [
        { at: [1, 1], elevation: -3 },
        { at: [2, 1], elevation: 5 },
        { at: [2, 1], elevation: 4 },
      ],
    } as CampaignMap)
    expect(walk).not.toHaveBeenCalled()
    walk.mockRestore()
    // The later of two cells on one square is the one that counts.
    expect([raster.minElevation, raster.maxElevation]).toEqual([-3, 4])
  })
})
