// The editor's view actions: tools, brush shapes, zoom, overlays, docks, Escape. They change what
// the page shows or how a click works; only Delete sends a command. Every board key is here.
import { systemFacts } from '@core/rules/facts'
import { exportMapPng } from '../../lib/png-export'
import { EDGE_TOOLS, type EdgeTool, type Shape, type Tool } from '../../lib/tools'
import { fightFor } from '../fight.svelte'
import { rulerFor } from '../ruler.svelte'
import { loadTokenPicture } from '../token-pictures.svelte'
import { playerPanelFor } from '../../gm/player-controls/player-panel.svelte'
import { action, defineActions, type ActionContext, type KeyBinding } from './action'
import type { MessageKey } from '../../lib/i18n'

/** DysTopiA has no terrain, walls or light: only these tools exist on its maps. */
export const DYSTOPIA_TOOLS: readonly Tool[] = ['select', 'token', 'deploy', 'ruler']

/** Whether this tool exists on the map on screen. */
export function toolAvailable(context: ActionContext, tool: Tool): boolean {
  const map = context.map
  return !(map && systemFacts(map.system).chips && !DYSTOPIA_TOOLS.includes(tool))
}

const PAN_STEP = 64

/** A board key: the key alone, Shift or not (Shift+W is W), no Ctrl, Cmd or Alt. */
const keys = (...names: string[]): KeyBinding[] => names.map((key) => ({ key }))

const board = (shown: string, bindings: KeyBinding[]) => ({
  context: 'board' as const,
  keys: shown,
  bindings,
})

function tool(name: Tool, key: string) {
  return action({
    label: `tool.${name}` as MessageKey,
    shortcut: board(key, keys(key.toLowerCase())),
    enabled: (context) => toolAvailable(context, name),
    perform: ({ session }) => {
      session.editor.tool = name
      if ((EDGE_TOOLS as readonly string[]).includes(name)) session.edgeTool = name as EdgeTool
    },
  })
}

function shape(name: Shape, key: string) {
  return action({
    label: `shape.${name}` as MessageKey,
    shortcut: board(key, keys(key.toLowerCase())),
    perform: ({ session }) => {
      session.editor.shape = name
    },
  })
}

/** One zoom step of the board, in or out. */
function zoom(direction: 1 | -1, label: MessageKey, shown: string, names: string[]) {
  return action({
    label,
    shortcut: board(shown, keys(...names)),
    perform: ({ board }) => board?.zoomStep(direction),
  })
}

/** A key that turns one of the editor's overlays on or off. */
function editorSwitch(
  flag: 'lightOverlay' | 'heights' | 'heightView',
  label: MessageKey,
  key: string,
) {
  return action({
    label,
    shortcut: board(key, keys(key.toLowerCase())),
    perform: ({ session }) => {
      session.editor[flag] = !session.editor[flag]
    },
  })
}

function pan(shown: string, label: MessageKey, shift: boolean) {
  const arrows: Record<string, [number, number]> = {
    arrowleft: [PAN_STEP, 0],
    arrowright: [-PAN_STEP, 0],
    arrowup: [0, PAN_STEP],
    arrowdown: [0, -PAN_STEP],
  }
  return action<{ dx: number; dy: number }>({
    label,
    shortcut: {
      context: 'board',
      keys: shown,
      bindings: Object.keys(arrows).map((key) => ({ key, shift, altAllowed: true as const })),
      args: (event) => {
        const [dx, dy] = arrows[event.key.toLowerCase()] ?? [0, 0]
        return { dx, dy }
      },
    },
    perform: ({ session, map, board }, { dx, dy }) => {
      // Shift+arrows move the table screen one square when this map is the one shown; otherwise
      // they pan the board like the arrows alone.
      if (shift && map && session.shownToPlayersMapId === map.id) {
        void playerPanelFor(session).panFrame(-Math.sign(dx), -Math.sign(dy))
        return
      }
      board?.panBy(dx, dy)
    },
  })
}

