// The board's share of map art: the map's picture, decoded once per picture (art-cache.ts) and
// followed as the map changes, and the "mark one square" gesture that aligns it.
import type { CampaignMap, MapArt } from '@core/campaign/schema'
import type { GmApi } from '../lib/api'
import { alignFromMarkedSquare, type ArtImage } from '../lib/art-image'
import { loadArt } from './art-cache'
import { mapToScreen, type View } from '../lib/viewport'

export type ArtStatus = 'none' | 'loading' | 'ready' | 'failed'

export class BoardArt {
  image = $state.raw<ArtImage | null>(null)
  status = $state<ArtStatus>('none')
  /** What the canvas painter needs, or null while there is nothing to draw. */
  readonly layer = $derived.by(() => {
    const art = this.map().art
    return this.image && art ? { image: this.image, align: art } : null
  })

  /** Must be made while a component initialises: it follows the map with an effect. */
  constructor(
    api: GmApi,
    private readonly map: () => CampaignMap,
  ) {
    $effect(() => {
      const hash = this.map().art?.asset
      if (!hash) {
        this.image = null
        this.status = 'none'
        return
      }
      this.status = 'loading'
      loadArt(api, hash).then(
        (loaded) => {
          if (this.map().art?.asset !== hash) return
          this.image = loaded.image
          this.status = 'ready'
        },
        () => {
          if (this.map().art?.asset === hash) this.status = 'failed'
        },
      )
    })
  }
}

interface Point {
  fx: number
  fy: number
}

/** A drag over one square of the picture, corner to corner, in map squares. */
export class ArtMark {
  drag = $state.raw<{ from: Point; to: Point } | null>(null)

  start(at: Point): void {
    this.drag = { from: at, to: at }
  }

  move(to: Point): void {
    if (this.drag) this.drag = { ...this.drag, to }
  }

  /** Ends the drag; answers the alignment that makes the marked square a grid square, if any. */
  finish(
    to: Point,
    art: MapArt | undefined,
  ): Pick<MapArt, 'pixelsPerSquare' | 'offsetX' | 'offsetY'> | null {
    const from = this.drag?.from
    this.drag = null
    return art && from ? alignFromMarkedSquare(art, from, to) : null
  }

  cancel(): void {
    this.drag = null
  }

  /** The marked square's box on the board (CSS px), for the outline drawn while dragging. */
  boxOn(view: View): { left: number; top: number; width: number; height: number } | null {
    const drag = this.drag
    if (!drag) return null
    const [x1, y1] = mapToScreen(
      view,
      Math.min(drag.from.fx, drag.to.fx),
      Math.min(drag.from.fy, drag.to.fy),
    )
    const [x2, y2] = mapToScreen(
      view,
      Math.max(drag.from.fx, drag.to.fx),
      Math.max(drag.from.fy, drag.to.fy),
    )
    return { left: x1, top: y1, width: x2 - x1, height: y2 - y1 }
  }
}
