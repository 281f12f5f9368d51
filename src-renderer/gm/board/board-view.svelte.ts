// Where the map sits on the board (pan and zoom) and how big the board is. The size comes only
// from a ResizeObserver's entries, never from reading the element (clientWidth,
// getBoundingClientRect) while the page is being built: such a read forces the browser to lay the
// whole page out on the spot, in the middle of mounting a big campaign, and again once the mount
// has changed it (issue 29). The observer reports after the browser's own layout of the frame,
// before it paints, so the first size arrives in time for the first painted frame.
import type { CampaignMap } from '@core/campaign/schema'
import {
  bringIntoView,
  clampZoom,
  fitView,
  nextZoomStep,
  wheelZoomFactor,
  zoomAround,
  type View,
} from '../../lib/viewport'

/** Starting zoom: 175 % shows a room-sized map comfortably. */
const START_ZOOM = 1.75

export interface BoardSize {
  width: number
  height: number
}

export class BoardView {
  view = $state<View>({ x: 16, y: 16, zoom: START_ZOOM })
  /** The board's content box in CSS pixels; 0 × 0 until the observer has reported it. */
  size = $state<BoardSize>({ width: 0, height: 0 })
  dpr = $state(1)
  /** The board has a size: the map can be fitted and painted. */
  measured = $state(false)
  /** The map the view was last fitted to: another map opens fitted (issue 12.7). */
  private fittedMapId = ''

  /**
   * Watches the board's box; answers the stop. `onSize` runs inside the observer's callback,
   * after the new size is set: whatever it paints is in the frame the browser is about to paint.
   */
  observe(element: Element, onSize: () => void = () => {}): () => void {
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1]
      if (!entry) return
      const box = entry.contentBoxSize?.[0]
      const width = box ? box.inlineSize : entry.contentRect.width
      const height = box ? box.blockSize : entry.contentRect.height
      this.dpr = window.devicePixelRatio || 1
      if (width !== this.size.width || height !== this.size.height) this.size = { width, height }
      this.measured = width > 0 && height > 0
      onSize()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }

  /** Fits a map the view has not shown yet, once the board's size is known. */
  fitNewMap(map: CampaignMap): void {
    if (!this.measured || map.id === this.fittedMapId) return
    this.fittedMapId = map.id
    this.view = fitView(map, this.size.width, this.size.height)
  }

  fit(map: CampaignMap): void {
    this.view = fitView(map, this.size.width, this.size.height)
  }

  /** Zoom one step in or out around the board's centre. */
  zoomStep(direction: 1 | -1): void {
    const { width, height } = this.size
    this.view = zoomAround(
      this.view,
      nextZoomStep(this.view.zoom, direction),
      width / 2,
      height / 2,
    )
  }

  setZoom(zoom: number): void {
    const { width, height } = this.size
    this.view = zoomAround(this.view, clampZoom(zoom), width / 2, height / 2)
  }

  panBy(dx: number, dy: number): void {
    this.view = { ...this.view, x: this.view.x + dx, y: this.view.y + dy }
  }

  /** Brings a box of squares into view (the token whose turn it is, issue 25). */
  show(rect: { x: number; y: number; width: number; height: number }): void {
    this.view = bringIntoView(this.view, rect, this.size.width, this.size.height)
  }

  /**
   * A wheel turn at (sx, sy) on the board: shift scrolls, anything else zooms around the pointer
   * (a trackpad pinch arrives as ctrl+wheel).
   */
  wheel(event: WheelEvent, sx: number, sy: number): void {
    const view = this.view
    if (event.shiftKey && !event.ctrlKey) {
      this.view = {
        ...view,
        x: view.x - (event.deltaX || event.deltaY),
        y: view.y - (event.deltaX ? event.deltaY : 0),
      }
      return
    }
    const delta = event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY
    this.view = zoomAround(
      view,
      view.zoom * wheelZoomFactor(event.ctrlKey ? delta * 2.5 : delta),
      sx,
      sy,
    )
  }
}
