// The map editor's commands (cells.set, edges.set, map.update, token.update, map.light,
// deploy.set), applied for commands.ts. Batches exist so one brush stroke, rectangle or flood
// fill is ONE command and so one undo step; they index the map once instead of searching it per
// square, which keeps a 200 × 200 fill fast.
import type { Cell, CellSpec } from '../rules/model'
import type { CampaignEdge, CampaignMap, CampaignToken, CellField, Command } from './schema'
import {
  areOrthogonalNeighbours,
  cellKey,
  edgeKey,
  footprintFits,
  formatCell,
  isInside,
  normaliseBetween,
} from './geometry'
import { normaliseCell } from './cell-defaults'
import { squareParam, type Fail } from './refusals'
import { systemFacts } from '../rules/facts'

type Of<T extends Command['type']> = Extract<Command, { type: T }>

export function applyCellsSet(map: CampaignMap, command: Of<'cells.set'>, fail: Fail): CampaignMap {
  if (command.cells.length === 0) return map
  const index = new Map<string, number>()
  map.cells.forEach((cell, i) => index.set(cellKey(cell.at), i))
  const merged: (CellSpec | undefined)[] = [...map.cells]
  const clear: readonly CellField[] = command.clear ?? []
  for (const cell of command.cells) {
    if (!isInside(map, cell.at)) {
      fail(
        `Cell ${formatCell(cell.at)} is outside map "${map.id}" (${map.width} × ${map.height}).`,
        'outside-map',
        { square: squareParam(cell.at), width: map.width, height: map.height },
      )
    }
    const key = cellKey(cell.at)
    const at = index.get(key)
    const next: CellSpec = {
      ...(at === undefined ? { at: cell.at } : merged[at]),
      at: [cell.at[0], cell.at[1]],
    }
    for (const field of clear) delete next[field]
    for (const [field, value] of Object.entries(cell) as [keyof CellSpec, unknown][]) {
      if (field !== 'at' && value !== undefined) Object.assign(next, { [field]: value })
    }
    if (at === undefined) {
      index.set(key, merged.length)
      merged.push(next)
    } else merged[at] = next
  }
  const cells: CellSpec[] = []
  let changed = merged.length !== map.cells.length
  merged.forEach((cell, i) => {
    const stored = cell && normaliseCell(cell)
    if (stored) cells.push(sameCellSpec(stored, map.cells[i]) ? map.cells[i] : stored)
    if (!sameCellSpec(stored, map.cells[i])) changed = true
  })
  return changed ? { ...map, cells } : map
}

function sameCellSpec(a: CellSpec | undefined, b: CellSpec | undefined): boolean {
  if (!a || !b) return a === b
  return (
    a.at[0] === b.at[0] &&
    a.at[1] === b.at[1] &&
    a.terrain === b.terrain &&
    a.elevation === b.elevation &&
    a.light === b.light &&
    a.blockade === b.blockade
  )
}

export function applyEdgesSet(map: CampaignMap, command: Of<'edges.set'>, fail: Fail): CampaignMap {
  if (command.edges.length === 0) return map
  const byKey = new Map<string, CampaignEdge | null>()
  for (const edge of map.edges) byKey.set(edgeKey(edge.between), edge)
  for (const { between, edge } of command.edges) {
    for (const cell of between) {
      if (!isInside(map, cell))
        fail(
          `Cell ${formatCell(cell)} is outside map "${map.id}" (${map.width} × ${map.height}).`,
          'outside-map',
          { square: squareParam(cell), width: map.width, height: map.height },
        )
    }
    if (!areOrthogonalNeighbours(between[0], between[1])) {
      fail(
        `Cells ${formatCell(between[0])} and ${formatCell(between[1])} are not orthogonal neighbours, so they share no edge.`,
        'not-neighbours',
      )
    }
    byKey.set(
      edgeKey(between),
      edge === null ? null : { ...edge, between: normaliseBetween(between) },
    )
  }
  const edges: CampaignEdge[] = []
  for (const edge of byKey.values()) if (edge) edges.push(edge)
  return { ...map, edges }
}

