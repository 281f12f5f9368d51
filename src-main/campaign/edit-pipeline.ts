// The edit pipeline of an open campaign: a command (or an undo, a redo, a map checked on its
// import worker) becomes the next state, its record changes are checked where they land and
// against the file-size budget, appended to the journal and made durable, then sent to every
// window as one change event. The campaign's lifecycle (open, save, close) is service.ts's.
import type { ChangeEvent } from '@core/contract/campaign-service'
import { applyCommand } from '@core/campaign/commands'
import { checkChange } from '@core/campaign/loadable'
import { changesOf, type Change } from '@core/campaign/changes'
import { treeOpsOf } from '@core/campaign/change-paths'
import type { Campaign, CampaignMap, Command } from '@core/campaign/schema'
import { sightsRestored } from '@core/campaign/fog-commands'
import { passedStrictCommandSchema, strictCommandSchema } from '@core/campaign/schema'
import type { JournalChange, JournalEdit } from './journal'
import { stringifyInParts } from './json-slices'
import type { OpenCampaign } from './open-campaign'

/** What the pipeline needs of the lifecycle that holds the open campaigns. */
export interface EditHost {
  now(): Date
  /** Throws once the service is disposed. */
  requireLive(): void
  /** The open campaign, or a `not-open` refusal. */
  requireOpen(id: string): OpenCampaign
  /** Starts the autosave timer if none runs. */
  markDirty(id: string, entry: OpenCampaign): void
  /** The snapshot save: the fallback when the journal cannot be written. */
  saveEntry(id: string, entry: OpenCampaign): Promise<void>
}

interface StampedChange {
  campaign: Campaign
  at: string
  changes: Change[]
}

export class CampaignEdits {
  private readonly listeners = new Set<(event: ChangeEvent) => void>()

  constructor(private readonly host: EditHost) {}

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /** Forgets every listener (the service is shutting down). */
  clearListeners(): void {
    this.listeners.clear()
  }

  /**
   * dispatch, answered with the change itself: the new revision and its record changes (issue
   * 28). A command after which the loader would refuse the campaign (a limit passed, the file too
   * big) is refused with CampaignLimitError and changes nothing (issue 27).
   */
  async dispatchEdit(id: string, command: Command): Promise<ChangeEvent> {
    this.host.requireLive()
    // A command from campaign.dispatch was checked by the IPC contract (the same schema); one
    // made in main (a rename, a roll record, dice added to a fight command) is checked here.
    const valid = passedStrictCommandSchema(command) ? command : strictCommandSchema.parse(command)
    const entry = this.host.requireOpen(id)
    const next = applyCommand(entry.campaign, valid)
    if (next === entry.campaign) return this.unchanged(id, entry, valid.type)
    const change = this.stamped(entry, next)
    const ops = treeOpsOf(change.campaign, change.changes)
    checkChange(change.campaign, ops)
    entry.budget.admit(change.campaign, ops)
    entry.history.record(entry.campaign, change.campaign)
    return this.commit(id, entry, change, valid.type, 'command')
  }

  /**
   * Adds a map checked where it was made (an imported Universal VTT map: the campaign map schema,
   * its consistency and the bytes its edges and wall lines take in the file, all on its import
   * worker), as the `map.add` command does, without checking it again on main (issue 26: a map
   * of a hundred thousand edges kept the host from answering for seconds). What is checked here
   * is the rest: the campaign's limits on its list of maps and the file-size budget. The journal
   * line and the windows' event are written out in slices.
   */
  async addCheckedMap(id: string, map: CampaignMap, savedBytes: number): Promise<ChangeEvent> {
    this.host.requireLive()
    const entry = this.host.requireOpen(id)
    const command: Command = { type: 'map.add', map }
    const next = applyCommand(entry.campaign, command, { checkedMaps: new Set([map]) })
    const change = this.stamped(entry, next)
    // The map itself is not walked again: its list's limits are, and its skeleton's size.
    const skeleton = { ...map, edges: [], wallLines: [] }
    const ops = treeOpsOf(change.campaign, change.changes).map((op) =>
      op.op === 'splice' && op.items.includes(map) ? { ...op, items: [] } : op,
    )
    checkChange(change.campaign, ops)
    const sized = ops.map((op) =>
      op.op === 'splice' && op.path.length === 1 && op.path[0] === 'maps'
        ? { ...op, items: [skeleton] }
        : op,
    )
    entry.budget.admit(change.campaign, sized, true, savedBytes)
    entry.history.record(entry.campaign, change.campaign)
    return this.commit(id, entry, change, command.type, 'command', true)
  }

