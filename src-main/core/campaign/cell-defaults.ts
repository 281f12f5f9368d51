// What a stored cell holds: the reducer, the editor commands and the load-time repair store cells
// the same way, so a default is never kept.
import type { CellSpec } from '../rules/model'

/** A cell field equal to its default is not stored; a cell whose fields are all default is dropped. */
export function normaliseCell(cell: CellSpec): CellSpec | undefined {
  const out: CellSpec = { at: [cell.at[0], cell.at[1]] }
  if (cell.terrain !== undefined && cell.terrain !== 'floor') out.terrain = cell.terrain
  if (cell.elevation !== undefined && cell.elevation !== 0) out.elevation = cell.elevation
  if (cell.light !== undefined) out.light = cell.light
  if (cell.blockade === true) out.blockade = true
  return Object.keys(out).length > 1 ? out : undefined
}
