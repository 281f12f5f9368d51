// What an action is (issue 28; Excalidraw's action manager is the model): one entry per thing the
// GM can do, with its id, its label, its key, when it applies and the command it makes. The
// toolbar, the key handlers, the board's gestures and the panels all run actions by id, so a key,
// a button and the help panel can never disagree about what a thing does or which key it has.
import type { Command } from '@core/campaign/schema'
import type { CampaignMap } from '@core/campaign/schema'
import type { MessageKey } from '../../lib/i18n'
import type { KeyLike } from '../../lib/shortcuts'
import type { CommandBuilder, GmSession } from '../session.svelte'

/** The 2D board's own view controls, lent to the actions while a map is shown (CampaignView). */
export interface BoardView {
  zoomStep(direction: 1 | -1): void
  fit(): void
  panBy(dx: number, dy: number): void
  cancelGesture(): void
}

export interface ActionContext {
  session: GmSession
  /** The map on screen, or null (no map, or none selected). */
  map: CampaignMap | null
  /** The board, while one is shown. */
  board: BoardView | null
}

/**
 * Where a key works: `app` everywhere on the GM page (history), `board` while a map is on screen
 * and no text field or list has the key.
 */
export type ShortcutContext = 'app' | 'board'

/** One key press that runs the action. Modifiers not named must be up, except where noted. */
export interface KeyBinding {
  /** `event.key`, lower case. */
  key: string
  /** Ctrl (or Cmd) held: true requires it, absent forbids it. */
  primary?: true
  /** Shift: true requires it, false forbids it, absent allows both. */
  shift?: boolean
  /** Alt may be held too (it is forbidden otherwise). */
  altAllowed?: true
}

export interface Shortcut<A> {
  context: ShortcutContext
  /** As shown in the help panel and in tooltips. */
  keys: string
  bindings: readonly KeyBinding[]
  /** The action's arguments for this key press (actions that take some). */
  args?: (event: KeyLike) => A
}

/**
 * What perform gives back: commands for main; nothing when the action only changes the view; or
 * the promise of a session call that is not a command (undo, save), which the registry waits for.
 */
export type ActionResult =
  Command | CommandBuilder | readonly (Command | CommandBuilder)[] | Promise<unknown> | null | void

export interface Action<A = void> {
  id: string
  /** What the action is called, in both languages (lib/messages). */
  label: MessageKey
  shortcut?: Shortcut<A>
  /** Whether the action applies now; a disabled action does nothing when run. */
  enabled?: (context: ActionContext, args: A) => boolean
  perform: (context: ActionContext, args: A) => ActionResult
  /** Runs once main has answered the commands (`done` false when one was refused or not sent). */
  after?: (context: ActionContext, args: A, done: boolean) => void | Promise<void>
}

/** A table of actions whose ids are their keys, so a typo in a caller's id is a type error. */
export function defineActions<T extends Record<string, { label: MessageKey }>>(
  table: T,
): { [K in keyof T]: T[K] & { id: K } } {
  return Object.fromEntries(Object.entries(table).map(([id, spec]) => [id, { ...spec, id }])) as {
    [K in keyof T]: T[K] & { id: K }
  }
}

/** One action with its argument type checked where it is written. */
export function action<A = void>(spec: Omit<Action<A>, 'id'>): Omit<Action<A>, 'id'> {
  return spec
}

export function bindingMatches(binding: KeyBinding, event: KeyLike): boolean {
  if (event.key.toLowerCase() !== binding.key) return false
  if (Boolean(event.ctrlKey || event.metaKey) !== Boolean(binding.primary)) return false
  if (event.altKey && !binding.altAllowed) return false
  if (binding.shift !== undefined && event.shiftKey !== binding.shift) return false
  return true
}

type CommandType = Command['type']
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>
export type MapCommandType = Extract<Command, { mapId: string }>['type']
/** A map command's own fields; the map is the one on screen unless `mapId` names another. */
export type MapCommandArgs<T extends MapCommandType> = Omit<CommandOf<T>, 'type' | 'mapId'> & {
  mapId?: string
}

/** The map an action works on: the one its arguments name, else the one on screen. */
export function mapIdOf(context: ActionContext, args: { mapId?: string }): string | null {
  return args.mapId ?? context.map?.id ?? null
}

/** An action that sends one command about a map. */
export function mapCommand<T extends MapCommandType>(
  type: T,
  label: MessageKey,
): Omit<Action<MapCommandArgs<T>>, 'id'> {
  return {
    label,
    enabled: (context, args) => mapIdOf(context, args ?? {}) !== null,
    perform: (context, args) => {
      const { mapId, ...fields } = args ?? {}
      const id = mapIdOf(context, { mapId })
      return id ? ({ ...fields, type, mapId: id } as unknown as Command) : null
    },
  }
}

/** An action that sends one command about the campaign itself (its guild, its roll log). */
export function campaignCommand<T extends Exclude<CommandType, MapCommandType>>(
  type: T,
  label: MessageKey,
): Omit<Action<Omit<CommandOf<T>, 'type'>>, 'id'> {
  return {
    label,
    enabled: (context) => context.session.campaign !== null,
    perform: (_context, fields) => ({ ...(fields ?? {}), type }) as unknown as Command,
  }
}
