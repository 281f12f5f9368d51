// Where a pointer or key on the board goes: a middle-button (or Space-held) drag pans the view,
// a drag while marking a square on the map picture aligns the picture, and anything else is the
// tool's gesture (gestures.svelte.ts). Hover is written to the session's focus for the overlays.
import type { CampaignMap } from '@core/campaign/schema'
import { ArtMark } from '../../state/board-art.svelte'
import { actionsFor } from '../../state/actions/registry.svelte'
import type { GmSession } from '../../state/session.svelte'
import { cellAt, screenToMap } from '../../lib/viewport'
import type { BoardView } from './board-view.svelte'
import type { BoardPoint, ToolGestures } from './gestures.svelte'

interface Pan {
  pointerId: number
  sx: number
  sy: number
  vx: number
  vy: number
}

export class BoardPointer {
  spaceDown = $state(false)
  panning = $state(false)
  /** The square the GM is marking on the picture (editor.artMark). */
  readonly mark = new ArtMark()
  private pan: Pan | null = null

  constructor(
    private readonly session: GmSession,
    private readonly getMap: () => CampaignMap,
    private readonly board: BoardView,
    private readonly gestures: ToolGestures,
    private readonly element: () => HTMLElement,
  ) {}

  /** A point in the board's own pixels (read at an event, when the page is laid out anyway). */
  local(event: MouseEvent): [number, number] {
    const box = this.element().getBoundingClientRect()
    return [event.clientX - box.left, event.clientY - box.top]
  }

  private point(event: PointerEvent): BoardPoint {
    const [sx, sy] = this.local(event)
    const view = this.board.view
    const [fx, fy] = screenToMap(view, sx, sy)
    const cell = cellAt(view, this.getMap(), sx, sy)
    return { fx, fy, cell, shift: event.shiftKey, alt: event.altKey }
  }

  down(event: PointerEvent): void {
    // The zoom buttons sit on the board; their presses are theirs.
    if ((event.target as Element | null)?.closest?.('.board-corner')) return
    this.element().focus({ preventScroll: true })
    if (event.button === 1 || (event.button === 0 && this.spaceDown)) {
      event.preventDefault()
      const { x, y } = this.board.view
      this.pan = { pointerId: event.pointerId, sx: event.clientX, sy: event.clientY, vx: x, vy: y }
      this.panning = true
      this.capture(event)
      return
    }
    if (event.button !== 0) return
    const map = this.getMap()
    if (this.session.editor.artMark && map.art) {
      this.mark.start(this.point(event))
      this.capture(event)
      return
    }
    if (this.gestures.down(this.point(event))) this.capture(event)
  }

  move(event: PointerEvent): void {
    const pan = this.pan
    if (pan && event.pointerId === pan.pointerId) {
      const view = this.board.view
      this.board.view = {
        ...view,
        x: pan.vx + event.clientX - pan.sx,
        y: pan.vy + event.clientY - pan.sy,
      }
      return
    }
    const p = this.point(event)
    if (this.mark.drag) {
      this.mark.move(p)
      return
    }
    this.session.focus.hover(p.cell)
    this.gestures.move(p)
  }

  up(event: PointerEvent): void {
    if (this.pan && event.pointerId === this.pan.pointerId) {
      this.endPan()
      return
    }
    if (this.mark.drag && event.button === 0) return this.finishMark(this.point(event))
    if (event.button === 0 && this.gestures.active) void this.gestures.up(this.point(event))
  }

  cancel(): void {
    this.endPan()
    this.gestures.cancel()
  }

  leave(): void {
    if (!this.gestures.active && !this.pan) this.session.focus.hover(null)
  }

  wheel(event: WheelEvent): void {
    // Non-passive (Board adds it so): the page must not scroll while the board zooms.
    event.preventDefault()
    const [sx, sy] = this.local(event)
    this.board.wheel(event, sx, sy)
  }

  key(event: KeyboardEvent, down: boolean): void {
    const editor = this.session.editor
    if (down && event.key === 'Escape' && editor.artMark) {
      this.mark.cancel()
      editor.artMark = false
      return
    }
    if (event.key === ' ' && !isField(event.target)) {
      this.spaceDown = down
      if (down) event.preventDefault()
    }
  }

  private endPan(): void {
    this.pan = null
    this.panning = false
  }

  private finishMark(to: BoardPoint): void {
    this.session.editor.artMark = false
    const map = this.getMap()
    const aligned = this.mark.finish(to, map.art)
    if (aligned) void actionsFor(this.session).run('map.artAlign', { mapId: map.id, ...aligned })
  }

  private capture(event: PointerEvent): void {
    try {
      this.element().setPointerCapture(event.pointerId)
    } catch {
      // Synthetic events (scripted pans) have no real pointer to capture.
    }
  }
}

function isField(target: EventTarget | null): boolean {
  const tag = (target as HTMLElement | null)?.tagName?.toLowerCase()
  return tag === 'input' || tag === 'textarea' || tag === 'select' || tag === 'button'
}
