// Pictures are checked before they are kept (issues 26 and 27): every hostile input of the issues,
// made in memory, is refused with its code and leaves nothing in the assets folder; the budget is
// stated per use and per type; good pictures of every type still go in.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import jpeg from 'jpeg-js'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cellColourPicture } from './art-fixtures'
import { AssetStore } from './assets'
import {
  htmlAfterPngEnd,
  htmlBehindPngHeader,
  jpegClaiming30000Squared,
  jpegWithFrame,
  onePixelPngInflatingTo2GB,
  png16384Squared,
  pngClaiming60000Squared,
  pngHeaderWithoutData,
  pngInflatingTo6GB,
  pngWith,
  tinyWebpClaiming16384Squared,
  zlibZeros,
} from './hostile-pictures'
import { pictureHeader, type PictureHeader } from '@core/art/image-info'
import { checkPictureBudget, PICTURE_LIMITS } from '@core/art/picture-budget'
import { sharedPictureDecoder } from './picture-decoder'
import { encodeWebp } from './webp-fixtures'

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'picture-checks-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})
afterAll(async () => {
  await sharedPictureDecoder().dispose()
})

async function assetFiles(): Promise<string[]> {
  return readdir(path.join(dataDir, 'assets')).catch(() => [])
}

describe('hostile pictures from the issues are refused from their headers or as they decode', () => {
  const cases: Array<[string, () => Uint8Array, string]> = [
    ['a 2 MB PNG of 1 × 1 px inflating to 2 GB', onePixelPngInflatingTo2GB, 'asset-undecodable'],
    ['a 1 MB PNG of 16,384 × 16,384 px', png16384Squared, 'asset-too-many-pixels'],
    ['a 437 KB PNG claiming 60,000 × 60,000', pngClaiming60000Squared, 'asset-too-many-pixels'],
    ['a PNG header with no valid data', pngHeaderWithoutData, 'asset-undecodable'],
    ['HTML behind a PNG header', htmlBehindPngHeader, 'asset-undecodable'],
    ['a whole PNG with an HTML page after its end', htmlAfterPngEnd, 'asset-undecodable'],
    ['a 34-byte WebP claiming 16,384²', tinyWebpClaiming16384Squared, 'asset-too-many-pixels'],
    ['a 1 MB JPEG claiming 30,000²', jpegClaiming30000Squared, 'asset-too-many-pixels'],
    ['a 6.25 MB PNG inflating to 6.4 GB', pngInflatingTo6GB, 'asset-undecodable'],
  ]
  for (const [what, make, code] of cases) {
    it(`${what}: ${code}, nothing written`, async () => {
      const bytes = make()
      const store = new AssetStore(dataDir)
      await expect(store.put(bytes)).rejects.toMatchObject({ code })
      // Through base64 too, as the page sends it (decoded on the worker).
      await expect(store.put(Buffer.from(bytes).toString('base64'))).rejects.toMatchObject({ code })
      expect(await assetFiles()).toEqual([])
    }, 60_000)
  }

  it('the sizes are what the issues describe', () => {
    expect(onePixelPngInflatingTo2GB().length).toBeLessThan(2.5e6)
    expect(pngInflatingTo6GB().length).toBeLessThan(6.6e6)
    expect(png16384Squared().length).toBeLessThan(1.1e6)
    expect(tinyWebpClaiming16384Squared().length).toBe(34)
    expect(pictureHeader(tinyWebpClaiming16384Squared())).toMatchObject({
      width: 16_384,
      height: 16_384,
    })
  })

  it('a bomb stops at the first chunk past the size its header implies', async () => {
    const store = new AssetStore(dataDir)
    await expect(store.put(onePixelPngInflatingTo2GB())).rejects.toThrow(
      /inflates to more than the 5 bytes a 1 × 1 picture holds/,
    )
  })
})

