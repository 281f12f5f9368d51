// The one function that changes a campaign. Every edit, whichever window or transport it came
// from, is a Command applied here, so undo, autosave and the change feed see all of them.
// Pure: the input campaign is never mutated; untouched maps, cells and tokens are shared with
// the result, which keeps undo snapshots cheap.
import type { CellSpec } from '../rules/model'
import { MAX_TOKENS } from '../rules/model'
import { normaliseCell } from './cell-defaults'
import type {
  Campaign,
  CampaignEdge,
  CampaignMap,
  CampaignToken,
  CellField,
  Command,
} from './schema'
import {
  areOrthogonalNeighbours,
  cellKey,
  edgeKey,
  findEdgeIndex,
  footprintFits,
  formatCell,
  isInside,
  normaliseBetween,
  sameCell,
} from './geometry'
import {
  applyCellsSet,
  applyDeployCells,
  applyEdgesSet,
  applyLightCommand,
  applyMapUpdate,
  applyTokenUpdate,
  requireSquareRoom,
} from './editor-commands'
import {
  applyFogCommand,
  applyTrapCommand,
  rememberSeenCells,
  revealOpenedRooms,
} from './fog-commands'
import { applyArtCommand } from './art-commands'
import { applyGuildCommand } from './guild/commands'
import type { GuildCommand } from './guild/schema'
import {
  applyFightCommand,
  applyRollLogCommand,
  dropCombatant,
  resortByValue,
} from './fight/commands'
import type { FightCommand } from './fight/schema'
import { squareParam, type Fail, type RefusalParams, type RefusalReason } from './refusals'

export class CommandError extends Error {
  /** Kebab-case code the IPC / WebSocket handlers pass on to the UI. */
  readonly code = 'command-rejected'
  constructor(
    message: string,
    readonly command: Command,
    /** The cause, which the page words in the GM's language (refusals.ts). */
    readonly reason: RefusalReason,
    /** The values the page's sentence names (names, squares, amounts). */
    readonly params: RefusalParams = {},
  ) {
    super(message)
    this.name = 'CommandError'
  }
}

export interface ApplyOptions {
  /**
   * Maps already checked for consistency where they were made (an imported Universal VTT map, on
   * its import worker), so `map.add` does not walk their hundred thousand edges again on main.
   */
  checkedMaps?: ReadonlySet<CampaignMap>
}

export function applyCommand(
  campaign: Campaign,
  command: Command,
  options: ApplyOptions = {},
): Campaign {
  // Rooms behind opened doors and explored cells follow in the same step, so undo stays one step
  // (see fog-commands.ts).
  const applied = revealOpenedRooms(campaign, applyCommandOnly(campaign, command, options))
  return rememberSeenCells(campaign, applied, command)
}

