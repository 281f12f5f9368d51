// Which squares an edit changed, as far as sight is concerned (issue 29): the party's fog after a
// wall click is derived from the fog before it, recomputing only the PCs whose sight the edit can
// reach. Commands share every untouched part of a map, so an edit's changes are the edges and
// cells that are not the same objects as before.
//
// Decision: an edge or cell can change what a PC sees only where the PC's sight meets it: a line of
// sight that crosses an edge (or passes one of its ends) runs through one of the squares around
// the edge, and a PC that saw none of them has no line there to block or to open (widened by the
// squares around each changed one; the property test compares with the full recompute). That holds only
// where light does not depend on the layout: a light source's reach is cut by walls, and a square
// too dark to be seen is not in anyone's sight, so a door between two dark squares opens onto lit
// ones unseen. On a map with light sources, light overrides or an ambient level of its own, a
// layout edit recomputes every PC (token moves still recompute only the tokens that moved).
import type { CampaignMap } from '../campaign/schema'
import { changedItems } from '../campaign/changed-items'

/**
 * Every square the layout edit touched (indices y × width + x, each once), or 'all' when every PC
 * must be recomputed. A list, not a width × height mask: a wall click touches six squares, and
 * a 40,000-square mask was made and read through per click (issue 29).
 */
export type ChangedSquares = readonly number[] | 'all'

/**
 * The squares where `map`'s layout differs from `previous`'s (edges, cells, light), widened to the
 * squares around each changed edge; null when the layout is the same objects.
 */
export function changedSquares(previous: CampaignMap, map: CampaignMap): ChangedSquares | null {
  if (previous.width !== map.width || previous.height !== map.height) return 'all'
  const sameEdges = previous.edges === map.edges
  const sameCells = previous.cells === map.cells
  if (sameEdges && sameCells && previous.light === map.light) return null
  if (!evenlyLit(previous) || !evenlyLit(map)) return 'all'
  const width = map.width
  const height = map.height
  const changed = new Set<number>()
  const mark = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < width && y < height) changed.add(y * width + x)
  }
  if (!sameEdges) {
    for (const edge of changedItems(previous.edges, map.edges)) {
      const [[ax, ay], [bx, by]] = edge.between
      // The two squares it parts and the squares beside both, which meet its two ends.
      const dx = Math.abs(ax - bx)
      const dy = Math.abs(ay - by)
      for (const step of [-1, 0, 1]) {
        mark(ax + dy * step, ay + dx * step)
        mark(bx + dy * step, by + dx * step)
      }
    }
  }
  if (!sameCells) {
    for (const cell of changedItems(previous.cells, map.cells)) {
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) mark(cell.at[0] + dx, cell.at[1] + dy)
    }
  }
  return [...changed]
}

/**
 * Light everywhere at the system's default level: no sources, no ambient level set, no square with
 * its own light. Only then is every square's light independent of walls and doors.
 */
function evenlyLit(map: CampaignMap): boolean {
  return (
    map.light.sources.length === 0 &&
    map.light.ambient === undefined &&
    !map.cells.some((cell) => cell.light !== undefined)
  )
}
