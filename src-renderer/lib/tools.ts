// The map editor's tools and shapes, and the mouse gestures the help panel lists. The keys are the
// action registry's (state/actions/): the key handlers, tooltips and the help panel all read them.
import type { MessageKey } from './i18n'
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

/** Keys that are not single actions but gestures; listed in the help panel too. */
export const GESTURES: readonly { keys: string; label: MessageKey }[] = [
  { keys: 'Wheel / Ctrl+Wheel', label: 'help.wheelZoom' },
  { keys: 'Space+Drag / Middle drag', label: 'help.pan' },
  { keys: 'Shift+Wheel', label: 'help.wheelPan' },
  { keys: 'Shift+Drag', label: 'help.erase' },
  { keys: 'Alt+Click', label: 'help.doorLock' },
]