function applyCommandOnly(campaign: Campaign, command: Command, options: ApplyOptions): Campaign {
  const fail: Fail = (message, reason, params) => {
    throw new CommandError(message, command, reason, params)
  }
  if (isGuildCommand(command)) return applyGuildCommand(campaign, command, fail)
  if (command.type === 'roll.record' || command.type === 'roll.clear')
    return applyRollLogCommand(campaign, command)
  if (isFightCommand(command)) {
    const mapId = command.mapId
    const map = requireMap(campaign, mapId, fail)
    const { map: next, rolls } = applyFightCommand(map, command, fail)
    const withMap = { ...campaign, maps: campaign.maps.map((m) => (m.id === mapId ? next : m)) }
    return rolls.length > 0
      ? { ...withMap, rollLog: [...(campaign.rollLog ?? []), ...rolls].slice(-5000) }
      : withMap
  }
  switch (command.type) {
    case 'campaign.rename':
      return { ...campaign, name: command.name }
    case 'map.add': {
      if (campaign.maps.some((m) => m.id === command.map.id)) {
        fail(`A map with id "${command.map.id}" already exists.`, 'duplicate-id')
      }
      const problems = options.checkedMaps?.has(command.map) ? [] : findMapProblems(command.map)
      if (problems.length > 0)
        fail(`Map "${command.map.id}" is not consistent: ${problems[0]}`, 'map-inconsistent')
      return { ...campaign, maps: [...campaign.maps, command.map] }
    }
    case 'map.remove':
      requireMap(campaign, command.mapId, fail)
      return { ...campaign, maps: campaign.maps.filter((m) => m.id !== command.mapId) }
    case 'map.notes':
      return updateMap(campaign, command.mapId, fail, (map) => ({ ...map, notes: command.notes }))
    case 'edge.set':
      return updateMap(campaign, command.mapId, fail, (map) =>
        setEdge(map, command.between, command.edge, fail),
      )
    case 'cell.set':
      return updateMap(campaign, command.mapId, fail, (map) =>
        setCell(map, command.cell, command.clear ?? [], fail),
      )
    case 'token.add':
      return updateMap(campaign, command.mapId, fail, (map) => {
        if (map.tokens.some((t) => t.id === command.token.id)) {
          fail(`Map "${map.id}" already has a token with id "${command.token.id}".`, 'duplicate-id')
        }
        if (map.tokens.length >= MAX_TOKENS)
          fail(`Map "${map.id}" already has ${MAX_TOKENS} tokens.`, 'too-many-tokens', {
            max: MAX_TOKENS,
          })
        requireFootprint(map, command.token.at, command.token, fail)
        requireSquareRoom(map, command.token.at, command.token.id, fail)
        return { ...map, tokens: [...map.tokens, command.token] }
      })
    case 'token.move':
      return updateMap(campaign, command.mapId, fail, (map) => {
        const token = requireToken(map, command.tokenId, fail)
        requireFootprint(map, command.to, token, fail)
        requireSquareRoom(map, command.to, token.id, fail)
        const moved: CampaignToken = { ...token, at: [command.to[0], command.to[1]] }
        return { ...map, tokens: map.tokens.map((t) => (t.id === token.id ? moved : t)) }
      })
    case 'cells.set':
      return updateMap(campaign, command.mapId, fail, (map) => applyCellsSet(map, command, fail))
    case 'edges.set':
      return updateMap(campaign, command.mapId, fail, (map) => applyEdgesSet(map, command, fail))
    case 'map.update':
      return updateMap(campaign, command.mapId, fail, (map) => applyMapUpdate(map, command, fail))
    case 'token.update':
      // Arianrhod's order follows 【行動値】: a changed value re-sorts a running fight.
      return updateMap(campaign, command.mapId, fail, (map) => {
        const updated = applyTokenUpdate(map, command, fail)
        return command.patch.initiative !== undefined || command.clear?.includes('initiative')
          ? resortByValue(updated)
          : updated
      })
    case 'light.ambient':
    case 'light.add':
    case 'light.update':
    case 'light.remove':
      return updateMap(campaign, command.mapId, fail, (map) =>
        applyLightCommand(map, command, fail),
      )
    case 'map.art':
    case 'map.artAlign':
      return updateMap(campaign, command.mapId, fail, (map) => applyArtCommand(map, command, fail))
    case 'deploy.cells':
      return updateMap(campaign, command.mapId, fail, (map) => applyDeployCells(map, command, fail))
    case 'fog.settings':
    case 'fog.reveal':
    case 'fog.rect':
    case 'fog.room':
    case 'fog.reset':
    case 'token.visibility':
      return updateMap(campaign, command.mapId, fail, (map) => applyFogCommand(map, command, fail))
    case 'trap.set':
    case 'trap.remove':
      return updateMap(campaign, command.mapId, fail, (map) => applyTrapCommand(map, command, fail))
    case 'token.remove':
      return updateMap(campaign, command.mapId, fail, (map) => {
        requireToken(map, command.tokenId, fail)
        return {
          ...map,
          tokens: map.tokens.filter((t) => t.id !== command.tokenId),
          ...(map.fight ? { fight: dropCombatant(map.fight, command.tokenId) } : {}),
          ...(map.conditions
            ? { conditions: map.conditions.filter((c) => c.tokenId !== command.tokenId) }
            : {}),
        }
      })
    default: {
      const unknown: never = command
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`)
    }
  }
}

function isGuildCommand(command: Command): command is GuildCommand {
  return command.type.startsWith('guild.')
}

function isFightCommand(
  command: Command,
): command is Exclude<FightCommand, { type: 'roll.record' | 'roll.clear' }> {
  return command.type.startsWith('fight.') || command.type.startsWith('condition.')
}

function requireMap(campaign: Campaign, mapId: string, fail: Fail): CampaignMap {
  return (
    campaign.maps.find((m) => m.id === mapId) ??
    fail(`No map with id "${mapId}" in this campaign.`, 'no-map')
  )
}

function updateMap(
  campaign: Campaign,
  mapId: string,
  fail: Fail,
  change: (map: CampaignMap) => CampaignMap,
): Campaign {
  const map = requireMap(campaign, mapId, fail)
  const changed = change(map)
  if (changed === map) return campaign
  return { ...campaign, maps: campaign.maps.map((m) => (m === map ? changed : m)) }
}

function requireInside(map: CampaignMap, at: readonly [number, number], fail: Fail): void {
  if (!isInside(map, at)) {
    fail(
      `Cell ${formatCell(at)} is outside map "${map.id}" (${map.width} × ${map.height}).`,
      'outside-map',
      { square: squareParam(at), width: map.width, height: map.height },
    )
  }
}

function requireToken(map: CampaignMap, tokenId: string, fail: Fail): CampaignToken {
  return (
    map.tokens.find((t) => t.id === tokenId) ??
    fail(`No token with id "${tokenId}" on map "${map.id}".`, 'no-token')
  )
}

function requireFootprint(
  map: CampaignMap,
  at: readonly [number, number],
  token: Pick<CampaignToken, 'id' | 'size' | 'name'>,
  fail: Fail,
): void {
  requireInside(map, at, fail)
  if (!footprintFits(map, at, token.size)) {
    fail(
      `Token "${token.id}" (${token.size}) at ${formatCell(at)} would stick out of map "${map.id}".`,
      'token-sticks-out',
      { name: token.name || token.id },
    )
  }
}

function setEdge(
  map: CampaignMap,
  between: readonly [readonly [number, number], readonly [number, number]],
  edge: Omit<CampaignEdge, 'between'> | null,
  fail: Fail,
): CampaignMap {
  requireInside(map, between[0], fail)
  requireInside(map, between[1], fail)
  if (!areOrthogonalNeighbours(between[0], between[1])) {
    fail(
      `Cells ${formatCell(between[0])} and ${formatCell(between[1])} are not orthogonal neighbours, so they share no edge.`,
      'not-neighbours',
    )
  }
  const index = findEdgeIndex(map.edges, between)
  if (edge === null) {
    if (index < 0) return map
    // Lists of exactly their length: every revision undo keeps holds its own (issue 29).
    return { ...map, edges: map.edges.slice(0, index).concat(map.edges.slice(index + 1)) }
  }
  const stored: CampaignEdge = { ...edge, between: normaliseBetween(between) }
  const edges = index < 0 ? map.edges.concat([stored]) : map.edges.slice()
  if (index >= 0) edges[index] = stored
  return { ...map, edges }
}

function setCell(
  map: CampaignMap,
  cell: CellSpec,
  clear: readonly CellField[],
  fail: Fail,
): CampaignMap {
  requireInside(map, cell.at, fail)
  const index = map.cells.findIndex((c) => sameCell(c.at, cell.at))
  const merged: CellSpec = { ...(index < 0 ? { at: cell.at } : map.cells[index]) }
  for (const field of clear) delete merged[field]
  for (const [field, value] of Object.entries(cell) as [keyof CellSpec, unknown][]) {
    if (field !== 'at' && value !== undefined) Object.assign(merged, { [field]: value })
  }
  const stored = normaliseCell(merged)
  if (index < 0) return stored ? { ...map, cells: [...map.cells, stored] } : map
  const cells = stored
    ? map.cells.map((c, i) => (i === index ? stored : c))
    : map.cells.filter((_, i) => i !== index)
  return { ...map, cells }
}

/** Problems that make a map unusable by the engine; the repair pass fixes the same list on load. */
export function findMapProblems(map: CampaignMap): string[] {
  const problems: string[] = []
  const seenCells = new Set<string>()
  for (const cell of map.cells) {
    if (!isInside(map, cell.at)) problems.push(`cell ${formatCell(cell.at)} is outside the map`)
    const key = cellKey(cell.at)
    if (seenCells.has(key)) problems.push(`cell ${formatCell(cell.at)} is listed twice`)
    seenCells.add(key)
  }
  const seenEdges = new Set<string>()
  for (const edge of map.edges) {
    const [a, b] = edge.between
    if (!isInside(map, a) || !isInside(map, b)) {
      problems.push(`edge ${formatCell(a)}–${formatCell(b)} is outside the map`)
    } else if (!areOrthogonalNeighbours(a, b)) {
      problems.push(`edge ${formatCell(a)}–${formatCell(b)} joins cells that are not neighbours`)
    }
    const key = edgeKey(edge.between)
    if (seenEdges.has(key)) problems.push(`edge ${formatCell(a)}–${formatCell(b)} is listed twice`)
    seenEdges.add(key)
  }
  const seenTokens = new Set<string>()
  for (const token of map.tokens) {
    if (!footprintFits(map, token.at, token.size)) {
      problems.push(`token "${token.id}" at ${formatCell(token.at)} is not inside the map`)
    }
    if (seenTokens.has(token.id)) problems.push(`token id "${token.id}" is used twice`)
    seenTokens.add(token.id)
  }
  if (map.tokens.length > MAX_TOKENS) problems.push(`more than ${MAX_TOKENS} tokens`)
  for (const source of map.light.sources) {
    if (!isInside(map, source.at))
      problems.push(`light source at ${formatCell(source.at)} is outside the map`)
  }
  return problems
}
