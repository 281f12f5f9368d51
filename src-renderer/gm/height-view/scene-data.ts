// What the 3D view draws, computed from a campaign map without any WebGL: one column per cell,
// one piece per wall or door, one figure per token. The three layer turns these into instanced
// meshes; keeping the arithmetic here lets it be tested in Node and lets an edit be diffed down to
// the cells it touched. Scene units: one square horizontally, and one square's worth of the map's
// unit vertically (2 m in Arianrhod, 5 ft in Pathfinder), so heights look true to scale.
import type { CampaignEdge, CampaignMap, CampaignToken } from '@core/campaign/schema'
import type { Cell, Size, Terrain } from '@core/rules/model'
import { footprintSide } from '@core/campaign/geometry'
import { tokenColour } from '../../lib/grid-geometry'
import { tokenLabels } from '../../lib/token-labels'
import { tokenSlots } from '../../lib/token-layout'
import { partyColours } from '@core/table/party-colours'
import { systemFacts } from './units'

/** How deep a pit is drawn, in squares: the rules give pits no depth, the picture needs one. */
export const PIT_DEPTH = 1.5
/** A solid square stands this far above its floor. */
export const SOLID_HEIGHT = 1.6
/** Walls rise this far above the higher of their two floors. */
export const WALL_HEIGHT = 1.3
export const LOW_WALL_HEIGHT = 0.4
export const DOOR_HEIGHT = 1.1
/** Thickness of the slab under the deepest pit, so every column has a visible side. */
export const BASE_DEPTH = 0.3
/** A flying token with no elevation above its floor is drawn this far up. */
export const HOVER_HEIGHT = 0.6

export interface CellColumn {
  x: number
  y: number
  terrain: Terrain
  /** Height of the cell's floor in map units (the rules' elevation). */
  elevation: number
  /** Scene height of the walkable floor. */
  floor: number
  /** Scene height where the drawn column ends (below the floor for a pit, above it for a solid). */
  top: number
  blockade: boolean
}

export interface BoardCells {
  width: number
  height: number
  /** Scene height every column starts from. */
  base: number
  /** Row-major: index = y * width + x. */
  columns: CellColumn[]
}

export function cellIndex(width: number, cell: Cell): number {
  return cell[1] * width + cell[0]
}

export function buildCells(map: CampaignMap): BoardCells {
  const perSquare = systemFacts(map.system).unitsPerSquare
  const specs = new Map<number, CampaignMap['cells'][number]>()
  for (const spec of map.cells) specs.set(cellIndex(map.width, spec.at), spec)
  const columns: CellColumn[] = []
  let lowest = 0
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const spec = specs.get(y * map.width + x)
      const terrain = spec?.terrain ?? 'floor'
      const elevation = spec?.elevation ?? 0
      const floor = elevation / perSquare
      const top =
        terrain === 'pit' ? floor - PIT_DEPTH : terrain === 'solid' ? floor + SOLID_HEIGHT : floor
      lowest = Math.min(lowest, top)
      columns.push({ x, y, terrain, elevation, floor, top, blockade: spec?.blockade === true })
    }
  }
  // The base sits a whole number of pit depths down so small edits rarely move it (a moved base
  // means every column changes).
  const base = Math.min(-PIT_DEPTH, Math.floor(lowest / PIT_DEPTH) * PIT_DEPTH) - BASE_DEPTH
  return { width: map.width, height: map.height, base, columns }
}

function sameColumn(a: CellColumn, b: CellColumn): boolean {
  return (
    a.terrain === b.terrain && a.top === b.top && a.floor === b.floor && a.blockade === b.blockade
  )
}

/**
 * The indices of the columns that differ, or 'all' when the board's shape or base moved. This is
 * what keeps a one-cell edit from rebuilding the scene.
 */