export function applyMapUpdate(
  map: CampaignMap,
  command: Of<'map.update'>,
  fail: Fail,
): CampaignMap {
  const width = command.width ?? map.width
  const height = command.height ?? map.height
  const system = command.system ?? map.system
  const facts = systemFacts(system)
  // Only DysTopiA has a fixed board (facts.ts `board`), hence the refusal's name.
  const board = facts.board
  if (board && (width !== board.width || height !== board.height)) {
    fail(
      `A DysTopiA board is ${board.width} × ${board.height} squares; map "${map.id}" would be ${width} × ${height}.`,
      'dystopia-board-size',
      { side: board.width },
    )
  }
  let next: CampaignMap = { ...map, system, width, height, name: command.name ?? map.name }
  if (width !== map.width || height !== map.height) {
    const size = { width, height }
    const stranded = map.tokens.filter((t) => !footprintFits(size, t.at, t.size))
    if (stranded.length > 0) {
      fail(
        `Resizing map "${map.id}" to ${width} × ${height} would leave ${stranded.length} token(s) off the map (${stranded
          .slice(0, 3)
          .map((t) => t.name || t.id)
          .join(', ')}); move or remove them first.`,
        'resize-strands-tokens',
        {
          count: stranded.length,
          names: stranded
            .slice(0, 3)
            .map((t) => t.name || t.id)
            .join(', '),
        },
      )
    }
    const inside = (at: readonly [number, number]) => isInside(size, at)
    next = {
      ...next,
      cells: map.cells.filter((c) => inside(c.at)),
      edges: map.edges.filter((e) => inside(e.between[0]) && inside(e.between[1])),
      light: { ...map.light, sources: map.light.sources.filter((s) => inside(s.at)) },
      ...(map.deploy ? { deploy: filterDeploy(map.deploy, inside) } : {}),
      ...(map.traps ? { traps: map.traps.filter((trap) => inside(trap.at)) } : {}),
    }
  }
  if (facts.squareCapacity !== null) requireSquaresNotOverfull(next, facts.squareCapacity, fail)
  return next
}

function filterDeploy(
  deploy: NonNullable<CampaignMap['deploy']>,
  inside: (at: readonly [number, number]) => boolean,
): NonNullable<CampaignMap['deploy']> {
  const out: NonNullable<CampaignMap['deploy']> = {}
  for (const [faction, cells] of Object.entries(deploy)) {
    const kept = cells.filter(inside)
    if (kept.length > 0) out[faction] = kept
  }
  return out
}

export function applyTokenUpdate(
  map: CampaignMap,
  command: Of<'token.update'>,
  fail: Fail,
): CampaignMap {
  const token =
    map.tokens.find((t) => t.id === command.tokenId) ??
    fail(`No token with id "${command.tokenId}" on map "${map.id}".`, 'no-token')
  const updated: CampaignToken = { ...token }
  for (const field of command.clear ?? []) delete updated[field]
  for (const [field, value] of Object.entries(command.patch)) {
    if (value !== undefined) Object.assign(updated, { [field]: value })
  }
  if (!footprintFits(map, updated.at, updated.size)) {
    fail(
      `Token "${token.id}" (${updated.size}) at ${formatCell(updated.at)} would stick out of map "${map.id}".`,
      'token-sticks-out',
      { name: token.name || token.id },
    )
  }
  return { ...map, tokens: map.tokens.map((t) => (t === token ? updated : t)) }
}

