import { describe, expect, it } from 'vitest'
import { edgeLine, spanCount, tokenSide, viewBox } from './spans'

describe('player view geometry', () => {
  it('draws an edge on the side two cells share', () => {
    expect(
      edgeLine([
        [2, 3],
        [3, 3],
      ]),
    ).toEqual({ x1: 3, y1: 3, x2: 3, y2: 4 })
    expect(
      edgeLine([
        [2, 4],
        [2, 3],
      ]),
    ).toEqual({ x1: 2, y1: 4, x2: 3, y2: 4 })
  })
  it('counts span cells', () => {
    expect(
      spanCount([
        [0, 0, 2],
        [1, 4, 4],
      ]),
    ).toBe(4)
  })
  it('draws the frame main sends on the table screen, else the whole map', () => {
    const frame = { x: 0.5, y: 3, width: 10, height: 5 }
    const map = { width: 20, height: 10, frame }
    expect(viewBox(map, true)).toEqual(frame)
    const whole = { x: -0.5, y: -0.5, width: 21, height: 11 }
    expect(viewBox(map, false)).toEqual(whole)
    expect(viewBox({ ...map, frame: null }, true)).toEqual(whole)
  })
  it('knows token sides', () => {
    expect(tokenSide(undefined)).toBe(1)
    expect(tokenSide('large')).toBe(2)
  })
})
