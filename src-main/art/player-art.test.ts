// The players' copy of map art: aligned to the grid, cut into tiles, and never a pixel of a square
// the players do not know (issue 16: "every pixel under an unexplored cell is the fog colour").
import fc from 'fast-check'
import { decode } from 'fast-png'
import { describe, expect, it } from 'vitest'
import { cellColour, cellColourPicture, cellColourRgba } from './art-fixtures'
import { decodeImage } from './decode'
import {
  buildArtBase,
  encodeTilePng,
  FOG_RGBA,
  maskedTile,
  playerSquarePx,
  tileMask,
  tilesOf,
  TILE_CELLS,
} from './player-art'

function pixel(data: ArrayLike<number>, width: number, x: number, y: number): number[] {
  const i = (y * width + x) * 4
  return [data[i], data[i + 1], data[i + 2], data[i + 3]]
}

describe('the grid-aligned base', () => {
  it('puts each square of the picture on its square of the map, offset and scale applied', async () => {
    const picture = cellColourPicture(6, 5, 30, 12)
    const image = await decodeImage(picture.png, 'png')
    const base = buildArtBase(image, { pixelsPerSquare: 30, offsetX: 12, offsetY: 12 }, 6, 5)
    expect(base.squarePx).toBe(30)
    const width = 6 * base.squarePx
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 6; x++) {
        const centre = pixel(base.data, width, x * base.squarePx + 15, y * base.squarePx + 15)
        expect(centre).toEqual([...cellColour(x, y), 255])
      }
    }
  })

  it('shrinks big pictures to at most 40 px a square and 8192 px a side', () => {
    expect(playerSquarePx(140, 30, 20)).toBe(40)
    expect(playerSquarePx(25.4, 30, 20)).toBe(25)
    expect(playerSquarePx(100, 800, 800)).toBe(10)
  })

  it('is transparent where the picture does not reach', async () => {
    const picture = cellColourPicture(2, 2, 10)
    const image = await decodeImage(picture.png, 'png')
    const base = buildArtBase(image, { pixelsPerSquare: 10, offsetX: 0, offsetY: 0 }, 4, 3)
    expect(pixel(base.data, 40, 35, 25)[3]).toBe(0)
    expect(pixel(base.data, 40, 5, 5)).toEqual([...cellColour(0, 0), 255])
  })
})

describe('clipping to the square', () => {
  it('property: a pixel of the players’ copy never carries a neighbouring square’s colour', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 4500 }).map((n) => n / 100),
        fc.integer({ min: 0, max: 900 }).map((n) => n / 100),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 5 }),
        (pixelsPerSquare, offset, mapWidth, mapHeight) => {
          const image = cellColourRgba(mapWidth, mapHeight, pixelsPerSquare, offset)
          const base = buildArtBase(
            image,
            { pixelsPerSquare, offsetX: offset, offsetY: offset },
            mapWidth,
            mapHeight,
          )
          const px = base.squarePx
          const width = mapWidth * px
          let wrong: string | null = null
          for (let y = 0; y < mapHeight * px && !wrong; y++) {
            for (let x = 0; x < width && !wrong; x++) {
              const own = [...cellColour(Math.floor(x / px), Math.floor(y / px)), 255]
              const got = pixel(base.data, width, x, y)
              if (got.some((v, i) => v !== own[i]))
                wrong = `pixel ${x},${y} at ${px} px a square is ${got}, its square is ${own}`
            }
          }
          expect(wrong).toBeNull()
        },
      ),
      { numRuns: 150 },
    )
  })

  it('the last pixel column of a known square next to an unexplored one is the known square’s', async () => {
    // Issue 27: 25.4 px a square drawn at 25: the last output column used to average in the next square.
    const image = cellColourRgba(3, 1, 25.4, 0)
    const base = buildArtBase(image, { pixelsPerSquare: 25.4, offsetX: 0, offsetY: 0 }, 3, 1)
    expect(base.squarePx).toBe(25)
    const tile = decode(encodeTilePng(maskedTile(base, { x: 0, y: 0, w: 3, h: 1 }, '100')))
    for (let y = 0; y < 25; y++) {
      expect(pixel(tile.data, tile.width, 24, y)).toEqual([...cellColour(0, 0), 255])
      expect(pixel(tile.data, tile.width, 25, y)).toEqual([...FOG_RGBA])
    }
  })
})

describe('tiles', () => {
  it('cover the map once, edge tiles cut short', () => {
    const tiles = tilesOf(19, 9)
    expect(tiles).toHaveLength(3 * 2)
    expect(tiles.at(-1)).toEqual({ x: 16, y: 8, w: 3, h: 1 })
    expect(tiles.reduce((sum, t) => sum + t.w * t.h, 0)).toBe(19 * 9)
  })

  it('a tile no known square touches is not sent at all', () => {
    const known = new Uint8Array(20 * 10)
    known[9 * 20 + 19] = 1
    const masks = tilesOf(20, 10).map((t) => tileMask(t, known, 20))
    expect(masks.filter((m) => m !== null)).toHaveLength(1)
  })

  it('property: every pixel of a square the players do not know is the fog colour; every known one is the picture', async () => {
    const picture = cellColourPicture(20, 12, 8)
    const image = await decodeImage(picture.png, 'png')
    const base = buildArtBase(image, { pixelsPerSquare: 8, offsetX: 0, offsetY: 0 }, 20, 12)
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 240, maxLength: 240, max: 1 }), (known) => {
        for (const tile of tilesOf(20, 12)) {
          const mask = tileMask(tile, known, 20)
          if (mask === null) continue
          // What the players receive is the PNG: decode it as they would.
          const png = decode(encodeTilePng(maskedTile(base, tile, mask)))
          expect(png.width).toBe(tile.w * 8)
          for (let cy = 0; cy < tile.h; cy++) {
            for (let cx = 0; cx < tile.w; cx++) {
              const isKnown = known[(tile.y + cy) * 20 + tile.x + cx] === 1
              const expected = isKnown
                ? [...cellColour(tile.x + cx, tile.y + cy), 255]
                : [...FOG_RGBA]
              for (const [px, py] of [
                [0, 0],
                [7, 7],
                [3, 5],
                [7, 0],
              ]) {
                expect(pixel(png.data, png.width, cx * 8 + px, cy * 8 + py)).toEqual(expected)
              }
            }
          }
        }
      }),
      { numRuns: 60 },
    )
    expect(TILE_CELLS).toBe(8)
  })
})
