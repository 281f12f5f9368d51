// The board's static layer (terrain, walls, doors, light shade, the map picture) on one canvas.
// It is painted with a margin around the board and slid with a CSS transform while panning, so a
// pan repaints nothing until it runs past the margin. When the whole map fits a modest canvas at
// this zoom (zoomed out), the whole map is painted once instead and a pan never repaints (issue
// 13: the quick flick at 25 %). Anything else (map, zoom, size, overlays) repaints on the next
// animation frame; an edit to the map repaints only the squares it changed (LiveRaster's dirty
// box, issue 29), unless something else changed too.
import { paintBoard, type PaintOptions } from '../../lib/board-paint'
import type { DirtyBox, LiveRaster, MapRaster } from '../../lib/board-raster'
import { CELL_PX } from '../../lib/grid-geometry'
import type { View } from '../../lib/viewport'

const MARGIN = 320
const WHOLE_MAP_MAX_PIXELS = 12_000_000
const MAX_CANVAS_SIDE = 8192

/** What a paint depends on; a change of any but the view's position repaints. */
export interface StaticInput {
  /** The board's raster; its version says which edits a paint has drawn. */
  live: LiveRaster
  raster: MapRaster
  version: number
  view: View
  size: { width: number; height: number }
  dpr: number
  lightLevels: { levels: Int8Array; top: number } | null
  elevationNumbers: boolean
  art: PaintOptions['art']
  /** Anything else that changes what is drawn (the tool, say). */
  extra: unknown
}

interface Extent {
  left: number
  top: number
  width: number
  height: number
  wholeMap: boolean
}

function keyOf(input: StaticInput): unknown[] {
  const { raster, view, size, dpr, lightLevels, elevationNumbers, art, extra } = input
  // Not the version: an edit alone repaints only what it changed.
  return [
    raster,
    view.zoom,
    size.width,
    size.height,
    dpr,
    lightLevels,
    elevationNumbers,
    art,
    extra,
  ]
}

function extentFor({ raster, view, size, dpr }: StaticInput): Extent {
  const width = Math.ceil(raster.width * CELL_PX * view.zoom)
  const height = Math.ceil(raster.height * CELL_PX * view.zoom)
  if (
    width * height * dpr * dpr <= WHOLE_MAP_MAX_PIXELS &&
    Math.max(width, height) * dpr <= MAX_CANVAS_SIDE
  ) {
    const left = Math.floor(view.x)
    const top = Math.floor(view.y)
    return { left, top, width: width + 1, height: height + 1, wholeMap: true }
  }
  return {
    left: -MARGIN,
    top: -MARGIN,
    width: size.width + 2 * MARGIN,
    height: size.height + 2 * MARGIN,
    wholeMap: false,
  }
}

export class StaticCanvas {
  /** The CSS slide since the last paint. */
  shift = $state({ x: 0, y: 0 })
  /** Where the canvas sits, relative to the board at the view it was painted for (CSS px). */
  extent = $state<Extent>({ left: -MARGIN, top: -MARGIN, width: 0, height: 0, wholeMap: false })
  paints = $state(0)
  /** How long the last paint took, for the benchmark and for diagnosing slow boards. */
  paintMs = $state(0)
  canvas: HTMLCanvasElement | null = null
  private painted: {
    x: number
    y: number
    key: unknown[]
    wholeMap: boolean
    version: number
  } | null = null
  private latest: StaticInput | null = null
  private frame = 0

  /** Called with the current inputs whenever one changes: slides the canvas or repaints it. */
  update(input: StaticInput): void {
    this.latest = input
    const painted = this.painted
    const dx = input.view.x - (painted?.x ?? Number.NaN)
    const dy = input.view.y - (painted?.y ?? Number.NaN)
    const key = keyOf(input)
    const same = painted !== null && key.every((k, i) => k === painted.key[i])
    const within = painted?.wholeMap || (Math.abs(dx) < MARGIN * 0.9 && Math.abs(dy) < MARGIN * 0.9)
    if (same && within) {
      this.shift = { x: dx, y: dy }
      if (input.version === painted.version) return
    }
    if (this.frame) return
    this.frame = requestAnimationFrame(() => {
      this.frame = 0
      this.paint()
    })
  }

  /** The raster and version the canvas shows now (tests and the benchmark read what is drawn). */
  get drawn(): { raster: MapRaster; version: number } | null {
    return this.painted
      ? { raster: this.painted.key[0] as MapRaster, version: this.painted.version }
      : null
  }

  /**
   * Paints now what is waiting for the next animation frame, if anything. Called when the board's
   * size arrives (the observer reports after layout, before paint): waiting for the next frame's
   * callbacks would show a frame without the board, or with a canvas of the old size.
   */
  paintPending(): void {
    if (!this.frame) return
    cancelAnimationFrame(this.frame)
    this.frame = 0
    this.paint()
  }

  dispose(): void {
    if (this.frame) cancelAnimationFrame(this.frame)
    this.frame = 0
  }

  private paint(): void {
    const canvas = this.canvas
    const input = this.latest
    if (!canvas || !input) return
    const painted = this.painted
    const key = keyOf(input)
    const dx = input.view.x - (painted?.x ?? Number.NaN)
    const dy = input.view.y - (painted?.y ?? Number.NaN)
    const within = painted?.wholeMap || (Math.abs(dx) < MARGIN * 0.9 && Math.abs(dy) < MARGIN * 0.9)
    // Only the map changed since the last paint: redraw the squares it changed, where the canvas
    // already is (the painted view, slid by the CSS shift).
    if (painted && within && key.every((k, i) => k === painted.key[i])) {
      const change = input.live.changedSince(painted.version)
      if (!change.full) {
        if (change.box) this.paintRegion(canvas, input, painted, change.box)
        painted.version = input.version
        return
      }
    }
    const area = extentFor(input)
    const width = Math.round(area.width * input.dpr)
    const height = Math.round(area.height * input.dpr)
    if (canvas.width !== width) canvas.width = width
    if (canvas.height !== height) canvas.height = height
    const ctx = canvas.getContext('2d')
    if (!ctx) return
    const started = performance.now()
    const { view } = input
    this.painted = {
      x: view.x,
      y: view.y,
      key,
      wholeMap: area.wholeMap,
      version: input.version,
    }
    this.shift = { x: 0, y: 0 }
    this.extent = area
    paintBoard(ctx, input.raster, this.optionsFor(input, view, area))
    this.paints++
    this.paintMs = Math.round((performance.now() - started) * 10) / 10
  }

  private paintRegion(
    canvas: HTMLCanvasElement,
    input: StaticInput,
    painted: { x: number; y: number },
    box: DirtyBox,
  ): void {
    const ctx = canvas.getContext('2d')
    if (!ctx) return
    const started = performance.now()
    const view = { ...input.view, x: painted.x, y: painted.y }
    paintBoard(ctx, input.raster, this.optionsFor(input, view, this.extent), box)
    this.paints++
    this.paintMs = Math.round((performance.now() - started) * 10) / 10
  }

  private optionsFor(input: StaticInput, view: View, area: Extent): PaintOptions {
    return {
      view: { x: view.x - area.left, y: view.y - area.top, zoom: view.zoom },
      width: area.width,
      height: area.height,
      dpr: input.dpr,
      elevationNumbers: input.elevationNumbers,
      lightLevels: input.lightLevels?.levels ?? null,
      lightTop: input.lightLevels?.top ?? 6,
      showSecrets: true,
      art: input.art,
    }
  }
}
