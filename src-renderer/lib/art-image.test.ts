import { describe, expect, it } from 'vitest'
import { alignFromMarkedSquare } from './art-image'

describe('aligning a picture by marking one square', () => {
  it('makes the marked square of the picture the grid square under it', () => {
    // Drawn at 50 px a square from pixel 0: the picture's squares are really 64 px, starting at
    // pixel 10. The GM marks the picture's square from pixel (138, 74) to (202, 138), drawn over
    // map squares x 2.76 … 4.04 and y 1.48 … 2.76: its middle is on grid square (3, 2).
    const art = { pixelsPerSquare: 50, offsetX: 0, offsetY: 0 }
    const aligned = alignFromMarkedSquare(
      art,
      { fx: 138 / 50, fy: 74 / 50 },
      { fx: 202 / 50, fy: 138 / 50 },
    )
    expect(aligned).toEqual({ pixelsPerSquare: 64, offsetX: 138 - 3 * 64, offsetY: 74 - 2 * 64 })
    // Afterwards that square of the picture is grid square (3, 2), and every other one lines up:
    // the picture's first square (from pixel 10) lands on a grid line too.
    expect((10 - aligned!.offsetX) % 64).toBe(0)
    expect((10 - aligned!.offsetY) % 64).toBe(0)
  })

  it('ignores a click that marks nothing', () => {
    expect(
      alignFromMarkedSquare(
        { pixelsPerSquare: 50, offsetX: 0, offsetY: 0 },
        { fx: 1, fy: 1 },
        { fx: 1.01, fy: 1.01 },
      ),
    ).toBeNull()
  })
})
