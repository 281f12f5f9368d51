import { describe, expect, it } from 'vitest'
import { CELL_PX } from './grid-geometry'
import {
  bringIntoView,
  cellAt,
  fitView,
  mapToScreen,
  nextZoomStep,
  screenToMap,
  visibleCells,
  zoomAround,
  type View,
} from './viewport'

const map = { width: 20, height: 10 }

describe('viewport', () => {
  it('converts between screen pixels and squares both ways', () => {
    const view: View = { x: 40, y: -16, zoom: 2 }
    const [fx, fy] = screenToMap(view, 40 + 3.5 * CELL_PX * 2, -16 + 1.25 * CELL_PX * 2)
    expect([fx, fy]).toEqual([3.5, 1.25])
    expect(mapToScreen(view, fx, fy)).toEqual([40 + 3.5 * 64, -16 + 1.25 * 64])
    expect(cellAt(view, map, 40 + 3.5 * 64, -16 + 1.25 * 64)).toEqual([3, 1])
    expect(cellAt(view, map, 39, 0)).toBeNull()
  })

  it('keeps the point under the pointer fixed while zooming', () => {
    const view: View = { x: 12, y: 30, zoom: 1 }
    const zoomed = zoomAround(view, 2.5, 300, 200)
    expect(zoomed.zoom).toBe(2.5)
    const before = screenToMap(view, 300, 200)
    const after = screenToMap(zoomed, 300, 200)
    expect(after[0]).toBeCloseTo(before[0], 10)
    expect(after[1]).toBeCloseTo(before[1], 10)
    expect(zoomAround(view, 100, 0, 0).zoom).toBe(8)
  })

  it('steps through the zoom levels and fits the map', () => {
    expect(nextZoomStep(1.75, -1)).toBe(1.5)
    expect(nextZoomStep(1.6, 1)).toBe(1.75)
    expect(nextZoomStep(0.25, -1)).toBe(0.25)
    const fitted = fitView(map, 1000, 600, 0)
    expect(fitted.zoom).toBeCloseTo(Math.min(1000 / (20 * CELL_PX), 600 / (10 * CELL_PX)))
    expect(visibleCells(fitted, map, 1000, 600)).toEqual([0, 0, 20, 10])
  })

  it('lists only the squares on screen', () => {
    const view: View = { x: -10 * CELL_PX, y: -2.5 * CELL_PX, zoom: 1 }
    expect(visibleCells(view, map, 4 * CELL_PX, 2 * CELL_PX)).toEqual([10, 2, 14, 5])
  })

  it('brings a token into view only when it is off screen, centred at the same zoom (issue 25)', () => {
    const view: View = { x: 0, y: 0, zoom: 1 }
    const token = { x: 2, y: 2, width: 1, height: 1 }
    expect(bringIntoView(view, token, 800, 600)).toBe(view)
    const far = { x: 40, y: 30, width: 2, height: 2 }
    const moved = bringIntoView(view, far, 800, 600)
    expect(moved.zoom).toBe(1)
    expect(mapToScreen(moved, 41, 31)).toEqual([400, 300])
    // Half a square inside the edge is not far enough in: a square of margin is kept.
    const edge = { x: 24.5, y: 2, width: 1, height: 1 }
    expect(bringIntoView(view, edge, 25.5 * CELL_PX, 600)).not.toBe(view)
  })
})