describe('the picture budget (per use, per type)', () => {
  const header = (type: 'png' | 'jpeg' | 'webp', width: number, height: number): PictureHeader =>
    type === 'png'
      ? { type, width, height, depth: 8, colourType: 6, interlaced: false }
      : type === 'jpeg'
        ? {
            type,
            width,
            height,
            components: [1, 2, 3].map(() => ({ h: 1, v: 1 })),
            progressive: false,
          }
        : { type, width, height, lossless: true }
  const code = (h: PictureHeader, use: 'map' | 'token' = 'map'): string | null => {
    try {
      checkPictureBudget(h, 1000, use)
      return null
    } catch (error) {
      return (error as { code: string }).code
    }
  }

  it('states 16,384 a side and 100 million pixels for map pictures, 4,096 a side for tokens', () => {
    expect(PICTURE_LIMITS.map).toMatchObject({ maxSide: 16_384, maxPixels: 100_000_000 })
    expect(PICTURE_LIMITS.token).toMatchObject({ maxSide: 4_096 })
    expect(code(header('png', 16_384, 6_000))).toBeNull()
    expect(code(header('png', 16_385, 10))).toBe('asset-too-many-pixels')
    expect(code(header('png', 10_001, 10_000))).toBe('asset-too-many-pixels')
    expect(code(header('png', 4_096, 4_096), 'token')).toBeNull()
    expect(code(header('png', 4_097, 10), 'token')).toBe('asset-too-many-pixels')
  })

  it('caps each type by the memory its decoder needs: PNG up to 100 MP, JPEG and WebP fewer', () => {
    expect(code(header('png', 10_000, 10_000))).toBeNull()
    expect(
      code({
        type: 'png',
        width: 10_000,
        height: 10_000,
        depth: 16,
        colourType: 6,
        interlaced: false,
      }),
    ).toBe('asset-over-memory')
    expect(code(header('jpeg', 4_800, 4_800))).toBeNull()
    expect(code(header('jpeg', 9_000, 9_000))).toBe('asset-over-memory')
    expect(code(header('webp', 8_000, 8_000))).toBeNull()
    expect(code(header('webp', 9_500, 9_500))).toBe('asset-over-memory')
    // The largest square picture of each type, as the README states them.
    const largest = (make: (side: number) => PictureHeader): number => {
      let low = 1
      let high = PICTURE_LIMITS.map.maxSide + 1
      while (high - low > 1) {
        const side = Math.floor((low + high) / 2)
        if (code(make(side)) === null) low = side
        else high = side
      }
      return low
    }
    const sides = {
      pngRgba8: largest((s) => header('png', s, s)),
      pngRgba16: largest((s) => ({ ...header('png', s, s), depth: 16 }) as PictureHeader),
      jpeg444: largest((s) => header('jpeg', s, s)),
      jpeg420: largest(
        (s) =>
          ({
            ...header('jpeg', s, s),
            components: [
              { h: 2, v: 2 },
              { h: 1, v: 1 },
              { h: 1, v: 1 },
            ],
          }) as PictureHeader,
      ),
      webpLossless: largest((s) => header('webp', s, s)),
      webpLossy: largest((s) => ({ ...header('webp', s, s), lossless: false }) as PictureHeader),
    }
    expect(sides).toEqual({
      pngRgba8: 10_000,
      pngRgba16: 9_158,
      jpeg444: 4_992,
      jpeg420: 6_544,
      webpLossless: 9_158,
      webpLossy: 10_000,
    })
  })

  it('a JPEG within the pixel budget but over the memory budget is refused before decoding', async () => {
    const store = new AssetStore(dataDir)
    await expect(store.put(jpegWithFrame(9_000, 9_000, 4096))).rejects.toMatchObject({
      code: 'asset-over-memory',
    })
    expect(await assetFiles()).toEqual([])
  })

  it('a token picture is held to the token budget', async () => {
    const store = new AssetStore(dataDir)
    const big = pngWith(5_000, 10, zlibZeros(1))
    await expect(store.put(big, 'token')).rejects.toMatchObject({ code: 'asset-too-many-pixels' })
    await expect(store.put(new Uint8Array(9 * 1024 * 1024), 'token')).rejects.toMatchObject({
      code: 'asset-too-large',
    })
  })
})

describe('good pictures of every type are kept', () => {
  it('PNG, JPEG and WebP (lossy and lossless) decode in full and are stored', async () => {
    const store = new AssetStore(dataDir)
    const { png, width, height } = cellColourPicture(6, 4, 10)
    const rgba = new Uint8Array(width * height * 4).fill(200)
    const jpg = jpeg.encode({ width, height, data: rgba }, 90).data
    const lossless = await encodeWebp(rgba, width, height, true)
    const lossy = await encodeWebp(rgba, width, height, false)
    for (const [bytes, type] of [
      [png, 'png'],
      [jpg, 'jpeg'],
      [lossless, 'webp'],
      [lossy, 'webp'],
    ] as const) {
      expect(await store.put(bytes)).toMatchObject({ type, width, height })
    }
    expect(await assetFiles()).toHaveLength(4)
  })

  it('a small decode keeps its worker for the next picture; a large one ends its worker at once', async () => {
    const decoder = sharedPictureDecoder()
    await decoder.check(cellColourPicture(2, 1, 4).png, 'token')
    expect(decoder.runner.alive).toBe(true)
    // 4,000 × 4,000 RGBA: 64 MB to inflate, over the "large" line.
    await decoder.check(bigPng(), 'map')
    expect(decoder.runner.alive).toBe(false)
  }, 60_000)
})

/** 4,000 × 4,000 transparent RGBA (all zeros, filter 0): decodes to 64 MB. */
function bigPng(): Uint8Array {
  return pngWith(4_000, 4_000, deflateZeros(4_000 * (1 + 4_000 * 4)))
}

function deflateZeros(bytes: number): Uint8Array {
  // Small enough to deflate for real.
  return deflateSync(new Uint8Array(bytes))
}
