// The fog-of-war commands (player view) and the one rule that keeps explored cells current.
//
// Decision: remembering what the party has seen is part of applying a command, not a command of
// its own. After any command that changed a map using automatic vision, the party's current sight
// is added to that map's explored cells inside the same applyCommand call. So one token.move (or
// door opening, wall removal…) is one undo step, and undoing it also forgets what that move
// revealed; a separate "explore" command would leave undo half-done or add steps the GM never took.
import { isPartyToken, partyVisionMask, sameSightAs, sightGainedOver } from '../table/vision'
import type { CellSpans, MapFog } from './fog'
import { fogOf, maskToSpans, sameSpans, spansToMask, usesVision } from './fog'
import { formatCell, isInside } from './geometry'
import { roomMask, roomsBehindOpenedDoors } from './fog-rooms'
import type { Campaign, CampaignMap, Command } from './schema'
import { squareParam, type Fail } from './refusals'

export type FogCommand = Extract<
  Command,
  {
    type: 'fog.settings' | 'fog.reveal' | 'fog.rect' | 'fog.room' | 'fog.reset' | 'token.visibility'
  }
>

export function applyFogCommand(map: CampaignMap, command: FogCommand, fail: Fail): CampaignMap {
  const fog = fogOf(map)
  switch (command.type) {
    case 'fog.settings': {
      const { revealRoomOnDoorOpen: _option, ...rest } = fog
      const next = {
        ...rest,
        ...(command.mode ? { mode: command.mode } : {}),
        ...(command.partyFactions ? { partyFactions: [...new Set(command.partyFactions)] } : {}),
        ...((command.revealRoomOnDoorOpen ?? fog.revealRoomOnDoorOpen)
          ? { revealRoomOnDoorOpen: true }
          : {}),
      }
      return { ...map, fog: next }
    }
    case 'fog.reveal': {
      const mask = new Uint8Array(map.width * map.height)
      for (const at of command.cells) {
        requireInside(map, at, fail)
        mask[at[1] * map.width + at[0]] = 1
      }
      return revealMask(map, mask, command.reveal)
    }
    case 'fog.rect': {
      requireInside(map, command.from, fail)
      requireInside(map, command.to, fail)
      const mask = new Uint8Array(map.width * map.height)
      const [x0, x1] = [command.from[0], command.to[0]].sort((a, b) => a - b)
      const [y0, y1] = [command.from[1], command.to[1]].sort((a, b) => a - b)
      for (let y = y0; y <= y1; y++) mask.fill(1, y * map.width + x0, y * map.width + x1 + 1)
      return revealMask(map, mask, command.reveal)
    }
    case 'fog.room':
      requireInside(map, command.at, fail)
      return revealMask(map, roomMask(map, command.at), command.reveal)
    case 'fog.reset':
      return {
        ...map,
        fog: { ...fog, explored: [], ...(command.revealed ? { revealed: [] } : {}) },
      }
    case 'token.visibility': {
      const token =
        map.tokens.find((t) => t.id === command.tokenId) ??
        fail(`No token with id "${command.tokenId}" on map "${map.id}".`, 'no-token')
      const changed = { ...token }
      if (command.hidden !== undefined) {
        if (command.hidden) changed.hidden = true
        else delete changed.hidden
      }
      if (command.privateStats !== undefined) {
        if (command.privateStats.length > 0)
          changed.privateStats = [...new Set(command.privateStats)]
        else delete changed.privateStats
      }
      return { ...map, tokens: map.tokens.map((t) => (t === token ? changed : t)) }
    }
  }
}

function requireInside(map: CampaignMap, at: readonly [number, number], fail: Fail): void {
  if (!isInside(map, at))
    fail(
      `Cell ${formatCell(at)} is outside map "${map.id}" (${map.width} × ${map.height}).`,
      'outside-map',
      { square: squareParam(at), width: map.width, height: map.height },
    )
}

/**
 * The map with the squares of `mask` revealed by hand, or hidden again (hidden squares are also
 * forgotten, or they would stay on screen dimmed); the same map when nothing changes.
 */
export function revealMask(map: CampaignMap, mask: Uint8Array, reveal: boolean): CampaignMap {
  const fog = fogOf(map)
  const revealed = spansToMask(fog.revealed, map.width, map.height)
  const explored = spansToMask(fog.explored, map.width, map.height)
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue
    revealed[i] = reveal ? 1 : 0
    if (!reveal) explored[i] = 0
  }
  const next = {
    ...fog,
    revealed: maskToSpans(revealed, map.width),
    explored: maskToSpans(explored, map.width),
  }
  if (sameSpans(next.revealed, fog.revealed) && sameSpans(next.explored, fog.explored)) return map
  const changed = { ...map, fog: next }
  sameSightAs(map, changed)
  return changed
}

/**
 * On maps whose fog reveals the room behind a door that opens (fog.revealRoomOnDoorOpen), the
 * rooms behind the doors this command opened are revealed in the same step: undo closes the door
 * and hides them again.
 */
