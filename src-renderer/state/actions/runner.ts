// How an action runs (one path for every caller): check it applies, perform it, send its commands
// with session.dispatch in the same tick, then its after-step. The registry (registry.svelte.ts)
// runs the table's actions by id through here; state that an action of the table itself reads
// (the fight overlays: Esc clears a template's picks) runs its own actions through here too, with
// the action object, so it needs no import of the table.
import type { Command } from '@core/campaign/schema'
import type { CommandBuilder, GmSession } from '../session.svelte'
import type { Action, ActionContext, ActionResult, BoardView } from './action'

export class ActionRunner {
  /** The 2D board while one is on screen (CampaignView lends it). */
  board: BoardView | null = null

  constructor(readonly session: GmSession) {}

  context(): ActionContext {
    return { session: this.session, map: this.session.selectedMap, board: this.board }
  }

  enabled<A>(action: Action<A>, args: A): boolean {
    return !action.enabled || action.enabled(this.context(), args)
  }

  /**
   * Runs one action; true when it was done (main took its commands). The commands go to
   * session.dispatch in the same tick as the call, so actions keep the order they were run in.
   */
  async perform<A>(action: Action<A>, args: A): Promise<boolean> {
    const context = this.context()
    if (action.enabled && !action.enabled(context, args)) return false
    const done = await this.send(action.perform(context, args))
    if (action.after) await action.after(context, args, done)
    return done
  }

  private send(result: ActionResult): Promise<boolean> {
    if (result === undefined) return Promise.resolve(true)
    if (result === null) return Promise.resolve(false)
    if (result instanceof Promise) return result.then((value) => value !== false)
    if (Array.isArray(result)) {
      const sent = (result as ActionResult[]).map((command) => this.send(command))
      return Promise.all(sent).then((all) => all.every(Boolean))
    }
    return this.session.dispatch(result as Command | CommandBuilder)
  }
}

const runners = new WeakMap<GmSession, ActionRunner>()

/** One runner per session: the registry and the state that runs actions share it (and its board). */
export function runnerFor(session: GmSession): ActionRunner {
  let runner = runners.get(session)
  if (!runner) runners.set(session, (runner = new ActionRunner(session)))
  return runner
}