export function changedCells(before: BoardCells | null, after: BoardCells): number[] | 'all' {
  if (
    !before ||
    before.width !== after.width ||
    before.height !== after.height ||
    before.base !== after.base
  ) {
    return 'all'
  }
  const changed: number[] = []
  for (let i = 0; i < after.columns.length; i++) {
    if (!sameColumn(before.columns[i], after.columns[i])) changed.push(i)
  }
  return changed
}

export type EdgePieceKind = 'wall' | 'low-wall' | 'door' | 'window' | 'arrow-slit'

export interface EdgePiece {
  /** "x1,y1,x2,y2" of its two cells, sorted by y then x (the 2D board's edge name, edgeId). */
  id: string
  kind: EdgePieceKind
  state: 'open' | 'closed' | 'locked' | null
  secret: boolean
  /** Scene coordinates of the shared side: from (x1, z1) to (x2, z2). */
  x1: number
  z1: number
  x2: number
  z2: number
  bottom: number
  top: number
  /** For an open door: the direction (+1 / −1, across the edge) it swings into. */
  swing: number
  /** Indices of the two cells it stands between (for shading it by their light). */
  cells: [number, number]
}

function sortedPair(between: readonly [Cell, Cell]): [Cell, Cell] {
  const [a, b] = between
  return a[1] < b[1] || (a[1] === b[1] && a[0] <= b[0]) ? [a, b] : [b, a]
}

export function edgePiece(edge: CampaignEdge, cells: BoardCells): EdgePiece | null {
  const [a, b] = sortedPair(edge.between)
  if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) !== 1) return null
  const inside = (c: Cell) => c[0] >= 0 && c[1] >= 0 && c[0] < cells.width && c[1] < cells.height
  if (!inside(a) || !inside(b)) return null
  const ca = cells.columns[cellIndex(cells.width, a)]
  const cb = cells.columns[cellIndex(cells.width, b)]
  const floor = Math.max(ca.floor, cb.floor)
  const sameRow = a[1] === b[1]
  const segment = sameRow
    ? { x1: b[0], z1: a[1], x2: b[0], z2: a[1] + 1 }
    : { x1: a[0], z1: b[1], x2: a[0] + 1, z2: b[1] }
  const id = `${a[0]},${a[1]},${b[0]},${b[1]}`
  const common = {
    id,
    secret: edge.secret === true,
    ...segment,
    swing: 1,
    cells: [cellIndex(cells.width, a), cellIndex(cells.width, b)] as [number, number],
  }
  if (edge.kind === 'door') {
    return {
      ...common,
      kind: 'door',
      state: edge.state ?? 'closed',
      bottom: floor,
      top: floor + DOOR_HEIGHT,
    }
  }
  const height = edge.kind === 'low-wall' ? LOW_WALL_HEIGHT : WALL_HEIGHT
  // From the lower of the two surfaces (a pit's bottom, say) up: nothing of it hides under a floor.
  const bottom = Math.min(ca.top, cb.top)
  return {
    ...common,
    kind: edge.kind,
    state: null,
    bottom,
    top: Math.max(floor + height, ca.top, cb.top),
  }
}

export function buildEdges(map: CampaignMap, cells: BoardCells): EdgePiece[] {
  const pieces: EdgePiece[] = []
  for (const edge of map.edges) {
    const piece = edgePiece(edge, cells)
    if (piece) pieces.push(piece)
  }
  return pieces
}

const SIZE_RADIUS: Partial<Record<Size, number>> = {
  fine: 0.15,
  diminutive: 0.2,
  tiny: 0.25,
  small: 0.3,
}

export interface TokenFigure {
  id: string
  name: string
  faction: string
  colour: string
  /** Scene centre of its footprint. */
  x: number
  z: number
  /** Footprint side in squares. */
  side: number
  radius: number
  /** Scene height of the floor under it (the highest floor it covers). */
  floor: number
  /** Scene height of its feet. */
  y: number
  flying: boolean
  hidden: boolean
  /** Whose turn it is in the map's fight (drawn in gold). */
  turn?: boolean
  /** The short label floating above it, as on the board (its own, or unique initials). */
  label: string
}

