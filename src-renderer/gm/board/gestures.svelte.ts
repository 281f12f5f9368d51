// Turns pointer gestures on the board into editor commands, one command per gesture (a whole
// brush stroke, rectangle, fill or wall drag is ONE undo step), and keeps the live preview the
// board draws while the gesture is under way. Main stays the authority: nothing here changes
// the map except by running an action (state/actions/board-actions.ts) that sends a command.
import type { CampaignMap } from '@core/campaign/schema'
import type { Cell } from '@core/rules/model'
import { footprintSide } from '@core/campaign/geometry'
import type { MapRaster } from '../../lib/board-raster'
import {
  cellsInRect,
  edgesAlong,
  floodFill,
  lineCells,
  nearestVertex,
  unique,
} from '../../lib/edit-tools'
import { edgeAtPoint, findEdge, type Between } from '../../lib/grid-geometry'
import { isEdgeTool, isFogTool, SHAPED_TOOLS, type Tool } from '../../lib/tools'
import { rulerFor } from '../../state/ruler.svelte'
import { actionsFor, type ActionRegistry } from '../../state/actions/registry.svelte'
import type { GmSession } from '../../state/session.svelte'
import { systemFacts } from '@core/rules/facts'
import { newId } from '../../lib/ids'

export interface BoardPoint {
  /** Fractional squares from the map's top-left corner. */
  fx: number
  fy: number
  cell: Cell | null
  shift: boolean
  alt: boolean
}

export type Preview =
  | { kind: 'cells'; cells: Cell[]; erase: boolean }
  | { kind: 'rect'; from: Cell; to: Cell; erase: boolean }
  | { kind: 'edges'; from: Cell; to: Cell; edges: Between[]; erase: boolean }
  | null

type Gesture =
  | { kind: 'stroke'; cells: Cell[]; last: Cell; erase: boolean }
  | { kind: 'rect'; from: Cell; to: Cell; erase: boolean }
  | { kind: 'edge'; start: BoardPoint; from: Cell; to: Cell; dragging: boolean; erase: boolean }
  | { kind: 'token'; tokenId: string; from: Cell; to: Cell; moved: boolean }
  | { kind: 'click'; cell: Cell | null }
  | { kind: 'ruler' }

/** Pointer travel, in squares, before a press on a grid line becomes a wall drag. */
const DRAG_THRESHOLD = 0.3

export class ToolGestures {
  preview = $state.raw<Preview>(null)
  private gesture: Gesture | null = null

  constructor(
    private readonly session: GmSession,
    private readonly getMap: () => CampaignMap,
    private readonly getRaster: () => MapRaster,
  ) {}

  private get actions(): ActionRegistry {
    return actionsFor(this.session)
  }

  get active(): boolean {
    return this.gesture !== null
  }

  /** Returns true when the press started a gesture (the board then captures the pointer). */
  down(p: BoardPoint): boolean {
    const editor = this.session.editor
    const tool = editor.tool
    const map = this.getMap()
    if (isEdgeTool(tool)) {
      const from = nearestVertex(p.fx, p.fy)
      this.gesture = { kind: 'edge', start: p, from, to: from, dragging: false, erase: p.shift }
      return true
    }
    if (!p.cell) return false
    if (tool === 'ruler') {
      rulerFor(this.session).press(p.cell)
      this.gesture = { kind: 'ruler' }
      return true
    }
    if (tool === 'select' || tool === 'token') {
      // A DysTopiA square holds several units, so the token tool always places there.
      const tokenId =
        tool === 'token' && systemFacts(map.system).chips ? null : tokenAt(map, p.cell, p.fx, p.fy)
      if (tokenId) {
        this.session.focus.select(tokenId)
        const token = map.tokens.find((t) => t.id === tokenId)!
        this.gesture = { kind: 'token', tokenId, from: token.at, to: token.at, moved: false }
        return true
      }
      if (tool === 'select') {
        const door = doorNear(map, p)
        if (door) {
          void this.actions.run('door.toggle', { mapId: map.id, between: door, lock: p.alt })
          return false
        }
      }
      this.gesture = { kind: 'click', cell: p.cell }
      return true
    }
    if (tool === 'light' || tool === 'trap') {
      this.gesture = { kind: 'click', cell: p.cell }
      return true
    }
    if (editor.shape === 'fill' && isFogTool(tool)) {
      // One click, one room: main floods it (campaign/fog-rooms.ts), one undo step.
      void this.actions.run('fog.room', {
        mapId: map.id,
        at: p.cell,
        reveal: (tool === 'fog-reveal') !== p.shift,
      })
      return false
    }
    if (editor.shape === 'fill' && SHAPED_TOOLS.includes(tool)) {
      const cells = floodFill(map, p.cell, this.fillKey(tool))
      void this.commit(cells, p.shift)
      return false
    }
    if (editor.shape === 'rect') {
      this.gesture = { kind: 'rect', from: p.cell, to: p.cell, erase: p.shift }
      this.preview = { kind: 'rect', from: p.cell, to: p.cell, erase: p.shift }
      return true
    }
    this.gesture = { kind: 'stroke', cells: [p.cell], last: p.cell, erase: p.shift }
    this.preview = { kind: 'cells', cells: [p.cell], erase: p.shift }
    return true
  }

