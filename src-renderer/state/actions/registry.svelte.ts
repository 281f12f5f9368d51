// The one action registry of the GM page (issue 28): every action by id, run through one path
// (runner.ts: check it applies, perform it, send its commands with session.dispatch, then its
// after-step). The toolbar, the key handlers, the board's gestures and the panels call
// `run(id, args)`; tooltips and the help panel read the keys from here.
import type { KeyLike } from '../../lib/shortcuts'
import type { GmSession } from '../session.svelte'
import { bindingMatches, type Action, type BoardView, type ShortcutContext } from './action'
import { runnerFor, type ActionRunner } from './runner'
import { boardActions } from './board-actions'
import { editorActions } from './editor-actions'
import { fightActions } from './fight-actions'
import { guildActions } from './guild-actions'
import { playerViewActions } from './player-view-actions'
import { panActions, viewActions } from './view-actions'

/** Every action, in the order the help panel lists their keys. */
export const ACTIONS = {
  ...viewActions,
  ...fightActions,
  ...panActions,
  ...editorActions,
  ...boardActions,
  ...playerViewActions,
  ...guildActions,
}

export type ActionId = keyof typeof ACTIONS
export type ActionArgs<Id extends ActionId> = Parameters<(typeof ACTIONS)[Id]['perform']>[1]
/** No second argument for actions that take none, an optional one when every field is optional. */
type ArgsTuple<Id extends ActionId> = [ActionArgs<Id>] extends [void]
  ? []
  : object extends ActionArgs<Id>
    ? [ActionArgs<Id>?]
    : [ActionArgs<Id>]

const byId = ACTIONS as unknown as Record<ActionId, Action<unknown>>
export const ACTION_LIST: readonly Action<unknown>[] = Object.values(byId)

/** The actions with a key in this context, in registry order. */
export function shortcutsIn(context: ShortcutContext): readonly Action<unknown>[] {
  return ACTION_LIST.filter((each) => each.shortcut?.context === context)
}

/** The action a key press runs in this context, with its arguments. */
export function actionForKey(
  event: KeyLike,
  context: ShortcutContext,
): { action: Action<unknown>; args: unknown } | null {
  for (const each of ACTION_LIST) {
    const shortcut = each.shortcut
    if (shortcut?.context !== context) continue
    if (shortcut.bindings.some((binding) => bindingMatches(binding, event)))
      return { action: each, args: shortcut.args?.(event) }
  }
  return null
}

/** The key shown for an action ('' when it has none). */
export function keysOf(id: ActionId): string {
  return byId[id].shortcut?.keys ?? ''
}

export class ActionRegistry {
  private readonly runner: ActionRunner

  constructor(readonly session: GmSession) {
    this.runner = runnerFor(session)
  }

  /** The 2D board while one is on screen (CampaignView lends it). */
  get board(): BoardView | null {
    return this.runner.board
  }

  set board(board: BoardView | null) {
    this.runner.board = board
  }

  enabled<Id extends ActionId>(id: Id, ...args: ArgsTuple<Id>): boolean {
    return this.runner.enabled(byId[id], args[0])
  }

  /**
   * Runs one action; true when it was done (main took its commands). The commands go to
   * session.dispatch in the same tick as the call, so actions keep the order they were run in.
   */
  run<Id extends ActionId>(id: Id, ...args: ArgsTuple<Id>): Promise<boolean> {
    return this.runner.perform(byId[id], args[0])
  }

  /** Runs the action bound to this key in this context; true when a key matched (and was taken). */
  handleKey(event: KeyboardEvent, context: ShortcutContext): boolean {
    const found = actionForKey(event, context)
    if (!found) return false
    event.preventDefault()
    void this.runner.perform(found.action, found.args)
    return true
  }
}

const registries = new WeakMap<GmSession, ActionRegistry>()

/** One registry per session, shared by every component of the GM page. */
export function actionsFor(session: GmSession): ActionRegistry {
  let registry = registries.get(session)
  if (!registry) registries.set(session, (registry = new ActionRegistry(session)))
  return registry
}
