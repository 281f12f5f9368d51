// The repair pass run on every load, after migration and schema validation. The schema checks
// shapes; this fixes what the schema cannot see (things that only make sense against the map's
// size) so a hand-edited or older file opens in a state every command accepts. It reports each
// kind of fix once per map, as a code with its count (repair-notes.ts) that the page words.
import type { CellSpec } from '../rules/model'
import { normaliseCell } from './cell-defaults'
import type { MapRepairCode, RepairNote } from './repair-notes'
import {
  areOrthogonalNeighbours,
  cellKey,
  clampFootprint,
  edgeKey,
  footprintFits,
  isInside,
  normaliseBetween,
} from './geometry'
import type { Campaign, CampaignEdge, CampaignMap, CampaignToken } from './schema'

export interface RepairResult {
  campaign: Campaign
  /** One note per kind of fix and map; empty when nothing needed repair. */
  repairs: RepairNote[]
}

/**
 * `checked` holds maps known to need no repair of their own (their bytes are ones the app wrote
 * after its checks: campaign/known-maps.ts); only what spans maps, their ids, is repaired there.
 */
export function repairCampaign(
  campaign: Campaign,
  checked: ReadonlySet<CampaignMap> = new Set(),
): RepairResult {
  const repairs: RepairNote[] = []
  const mapIds = new Set<string>()
  const maps = campaign.maps.map((original) => {
    let map = original
    const id = uniqueId(map.id, mapIds)
    if (id !== map.id) {
      repairs.push({ code: 'map-id-duplicate', mapId: map.id, renamedTo: id })
      map = { ...map, id }
    }
    if (checked.has(original)) return map
    const counts: Counts = new Map()
    map = repairCells(map, counts)
    map = repairEdges(map, counts)
    map = repairTokens(map, counts)
    map = repairLights(map, counts)
    for (const [code, count] of counts)
      if (count > 0) repairs.push({ code, mapId: map.id, mapName: map.name, count })
    return map
  })
  const changed = maps.some((m, i) => m !== campaign.maps[i])
  return { campaign: changed ? { ...campaign, maps } : campaign, repairs }
}

function uniqueId(id: string, taken: Set<string>): string {
  let candidate = id
  for (let n = 2; taken.has(candidate); n++) candidate = `${id}-${n}`
  taken.add(candidate)
  return candidate
}

/** How many things each kind of fix changed on one map, in the order they were found. */
type Counts = Map<MapRepairCode, number>

function repairCells(map: CampaignMap, counts: Counts): CampaignMap {
  let outside = 0
  let merged = 0
  let defaults = 0
  const byKey = new Map<string, CellSpec>()
  for (const cell of map.cells) {
    if (!isInside(map, cell.at)) {
      outside++
      continue
    }
    const key = cellKey(cell.at)
    const previous = byKey.get(key)
    if (previous) merged++
    byKey.set(key, { ...previous, ...cell })
  }
  const cells: CellSpec[] = []
  for (const cell of byKey.values()) {
    const normal = normaliseCell(cell)
    if (normal) cells.push(normal)
    else defaults++
  }
  counts.set('cells-outside-dropped', outside)
  counts.set('cell-entries-merged', merged)
  counts.set('cell-entries-dropped', defaults)
  return outside || merged || defaults ? { ...map, cells } : map
}

function repairEdges(map: CampaignMap, counts: Counts): CampaignMap {
  let outside = 0
  let notNeighbours = 0
  let duplicates = 0
  let reordered = 0
  const byKey = new Map<string, CampaignEdge>()
  for (const edge of map.edges) {
    const [a, b] = edge.between
    if (!isInside(map, a) || !isInside(map, b)) {
      outside++
      continue
    }
    if (!areOrthogonalNeighbours(a, b)) {
      notNeighbours++
      continue
    }
    const key = edgeKey(edge.between)
    // The later entry wins, as it would have if the edges had been set one after another.
    if (byKey.has(key)) {
      duplicates++
      byKey.delete(key)
    }
    const between = normaliseBetween(edge.between)
    if (between[0][0] !== a[0] || between[0][1] !== a[1]) reordered++
    byKey.set(key, { ...edge, between })
  }
  counts.set('edges-outside-dropped', outside)
  counts.set('edges-not-neighbours-dropped', notNeighbours)
  counts.set('duplicate-edges-removed', duplicates)
  // Reordering the two cells of an edge changes nothing for the user; it is not reported.
  return outside || notNeighbours || duplicates || reordered
    ? { ...map, edges: [...byKey.values()] }
    : map
}

function repairTokens(map: CampaignMap, counts: Counts): CampaignMap {
  let moved = 0
  let resized = 0
  let renamed = 0
  const ids = new Set<string>()
  const tokens = map.tokens.map((original) => {
    let token: CampaignToken = original
    const id = uniqueId(token.id, ids)
    if (id !== token.id) {
      renamed++
      token = { ...token, id }
    }
    if (!footprintFits(map, token.at, token.size)) {
      let at = clampFootprint(map, token.at, token.size)
      if (!at) {
        // Bigger than the whole map: keep the token, at the size that fits.
        resized++
        token = { ...token, size: undefined }
        at = clampFootprint(map, token.at, undefined)
      }
      moved++
      token = { ...token, at: at ?? [0, 0] }
      if (token.size === undefined) delete token.size
    }
    return token
  })
  counts.set('tokens-moved-onto-map', moved)
  counts.set('tokens-resized', resized)
  counts.set('token-ids-renamed', renamed)
  return moved || renamed ? { ...map, tokens } : map
}

function repairLights(map: CampaignMap, counts: Counts): CampaignMap {
  const inside = map.light.sources.filter((s) => isInside(map, s.at))
  const dropped = map.light.sources.length - inside.length
  counts.set('lights-outside-dropped', dropped)
  // Commands change one light by id: older files' lights get ids, the same ones on every load
  // (so nothing needs saving for it), never one already in use.
  const taken = new Set(inside.map((s) => s.id).filter((id): id is string => id !== undefined))
  let next = 1
  const sources = inside.map((source) => {
    if (source.id !== undefined && source.id !== '') return source
    while (taken.has(`light-${next}`)) next++
    taken.add(`light-${next}`)
    return { ...source, id: `light-${next}` }
  })
  const changed = dropped > 0 || sources.some((s, i) => s !== inside[i])
  return changed ? { ...map, light: { ...map.light, sources } } : map
}
