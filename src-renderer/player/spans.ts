// Small helpers over the player view payload (row spans, edges), shared by the projector page and
// the GM's preview. Pure, so they are unit-tested without a DOM.
import type { PlayerMapView } from '@core/table/player-view-schema'

export type Span = readonly [number, number, number]

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** The line an edge draws: the side shared by its two cells. */
export function edgeLine(
  between: readonly [readonly [number, number], readonly [number, number]],
): { x1: number; y1: number; x2: number; y2: number } {
  const [[ax, ay], [bx, by]] = between
  if (ay === by) {
    const x = Math.max(ax, bx)
    return { x1: x, y1: ay, x2: x, y2: ay + 1 }
  }
  const y = Math.max(ay, by)
  return { x1: ax, y1: y, x2: ax + 1, y2: y }
}

export function spanCount(spans: readonly Span[]): number {
  let n = 0
  for (const [, x0, x1] of spans) n += x1 - x0 + 1
  return n
}

/**
 * The part of the map to draw, in squares: the table screen's frame, as main computed it from the
 * projector's size, scale and the GM's setting (table/frame.ts); or, on a LAN tablet, on the
 * GM's preview of a blacked-out screen, and wherever a payload has no frame, the whole map with
 * half a square of margin.
 */
export function viewBox(
  map: Pick<PlayerMapView, 'width' | 'height' | 'frame'>,
  framed: boolean,
): Box {
  if (framed && map.frame) return { ...map.frame }
  const margin = 0.5
  return { x: -margin, y: -margin, width: map.width + 2 * margin, height: map.height + 2 * margin }
}

/** Token side in squares (pathfinder / dnd35 space; a big token's `at` is its north-west square). */
export function tokenSide(size: string | undefined): number {
  switch (size) {
    case 'large':
      return 2
    case 'huge':
      return 3
    case 'gargantuan':
      return 4
    case 'colossal':
      return 6
    default:
      return 1
  }
}

/** The side panel (turn order, roll log) is up: in fit mode the board leaves room for it. */
export function showsSidePanel(
  map: Pick<PlayerMapView, 'order' | 'rolls' | 'rollLogHidden'>,
): boolean {
  return Boolean(map.order?.length || (map.rolls?.length && !map.rollLogHidden))
}