export const viewActions = defineActions({
  'tool.select': tool('select', 'V'),
  'tool.wall': tool('wall', 'W'),
  'tool.door': tool('door', 'D'),
  'tool.low-wall': tool('low-wall', 'L'),
  'tool.window': tool('window', 'M'),
  'tool.arrow-slit': tool('arrow-slit', 'A'),
  'tool.terrain': tool('terrain', 'T'),
  'tool.elevation': tool('elevation', 'E'),
  'tool.light': tool('light', 'I'),
  'tool.token': tool('token', 'K'),
  'tool.blockade': tool('blockade', 'X'),
  'tool.deploy': tool('deploy', 'P'),
  'tool.fog-reveal': tool('fog-reveal', 'O'),
  'tool.fog-hide': tool('fog-hide', 'U'),
  'tool.trap': tool('trap', 'J'),
  'tool.ruler': tool('ruler', 'N'),
  'shape.brush': shape('brush', 'B'),
  'shape.rect': shape('rect', 'R'),
  'shape.fill': shape('fill', 'F'),
  'terrain.cycle': action({
    label: 'help.cycleTerrain',
    shortcut: board('Q', keys('q')),
    perform: ({ session, map }) => session.editor.cycleTerrain(map?.system),
  }),
  'elevation.up': action({
    label: 'help.heightUp',
    shortcut: board(']', keys(']')),
    perform: ({ session }) => {
      session.editor.elevation += 1
    },
  }),
  'elevation.down': action({
    label: 'help.heightDown',
    shortcut: board('[', keys('[')),
    perform: ({ session }) => {
      session.editor.elevation -= 1
    },
  }),
  'view.zoomIn': zoom(1, 'help.zoomIn', '+', ['+', '=']),
  'view.zoomOut': zoom(-1, 'help.zoomOut', '−', ['-', '_']),
  'view.fit': action({
    label: 'help.fit',
    shortcut: board('0', keys('0')),
    perform: ({ board }) => board?.fit(),
  }),
  'overlay.light': editorSwitch('lightOverlay', 'overlay.light', 'G'),
  'overlay.heights': editorSwitch('heights', 'overlay.heights', 'H'),
  'dock.fight': action({
    label: 'help.toggleFight',
    shortcut: board('1', keys('1')),
    perform: ({ session }) => session.layout.toggle('fight'),
  }),
  'dock.panels': action({
    label: 'help.togglePanels',
    shortcut: board('2', keys('2')),
    perform: ({ session }) => session.layout.toggle('panels'),
  }),
  'overlay.height-view': editorSwitch('heightView', 'overlay.height-view', '3'),
  'token.delete': action({
    label: 'help.delete',
    shortcut: board('Delete', keys('delete', 'backspace')),
    enabled: ({ session, map }) => map !== null && session.focus.selectedTokenId !== null,
    perform: ({ session, map }) => {
      const tokenId = session.focus.selectedTokenId
      if (!map || !tokenId) return null
      session.focus.select(null)
      return { type: 'token.remove', mapId: map.id, tokenId }
    },
  }),
  'view.escape': action({
    label: 'help.escape',
    shortcut: board('Esc', keys('escape')),
    perform: ({ session, board }) => {
      const editor = session.editor
      const ruler = rulerFor(session)
      const fight = fightFor(session)
      if (editor.helpOpen) editor.helpOpen = false
      else if (ruler.from) ruler.clear()
      else if (fight.template && fight.templatePicks.length > 0) fight.templatePicks = []
      else {
        board?.cancelGesture()
        session.focus.select(null)
        editor.selectedLight = null
      }
    },
  }),
  'map.exportPng': action({
    label: 'help.exportPng',
    shortcut: board('S', keys('s')),
    enabled: ({ map }) => map !== null,
    perform: ({ session, map }) => {
      if (map) void exportMapPng(map, (hash) => loadTokenPicture(session.api, hash))
    },
  }),
  'view.help': action({
    label: 'help.title',
    shortcut: board('?', keys('?')),
    perform: ({ session }) => {
      session.editor.helpOpen = !session.editor.helpOpen
    },
  }),
})

/** The arrow keys; listed after every other board key in the help, next to the mouse gestures. */
export const panActions = defineActions({
  'view.pan': pan('Arrows', 'help.arrowPan', false),
  'view.panFrame': pan('Shift+Arrows', 'help.framePan', true),
})