export function revealOpenedRooms(before: Campaign, after: Campaign): Campaign {
  if (after === before) return after
  let changed = false
  const maps = after.maps.map((map) => {
    if (before.maps.includes(map)) return map
    const rooms = roomsBehindOpenedDoors(
      before.maps.find((m) => m.id === map.id),
      map,
    )
    if (!rooms) return map
    const next = revealMask(map, rooms, true)
    if (next !== map) changed = true
    return next
  })
  return changed ? { ...after, maps } : after
}

export type TrapCommand = Extract<Command, { type: 'trap.set' | 'trap.remove' }>

/** Far more trap markers than any dungeon needs; keeps one map's file bounded. */
export const MAX_TRAPS = 10_000

/** GM-only trap markers (never part of the player view, see table/player-view.ts). */
export function applyTrapCommand(map: CampaignMap, command: TrapCommand, fail: Fail): CampaignMap {
  const traps = map.traps ?? []
  if (command.type === 'trap.remove') {
    if (!traps.some((t) => t.id === command.trapId))
      fail(`No trap with id "${command.trapId}" on map "${map.id}".`, 'no-trap')
    const rest = traps.filter((t) => t.id !== command.trapId)
    if (rest.length > 0) return { ...map, traps: rest }
    const { traps: _gone, ...withoutTraps } = map
    return withoutTraps
  }
  const trap = command.trap
  if (!isInside(map, trap.at))
    fail(
      `Cell ${formatCell(trap.at)} is outside map "${map.id}" (${map.width} × ${map.height}).`,
      'outside-map',
      { square: squareParam(trap.at), width: map.width, height: map.height },
    )
  const index = traps.findIndex((t) => t.id === trap.id)
  if (index < 0 && traps.length >= MAX_TRAPS)
    fail(`Map "${map.id}" already has ${MAX_TRAPS} traps.`, 'too-many-traps', { max: MAX_TRAPS })
  const next =
    index < 0 ? [...traps, { ...trap }] : traps.map((t, i) => (i === index ? { ...trap } : t))
  return { ...map, traps: next }
}

/** Commands that cannot change what anyone sees: no need to recompute sight after them. */
const SIGHT_NEUTRAL: ReadonlySet<Command['type']> = new Set([
  'campaign.rename',
  'map.notes',
  'token.visibility',
  'trap.set',
  'trap.remove',
  // brush strokes: revealing by hand is not sight (a hidden cell in view is re-explored next time)
  'fog.reveal',
  'fog.rect',
  'fog.room',
])

/**
 * Adds the party's current sight to the explored cells of every map this command changed
 * (maps using automatic vision only). Maps the command did not touch are the same objects.
 */
export function rememberSeenCells(before: Campaign, after: Campaign, command: Command): Campaign {
  if (after === before || SIGHT_NEUTRAL.has(command.type)) return after
  let changed = false
  const maps = after.maps.map((map) => {
    if (before.maps.includes(map)) return map
    const previous = before.maps.find((m) => m.id === map.id)
    const next = withExplored(map, previous)
    if (next !== map) changed = true
    return next
  })
  return changed ? { ...after, maps } : after
}

/**
 * The map with the party's sight added to its explored cells (or the same map): its sight now,
 * and its sight just before the command (`previous`), which matters when nothing recorded it
 * yet — a token placed by import or map creation has seen its room before it first moves.
 */
export function withExplored(map: CampaignMap, previous?: CampaignMap): CampaignMap {
  const fog = fogOf(map)
  if (!usesVision(fog) || !map.tokens.some((t) => isPartyToken(map, t))) return map
  const sights: Readonly<Uint8Array>[] = []
  try {
    if (
      previous &&
      previous.width === map.width &&
      previous.height === map.height &&
      usesVision(fogOf(previous))
    ) {
      // Before is asked first: the sight after the edit is derived from it (table/vision.ts).
      sights.push(partyVisionMask(previous))
      sights.push(partyVisionMask(map, previous))
    } else sights.push(partyVisionMask(map))
  } catch {
    // The engine refused the map (the store repairs maps on load, so this should not happen):
    // remember nothing rather than fail the GM's edit.
    return map
  }
  // What is known without reading the explored cells: sights they hold, and fogs a sight was
  // added to before (the host adds the party's sight ahead, shown-map-preparation.ts).
  let known = fog
  const unread: Readonly<Uint8Array>[] = []
  // The explored cells as a mask, read once at most.
  let read: { spans: readonly unknown[]; cells: Uint8Array } | undefined
  const cellsOf = (spans: CellSpans): Uint8Array => {
    if (read?.spans !== spans) read = { spans, cells: spansToMask(spans, map.width, map.height) }
    return read.cells
  }
  for (const [i, seen] of sights.entries()) {
    if (holds(known.explored, map, seen, sights[i - 1], cellsOf)) continue
    const ahead = recorded.get(known === fog ? (map.fog ?? NO_FOG) : known)?.get(seen)
    if (ahead && ahead.width === map.width && ahead.height === map.height) known = ahead.fog
    else unread.push(seen)
  }
  if (unread.length === 0) return known === fog ? map : remembered(map, known)
  const explored = cellsOf(known.explored)
  let added = false
  for (const seen of unread) {
    for (let i = 0; i < seen.length; i++) {
      if (seen[i] && !explored[i]) {
        explored[i] = 1
        added = true
      }
    }
  }
  if (!added) {
    coverSights(known.explored, map, sights)
    return known === fog ? map : remembered(map, known)
  }
  const spans: CellSpans = maskToSpans(explored, map.width, known.explored)
  coverSights(spans, map, sights)
  const next = { ...known, explored: spans }
  if (known === fog && sights.length === 1) {
    // Asked without the map before (the host adding the sight ahead): the edit after asks again.
    const key = map.fog ?? NO_FOG
    let bySight = recorded.get(key)
    if (!bySight) recorded.set(key, (bySight = new WeakMap()))
    bySight.set(unread[0], { width: map.width, height: map.height, fog: next })
  }
  return remembered(map, next)
}