export function tokenFigure(
  token: CampaignToken,
  cells: BoardCells,
  perSquare: number,
): TokenFigure {
  const size = token.size ?? 'medium'
  const side = footprintSide(size)
  let floor = -Infinity
  for (let dy = 0; dy < side; dy++) {
    for (let dx = 0; dx < side; dx++) {
      const x = Math.min(cells.width - 1, token.at[0] + dx)
      const y = Math.min(cells.height - 1, token.at[1] + dy)
      const column = cells.columns[y * cells.width + x]
      if (column) floor = Math.max(floor, column.terrain === 'solid' ? column.top : column.floor)
    }
  }
  if (!Number.isFinite(floor)) floor = 0
  const flying = token.states?.includes('flying') === true
  let y = token.elevation !== undefined ? token.elevation / perSquare : floor
  if (flying && y <= floor) y = floor + HOVER_HEIGHT
  return {
    id: token.id,
    name: token.name,
    faction: token.faction,
    colour: tokenColour(token),
    x: token.at[0] + side / 2,
    z: token.at[1] + side / 2,
    side,
    radius: SIZE_RADIUS[size] ?? 0.32 * side,
    floor,
    y,
    flying,
    hidden: token.hidden === true,
    label: token.label?.trim() || token.name || token.id,
  }
}

export function buildTokens(map: CampaignMap, cells: BoardCells): TokenFigure[] {
  const perSquare = systemFacts(map.system).unitsPerSquare
  const turn = map.fight ? map.fight.order[map.fight.turn]?.tokenId : undefined
  // Units sharing a DysTopiA square stand in its quarters, as on the board (lib/token-layout.ts).
  const shared = systemFacts(map.system).chips
  const slots = tokenSlots(
    map.tokens.map((t) => ({ id: t.id, at: t.at, side: shared ? 1 : footprintSide(t.size) })),
    shared,
  )
  const labels = tokenLabels(map.tokens)
  const colours = partyColours(map)
  return map.tokens.map((token, i) => {
    const figure = tokenFigure(token, cells, perSquare)
    const slot = slots[i]
    const colour = token.color ? figure.colour : (colours.get(token.id) ?? figure.colour)
    return {
      ...figure,
      colour,
      ...(slot.shared
        ? {
            x: slot.x + slot.width / 2,
            z: slot.y + slot.height / 2,
            side: slot.width,
            radius: Math.min(figure.radius, 0.4 * slot.width),
          }
        : {}),
      label: labels.get(token.id) ?? '?',
      ...(token.id === turn ? { turn: true } : {}),
    }
  })
}

export interface LightPoint {
  at: Cell
  level: number
  /** Radius in squares (the map gives it in its own unit). */
  radius: number
  /** Scene position of the flame. */
  x: number
  y: number
  z: number
}

export function buildLightPoints(map: CampaignMap, cells: BoardCells): LightPoint[] {
  const perSquare = systemFacts(map.system).unitsPerSquare
  return map.light.sources.map((source) => {
    const column = cells.columns[cellIndex(cells.width, source.at)]
    const floor = column ? Math.max(column.floor, column.top) : 0
    return {
      at: source.at,
      level: source.level,
      radius: source.radius / perSquare,
      x: source.at[0] + 0.5,
      y: floor + 0.9,
      z: source.at[1] + 0.5,
    }
  })
}

/**
 * Everything that can change a cell's light in the engine: the light settings, cell overrides,
 * anything that blocks sight. When this string is unchanged, the light answers are still good.
 */
export function lightSignature(map: CampaignMap): string {
  return JSON.stringify([
    map.light,
    map.cells.filter(
      (c) => c.light !== undefined || c.terrain === 'solid' || c.elevation !== undefined,
    ),
    map.edges,
  ])
}
