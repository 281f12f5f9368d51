// The action registry (issue 28): keys unique where they work, every action named in both
// languages, the key matching of the old handlers kept, and no component building commands inline.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { translate } from '../../lib/i18n'
import type { KeyLike } from '../../lib/shortcuts'
import type { KeyBinding, ShortcutContext } from './action'
import { ACTION_LIST, ACTIONS, actionForKey } from './registry.svelte'

const press = (key: string, mods: Partial<Omit<KeyLike, 'key'>> = {}): KeyLike => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
})
const idFor = (event: KeyLike, context: ShortcutContext) =>
  actionForKey(event, context)?.action.id ?? null

/** Two bindings clash when one key press could match both. */
function clash(a: KeyBinding, b: KeyBinding): boolean {
  if (a.key !== b.key || Boolean(a.primary) !== Boolean(b.primary)) return false
  const shiftOverlaps = a.shift === undefined || b.shift === undefined || a.shift === b.shift
  return shiftOverlaps
}

describe('action registry', () => {
  it('has each id once, as its key', () => {
    for (const [id, action] of Object.entries(ACTIONS)) expect(action.id).toBe(id)
    expect(new Set(ACTION_LIST.map((a) => a.id)).size).toBe(ACTION_LIST.length)
  })

  it('binds every key press to at most one action per context', () => {
    const bound = ACTION_LIST.flatMap((action) =>
      (action.shortcut?.bindings ?? []).map((binding) => ({
        id: action.id,
        context: action.shortcut!.context,
        binding,
      })),
    )
    const clashes = bound.flatMap((a, i) =>
      bound
        .slice(i + 1)
        .filter((b) => a.context === b.context && clash(a.binding, b.binding))
        .map((b) => `${a.context}: ${a.id} / ${b.id} (${a.binding.key})`),
    )
    expect(clashes).toEqual([])
    const shown = ACTION_LIST.flatMap((a) => (a.shortcut ? [a.shortcut.keys] : []))
    expect(new Set(shown).size).toBe(shown.length)
  })

  it('names every action in English and Japanese', () => {
    for (const action of ACTION_LIST) {
      for (const locale of ['en', 'ja'] as const) {
        const text = translate(locale, action.label)
        expect(text, `${action.id} in ${locale}`).not.toBe('')
        expect(text, `${action.id} in ${locale}`).not.toBe(action.label)
      }
    }
  })

  it('keeps the board keys: letters with or without Shift, never with Ctrl, Cmd or Alt', () => {
    expect(idFor(press('w'), 'board')).toBe('tool.wall')
    expect(idFor(press('W', { shiftKey: true }), 'board')).toBe('tool.wall')
    expect(idFor(press('w', { ctrlKey: true }), 'board')).toBeNull()
    expect(idFor(press('w', { metaKey: true }), 'board')).toBeNull()
    expect(idFor(press('w', { altKey: true }), 'board')).toBeNull()
    expect(idFor(press('?', { shiftKey: true }), 'board')).toBe('view.help')
    expect(idFor(press('='), 'board')).toBe('view.zoomIn')
    expect(idFor(press('_', { shiftKey: true }), 'board')).toBe('view.zoomOut')
    expect(idFor(press('Backspace'), 'board')).toBe('token.delete')
    expect(idFor(press('PageDown'), 'board')).toBe('turn.next')
    expect(idFor(press('Escape'), 'board')).toBe('view.escape')
  })

  it('pans with the arrows (Alt too), and Shift+arrows move the table screen', () => {
    expect(actionForKey(press('ArrowLeft'), 'board')).toMatchObject({
      action: { id: 'view.pan' },
      args: { dx: 64, dy: 0 },
    })
    expect(actionForKey(press('ArrowDown', { altKey: true }), 'board')).toMatchObject({
      action: { id: 'view.pan' },
      args: { dx: 0, dy: -64 },
    })
    expect(idFor(press('ArrowUp', { shiftKey: true }), 'board')).toBe('view.panFrame')
    expect(idFor(press('ArrowUp', { ctrlKey: true }), 'board')).toBeNull()
  })

  it('keeps history on Ctrl/Cmd+Z, Ctrl+Shift+Z and Ctrl+Y, not with Alt', () => {
    expect(idFor(press('z', { ctrlKey: true }), 'app')).toBe('history.undo')
    expect(idFor(press('z', { metaKey: true }), 'app')).toBe('history.undo')
    expect(idFor(press('Z', { ctrlKey: true, shiftKey: true }), 'app')).toBe('history.redo')
    expect(idFor(press('y', { ctrlKey: true }), 'app')).toBe('history.redo')
    expect(idFor(press('z'), 'app')).toBeNull()
    expect(idFor(press('z', { ctrlKey: true, altKey: true }), 'app')).toBeNull()
    expect(idFor(press('x', { ctrlKey: true }), 'app')).toBeNull()
  })
})

/** Every component and script under a folder (tests aside): the board's gestures count too. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(svelte|ts)$/.test(name) && !name.endsWith('.test.ts') ? [path] : []
  })
}

/** What sends commands: the session, its document store, and the runner every action goes through. */
const DISPATCHERS = [
  'session.svelte.ts',
  'campaign-document.svelte.ts',
  join('actions', 'runner.ts'),
]

/** The files under `root` with a dispatch( call, and how many. */
function inlineDispatches(root: string, except: readonly string[] = []) {
  return sourceFiles(root)
    .map((path) => ({
      path: relative(root, path),
      calls: dispatchCalls(readFileSync(path, 'utf8')),
    }))
    .filter((file) => file.calls > 0 && !except.includes(file.path))
}

/**
 * Calls of dispatch in a component, markup included: `session.dispatch(`, `this.session.dispatch(`
 * and a bare `dispatch(` (a local wrapper), comments left out.
 */
export function dispatchCalls(source: string): number {
  const code = source.replace(/<!--[\s\S]*?-->/g, '').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
  return (code.match(/(?<![\w$])(?:[\w$.]+\.)?dispatch\s*\(/g) ?? []).length
}

describe('components run actions', () => {
  it('counts the pattern it looks for', () => {
    expect(dispatchCalls("void session.dispatch({ type: 'fog.reset' })")).toBe(1)
    expect(dispatchCalls('onclick={() => dispatch({ type: "fight.end" })}')).toBe(1)
    expect(dispatchCalls('// session.dispatch( in a comment')).toBe(0)
    expect(dispatchCalls("actions.run('fog.reset')")).toBe(0)
  })

  it('sends no command from a gm component except through the registry', () => {
    // Tests run from the repository root (happy-dom gives import.meta.url no file scheme).
    expect(inlineDispatches(join(process.cwd(), 'src-renderer/gm'))).toEqual([])
  })

  it('sends no command from the page’s state except through the actions', () => {
    // The fight overlays' moves and the turn step among them (fight.svelte.ts, turn-step.ts).
    expect(inlineDispatches(join(process.cwd(), 'src-renderer/state'), DISPATCHERS)).toEqual([])
  })
})