  /**
   * One step back (undo) or forward (redo) in the undo history. Both return to states that were
   * admitted once (loaded, or made by a checked command), so they are never refused; the budget
   * still counts what they add.
   */
  async stepHistory(id: string, step: 'undo' | 'redo'): Promise<ChangeEvent> {
    this.host.requireLive()
    const entry = this.host.requireOpen(id)
    const next = entry.history[step](entry.campaign)
    if (!next) return this.unchanged(id, entry, step)
    // Undo keeps no sight (history.ts): the restored maps' is derived from the maps they replace,
    // as their edit derived it, before the player view or a rules query asks for it whole.
    sightsRestored(entry.campaign, next)
    const change = this.stamped(entry, next)
    entry.budget.admit(change.campaign, treeOpsOf(change.campaign, change.changes), false)
    return this.commit(id, entry, change, step, step)
  }

  /** `next` as the campaign would become it now, and the record changes from the current one. */
  private stamped(entry: OpenCampaign, next: Campaign): StampedChange {
    const at = this.host.now().toISOString()
    const campaign = { ...next, updatedAt: at }
    // Cheap: applyCommand and the undo history share every untouched object (changes.ts).
    return { campaign, at, changes: changesOf(entry.campaign, campaign) }
  }

  /**
   * Makes `next` the campaign, appends its record changes to the journal and waits until they are
   * on disk, then tells the listeners and answers: an acknowledged change survives a crash (issue
   * 11.2). The journal, the listeners (every window) and undo hold the same change list.
   */
  private async commit(
    id: string,
    entry: OpenCampaign,
    { campaign, at, changes }: StampedChange,
    cause: string,
    edit: JournalEdit,
    large = false,
  ): Promise<ChangeEvent> {
    entry.campaign = campaign
    entry.revision += 1
    this.host.markDirty(id, entry)
    const event: ChangeEvent = {
      campaignId: id,
      campaign,
      revision: entry.revision,
      changes,
      cause: { type: cause },
      canUndo: entry.history.canUndo,
      canRedo: entry.history.canRedo,
    }
    const record: JournalChange = { edit, cause, changes }
    await this.makeDurable(id, entry, record, at, large ? stringifyInParts(record) : undefined)
    for (const listener of [...this.listeners]) {
      try {
        listener(event)
      } catch (error) {
        console.error('[campaign] change listener failed', error)
      }
    }
    return event
  }

  /** The answer to a command that changed nothing: the same revision, no changes. */
  private unchanged(id: string, entry: OpenCampaign, cause: string): ChangeEvent {
    return {
      campaignId: id,
      campaign: entry.campaign,
      revision: entry.revision,
      changes: [],
      cause: { type: cause },
      canUndo: entry.history.canUndo,
      canRedo: entry.history.canRedo,
    }
  }

  /** The journal append; if the journal cannot be written, a snapshot save is the fallback. */
  private async makeDurable(
    id: string,
    entry: OpenCampaign,
    change: JournalChange,
    at: string,
    parts?: Promise<readonly string[]>,
  ): Promise<void> {
    if (!entry.journal.broken) {
      try {
        await entry.journal.append(change, at, parts)
        return
      } catch (error) {
        console.error(
          `[campaign] journal of ${id} could not be written; saving a snapshot instead`,
          error,
        )
      }
    }
    await this.host.saveEntry(id, entry)
  }
}
