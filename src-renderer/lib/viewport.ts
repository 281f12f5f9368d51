// Pan and zoom of the board: where the map's top-left corner sits on screen (in CSS pixels of the
// board element) and how many pixels one square takes. Pure, so it is tested without a DOM.
import { CELL_PX } from './grid-geometry'

export interface View {
  /** Screen position of the map's top-left corner, in CSS pixels relative to the board. */
  x: number
  y: number
  /** 1 = CELL_PX pixels per square. */
  zoom: number
}

export const MIN_ZOOM = 0.1
export const MAX_ZOOM = 8
/** The steps the zoom buttons and +/- keys go through. */
export const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 6, 8]

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom))
}

/** Pixels per square at this view. */
export function scaleOf(view: View): number {
  return CELL_PX * view.zoom
}

/** A screen point as fractional squares (x right, y down; [0, 0] is the map's top-left corner). */
export function screenToMap(view: View, sx: number, sy: number): [number, number] {
  const s = scaleOf(view)
  return [(sx - view.x) / s, (sy - view.y) / s]
}

export function mapToScreen(view: View, fx: number, fy: number): [number, number] {
  const s = scaleOf(view)
  return [view.x + fx * s, view.y + fy * s]
}

/** The square under a screen point, or null off the map. */
export function cellAt(
  view: View,
  map: { width: number; height: number },
  sx: number,
  sy: number,
): [number, number] | null {
  const [fx, fy] = screenToMap(view, sx, sy)
  const x = Math.floor(fx)
  const y = Math.floor(fy)
  return x >= 0 && y >= 0 && x < map.width && y < map.height ? [x, y] : null
}

/** Zooms so that the map point under (sx, sy) stays under it. */
export function zoomAround(view: View, zoom: number, sx: number, sy: number): View {
  const next = clampZoom(zoom)
  const [fx, fy] = screenToMap(view, sx, sy)
  const s = CELL_PX * next
  return { x: sx - fx * s, y: sy - fy * s, zoom: next }
}

/** Wheel zoom: a notch of a mouse wheel (~100 px) is about 20 %; trackpad pinches are finer. */
export function wheelZoomFactor(deltaY: number): number {
  return Math.exp(-deltaY * 0.0018)
}

export function nextZoomStep(zoom: number, direction: 1 | -1): number {
  const epsilon = 1e-6
  if (direction > 0)
    return ZOOM_STEPS.find((step) => step > zoom + epsilon) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - epsilon) ?? ZOOM_STEPS[0]
}

/** The whole map, centred, with a margin. */
export function fitView(
  map: { width: number; height: number },
  width: number,
  height: number,
  margin = 16,
): View {
  const zoom = clampZoom(
    Math.min(
      (width - 2 * margin) / (map.width * CELL_PX),
      (height - 2 * margin) / (map.height * CELL_PX),
    ),
  )
  const s = CELL_PX * zoom
  return { x: (width - map.width * s) / 2, y: (height - map.height * s) / 2, zoom }
}

/** The squares at least partly on screen, as [x0, y0, x1, y1) clamped to the map. */
export function visibleCells(
  view: View,
  map: { width: number; height: number },
  width: number,
  height: number,
): [number, number, number, number] {
  const [fx0, fy0] = screenToMap(view, 0, 0)
  const [fx1, fy1] = screenToMap(view, width, height)
  return [
    Math.max(0, Math.floor(fx0)),
    Math.max(0, Math.floor(fy0)),
    Math.min(map.width, Math.ceil(fx1)),
    Math.min(map.height, Math.ceil(fy1)),
  ]
}

/**
 * The view with a rectangle of squares on screen (with `margin` squares around it): unchanged
 * when it already is, else panned to centre it at the same zoom (Next turn's follow, issue 25).
 */
export function bringIntoView(
  view: View,
  rect: { x: number; y: number; width: number; height: number },
  width: number,
  height: number,
  margin = 1,
): View {
  const [left, top] = mapToScreen(view, rect.x - margin, rect.y - margin)
  const [right, bottom] = mapToScreen(
    view,
    rect.x + rect.width + margin,
    rect.y + rect.height + margin,
  )
  if (left >= 0 && top >= 0 && right <= width && bottom <= height) return view
  const s = scaleOf(view)
  return {
    ...view,
    x: width / 2 - (rect.x + rect.width / 2) * s,
    y: height / 2 - (rect.y + rect.height / 2) * s,
  }
}