  move(p: BoardPoint): void {
    const g = this.gesture
    if (!g) return
    if (g.kind === 'edge') {
      const moved = Math.hypot(p.fx - g.start.fx, p.fy - g.start.fy)
      if (!g.dragging && moved < DRAG_THRESHOLD) return
      g.dragging = true
      const { edges, end } = edgesAlong(this.getMap(), g.from, nearestVertex(p.fx, p.fy))
      g.to = end
      this.preview = { kind: 'edges', from: g.from, to: end, edges, erase: g.erase }
      return
    }
    if (!p.cell) return
    if (g.kind === 'stroke') {
      if (p.cell[0] === g.last[0] && p.cell[1] === g.last[1]) return
      g.cells.push(...lineCells(g.last, p.cell).slice(1))
      g.last = p.cell
      this.preview = { kind: 'cells', cells: [...g.cells], erase: g.erase }
    } else if (g.kind === 'rect') {
      g.to = p.cell
      this.preview = { kind: 'rect', from: g.from, to: g.to, erase: g.erase }
    } else if (g.kind === 'token') {
      const map = this.getMap()
      const token = map.tokens.find((t) => t.id === g.tokenId)
      if (!token) return
      // Keep a big token's footprint on the map while dragging.
      const side = footprintSide(token.size)
      const to: Cell = [
        Math.min(p.cell[0], map.width - side),
        Math.min(p.cell[1], map.height - side),
      ]
      if (to[0] !== g.to[0] || to[1] !== g.to[1]) {
        g.to = to
        g.moved = true
        this.session.focus.drag = { tokenId: g.tokenId, from: g.from, to }
      }
    }
  }

  async up(p: BoardPoint): Promise<void> {
    const g = this.gesture
    this.gesture = null
    this.preview = null
    if (!g) return
    const map = this.getMap()
    const editor = this.session.editor
    switch (g.kind) {
      case 'edge': {
        const tool = editor.tool
        if (!isEdgeTool(tool)) return
        if (g.dragging) {
          const { edges } = edgesAlong(map, g.from, g.to)
          if (g.erase && tool === 'door') {
            const doors = edges.filter((between) => findEdge(map, between)?.kind === 'door')
            await this.actions.run('edges.eraseDoors', { mapId: map.id, doors })
          } else
            await this.actions.run('edges.draw', {
              mapId: map.id,
              edges,
              kind: g.erase ? null : tool,
              secret: editor.secretDoors,
            })
          return
        }
        const between = edgeAtPoint(map, g.start.fx, g.start.fy)
        if (!between) return
        const existing = findEdge(map, between)
        if (g.start.alt && existing?.kind === 'door') {
          await this.actions.run('door.toggle', { mapId: map.id, between, lock: true })
          return
        }
        await this.actions.run('edge.click', {
          mapId: map.id,
          between,
          tool,
          secret: editor.secretDoors,
        })
        return
      }
      case 'stroke':
        return this.commit(unique(g.cells), g.erase)
      case 'rect':
        if (isFogTool(editor.tool)) {
          await this.actions.run('fog.rect', {
            mapId: map.id,
            from: g.from,
            to: g.to,
            reveal: (editor.tool === 'fog-reveal') !== g.erase,
          })
          return
        }
        return this.commit(cellsInRect(g.from, g.to), g.erase)
      case 'token': {
        this.session.focus.drag = null
        if (!g.moved || (g.to[0] === g.from[0] && g.to[1] === g.from[1])) return
        // Prep placement with the Token tool is free; moves with the Select tool obey the rules
        // (the fight layer's hook checks them, with the GM's override) (issue 12.5).
        const hook = this.session.editor.tool === 'token' ? null : this.session.focus.onTokenDrop
        if (hook && (await hook(g.tokenId, g.to))) return
        await this.actions.run('token.move', {
          mapId: map.id,
          tokenId: g.tokenId,
          to: g.to,
        })
        return
      }
      case 'click':
        return this.click(g.cell, p)
      case 'ruler':
        if (p.cell) rulerFor(this.session).release(p.cell)
        return
    }
  }

