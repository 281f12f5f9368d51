// Undo / redo for one open campaign. It keeps whole snapshots: applyCommand shares every
// untouched part with its input, so a snapshot costs only the path that changed, and restoring
// one can never disagree with how the command was applied (no hand-written inverses to drift).
//
// What is kept here holds none of the objects the campaign has stopped using (issue 29): the app
// keeps what it derives by map and list object (the rules engine's grid and battle, map-battle.ts;
// the party's sight, table/vision.ts; list keys, list-keys.ts; file text, serialize.ts), so a map
// version kept for undo kept all of that alive too, ~300 KB a wall click on a 200×200 map with 20
// PCs, and 200 versions made the heap big enough for major GCs of 100–220 ms to land in a click.
// When a map version (or one of its lists) stops being the campaign's, every kept state holding
// it holds a copy instead (the same records in a new object), so what was derived from it goes
// with it. A restored version is derived again from the one it replaces, at the cost of one edit
// (edit-pipeline.ts asks for the party's sight so; the grid and list keys follow on their own).
import type { Campaign, CampaignMap } from './schema'

export const DEFAULT_HISTORY_LIMIT = 200

export class UndoHistory {
  private readonly past: Campaign[] = []
  private future: Campaign[] = []

  constructor(readonly limit = DEFAULT_HISTORY_LIMIT) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError('History limit must be a positive integer.')
  }

  /**
   * Call with the state before a new command and, when known, the state it made (what `before`
   * stops using is then kept as copies); a new command makes the redo list meaningless.
   */
  record(before: Campaign, after?: Campaign): void {
    this.past.push(before)
    if (this.past.length > this.limit) this.past.splice(0, this.past.length - this.limit)
    this.future = []
    if (after) this.movedOn(before, after)
  }

  get canUndo(): boolean {
    return this.past.length > 0
  }

  get canRedo(): boolean {
    return this.future.length > 0
  }

  get undoDepth(): number {
    return this.past.length
  }

  /** Returns the state to restore, or undefined when there is nothing to undo. */
  undo(current: Campaign): Campaign | undefined {
    const previous = this.past.pop()
    if (previous !== undefined) {
      this.future.push(current)
      this.movedOn(current, previous)
    }
    return previous
  }

  redo(current: Campaign): Campaign | undefined {
    const next = this.future.pop()
    if (next !== undefined) {
      this.past.push(current)
      this.movedOn(current, next)
    }
    return next
  }

  /**
   * Journal replay of an undo whose resulting state comes from the journal itself: the undo may
   * reach back before this session's history (into states folded into the snapshot), so the
   * state to restore is not taken from here; `current` becomes redoable all the same.
   */
  replayUndo(current: Campaign, restored?: Campaign): void {
    this.past.pop()
    this.future.push(current)
    if (restored) this.movedOn(current, restored)
  }

  /** Journal replay of a redo, as replayUndo. */
  replayRedo(current: Campaign, restored?: Campaign): void {
    this.future.pop()
    this.past.push(current)
    if (this.past.length > this.limit) this.past.splice(0, this.past.length - this.limit)
    if (restored) this.movedOn(current, restored)
  }

  clear(): void {
    this.past.length = 0
    this.future = []
  }

  /**
   * The campaign went from `from` to `to`: the map versions and lists `from` held that `to` does
   * not are, in every kept state, copies from now on (one copy of each, shared as the originals
   * were). A map `to` lacks or holds at another size stays as it is: restoring it derives
   * nothing, it would be built again whole.
   */
  private movedOn(from: Campaign, to: Campaign): void {
    if (from === to || from.maps === to.maps) return
    const now = new Map(to.maps.map((map) => [map.id, map]))
    const left = new Set<object>()
    const ids = new Set<string>()
    for (const map of from.maps) {
      const current = now.get(map.id)
      if (!current || current === map) continue
      if (current.width !== map.width || current.height !== map.height) continue
      left.add(map)
      ids.add(map.id)
      const fields = current as unknown as Record<string, unknown>
      for (const [key, value] of Object.entries(map))
        if (Array.isArray(value) && value !== fields[key]) left.add(value)
    }
    if (left.size === 0) return
    const copies = new Map<object, object>()
    // The states holding an object are the ones since it became the campaign's: from the newest
    // kept state back, up to the first that holds none of them.
    for (const states of [this.past, this.future]) {
      for (let i = states.length - 1; i >= 0; i--) {
        const state = withCopies(states[i], ids, left, copies)
        if (state === states[i]) break
        states[i] = state
      }
    }
  }
}

/**
 * `state` holding copies (made once, in `copies`) of the maps and map lists in `left`, which
 * belong to the maps with these `ids`.
 */
function withCopies(
  state: Campaign,
  ids: ReadonlySet<string>,
  left: ReadonlySet<object>,
  copies: Map<object, object>,
): Campaign {
  let changed = false
  const maps = state.maps.map((map) => {
    if (!ids.has(map.id)) return map
    const copy = mapWithCopies(map, left, copies)
    if (copy !== map) changed = true
    return copy
  })
  return changed ? { ...state, maps } : state
}

function mapWithCopies(
  map: CampaignMap,
  left: ReadonlySet<object>,
  copies: Map<object, object>,
): CampaignMap {
  const done = copies.get(map)
  if (done) return done as CampaignMap
  let copy: Record<string, unknown> | undefined = left.has(map) ? { ...map } : undefined
  for (const [key, value] of Object.entries(map)) {
    if (!Array.isArray(value) || !left.has(value)) continue
    copy ??= { ...map }
    let list = copies.get(value)
    if (!list) copies.set(value, (list = [...(value as unknown[])]))
    copy[key] = list
  }
  const result = (copy ?? map) as CampaignMap
  copies.set(map, result)
  return result
}
