// The player view as changes (issue 29): main sends every player connection (projector window,
// LAN browsers, the GM's preview) what changed since the view it sent before, by record — spans of
// seen and explored squares, edges, tokens, lights, terrain, templates, the turn banner's fields —
// instead of the whole 200 KB view per edit. A patch is computed from two complete views, both
// built by toPlayerView field by field, so it can carry nothing a full view would not: its lists'
// items are items of the new view, its fields fields of it. Applying it to the view before gives
// exactly the view after (player-view-patch.property.test.ts).
//
// Every view has a sequence number; a patch names the one it applies to. A page that gets a patch
// for another view (it connected or reloaded meanwhile, or missed one) asks for the whole view
// (`player.current`) and carries on from there.
import type { PlayerView } from '../contract/contract'
import type { PlayerViewMessage, PlayerViewPatch, Splice } from './player-view-patch-schema'

export type { PlayerViewMessage, PlayerViewPatch, Splice } from './player-view-patch-schema'

type MapView = NonNullable<PlayerView['map']>

/** Sorted, unique row spans `[y, x0, x1]`: compared as numbers, not keys. */
const SPAN_LISTS = ['visible', 'explored'] as const
/** Lists of records, each with what identifies it. */
const KEYED_LISTS: Record<string, (item: never) => unknown> = {
  edges: (edge: MapView['edges'][number]) => edge,
  terrain: (cell: MapView['terrain'][number]) => cell,
  tokens: (token: MapView['tokens'][number]) => token.id,
  lights: (light: MapView['lights'][number]) => `${light.at[0]},${light.at[1]}`,
  templates: (template: MapView['templates'][number]) => template.id,
  order: (id: string) => id,
  rolls: (roll: NonNullable<MapView['rolls']>[number]) => roll.id,
}

/** What changed from `before` to `after`; null when nothing did. */
export function diffPlayerView(before: PlayerView, after: PlayerView): PlayerViewPatch | null {
  const patch: PlayerViewPatch = {}
  if (!sameJson(before.projector, after.projector)) patch.projector = after.projector
  const a = before.map
  const b = after.map
  if (a === null || b === null || a.id !== b.id || a.screen !== b.screen) {
    if (!sameJson(a, b)) patch.map = b
  } else {
    const set: Record<string, unknown> = {}
    const unset: string[] = []
    const lists: Record<string, Splice[]> = {}
    const aFields = a as unknown as Record<string, unknown>
    const bFields = b as unknown as Record<string, unknown>
    for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const from = aFields[field]
      const to = bFields[field]
      if (from === to) continue
      if (to === undefined) {
        unset.push(field)
        continue
      }
      let splices: Splice[] | null = null
      if (Array.isArray(from) && Array.isArray(to)) {
        if ((SPAN_LISTS as readonly string[]).includes(field))
          splices = spanSplices(from as MapView['visible'], to as MapView['visible'])
        else if (field in KEYED_LISTS)
          splices = keyedSplices(from, to, KEYED_LISTS[field] as (item: unknown) => unknown)
      }
      if (splices) {
        if (splices.length > 0) lists[field] = splices
      } else if (!sameJson(from, to)) set[field] = to
    }
    if (Object.keys(set).length > 0) patch.set = set
    if (unset.length > 0) patch.unset = unset
    if (Object.keys(lists).length > 0) patch.lists = lists
  }
  return Object.keys(patch).length > 0 ? patch : null
}

/** The view `patch` makes of `view` (a new object; unchanged fields are shared). */
export function applyPlayerViewPatch(view: PlayerView, patch: PlayerViewPatch): PlayerView {
  let map = view.map
  if ('map' in patch) map = (patch.map ?? null) as PlayerView['map']
  else if (map && (patch.set || patch.unset || patch.lists)) {
    const next: Record<string, unknown> = { ...map }
    for (const field of patch.unset ?? []) delete next[field]
    for (const [field, value] of Object.entries(patch.set ?? {})) next[field] = value
    for (const [field, splices] of Object.entries(patch.lists ?? {}))
      next[field] = applySplices((next[field] as unknown[] | undefined) ?? [], splices)
    map = next as unknown as MapView
  }
  return {
    ...view,
    map,
    projector: (patch.projector as PlayerView['projector'] | undefined) ?? view.projector,
  }
}

function applySplices(list: readonly unknown[], splices: readonly Splice[]): unknown[] {
  let out = list.slice()
  for (const [start, deleteCount, items] of splices) {
    if (items.length < 10_000) out.splice(start, deleteCount, ...items)
    else out = [...out.slice(0, start), ...items, ...out.slice(start + deleteCount)]
  }
  return out
}

/**
 * Splices turning one sorted span list into another: a merge of the two, so a wall click that
 * changes a few rows of the fog sends those rows.
 */
function spanSplices(before: MapView['visible'], after: MapView['visible']): Splice[] {
  const out = new SpliceList()
  let i = 0
  let j = 0
  while (i < before.length || j < after.length) {
    const order =
      i === before.length ? 1 : j === after.length ? -1 : compareSpans(before[i], after[j])
    if (order === 0) {
      i++
      j++
      out.keep()
    } else if (order < 0) {
      i++
      out.remove()
    } else out.insert(after[j++])
  }
  return out.splices
}

