// The map editor's tools and every keyboard shortcut, in one table: the key handler and the help
// panel (? key) both read it, so the help can never list a key that does nothing.
import type { MessageKey } from './i18n'
import type { KeyLike } from './shortcuts'
import type { SystemId } from '@core/rules/model'
import { systemFacts } from '@core/rules/facts'

export const TOOLS = [
  'select',
  'wall',
  'door',
  'low-wall',
  'window',
  'arrow-slit',
  'terrain',
  'elevation',
  'light',
  'token',
  'blockade',
  'deploy',
  'fog-reveal',
  'fog-hide',
  'trap',
  'ruler',
] as const
export type Tool = (typeof TOOLS)[number]

/** What a click does with this tool on a map of this system: the terrain hint lists only the terrain it has. */
export function toolHint(tool: Tool, system: SystemId): MessageKey {
  if (tool === 'terrain' && !systemFacts(system).difficultTerrain) return 'hint.terrain.noDifficult'
  return `hint.${tool}`
}

export const EDGE_TOOLS = ['wall', 'door', 'low-wall', 'window', 'arrow-slit'] as const
export type EdgeTool = (typeof EDGE_TOOLS)[number]
export function isEdgeTool(tool: Tool): tool is EdgeTool {
  return (EDGE_TOOLS as readonly string[]).includes(tool)
}

/** Player-view fog brushes: each stroke is one `fog.reveal` command (one undo step). */
export const FOG_TOOLS = ['fog-reveal', 'fog-hide'] as const
export type FogTool = (typeof FOG_TOOLS)[number]
export function isFogTool(tool: Tool): tool is FogTool {
  return (FOG_TOOLS as readonly string[]).includes(tool)
}

/** Tools that paint squares with the brush / rectangle / fill shapes. */
export const SHAPED_TOOLS: readonly Tool[] = [
  'terrain',
  'elevation',
  'blockade',
  'deploy',
  ...FOG_TOOLS,
]

export const SHAPES = ['brush', 'rect', 'fill'] as const
export type Shape = (typeof SHAPES)[number]

export type ShortcutAction =
  | { kind: 'tool'; tool: Tool }
  | { kind: 'shape'; shape: Shape }
  | { kind: 'cycle-terrain' }
  | { kind: 'elevation-step'; by: 1 | -1 }
  | { kind: 'zoom'; by: 1 | -1 }
  | { kind: 'fit' }
  | { kind: 'toggle'; what: 'help' | 'light-overlay' | 'heights' | 'height-view' }
  | { kind: 'delete' }
  | { kind: 'escape' }
  | { kind: 'export-png' }
  | { kind: 'turn'; by: 1 | -1 }
  | { kind: 'dock'; dock: 'fight' | 'panels' }

export interface Shortcut {
  /** As shown in the help panel. */
  keys: string
  label: MessageKey
  action: ShortcutAction
  /** Matches event.key (case-insensitive for letters). */
  match: string[]
}

const tool = (keys: string, t: Tool): Shortcut => ({
  keys,
  label: `tool.${t}`,
  action: { kind: 'tool', tool: t },
  match: [keys.toLowerCase()],
})

export const SHORTCUTS: readonly Shortcut[] = [
  tool('V', 'select'),
  tool('W', 'wall'),
  tool('D', 'door'),
  tool('L', 'low-wall'),
  tool('M', 'window'),
  tool('A', 'arrow-slit'),
  tool('T', 'terrain'),
  tool('E', 'elevation'),
  tool('I', 'light'),
  tool('K', 'token'),
  tool('X', 'blockade'),
  tool('P', 'deploy'),
  tool('O', 'fog-reveal'),
  tool('U', 'fog-hide'),
  tool('J', 'trap'),
  tool('N', 'ruler'),
  { keys: 'B', label: 'shape.brush', action: { kind: 'shape', shape: 'brush' }, match: ['b'] },
  { keys: 'R', label: 'shape.rect', action: { kind: 'shape', shape: 'rect' }, match: ['r'] },
  { keys: 'F', label: 'shape.fill', action: { kind: 'shape', shape: 'fill' }, match: ['f'] },
  { keys: 'Q', label: 'help.cycleTerrain', action: { kind: 'cycle-terrain' }, match: ['q'] },
  { keys: ']', label: 'help.heightUp', action: { kind: 'elevation-step', by: 1 }, match: [']'] },
  { keys: '[', label: 'help.heightDown', action: { kind: 'elevation-step', by: -1 }, match: ['['] },
  { keys: '+', label: 'help.zoomIn', action: { kind: 'zoom', by: 1 }, match: ['+', '='] },
  { keys: '−', label: 'help.zoomOut', action: { kind: 'zoom', by: -1 }, match: ['-', '_'] },
  { keys: '0', label: 'help.fit', action: { kind: 'fit' }, match: ['0'] },
  {
    keys: 'G',
    label: 'overlay.light',
    action: { kind: 'toggle', what: 'light-overlay' },
    match: ['g'],
  },
  {
    keys: 'H',
    label: 'overlay.heights',
    action: { kind: 'toggle', what: 'heights' },
    match: ['h'],
  },
  { keys: '1', label: 'help.toggleFight', action: { kind: 'dock', dock: 'fight' }, match: ['1'] },
  { keys: '2', label: 'help.togglePanels', action: { kind: 'dock', dock: 'panels' }, match: ['2'] },
  {
    keys: '3',
    label: 'overlay.height-view',
    action: { kind: 'toggle', what: 'height-view' },
    match: ['3'],
  },
  {
    keys: 'Delete',
    label: 'help.delete',
    action: { kind: 'delete' },
    match: ['delete', 'backspace'],
  },
  { keys: 'Esc', label: 'help.escape', action: { kind: 'escape' }, match: ['escape'] },
  { keys: 'S', label: 'help.exportPng', action: { kind: 'export-png' }, match: ['s'] },
  { keys: '?', label: 'help.title', action: { kind: 'toggle', what: 'help' }, match: ['?'] },
  { keys: 'PageDown', label: 'turn.next', action: { kind: 'turn', by: 1 }, match: ['pagedown'] },
  { keys: 'PageUp', label: 'turn.previous', action: { kind: 'turn', by: -1 }, match: ['pageup'] },
]

/** Keys that are not single actions but gestures; listed in the help panel too. */
export const GESTURES: readonly { keys: string; label: MessageKey }[] = [
  { keys: 'Ctrl+Z', label: 'toolbar.undo' },
  { keys: 'Ctrl+Shift+Z / Ctrl+Y', label: 'toolbar.redo' },
  { keys: 'Wheel / Ctrl+Wheel', label: 'help.wheelZoom' },
  { keys: 'Space+Drag / Middle drag', label: 'help.pan' },
  { keys: 'Shift+Wheel', label: 'help.wheelPan' },
  { keys: 'Arrows', label: 'help.arrowPan' },
  { keys: 'Shift+Arrows', label: 'help.framePan' },
  { keys: 'Shift+Drag', label: 'help.erase' },
  { keys: 'Alt+Click', label: 'help.doorLock' },
]

/** The action for a key press on the board, ignoring presses with Ctrl/Cmd/Alt (history and browser keys). */
export function shortcutFor(event: KeyLike): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key.toLowerCase()
  return SHORTCUTS.find((s) => s.match.includes(key))?.action ?? null
}
