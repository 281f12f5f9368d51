// The bounded PNG decoder gives every PNG layout back exactly: a property test encodes random
// pictures here (every colour type and bit depth, Adam7 or not, a random filter per row, palettes
// and transparency) with an encoder written for the test, and checks every pixel.
import { deflateSync } from 'node:zlib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ADAM7 } from '@core/art/picture-budget'
import { pngChunk, pngWith } from './hostile-pictures'
import { decodePng } from './png-decode'

interface Layout {
  width: number
  height: number
  colourType: number
  depth: number
  interlaced: boolean
}

const LAYOUTS: Array<[number, number[]]> = [
  [0, [1, 2, 4, 8, 16]],
  [2, [8, 16]],
  [3, [1, 2, 4, 8]],
  [4, [8, 16]],
  [6, [8, 16]],
]
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

/** Packs samples of one row at this depth. */
function packRow(samples: number[], depth: number): number[] {
  if (depth === 8) return samples
  if (depth === 16) return samples.flatMap((v) => [v >> 8, v & 255])
  const bytes: number[] = []
  const perByte = 8 / depth
  for (let i = 0; i < samples.length; i += perByte) {
    let byte = 0
    for (let k = 0; k < perByte; k++) byte |= (samples[i + k] ?? 0) << (8 - depth * (k + 1))
    bytes.push(byte)
  }
  return bytes
}

/** Applies filter `type` to a row forward (PNG specification, 9.2). */
function filterRow(row: number[], prior: number[] | null, type: number, bpp: number): number[] {
  return row.map((x, i) => {
    const a = i >= bpp ? row[i - bpp] : 0
    const b = prior ? prior[i] : 0
    const c = prior && i >= bpp ? prior[i - bpp] : 0
    const predictor =
      type === 0
        ? 0
        : type === 1
          ? a
          : type === 2
            ? b
            : type === 3
              ? (a + b) >> 1
              : (() => {
                  const p = a + b - c
                  const pa = Math.abs(p - a)
                  const pb = Math.abs(p - b)
                  const pc = Math.abs(p - c)
                  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                })()
    return (x - predictor) & 255
  })
}

/** A PNG of these samples (pixel-major, CHANNELS per pixel), with the row filters chosen. */
function encodeTestPng(
  layout: Layout,
  samples: number[],
  filters: number[],
  palette: number[] | null,
  transparency: number[] | null,
): Buffer {
  const { width, height, colourType, depth, interlaced } = layout
  const channels = CHANNELS[colourType]
  const bpp = Math.max(1, (channels * depth) >> 3)
  const raw: number[] = []
  let rowIndex = 0
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const)
  for (const [x0, y0, dx, dy] of passes) {
    const passWidth = Math.ceil((width - x0) / dx)
    const passHeight = Math.ceil((height - y0) / dy)
    if (passWidth <= 0 || passHeight <= 0) continue
    let prior: number[] | null = null
    for (let py = 0; py < passHeight; py++) {
      const rowSamples: number[] = []
      for (let px = 0; px < passWidth; px++) {
        const p = (y0 + py * dy) * width + x0 + px * dx
        rowSamples.push(...samples.slice(p * channels, (p + 1) * channels))
      }
      const row = packRow(rowSamples, depth)
      const filter = filters[rowIndex++ % filters.length]
      raw.push(filter, ...filterRow(row, prior, filter, bpp))
      prior = row
    }
  }
  const base = pngWith(width, height, deflateSync(Uint8Array.from(raw)), { depth, colourType })
  if (interlaced) base[28] = 1
  // Fix IHDR's CRC after setting the interlace byte, and add PLTE / tRNS before IDAT.
  const extra: Buffer[] = []
  if (palette) extra.push(pngChunk('PLTE', Uint8Array.from(palette)))
  if (transparency) extra.push(pngChunk('tRNS', Uint8Array.from(transparency)))
  const ihdrEnd = 8 + 25
  const ihdr = pngChunk('IHDR', base.subarray(16, 29))
  return Buffer.concat([base.subarray(0, 8), ihdr, ...extra, base.subarray(ihdrEnd)])
}

/** What the decoder must give for one pixel. */
function expectedRgba(
  layout: Layout,
  pixel: number[],
  palette: number[] | null,
  transparency: number[] | null,
): number[] {
  const { colourType, depth } = layout
  const to8 = (v: number): number =>
    depth === 16 ? v >> 8 : Math.round((v * 255) / ((1 << depth) - 1))
  const key = (i: number): number =>
    transparency ? (transparency[2 * i] << 8) | transparency[2 * i + 1] : -1
  switch (colourType) {
    case 3: {
      const i = pixel[0]
      return [...palette!.slice(3 * i, 3 * i + 3), transparency?.[i] ?? 255]
    }
    case 0:
      return [to8(pixel[0]), to8(pixel[0]), to8(pixel[0]), pixel[0] === key(0) ? 0 : 255]
    case 2:
      return [
        ...pixel.map(to8),
        pixel[0] === key(0) && pixel[1] === key(1) && pixel[2] === key(2) ? 0 : 255,
      ]
    case 4:
      return [to8(pixel[0]), to8(pixel[0]), to8(pixel[0]), to8(pixel[1])]
    default:
      return pixel.map(to8)
  }
}