function compareSpans(a: readonly number[], b: readonly number[]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

/**
 * Splices turning `before` into `after` for a list of records in a stable order: records are
 * matched by key (an edge by its object, which the projection keeps per stored edge; a token by
 * its id); a matched record that changed is replaced, one no longer there removed, a new one
 * inserted. A record that moved is removed and inserted again.
 */
function keyedSplices(
  before: readonly unknown[],
  after: readonly unknown[],
  keyOf: (item: unknown) => unknown,
  trimmed = false,
): Splice[] {
  const out = new SpliceList()
  // The common head and tail, by identity (edges and terrain are shared objects): a wall click
  // appends one edge to 5,000.
  let head = 0
  while (!trimmed && head < before.length && head < after.length && before[head] === after[head])
    head++
  let tail = 0
  while (
    !trimmed &&
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++
  for (let k = 0; k < head; k++) out.keep()
  if (head > 0 || tail > 0) {
    const middle = keyedSplices(
      before.slice(head, before.length - tail),
      after.slice(head, after.length - tail),
      keyOf,
      true,
    )
    for (const [start, deleteCount, items] of middle)
      out.splices.push([start + head, deleteCount, items])
    return out.splices
  }
  const keysBefore = keysOf(before, keyOf)
  const keysAfter = keysOf(after, keyOf)
  // Keys of the records not passed yet, in each list.
  const remaining = new Set(keysBefore)
  const wanted = new Set(keysAfter)
  let i = 0
  let j = 0
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && keysBefore[i] === keysAfter[j]) {
      if (before[i] === after[j] || sameJson(before[i], after[j])) out.keep()
      else {
        out.remove()
        out.insert(after[j])
      }
      remaining.delete(keysBefore[i])
      wanted.delete(keysAfter[j])
      i++
      j++
    } else if (i < before.length && !wanted.has(keysBefore[i])) {
      remaining.delete(keysBefore[i])
      out.remove()
      i++
    } else if (j < after.length && !remaining.has(keysAfter[j])) {
      wanted.delete(keysAfter[j])
      out.insert(after[j])
      j++
    } else {
      // Both are further on in the other list: the record before moved. Take it out; it is
      // inserted again where the list after has it.
      remaining.delete(keysBefore[i])
      out.remove()
      i++
    }
  }
  return out.splices
}

/** Keys made unique by their occurrence (two lights on one square are two records). */
function keysOf(list: readonly unknown[], keyOf: (item: unknown) => unknown): unknown[] {
  const seen = new Map<unknown, number>()
  return list.map((item) => {
    const key = keyOf(item)
    const n = seen.get(key) ?? 0
    seen.set(key, n + 1)
    return n === 0 ? key : `${String(typeof key === 'object' ? JSON.stringify(key) : key)}#${n}`
  })
}

/** Collects single-item edits into as few splices as possible. */
class SpliceList {
  readonly splices: Splice[] = []
  /** Index in the list as the splices so far leave it. */
  private at = 0

  keep(): void {
    this.at++
  }

  remove(): void {
    const last = this.splices.at(-1)
    if (last && last[0] + last[2].length === this.at) last[1]++
    else this.splices.push([this.at, 1, []])
  }

  insert(item: unknown): void {
    const last = this.splices.at(-1)
    if (last && last[0] + last[2].length === this.at) last[2].push(item)
    else this.splices.push([this.at, 0, [item]])
    this.at++
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

/**
 * A page's copy of the player view: whole views and patches in, the current view out. A patch
 * for another view than the one held (or any, before the first) makes it ask for the whole view.
 */
export class PlayerViewReceiver {
  private seq: number | null = null
  private fetching: Promise<void> | null = null

  constructor(
    private readonly fetchCurrent: () => Promise<PlayerView>,
    private readonly show: (view: PlayerView) => void,
    private view: PlayerView = { map: null, projector: { squarePx: null, ruler: false } },
  ) {}

  current(): PlayerView {
    return this.view
  }

  /** The whole view, as `player.current` answers it (with its sequence number). */
  whole(view: PlayerView): void {
    const { seq, ...rest } = view
    this.seq = seq ?? null
    this.view = rest
    this.show(rest)
  }

  receive(message: PlayerViewMessage<PlayerView>): void {
    if ('view' in message) {
      this.whole({ ...message.view, seq: message.seq })
      return
    }
    if (this.seq !== null && message.base === this.seq) {
      this.seq = message.seq
      this.view = applyPlayerViewPatch(this.view, message.patch)
      this.show(this.view)
      return
    }
    this.seq = null
    // A failed fetch leaves the view as it was; the next patch asks again.
    this.refetch().catch(() => {})
  }

  /** Asks for the whole view (a new connection, a reload, a missed patch); one ask at a time. */
  refetch(): Promise<void> {
    this.fetching ??= this.fetchCurrent()
      .then((view) => this.whole(view))
      .finally(() => (this.fetching = null))
    return this.fetching
  }
}