  cancel(): void {
    if (this.gesture?.kind === 'token') this.session.focus.drag = null
    this.gesture = null
    this.preview = null
  }

  private async click(cell: Cell | null, p: BoardPoint): Promise<void> {
    if (!cell) return
    const map = this.getMap()
    const { editor, focus } = this.session
    if (editor.tool === 'select') {
      if (focus.selectedTokenId) focus.pathTarget = cell
      return
    }
    if (editor.tool === 'token') {
      await this.placeToken(map, cell)
      return
    }
    if (editor.tool === 'trap') {
      await this.clickTrap(map, cell, p.shift)
      return
    }
    if (editor.tool === 'light') {
      const existing = map.light.sources.find((s) => s.at[0] === cell[0] && s.at[1] === cell[1])
      if (existing?.id) {
        if (p.shift) {
          editor.selectedLight = null
          await this.actions.run('light.remove', { mapId: map.id, lightId: existing.id })
        } else editor.selectedLight = existing.id
        return
      }
      const id = newId('light')
      await this.actions.run('light.add', {
        mapId: map.id,
        source: { at: cell, level: editor.lightLevel, radius: editor.lightRadius, id },
      })
      editor.selectedLight = id
    }
  }

  private async placeToken(map: CampaignMap, cell: Cell): Promise<void> {
    // Opaque: an id never tells the players a faction (ids reach the player view).
    const id = newId('token')
    await this.actions.run('token.place', { mapId: map.id, id, at: cell })
    if (this.getMap().tokens.some((t) => t.id === id)) {
      this.session.focus.select(id)
      this.takeName('token', id, 'token')
    }
  }

  /** The new thing's name field takes the keyboard, so typing names it (issue 25). */
  private takeName(kind: 'trap' | 'token', id: string, section: string): void {
    this.session.editor.nameEntry = { kind, id }
    this.session.layout.reveal(section)
  }

  /** A click places a trap on an empty square, selects the one there, or (Shift) removes it. */
  private async clickTrap(map: CampaignMap, cell: Cell, remove: boolean): Promise<void> {
    const editor = this.session.editor
    const trap = map.traps?.find((t) => t.at[0] === cell[0] && t.at[1] === cell[1])
    if (trap) {
      if (remove) {
        await this.actions.run('trap.remove', { mapId: map.id, trapId: trap.id })
      } else editor.selectedTrap = trap.id
      return
    }
    if (remove) return
    const id = newId('trap')
    await this.actions.run('trap.set', {
      mapId: map.id,
      trap: { id, at: cell, name: '' },
    })
    if (this.getMap().traps?.some((t) => t.id === id)) {
      editor.selectedTrap = id
      this.takeName('trap', id, 'tool')
    }
  }

  private fillKey(tool: Tool): (x: number, y: number) => string | number {
    const raster = this.getRaster()
    const i = (x: number, y: number) => y * raster.width + x
    if (tool === 'elevation') return (x, y) => raster.elevation[i(x, y)]
    if (tool === 'blockade') return (x, y) => raster.blockade[i(x, y)]
    if (tool === 'deploy') return (x, y) => (raster.deploy.get(i(x, y)) ?? []).join('|')
    return (x, y) => raster.terrain[i(x, y)]
  }

  private async commit(cells: Cell[], erase: boolean): Promise<void> {
    const raster = this.getRaster()
    await this.actions.run('cells.paint', {
      mapId: this.getMap().id,
      tool: this.session.editor.tool,
      cells,
      erase,
      elevationAt: (x, y) => raster.elevation[y * raster.width + x],
    })
  }
}

/**
 * The token under a point. On a DysTopiA square shared by several units, each unit owns a
 * quarter of the square (the chips), so the quarter under the pointer picks the unit.
 */
export function tokenAt(map: CampaignMap, cell: Cell, fx: number, fy: number): string | null {
  const covering = map.tokens.filter((t) => {
    const side = systemFacts(map.system).chips ? 1 : footprintSide(t.size)
    return (
      cell[0] >= t.at[0] &&
      cell[0] < t.at[0] + side &&
      cell[1] >= t.at[1] &&
      cell[1] < t.at[1] + side
    )
  })
  if (covering.length <= 1 || !systemFacts(map.system).chips)
    return covering[covering.length - 1]?.id ?? null
  const quarter = (fy - cell[1] >= 0.5 ? 2 : 0) + (fx - cell[0] >= 0.5 ? 1 : 0)
  return covering[Math.min(quarter, covering.length - 1)].id
}

function doorNear(map: CampaignMap, p: BoardPoint): Between | null {
  const between = edgeAtPoint(map, p.fx, p.fy, 0.18)
  if (!between) return null
  return findEdge(map, between)?.kind === 'door' ? between : null
}
