// What the board shows, for end-to-end tests and the benchmark: the static layer is a canvas, so
// tests ask this probe what the map on the board holds and what the canvas has drawn. It exists
// only when the page runs under a test (the flag below is set before the page's scripts run, or
// before a campaign opens); the shipped page keeps no per-square or per-edge elements, which cost
// a big map most of its mount and every edit a walk over thousands of nodes (issue 29).
import type { CampaignMap } from '@core/campaign/schema'
import { findEdgeIndex } from '@core/campaign/geometry'
import type { Cell } from '@core/rules/model'
import { edgeId } from '../../lib/grid-geometry'
import type { MapRaster } from '../../lib/board-raster'

export interface ProbeEdge {
  /** "x1,y1,x2,y2" of the edge's two squares, sorted (lib/grid-geometry.ts edgeId). */
  id: string
  kind: string
  /** A door's state (closed when the map says none). */
  state?: string
  secret?: boolean
}

export interface ProbeCell {
  /** "x,y" */
  at: string
  terrain: string
  elevation: number
  light?: number
  blockade?: boolean
}

export interface BoardProbe {
  mapId(): string
  /** The edges of the map on the board, as the map holds them. */
  edges(): ProbeEdge[]
  edge(id: string): ProbeEdge | null
  /** The squares the map lists (terrain, elevation, light, blockade), as the map holds them. */
  cells(): ProbeCell[]
  /** DysTopiA deploy squares: "x,y" and the faction. */
  deploy(): Array<{ at: string; faction: string }>
  /** The edge as the canvas last drew it (null: not drawn), and how many paints so far. */
  drawnEdge(id: string): ProbeEdge | null
  paints(): number
}

declare global {
  interface Window {
    /** Set by tests before the board mounts: install window.__gmBoard. */
    __gmTestHooks?: boolean
    __gmBoard?: BoardProbe
  }
}

function probeEdge(edge: CampaignMap['edges'][number]): ProbeEdge {
  return {
    id: edgeId(edge.between),
    kind: edge.kind,
    ...(edge.kind === 'door' ? { state: edge.state ?? 'closed' } : {}),
    ...(edge.secret ? { secret: true } : {}),
  }
}

/** The two squares an edge id names ("x1,y1,x2,y2"), or null if it names none. */
function betweenOf(id: string): [Cell, Cell] | null {
  const n = id.split(',').map(Number)
  if (n.length !== 4 || n.some((v) => !Number.isInteger(v))) return null
  return [
    [n[0], n[1]],
    [n[2], n[3]],
  ]
}

/**
 * Installs the probe when tests asked for it; returns the uninstall. `drawn` is the raster once
 * the canvas shows all of it, null while a paint is pending (it lags the map by a frame).
 */
export function exposeBoard(
  map: () => CampaignMap,
  drawn: () => MapRaster | null,
  paints: () => number,
): () => void {
  if (typeof window === 'undefined' || window.__gmTestHooks !== true) return () => {}
  const probe: BoardProbe = {
    mapId: () => map().id,
    edges: () => map().edges.map(probeEdge),
    edge: (id) => {
      // Compared as numbers: the benchmark asks after every paint, on a map of 5,000 edges.
      const between = betweenOf(id)
      const edges = map().edges
      const index = between ? findEdgeIndex(edges, between) : -1
      return index >= 0 ? probeEdge(edges[index]) : null
    },
    cells: () =>
      map().cells.map((cell) => ({
        at: `${cell.at[0]},${cell.at[1]}`,
        terrain: cell.terrain ?? 'floor',
        elevation: cell.elevation ?? 0,
        ...(cell.light !== undefined ? { light: cell.light } : {}),
        ...(cell.blockade ? { blockade: true } : {}),
      })),
    deploy: () =>
      Object.entries(map().deploy ?? {}).flatMap(([faction, cells]) =>
        cells.map((at) => ({ at: `${at[0]},${at[1]}`, faction })),
      ),
    drawnEdge: (id) => {
      const raster = drawn()
      if (!raster) return null
      for (const row of raster.edgeRows)
        for (const placed of row)
          if (edgeId(placed.edge.between) === id) return probeEdge(placed.edge)
      return null
    },
    paints,
  }
  window.__gmBoard = probe
  return () => {
    if (window.__gmBoard === probe) delete window.__gmBoard
  }
}
