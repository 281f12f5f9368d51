// Undo / redo for one open campaign. It keeps whole snapshots: applyCommand shares every
// untouched part with its input, so a snapshot costs only the path that changed, and restoring
// one can never disagree with how the command was applied (no hand-written inverses to drift).
import type { Campaign } from './schema'

export const DEFAULT_HISTORY_LIMIT = 200

export class UndoHistory {
  private readonly past: Campaign[] = []
  private future: Campaign[] = []

  constructor(readonly limit = DEFAULT_HISTORY_LIMIT) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError('History limit must be a positive integer.')
  }

  /** Call with the state before a new command; a new command makes the redo list meaningless. */
  record(before: Campaign): void {
    this.past.push(before)
    if (this.past.length > this.limit) this.past.splice(0, this.past.length - this.limit)
    this.future = []
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
    if (previous !== undefined) this.future.push(current)
    return previous
  }

  redo(current: Campaign): Campaign | undefined {
    const next = this.future.pop()
    if (next !== undefined) this.past.push(current)
    return next
  }

  /**
   * Journal replay of an undo whose resulting state comes from the journal itself: the undo may
   * reach back before this session's history (into states folded into the snapshot), so the
   * state to restore is not taken from here; `current` becomes redoable all the same.
   */
  replayUndo(current: Campaign): void {
    this.past.pop()
    this.future.push(current)
  }

  /** Journal replay of a redo, as replayUndo. */
  replayRedo(current: Campaign): void {
    this.future.pop()
    this.past.push(current)
    if (this.past.length > this.limit) this.past.splice(0, this.past.length - this.limit)
  }

  clear(): void {
    this.past.length = 0
    this.future = []
  }
}
