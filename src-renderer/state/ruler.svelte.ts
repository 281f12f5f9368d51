// The free ruler (Ruler tool, N): between any two squares, measured by main's rules engine with
// the map's own metric (Arianrhod 2 m / 3 m steps, Pathfinder and D&D 3.5 5/10/5 diagonals,
// DysTopiA Manhattan squares), never by the page. A drag measures from the pressed square to the
// released one; a click fixes the first square and the pointer previews until a second click.
import type { Cell } from '@core/rules/model'
import { cellKey, sameCell } from '../gm/overlays/fight-rules'
import { askMain } from '../lib/rules-query'
import { HOVER_DEBOUNCE_MS } from './fight.svelte'
import { LatestQuery } from './fight-query.svelte'
import type { GmSession } from './session.svelte'

export class RulerState {
  /** The first square, once pressed. */
  from = $state.raw<Cell | null>(null)
  /** The second square, once released or clicked; until then the hovered square is previewed. */
  end = $state.raw<Cell | null>(null)
  readonly distance = new LatestQuery<{ distance: number; unit: string }>()

  readonly active = $derived.by(() => this.session.editor.tool === 'ruler')
  /** Where the ruler runs to now: the fixed end, else (while measuring) the hovered square. */
  readonly to = $derived.by(
    (): Cell | null =>
      this.end ?? (this.active && this.from ? this.session.focus.hoveredCell : null),
  )

  constructor(private readonly session: GmSession) {
    let shownMapId: string | null = null
    $effect.root(() => {
      $effect(() => {
        // Another map: a ruler from the last one measures nothing here.
        const id = this.session.selectedMap?.id ?? null
        if (id === shownMapId) return
        shownMapId = id
        this.clear()
      })
      $effect(() => this.requestDistance())
    })
  }

  /** A press on the board with the Ruler tool: a second point while one is waiting, else a new start. */
  press(cell: Cell): void {
    if (this.from && !this.end) {
      this.end = cell
      return
    }
    this.from = cell
    this.end = null
  }

  /** The release after a drag fixes the far end (a release on the pressed square is a click). */
  release(cell: Cell): void {
    if (this.from && !this.end && !sameCell(cell, this.from)) this.end = cell
  }

  clear(): void {
    this.from = null
    this.end = null
  }

  private requestDistance(): void {
    const map = this.session.selectedMap
    const campaign = this.session.campaign
    const { from, to } = this
    if (!map || !campaign || !from || !to) return this.distance.clear()
    this.distance.request(
      `${map.id}|${map.system}|${cellKey(from)}|${cellKey(to)}`,
      () =>
        askMain(this.session.api, { campaignId: campaign.id, mapId: map.id }, 'distance', {
          from,
          to,
        }),
      this.end ? 0 : HOVER_DEBOUNCE_MS,
    )
  }
}

const states = new WeakMap<GmSession, RulerState>()

/** One RulerState per session, shared by the board, its gestures and the help text. */
export function rulerFor(session: GmSession): RulerState {
  let state = states.get(session)
  if (!state) states.set(session, (state = new RulerState(session)))
  return state
}