export function applyLightCommand(
  map: CampaignMap,
  command: Of<'light.ambient' | 'light.add' | 'light.update' | 'light.remove'>,
  fail: Fail,
): CampaignMap {
  const sources = map.light.sources
  const find = (id: string) =>
    sources.find((s) => s.id === id) ??
    fail(`No light source "${id}" on map "${map.id}".`, 'no-light')
  switch (command.type) {
    case 'light.ambient': {
      const light: CampaignMap['light'] = { sources }
      if (command.ambient !== undefined) light.ambient = command.ambient
      return { ...map, light }
    }
    case 'light.add': {
      const { source } = command
      if (sources.some((s) => s.id === source.id))
        fail(`A light source "${source.id}" already exists.`, 'duplicate-id')
      if (!isInside(map, source.at))
        fail(
          `Light source at ${formatCell(source.at)} is outside map "${map.id}".`,
          'outside-map',
          {
            square: squareParam(source.at),
            width: map.width,
            height: map.height,
          },
        )
      return {
        ...map,
        light: {
          ...map.light,
          sources: [...sources, { ...source, at: [source.at[0], source.at[1]] }],
        },
      }
    }
    case 'light.update': {
      find(command.lightId)
      const at = command.patch.at
      if (at && !isInside(map, at))
        fail(`Light source at ${formatCell(at)} is outside map "${map.id}".`, 'outside-map', {
          square: squareParam(at),
          width: map.width,
          height: map.height,
        })
      const patch = Object.fromEntries(
        Object.entries(command.patch).filter(([, v]) => v !== undefined),
      )
      return {
        ...map,
        light: {
          ...map.light,
          sources: sources.map((s) => (s.id === command.lightId ? { ...s, ...patch } : s)),
        },
      }
    }
    case 'light.remove':
      find(command.lightId)
      return {
        ...map,
        light: { ...map.light, sources: sources.filter((s) => s.id !== command.lightId) },
      }
  }
}

/** Adds and removes one faction's deploy squares; a faction left with none loses its entry. */
export function applyDeployCells(
  map: CampaignMap,
  command: Of<'deploy.cells'>,
  fail: Fail,
): CampaignMap {
  for (const at of [...command.add, ...command.remove]) {
    if (!isInside(map, at))
      fail(`Deploy square ${formatCell(at)} is outside map "${map.id}".`, 'outside-map', {
        square: squareParam(at),
        width: map.width,
        height: map.height,
      })
  }
  // A null-prototype copy: faction names are user input (the schema also refuses prototype keys).
  const deploy: Record<string, Cell[]> = Object.assign(Object.create(null), map.deploy)
  const current = new Map((deploy[command.faction] ?? []).map((c) => [cellKey(c), c] as const))
  for (const at of command.add) current.set(cellKey(at), [at[0], at[1]])
  for (const at of command.remove) current.delete(cellKey(at))
  const cells = [...current.values()].sort((a, b) => a[1] - b[1] || a[0] - b[0])
  if (cells.length === 0) delete deploy[command.faction]
  else deploy[command.faction] = cells
  return { ...map, deploy: { ...deploy } }
}

/** Where a square holds a fixed number of units (DysTopiA: 4), refuses one more. */
export function requireSquareRoom(
  map: CampaignMap,
  at: readonly [number, number],
  tokenId: string,
  fail: Fail,
): void {
  const capacity = systemFacts(map.system).squareCapacity
  if (capacity === null) return
  const there = map.tokens.filter(
    (t) => t.id !== tokenId && t.at[0] === at[0] && t.at[1] === at[1],
  ).length
  if (there >= capacity) {
    fail(
      `Square ${formatCell(at)} already holds ${capacity} units, the most one square can hold.`,
      'square-full',
      { square: squareParam(at), max: capacity },
    )
  }
}

function requireSquaresNotOverfull(map: CampaignMap, capacity: number, fail: Fail): void {
  const counts = new Map<string, number>()
  for (const token of map.tokens) {
    const key = cellKey(token.at)
    const count = (counts.get(key) ?? 0) + 1
    counts.set(key, count)
    if (count > capacity) {
      fail(
        `Square ${formatCell(token.at)} holds more than ${capacity} units, which DysTopiA refuses.`,
        'square-full',
        { square: squareParam(token.at), max: capacity },
      )
    }
  }
}