/**
 * Undo and redo keep no sight (history.ts): the party's sight on each map `restored` holds in a
 * version `current` does not is derived here from the version it replaces, as the edit between
 * the two derived it (the PCs that moved, those whose lines of sight reach a changed wall or
 * square, or every PC after a light edit), so the player view
 * and the next edit find it and none computes it whole (maps using automatic vision with party
 * tokens, those withExplored asks).
 */
export function sightsRestored(current: Campaign, restored: Campaign): void {
  if (current.maps === restored.maps) return
  for (const map of restored.maps) {
    if (current.maps.includes(map)) continue
    const previous = current.maps.find((m) => m.id === map.id)
    if (!previous || previous.width !== map.width || previous.height !== map.height) continue
    if (!usesVision(fogOf(map)) || !usesVision(fogOf(previous))) continue
    if (!map.tokens.some((t) => isPartyToken(map, t))) continue
    try {
      partyVisionMask(map, previous)
    } catch {
      // The engine refused the map: whoever asks next is told (withExplored remembers nothing).
    }
  }
}

/** `map` with `fog` (the same sight: only explored cells differ). */
function remembered(map: CampaignMap, fog: MapFog): CampaignMap {
  const changed = { ...map, fog }
  sameSightAs(map, changed)
  return changed
}

/** The key of a map without fog (fogOf gives it a new default each time). */
const NO_FOG = {}

/**
 * A fog with a sight added, by the fog (map.fog, or NO_FOG) and the sight's mask: the same
 * addition made again gives the same fog object. The host adds the shown map's party sight ahead
 * (shown-map-preparation.ts); its first edit, which adds that sight again (as the sight before
 * the edit), finds the fog ready, its explored list built, checked and written to text already
 * (issue 29: on a 200×200 map never played on, the first wall click built 4,955 spans).
 */
const recorded = new WeakMap<
  object,
  WeakMap<Readonly<Uint8Array>, { width: number; height: number; fog: MapFog }>
>()

/**
 * Whether the explored cells are known to hold the sight `seen` without reading them: a sight
 * they were found to hold, or one derived from such a sight (`from`, the sight before the edit)
 * that gained only squares they hold.
 */
function holds(
  explored: CellSpans,
  map: CampaignMap,
  seen: Readonly<Uint8Array>,
  from: Readonly<Uint8Array> | undefined,
  cellsOf: (spans: CellSpans) => Uint8Array,
): boolean {
  const covered = coveredSights.get(explored)
  if (!covered || covered.width !== map.width || covered.height !== map.height) return false
  if (covered.sights.has(seen)) return true
  const gained = from && covered.sights.has(from) ? sightGainedOver(seen, from) : undefined
  if (!gained) return false
  if (gained.length > 0) {
    const cells = cellsOf(explored)
    for (const cell of gained) if (!cells[cell]) return false
  }
  covered.sights.add(seen)
  return true
}

/**
 * The sight masks (cached by vision.ts, never changed) known to lie inside an explored list, for
 * the map size they were seen on. A wall click or a move that changes no PC's sight is given the
 * same masks again: its explored cells are then known to hold them without turning 4,800 spans
 * into a mask and reading 40,000 squares twice (issue 29, every click on the bench's map).
 */
const coveredSights = new WeakMap<
  readonly unknown[],
  { width: number; height: number; sights: WeakSet<Readonly<Uint8Array>> }
>()

function coverSights(
  explored: readonly unknown[],
  map: CampaignMap,
  sights: readonly Readonly<Uint8Array>[],
): void {
  let covered = coveredSights.get(explored)
  if (!covered || covered.width !== map.width || covered.height !== map.height) {
    covered = { width: map.width, height: map.height, sights: new WeakSet() }
    coveredSights.set(explored, covered)
  }
  for (const seen of sights) covered.sights.add(seen)
}
