// Screen ↔ grid arithmetic for the 2D map, and the edit an edge click makes. Pure, so it is
// tested without a DOM.
import type { CampaignEdge, CampaignMap, Command } from '@core/campaign/schema'
import type { Cell, EdgeKind } from '@core/rules/model'
import { findEdgeIndex, normaliseBetween } from '@core/campaign/geometry'

/** Pixels per square at zoom 1. */
export const CELL_PX = 32
/** How close to a grid line (in squares) a click must be to mean that edge. */
export const EDGE_HIT_TOLERANCE = 0.22

export type Between = [Cell, Cell]
export type EdgeSetCommand = Extract<Command, { type: 'edge.set' }>

/**
 * The edge nearest a point given in squares (x right, y down), if the point is close enough to a
 * grid line inside the map. Lines on the map's border have no square on their far side: no edge.
 */
export function edgeAtPoint(
  map: { width: number; height: number },
  fx: number,
  fy: number,
  tolerance = EDGE_HIT_TOLERANCE,
): Between | null {
  if (!(fx >= 0 && fy >= 0 && fx < map.width && fy < map.height)) return null
  const lineX = Math.round(fx)
  const lineY = Math.round(fy)
  const dx = Math.abs(fx - lineX)
  const dy = Math.abs(fy - lineY)
  // Near a corner the click is ambiguous; refuse rather than guess.
  if (dx < tolerance && dy < tolerance) return null
  if (dx < tolerance) {
    const y = Math.floor(fy)
    if (lineX < 1 || lineX > map.width - 1) return null
    return [
      [lineX - 1, y],
      [lineX, y],
    ]
  }
  if (dy < tolerance) {
    const x = Math.floor(fx)
    if (lineY < 1 || lineY > map.height - 1) return null
    return [
      [x, lineY - 1],
      [x, lineY],
    ]
  }
  return null
}

/** The drawn segment of an edge, in squares: the shared side of the two cells. */
export function edgeSegment(between: readonly [Cell, Cell]): {
  x1: number
  y1: number
  x2: number
  y2: number
} {
  const [a, b] = normaliseBetween(between)
  if (a[1] === b[1]) return { x1: b[0], y1: a[1], x2: b[0], y2: a[1] + 1 }
  return { x1: a[0], y1: b[1], x2: a[0] + 1, y2: b[1] }
}

/** The machine-readable name of an edge (tests, the board probe): "x1,y1,x2,y2" of its two cells, sorted. */
export function edgeId(between: readonly [Cell, Cell]): string {
  const [a, b] = normaliseBetween(between)
  return `${a[0]},${a[1]},${b[0]},${b[1]}`
}

export function findEdge(
  map: CampaignMap,
  between: readonly [Cell, Cell],
): CampaignEdge | undefined {
  // Numbers compared, no key built per edge: a click on a map of 5,000 edges asks this (issue 29).
  const index = findEdgeIndex(map.edges, between)
  return index >= 0 ? map.edges[index] : undefined
}

const DOOR_CYCLE = ['closed', 'open', 'locked'] as const

/**
 * What clicking an edge with a tool does: an empty edge gets the tool's partition; the same kind
 * again removes it; a door steps closed → open → locked → removed; another kind replaces it.
 */
/** `secretDoors`: a door this click creates (on an empty line or over a wall) is secret. */
export function edgeClickCommand(
  map: CampaignMap,
  between: Between,
  tool: EdgeKind,
  secretDoors = false,
): EdgeSetCommand {
  const existing = findEdge(map, between)
  const base = { type: 'edge.set' as const, mapId: map.id, between: normaliseBetween(between) }
  if (existing?.kind === tool) {
    if (tool === 'door') {
      // closed → open → locked → closed: cycling never removes the door and leaves a gap (12.3).
      const next =
        DOOR_CYCLE[(DOOR_CYCLE.indexOf(existing.state ?? 'closed') + 1) % DOOR_CYCLE.length]
      return {
        ...base,
        edge: { kind: 'door', state: next, ...(existing.secret ? { secret: true } : {}) },
      }
    }
    return { ...base, edge: null }
  }
  if (tool !== 'door') return { ...base, edge: { kind: tool } }
  return {
    ...base,
    edge: { kind: 'door', state: 'closed', ...(secretDoors ? { secret: true } : {}) },
  }
}

export const TERRAIN_FILL: Record<string, string> = {
  floor: '#ece6d6',
  difficult: '#b9c98f',
  pit: '#2b2622',
  solid: '#5d5a55',
}

/** Overlay opacity for an elevation, relative to the map's largest height difference. */
export function elevationShade(elevation: number, maxAbs: number): number {
  if (!elevation || maxAbs <= 0) return 0
  return Math.min(0.55, 0.12 + (0.43 * Math.abs(elevation)) / maxAbs)
}

/** A stable colour for a faction without one set on the token, as #rrggbb so every consumer
 * (SVG, the colour input, three.js) reads it the same way. */
export function factionColour(faction: string): string {
  const known: Record<string, string> = { party: '#2f6fce', enemy: '#c23b30', neutral: '#7a7a7a' }
  if (known[faction]) return known[faction]
  let hash = 0
  for (const ch of faction) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  return hslToHex(hash % 360, 0.55, 0.45)
}

/** CSS hsl() (hue in degrees, saturation and lightness 0…1) as #rrggbb. */
export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12
    const c =
      lightness -
      saturation * Math.min(lightness, 1 - lightness) * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(255 * c)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

/** The token's own colour if it is a #rrggbb value, else its faction's. */
export function tokenColour(token: { color?: string; faction: string }): string {
  return token.color && /^#[0-9a-f]{6}$/i.test(token.color)
    ? token.color
    : factionColour(token.faction)
}
