// The table screen's frame: which part of the shown map the projector shows, in squares. Main
// works it out from the projector's size, its scale (calibrated px per square, or the whole map
// fitted) and the GM's setting for the map (a centre and a zoom); the projector draws exactly that
// box, and the GM board draws it as a rectangle the GM drags and resizes.
//
// The frame is computed from the player payload alone (the tokens and squares players get), never
// from the campaign: following the party or the turn can only ever move towards what the players
// already see, so the frame cannot point at a hidden token.
import { footprintSide } from '../campaign/geometry'
import type { Size } from '../rules/model'
import type { PlayerMapView } from './player-view-schema'

export type Point = readonly [number, number]

/** The GM's choice for one map: null centre = follow the party (until locked). */
export interface FrameSetting {
  centre: Point | null
  /** 1 = the projector's calibrated scale, or the whole map fitted when not calibrated. */
  zoom: number
}

export const DEFAULT_FRAME: FrameSetting = { centre: null, zoom: 1 }
export const MIN_ZOOM = 0.25
export const MAX_ZOOM = 8

/** The projector as main knows it: its size in CSS pixels and its calibrated scale. */
export interface TableScreen {
  widthPx: number
  heightPx: number
  /** Calibrated CSS pixels per square; null = fit the map to the screen. */
  squarePx: number | null
}

/** The screen main assumes when nothing tells it otherwise (the Node host's browser display). */
export const DEFAULT_SCREEN: TableScreen = { widthPx: 1920, heightPx: 1080, squarePx: null }

export interface FrameBox {
  x: number
  y: number
  width: number
  height: number
}

export interface FramePlan {
  screen: TableScreen
  setting: FrameSetting
  /** Bring the current combatant into the frame when it is outside (not while locked). */
  followTurn: boolean
}

/** Squares of margin kept around a followed token. */
const FOLLOW_MARGIN = 1

/** Pixels one square takes at zoom 1: the calibration, or the whole map with half a square around it. */
export function baseSquarePx(screen: TableScreen, map: { width: number; height: number }): number {
  if (screen.squarePx !== null && screen.squarePx > 0) return screen.squarePx
  return Math.min(screen.widthPx / (map.width + 1), screen.heightPx / (map.height + 1))
}

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom))
}

/** The frame's size in squares at a zoom. */
export function frameSize(
  screen: TableScreen,
  map: { width: number; height: number },
  zoom: number,
): { width: number; height: number } {
  const px = baseSquarePx(screen, map) * clampZoom(zoom)
  return { width: screen.widthPx / px, height: screen.heightPx / px }
}

/**
 * A centre that keeps the frame over the map: a frame smaller than the map stays on it (half a
 * square of margin), a larger one keeps the whole map in view. Nothing is gained by showing the
 * black beyond the map's edge.
 */
export function clampCentre(
  map: { width: number; height: number },
  size: { width: number; height: number },
  [x, y]: Point,
): Point {
  const axis = (length: number, extent: number, at: number): number => {
    const a = extent / 2 - 0.5
    const b = length + 0.5 - extent / 2
    return Math.min(Math.max(a, b), Math.max(Math.min(a, b), at))
  }
  return [axis(map.width, size.width, x), axis(map.height, size.height, y)]
}

/**
 * Following the party: on each axis the map's middle when the frame spans the map there, else the
 * party's point (or the map's middle), the frame kept over the map.
 */
export function autoCentre(
  map: { width: number; height: number },
  size: { width: number; height: number },
  party: Point | null,
): Point {
  const [x, y] = clampCentre(map, size, party ?? [map.width / 2, map.height / 2])
  const middle = (length: number, extent: number, at: number) =>
    extent >= length + 1 ? length / 2 : at
  return [middle(map.width, size.width, x), middle(map.height, size.height, y)]
}

/** The least move of `centre` that puts the square box [x, x + side) × [y, y + side) inside the frame. */
export function centreToShow(
  centre: Point,
  size: { width: number; height: number },
  target: { x: number; y: number; side: number },
): Point {
  const axis = (c: number, extent: number, from: number): number => {
    const lo = from - FOLLOW_MARGIN
    const hi = from + target.side + FOLLOW_MARGIN
    if (hi - lo > extent) return from + target.side / 2
    if (lo < c - extent / 2) return lo + extent / 2
    if (hi > c + extent / 2) return hi - extent / 2
    return c
  }
  return [axis(centre[0], size.width, target.x), axis(centre[1], size.height, target.y)]
}

export function boxAround(centre: Point, size: { width: number; height: number }): FrameBox {
  // Sizes in even thousandths, so the centre read back from the box is the centre put in.
  const width = Math.round(size.width * 500) / 500
  const height = Math.round(size.height * 500) / 500
  return {
    x: round(round(centre[0]) - width / 2),
    y: round(round(centre[1]) - height / 2),
    width,
    height,
  }
}

export function centreOf(box: FrameBox): Point {
  return [round(box.x + box.width / 2), round(box.y + box.height / 2)]
}

export type FrameInput = Pick<PlayerMapView, 'width' | 'height' | 'tokens' | 'turn' | 'visible'>

/**
 * The frame for a payload: the GM's centre (or the party's, when following it), moved to bring the
 * current combatant in when `followTurn` asks for it. Reads only what the players get.
 */
export function resolveFrame(view: FrameInput, plan: FramePlan): FrameBox {
  const size = frameSize(plan.screen, view, plan.setting.zoom)
  let centre = startCentre(view, plan)
  if (plan.followTurn && view.turn !== null) {
    const token = view.tokens.find((t) => t.id === view.turn)
    if (token)
      centre = clampCentre(
        view,
        size,
        centreToShow(centre, size, {
          x: token.at[0],
          y: token.at[1],
          side: footprintSide(token.size as Size | undefined) ?? 1,
        }),
      )
  }
  return boxAround(centre, size)
}

/** The frame's centre before following the turn: the GM's, or the party's. */
export function startCentre(view: FrameInput, plan: FramePlan): Point {
  const size = frameSize(plan.screen, view, plan.setting.zoom)
  if (plan.setting.centre) return clampCentre(view, size, plan.setting.centre)
  return autoCentre(view, size, partyPoint(view))
}

/** Two centres within a rounding step of each other. */
export function sameCentre(a: Point, b: Point): boolean {
  return Math.abs(a[0] - b[0]) < 0.002 && Math.abs(a[1] - b[1]) < 0.002
}

/** The middle of the party tokens players see; else of the squares they see; else nothing. */
function partyPoint(view: FrameInput): Point | null {
  const party = view.tokens.filter((t) => t.side === 'party')
  if (party.length > 0) {
    const sx = party.reduce((s, t) => s + t.at[0] + 0.5, 0)
    const sy = party.reduce((s, t) => s + t.at[1] + 0.5, 0)
    return [sx / party.length, sy / party.length]
  }
  let count = 0
  let sx = 0
  let sy = 0
  for (const [y, x0, x1] of view.visible) {
    const n = x1 - x0 + 1
    count += n
    sx += n * ((x0 + x1 + 1) / 2)
    sy += n * (y + 0.5)
  }
  return count > 0 ? [sx / count, sy / count] : null
}

/** Thousandths of a square: stable JSON from one payload to the next. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000
}
