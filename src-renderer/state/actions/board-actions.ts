// The board's gestures as actions (gm/board/gestures.svelte.ts): a wall drag, a door click, a
// brush stroke, a token placed or moved. The gesture works out where; the action makes the one
// command (one undo step). Builders read the map as main has it when the command goes out (12.2).
import type { CampaignMap, Command } from '@core/campaign/schema'
import type { Cell, EdgeKind } from '@core/rules/model'
import { systemFacts } from '@core/rules/facts'
import {
  blockadeCommand,
  drawEdgesCommand,
  elevationCommand,
  eraseDoorsCommand,
  terrainCommand,
  toggleDoor,
} from '../../lib/edit-tools'
import { edgeClickCommand, type Between } from '../../lib/grid-geometry'
import { nextNumberedName } from '../../lib/token-labels'
import type { Tool } from '../../lib/tools'
import type { CommandBuilder, GmSession } from '../session.svelte'
import { action, defineActions, mapCommand } from './action'

/** A command built from this map as main has it when the command goes out. */
function onMap(
  session: GmSession,
  mapId: string,
  build: (map: CampaignMap) => Command | null,
): CommandBuilder {
  return (campaign) => {
    const map = session.mapIn(campaign, mapId)
    return map && build(map)
  }
}

export const boardActions = defineActions({
  /** A click opens or closes a door; Alt+click (`lock`) locks or unlocks it. */
  'door.toggle': action<{ mapId: string; between: Between; lock: boolean }>({
    label: 'action.door.toggle',
    perform: ({ session }, { mapId, between, lock }) =>
      onMap(session, mapId, (now) => toggleDoor(now, between, lock)),
  }),
  /** A click on a grid line with an edge tool (edgeClickCommand says what it does there). */
  'edge.click': action<{ mapId: string; between: Between; tool: EdgeKind; secret: boolean }>({
    label: 'action.edge.click',
    perform: ({ session }, { mapId, between, tool, secret }) =>
      onMap(session, mapId, (now) => edgeClickCommand(now, between, tool, secret)),
  }),
  /** A drag along grid lines: one partition kind on every line, or none (erase). */
  'edges.draw': action<{ mapId: string; edges: Between[]; kind: EdgeKind | null; secret: boolean }>(
    {
      label: 'action.edges.draw',
      perform: (_context, { mapId, edges, kind, secret }) =>
        edges.length > 0 ? drawEdgesCommand(mapId, edges, kind, secret) : null,
    },
  ),
  /** Erasing doors with the door tool turns each back into the wall it was set in. */
  'edges.eraseDoors': action<{ mapId: string; doors: Between[] }>({
    label: 'action.edges.eraseDoors',
    perform: (_context, { mapId, doors }) =>
      doors.length > 0 ? eraseDoorsCommand(mapId, doors) : null,
  }),
  /**
   * One stroke, rectangle or fill of a square-painting tool; `erase` (Shift) paints the opposite.
   * `elevationAt` reads the heights the board shows, for raise and lower.
   */
  'cells.paint': action<{
    mapId: string
    tool: Tool
    cells: Cell[]
    erase: boolean
    elevationAt: (x: number, y: number) => number
  }>({
    label: 'action.cells.paint',
    perform: ({ session, map }, { mapId, tool, cells, erase, elevationAt }) => {
      if (cells.length === 0) return null
      const editor = session.editor
      switch (tool) {
        case 'terrain':
          if (!map) return null
          return terrainCommand(mapId, cells, erase ? 'floor' : editor.terrainOn(map.system))
        case 'elevation':
          return erase
            ? elevationCommand(mapId, cells, 0, 'set', () => 0)
            : elevationCommand(mapId, cells, editor.elevation, editor.elevationMode, elevationAt)
        case 'blockade':
          return blockadeCommand(mapId, cells, !erase)
        case 'deploy':
          return {
            type: 'deploy.cells',
            mapId,
            faction: editor.deployFaction.trim() || 'party',
            add: erase ? [] : cells,
            remove: erase ? cells : [],
          }
        case 'fog-reveal':
        case 'fog-hide':
          // Shift paints the opposite brush, like erasing with the terrain tool.
          return { type: 'fog.reveal', mapId, cells, reveal: (tool === 'fog-reveal') !== erase }
        default:
          return null
      }
    },
  }),
  /**
   * A new token from the token tool's fields, numbered from the tokens main has when the command
   * goes out (quick clicks get 1, 2, 3); placed hidden, a new enemy is never projected before the
   * GM decides to show it.
   */
  'token.place': action<{ mapId: string; id: string; at: Cell }>({
    label: 'action.token.place',
    perform: ({ session }, { mapId, id, at }) => {
      const editor = session.editor
      const faction = editor.tokenFaction.trim() || 'party'
      const [baseName, hidden] = [editor.tokenName.trim() || faction, editor.placesHidden(faction)]
      return onMap(session, mapId, (now) => {
        const defaults = systemFacts(now.system).defaultMove
        return {
          type: 'token.add',
          mapId: now.id,
          token: {
            id,
            name: nextNumberedName(
              baseName,
              now.tokens.map((t) => t.name),
            ),
            at,
            faction,
            ...(defaults !== undefined ? { move: defaults } : {}),
            ...(hidden ? { hidden: true } : {}),
          },
        }
      })
    },
  }),
  'token.move': mapCommand('token.move', 'action.token.move'),
  'fog.room': mapCommand('fog.room', 'action.fog.room'),
  'fog.rect': mapCommand('fog.rect', 'action.fog.rect'),
  'light.add': mapCommand('light.add', 'action.light.add'),
  'trap.set': mapCommand('trap.set', 'action.trap.set'),
})
