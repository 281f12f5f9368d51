// The page's first edit of a map as cheap as the ones after it (issue 29). A click finds the edge
// it lands on, and applying main's change finds the records it names, through the keys kept per
// list (core/campaign/list-keys.ts); an edit derives the new lists' keys from the old ones, but
// the lists the page received with the campaign have none until something asks. On a map of
// 5,000 walls that first ask keyed every edge inside the first wall click (~5 ms of a 16 ms
// budget, more with a cold JIT). The board asks here instead, while the page is idle after
// showing a map: the campaign's lists (the maps) and the shown map's, each keyed once and kept,
// a piece at a time so that a painted map's 40,000 squares never make one long task.
import { editListKeysInSteps, recordKeyOf } from '@core/campaign/list-keys'
import type { Change } from '@core/campaign/changes'
import type { Campaign, CampaignMap } from '@core/campaign/schema'
import { applyEdit, type HeldCampaign } from './campaign-edits'
import { edgeAtPoint, edgeClickCommand } from './grid-geometry'
import { LiveRaster } from './board-raster'

/** Records keyed between two looks at the idle deadline. */
export const KEYS_PER_PIECE = 500

/**
 * Keys the lists of `map` and of the campaign holding it, as an edit would ask them, yielding
 * after each piece of KEYS_PER_PIECE records.
 */
export function keepEditKeys(campaign: Campaign | null, map: CampaignMap): Generator<void> {
  return editListKeysInSteps(campaign, map, KEYS_PER_PIECE)
}

/**
 * Everything the page readies for the first edit of `map` while idle: its lists' keys, then, on
 * the board's first look at this map (`rehearse`), a wall click rehearsed on it and on a raster.
 * `outlines` is read when the rehearsal runs (the page's copy at that moment).
 */
export function* prepareEdits(
  campaign: Campaign | null,
  map: CampaignMap,
  rehearse: { outlines: () => HeldCampaign['outlines'] } | null,
): Generator<void> {
  yield* keepEditKeys(campaign, map)
  if (!rehearse || !campaign) return
  rehearseWallClick({ campaign, outlines: rehearse.outlines() }, map)
  yield
  rehearseRasterEdit(map)
}

/** Walls of the shown map the rehearsed click is applied among (a copy of the map's first ones). */
export const REHEARSAL_EDGES = KEYS_PER_PIECE

/**
 * A wall click's page-side path, run once on `map` while the page is idle and thrown away (issue
 * 29): the edge under a point, the command the click would send, and main's answer to it (the
 * edge put or removed) applied to the page's copy of the campaign as the change event applies it.
 * V8 compiled that path on the first real click (~5–8 ms of a 16 ms budget) and ran its loops
 * cold; now the first click runs code already compiled and warmed. Nothing is sent, and the
 * rehearsal works on a stand-in for the map's list of walls (its first REHEARSAL_EDGES, a new
 * list) and for the campaign's list of maps: applying a change hands a list's kept keys on to the
 * list it makes (list-keys.ts), and the page's own lists keep theirs for the real click. Answers
 * whether the rehearsed change applied (false: the map has no inner grid line).
 */
export function rehearseWallClick(held: HeldCampaign, map: CampaignMap): boolean {
  const standIn: CampaignMap = { ...map, edges: map.edges.slice(0, REHEARSAL_EDGES) }
  const campaign: Campaign = {
    ...held.campaign,
    maps: held.campaign.maps.map((m) => (m.id === map.id ? standIn : m)),
  }
  const between = edgeAtPoint(map, Math.floor(map.width / 2), Math.floor(map.height / 2) + 0.5)
  if (!between) return false
  const command = edgeClickCommand(standIn, between, 'wall')
  const id = recordKeyOf('edge', { between: command.between })
  if (id === undefined) return false
  // What main answers to that command: the edge's record put, or taken away.
  const change: Change = command.edge
    ? {
        op: 'put',
        kind: 'edge',
        id,
        mapId: map.id,
        record: { ...command.edge, between: command.between },
      }
    : { op: 'remove', kind: 'edge', id, mapId: map.id }
  const outcome = applyEdit({ campaign, outlines: held.outlines }, 0, {
    campaignId: campaign.id,
    revision: 1,
    changes: [change],
    cause: { type: command.type },
    canUndo: true,
    canRedo: false,
  })
  return outcome.kind === 'applied'
}

/**
 * The board's part of an edit (its raster folding the new map in, the box it says changed), run
 * once on a two-square copy of `map` with a wall added, on a raster of its own: the code is
 * compiled ahead of the first edit, at no cost that grows with the map. Answers the squares it
 * changed.
 */
export function rehearseRasterEdit(map: CampaignMap): ReturnType<LiveRaster['changedSince']> {
  const before: CampaignMap = {
    ...map,
    width: 2,
    height: 1,
    cells: [],
    edges: [],
    deploy: undefined,
    wallLines: undefined,
  }
  const after: CampaignMap = {
    ...before,
    edges: [
      {
        between: [
          [0, 0],
          [1, 0],
        ],
        kind: 'wall',
      },
    ],
  }
  const live = new LiveRaster()
  live.show(before)
  live.show(after)
  return live.changedSince(1)
}

/** How long an idle period has left (requestIdleCallback's deadline). */
export interface IdleDeadline {
  timeRemaining(): number
}

/**
 * Runs `steps` while the page is idle, a step at a time while the idle period lasts, over as many
 * idle periods as it takes; answers a cancel. A page without idle callbacks (tests' DOM) runs a
 * step per timer.
 */
export function whenIdle(steps: Iterator<unknown>, timeoutMs = 1000): () => void {
  let cancelled = false
  let cancelPending = () => {}
  const run = (deadline: IdleDeadline) => {
    if (cancelled) return
    do {
      if (steps.next().done) return
    } while (deadline.timeRemaining() > 1)
    schedule()
  }
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(run, { timeout: timeoutMs })
      cancelPending = () => cancelIdleCallback(handle)
    } else {
      const timer = setTimeout(() => run({ timeRemaining: () => 0 }), 0)
      cancelPending = () => clearTimeout(timer)
    }
  }
  schedule()
  return () => {
    cancelled = true
    cancelPending()
  }
}