const pictureArbitrary = fc
  .record({
    layout: fc.integer({ min: 0, max: LAYOUTS.length - 1 }).chain((l) =>
      fc.record({
        colourType: fc.constant(LAYOUTS[l][0]),
        depth: fc.constantFrom(...LAYOUTS[l][1]),
        width: fc.integer({ min: 1, max: 19 }),
        height: fc.integer({ min: 1, max: 13 }),
        interlaced: fc.boolean(),
      }),
    ),
    filters: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 8 }),
    seed: fc.integer(),
    transparent: fc.boolean(),
  })
  .map(({ layout, filters, seed, transparent }) => {
    let state = seed >>> 0 || 1
    const next = (limit: number): number => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0
      return (state >>> 8) % limit
    }
    const channels = CHANNELS[layout.colourType]
    const max = layout.colourType === 3 ? Math.min(256, 1 << layout.depth) : 1 << layout.depth
    const paletteSize = layout.colourType === 3 ? 1 + next(max) : 0
    const sampleLimit = layout.colourType === 3 ? paletteSize : max
    const samples = Array.from({ length: layout.width * layout.height * channels }, () =>
      next(sampleLimit),
    )
    const palette =
      layout.colourType === 3 ? Array.from({ length: paletteSize * 3 }, () => next(256)) : null
    let transparency: number[] | null = null
    if (transparent && layout.colourType === 3)
      transparency = Array.from({ length: next(paletteSize) + 1 }, () => next(256))
    if (transparent && (layout.colourType === 0 || layout.colourType === 2))
      // The colour of the first pixel, so the key is met at least once.
      transparency = samples.slice(0, channels).flatMap((v) => [v >> 8, v & 255])
    return { layout, filters, samples, palette, transparency }
  })

describe('the bounded PNG decoder', () => {
  it('property: every layout, filter and interlacing decodes to the exact pixels', async () => {
    await fc.assert(
      fc.asyncProperty(
        pictureArbitrary,
        async ({ layout, filters, samples, palette, transparency }) => {
          const png = encodeTestPng(layout, samples, filters, palette, transparency)
          const image = await decodePng(png)
          expect([image.width, image.height]).toEqual([layout.width, layout.height])
          const channels = CHANNELS[layout.colourType]
          for (let p = 0; p < layout.width * layout.height; p++) {
            const pixel = samples.slice(p * channels, (p + 1) * channels)
            expect(Array.from(image.data.slice(p * 4, p * 4 + 4)), `pixel ${p}`).toEqual(
              expectedRgba(layout, pixel, palette, transparency),
            )
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('refuses data that inflates past the header’s size, or falls short of it', async () => {
    const rows = (h: number): Uint8Array => deflateSync(new Uint8Array(h * (1 + 4 * 4)))
    await expect(decodePng(pngWith(4, 4, rows(5)))).rejects.toThrow(/inflates to more than/)
    await expect(decodePng(pngWith(4, 4, rows(3)))).rejects.toThrow(/damaged/)
    await expect(decodePng(pngWith(4, 4, rows(4)))).resolves.toMatchObject({ width: 4 })
  })

  it('refuses a damaged chunk, an unknown critical chunk, an unknown filter', async () => {
    const good = pngWith(2, 2, deflateSync(new Uint8Array(2 * 9)))
    const crc = Buffer.from(good)
    crc[30] ^= 1
    await expect(decodePng(crc)).rejects.toThrow(/CRC/)
    const critical = Buffer.concat([
      good.subarray(0, 33),
      pngChunk('ABCD', Uint8Array.of(1)),
      good.subarray(33),
    ])
    await expect(decodePng(critical)).rejects.toThrow(/ABCD/)
    const ancillary = Buffer.concat([
      good.subarray(0, 33),
      pngChunk('zTXt', Uint8Array.of(1)),
      good.subarray(33),
    ])
    await expect(decodePng(ancillary)).resolves.toMatchObject({ width: 2 })
    const badFilter = pngWith(
      2,
      2,
      deflateSync(Uint8Array.from([7, ...new Array(8).fill(0), 0, ...new Array(8).fill(0)])),
    )
    await expect(decodePng(badFilter)).rejects.toThrow(/unknown filter/)
    await expect(decodePng(good.subarray(0, good.length - 12))).rejects.toThrow(/IEND/)
    // Nothing may follow IEND: a PNG / HTML polyglot is refused.
    const trailing = Buffer.concat([good, Buffer.from('<html><script></script></html>')])
    await expect(decodePng(trailing)).rejects.toThrow(/after its IEND/)
    await expect(decodePng(Buffer.concat([good, Uint8Array.of(0)]))).rejects.toThrow(
      /after its IEND/,
    )
  })
})
