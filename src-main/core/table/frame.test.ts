// The table screen's frame (issue 23): its size from the projector's size and scale, following the
// party, bringing the current combatant in, and a GM's centre kept on the map.
import { describe, expect, it } from 'vitest'
import {
  autoCentre,
  baseSquarePx,
  centreOf,
  centreToShow,
  frameSize,
  resolveFrame,
  type FrameInput,
  type FramePlan,
} from './frame'

const HD = { widthPx: 1920, heightPx: 1080 }

function view(partial: Partial<FrameInput> = {}): FrameInput {
  return { width: 40, height: 30, tokens: [], turn: null, visible: [], ...partial }
}

const plan = (partial: Partial<FramePlan> = {}): FramePlan => ({
  screen: { ...HD, squarePx: 38 },
  setting: { centre: null, zoom: 1 },
  followTurn: false,
  ...partial,
})

describe('the table screen frame', () => {
  it('is the calibrated screen in squares, or the whole map fitted; zoom divides it', () => {
    // 1-inch squares on a 50-inch 1920×1080 TV: about 38 px a square, 50.5 × 28.4 squares.
    expect(frameSize({ ...HD, squarePx: 38 }, { width: 40, height: 30 }, 1)).toEqual({
      width: 1920 / 38,
      height: 1080 / 38,
    })
    // Not calibrated: a 12 × 8 map with half a square around it, on a 1280×720 projector.
    const fit = { widthPx: 1280, heightPx: 720, squarePx: null }
    expect(baseSquarePx(fit, { width: 12, height: 8 })).toBe(80)
    expect(frameSize(fit, { width: 12, height: 8 }, 1)).toEqual({ width: 16, height: 9 })
    expect(frameSize(fit, { width: 12, height: 8 }, 2)).toEqual({ width: 8, height: 4.5 })
  })

  it('follows the party, kept over the map; a map smaller than the frame is centred', () => {
    const size = { width: 20, height: 10 }
    expect(autoCentre({ width: 40, height: 30 }, size, [3, 28])).toEqual([9.5, 25.5])
    expect(autoCentre({ width: 40, height: 30 }, size, [20, 12])).toEqual([20, 12])
    expect(autoCentre({ width: 12, height: 8 }, size, [1, 1])).toEqual([6, 4])
    // No party in sight: the middle of the squares the players see.
    const box = resolveFrame(
      view({
        visible: [
          [10, 20, 23],
          [11, 20, 23],
        ],
      }),
      plan({ screen: { ...HD, squarePx: 96 } }),
    )
    expect(centreOf(box)).toEqual([22, 11])
  })

  it('uses the GM’s centre, kept on the map', () => {
    const box = resolveFrame(view(), plan({ setting: { centre: [12.5, 7.5], zoom: 2 } }))
    expect(centreOf(box)).toEqual([12.5, 7.5])
    expect(box.width).toBeCloseTo(1920 / 76, 2)
    // Pushed off the map's edge, it stops where the frame still covers the map (half a square over).
    const off = resolveFrame(view(), plan({ setting: { centre: [90, 3], zoom: 2 } }))
    expect(off.x + off.width).toBeCloseTo(40.5, 2)
    expect(off.y).toBeCloseTo(-0.5, 2)
    // A frame larger than the map keeps all of it in view.
    const wide = resolveFrame(view(), plan({ setting: { centre: [0, 0], zoom: 0.5 } }))
    expect(wide.x + wide.width).toBeGreaterThanOrEqual(40.5)
    expect(wide.x).toBeLessThanOrEqual(-0.5)
  })

  it('brings the current combatant in with the least move, a square of margin around it', () => {
    expect(centreToShow([10, 10], { width: 10, height: 6 }, { x: 17, y: 9, side: 1 })).toEqual([
      14, 10,
    ])
    expect(centreToShow([10, 10], { width: 10, height: 6 }, { x: 3, y: 4, side: 2 })).toEqual([
      7, 6,
    ])
    // Already inside: no move.
    expect(centreToShow([10, 10], { width: 10, height: 6 }, { x: 10, y: 10, side: 1 })).toEqual([
      10, 10,
    ])
    const goblin = { id: 'a1', at: [38, 2] as [number, number], side: 'other' as const }
    const hero = { id: 'a2', at: [2, 27] as [number, number], side: 'party' as const }
    const fight = view({ tokens: [hero, goblin], turn: 'a1' })
    const zoomed = {
      screen: { ...HD, squarePx: 96 },
      setting: { centre: [10, 20] as const, zoom: 1 },
    }
    const still = resolveFrame(fight, plan(zoomed))
    expect(centreOf(still)).toEqual([10, 20])
    const followed = resolveFrame(fight, plan({ ...zoomed, followTurn: true }))
    expect(followed.x + followed.width).toBeGreaterThanOrEqual(40)
    expect(followed.y).toBeLessThanOrEqual(1)
  })
})
