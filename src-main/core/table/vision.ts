// What the party sees on one campaign map, as the rules engine judges it. Each party token's
// sight is the rule system's own sight (RuleSystem.sightOf: exactly its `visible` query's cells,
// walls, doors, solid squares, light, darkvision), so the player view and rules.query can never
// disagree. A system whose `visible` ignores light applies it in its RuleSystem.fogSight (Arianrhod
// 明度: systems/arianrhod/fog-sight.ts); a system with no `visible` query (dystopia) sees along the
// grid core's line of sight.
// Pure: imports the engine and the campaign schema types, never electron or node.
import type { CampaignMap, CampaignToken } from '../campaign/schema'
import { partyFactionsOf } from '../campaign/fog'
import { battleOf } from '../campaign/map-battle'
import { fieldOfView } from '../rules/grid/vision'
import {
  emptyLineReach,
  lineReachHas,
  squaresAroundEdge,
  squaresAroundSquare,
  type LineReach,
} from '../rules/grid/line-reach'
import { changedItems } from '../campaign/changed-items'
import { footprintSide } from '../campaign/geometry'
import type { Cell } from '../rules/model'
import type { Battle } from '../rules/system'
import { getSystem } from '../rules/systems/index'

export type { Cell }

export function isPartyToken(map: CampaignMap, token: CampaignToken): boolean {
  return partyFactionsOf(map).includes(token.faction)
}

/** Cells a token covers (its `at` is the north-west square), clipped to the map. */
export function footprint(
  map: { width: number; height: number },
  token: Pick<CampaignToken, 'at' | 'size'>,
): Cell[] {
  const side = footprintSide(token.size)
  const out: Cell[] = []
  for (let dy = 0; dy < side; dy++) {
    for (let dx = 0; dx < side; dx++) {
      const x = token.at[0] + dx
      const y = token.at[1] + dy
      if (x < map.width && y < map.height) out.push([x, y])
    }
  }
  return out
}

interface TokenSight {
  token: CampaignToken
  /** The cells it sees (a square it sees twice, its own, stays twice). */
  cells: Int32Array
  /**
   * Where its lines of sight reach, when its system's sight follows them (line-reach.ts): an
   * edge edit around none of these squares leaves its sight as it is.
   */
  reached?: LineReach
}

/** What one token sees (cell indices), by its system's rules; its own square always. */
function tokenSight(map: CampaignMap, battle: Battle, token: CampaignToken): TokenSight {
  const grid = battle.grid
  const system = getSystem(map.system)
  let reached = !system.sightOf || system.sightFollowsLines ? emptyLineReach(grid) : undefined
  let seen: number[]
  try {
    seen = system.sightOf
      ? system.sightOf(battle, token.id, reached)
      : fieldOfView(grid, grid.index(token.at[0], token.at[1]), { reached })
    if (system.fogSight) seen = system.fogSight(battle, token.id, seen)
  } catch {
    // A map the engine refuses (it should not: the store repairs maps on load) shows nothing
    // beyond the token's own square rather than everything.
    seen = []
    reached = undefined
  }
  // Straight into the list (pushing onto `seen`, allocated to its length, copied it whole).
  const own = footprint(map, token)
  const cells = new Int32Array(seen.length + own.length)
  cells.set(seen)
  for (let i = 0; i < own.length; i++) cells[seen.length + i] = grid.index(own[i][0], own[i][1])
  return { token, cells, reached }
}

interface PartySight {
  /** 1 = seen now by at least one party token. */
  mask: Uint8Array
  /** Each party token's sight, by token id, with the token object it was for. */
  byToken: Map<string, TokenSight>
  /**
   * How many of byToken's cell lists hold each square (a list that names a square twice counts
   * it twice: at most 2 × MAX_TOKENS, well inside 16 bits). Held by the newest sight of a line of edits only: a sight derived from this one
   * takes it over and changes it, so the mask is not rebuilt from every PC's cells per edit.
   */
  counts?: Uint16Array
}

const sightCache = new WeakMap<CampaignMap, PartySight>()

/**
 * What a derived sight sees that the sight it was derived from did not (the cells of the PCs asked
 * again that the sight before did not hold), by the mask before and then the mask derived:
 * whatever held the sight before holds the derived one once it holds those squares
 * (fog-commands.ts withExplored). Kept by the older mask, so a line of edits does not keep every
 * mask before it alive.
 */
const gains = new WeakMap<Readonly<Uint8Array>, WeakMap<Readonly<Uint8Array>, readonly number[]>>()

/**
 * The squares `mask` (a party sight) sees that `from` did not, when `mask` was derived from
 * `from` by one edit; undefined when it was not (then nothing is known of the two).
 */
export function sightGainedOver(
  mask: Readonly<Uint8Array>,
  from: Readonly<Uint8Array>,
): readonly number[] | undefined {
  if (mask === from) return []
  return gains.get(from)?.get(mask)
}

/**
 * The party's combined sight on a map, as a width × height mask (1 = seen now). Maps are
 * immutable, so the mask is cached per map object: the command that produced a map and the
 * player view projecting it share one computation. Callers must not change the mask.
 *
 * `previous`: the map this one was made from by one edit. When its sight is known, only the party
 * tokens the edit can change are asked again: those that changed (a move, a condition) and, after
 * a wall or door edit, those whose lines of sight reach it (derivedSight says when). The answer is
 * exactly the full one (vision.incremental.property.test.ts).
 */
export function partyVisionMask(map: CampaignMap, previous?: CampaignMap): Readonly<Uint8Array> {
  const cached = sightCache.get(map)
  if (cached) return cached.mask
  const before = previous && previous !== map ? sightCache.get(previous) : undefined
  const sight = before && previous ? derivedSight(map, previous, before) : fullSight(map)
  sightCache.set(map, sight)
  return sight.mask
}

/**
 * `to` is `from` with other fog fields only (explored or revealed cells): the same sight. Commands
 * remember explored cells in a map made after the sight was asked for.
 */
export function sameSightAs(from: CampaignMap, to: CampaignMap): void {
  const sight = sightCache.get(from)
  if (sight && !sightCache.has(to)) sightCache.set(to, sight)
}

/**
 * partyVisionMask(map) in steps: the battle, then one party token's sight a step, so a caller
 * with time to spare (the service preparing the map a page shows, issue 29) can run a step per turn
 * of its event loop and never hold it for the whole party. The result is cached as
 * partyVisionMask caches it, unless an edit asked for it meanwhile.
 */
export function* partyVisionSteps(map: CampaignMap): Generator<void, Readonly<Uint8Array>> {
  if (!sightCache.has(map)) {
    const sight = yield* sightSteps(map)
    if (!sightCache.has(map)) sightCache.set(map, sight)
  }
  const sight = sightCache.get(map)!
  if (!sight.counts) {
    // What the first edit would count (changedSight), while there is time.
    yield
    sight.counts ??= countsOf(map, sight.byToken)
  }
  return sight.mask
}

function fullSight(map: CampaignMap): PartySight {
  const steps = sightSteps(map)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

function* sightSteps(map: CampaignMap): Generator<void, PartySight> {
  const battle = battleOf(map)
  const byToken: PartySight['byToken'] = new Map()
  for (const token of map.tokens) {
    if (!isPartyToken(map, token)) continue
    yield
    byToken.set(token.id, tokenSight(map, battle, token))
  }
  return { mask: maskOf(map, byToken), byToken }
}

function derivedSight(map: CampaignMap, previous: CampaignMap, before: PartySight): PartySight {
  if (previous.system !== map.system || partyFactionsOf(previous) !== partyFactionsOf(map))
    return fullSight(map)
  let battle: Battle | undefined
  // A wall, door or square edit asks again the PCs whose lines of sight reach a square around it,
  // when the system's sight follows those lines there. Not the PCs that see such a square: a line
  // can cross a square's rim without reaching its centre or the points a quarter inside its
  // corners (the property test's counterexample, a case in vision.incremental.property.test.ts).
  // Any other layout edit (light, a square's light, the size) asks every PC.
  let around: number[] | null = null
  if (layoutChanged(previous, map)) {
    around = squaresAroundLayoutEdit(previous, map)
    const system = getSystem(map.system)
    if (around && system.sightOf)
      around = system.sightFollowsLines?.((battle = battleOf(map)), around) ? around : null
    if (!around) {
      const sight = fullSight(map)
      if (sight.mask.length === before.mask.length) keepGains(before.mask, sight.mask)
      return sight
    }
  }
  // A token's rules fields come from the token and from the map's conditions and fight (flat-
  // footed): when those are the same objects, so is every token's engine spec.
  const sameRulesContext = previous.conditions === map.conditions && previous.fight === map.fight
  let previousBattle: Battle | undefined
  const byToken: PartySight['byToken'] = new Map()
  let recomputed = 0
  for (const token of map.tokens) {
    if (!isPartyToken(map, token)) continue
    const was = before.byToken.get(token.id)
    let stale = !was || (around !== null && !(was.reached && reachesNone(was.reached, around)))
    if (!stale && was && (was.token !== token || !sameRulesContext)) {
      battle ??= battleOf(map)
      previousBattle ??= battleOf(previous)
      stale = !sameSpec(previousBattle, battle, token.id)
    }
    if (stale || !was) {
      battle ??= battleOf(map)
      byToken.set(token.id, tokenSight(map, battle, token))
      recomputed++
    } else byToken.set(token.id, was.token === token ? was : { ...was, token })
  }
  if (recomputed === 0 && byToken.size === before.byToken.size) {
    // The same lists: their counts go on to this sight, as a changed sight takes them.
    const counts = before.counts
    before.counts = undefined
    return { mask: before.mask, byToken, counts }
  }
  return changedSight(map, before, byToken)
}

/**
 * The sight of `byToken`, most of whose lists are `before`'s: the squares of the lists that
 * changed are counted out and in again, and only those squares of `before`'s mask are looked at
 * again (issue 29: a wall click asks one to three of 20 PCs again; building the mask from every
 * PC's cells cost more than asking them). The squares it sees that `before` did not are kept
 * for sightGainedOver.
 */
function changedSight(
  map: CampaignMap,
  before: PartySight,
  byToken: PartySight['byToken'],
): PartySight {
  // Taken over: `before` is an older state now, and a sight derived from it again (after an
  // undo) counts its lists afresh.
  const counts = before.counts ?? countsOf(map, before.byToken)
  before.counts = undefined
  const mask = before.mask.slice()
  // Indexed loops and no list of the squares touched (issue 29): a for…of over a typed array
  // makes an iterator result per square until the function is optimised, and this one runs once
  // a click, ~0.7 MB of garbage a wall click on the bench map; the list was ~0.2 MB more.
  for (const [id, was] of before.byToken) {
    if (byToken.get(id)?.cells === was.cells) continue
    const cells = was.cells
    for (let i = 0; i < cells.length; i++) counts[cells[i]]--
  }
  const gained: number[] = []
  for (const [id, now] of byToken) {
    if (before.byToken.get(id)?.cells === now.cells) continue
    const cells = now.cells
    for (let i = 0; i < cells.length; i++) {
      counts[cells[i]]++
      if (!before.mask[cells[i]]) gained.push(cells[i])
    }
  }
  // Only the squares of the lists that changed can have changed in the mask: the old lists'
  // squares are seen while some list still counts them, the new lists' squares are.
  for (const [id, was] of before.byToken) {
    if (byToken.get(id)?.cells === was.cells) continue
    const cells = was.cells
    for (let i = 0; i < cells.length; i++) mask[cells[i]] = counts[cells[i]] > 0 ? 1 : 0
  }
  for (const [id, now] of byToken) {
    if (before.byToken.get(id)?.cells === now.cells) continue
    const cells = now.cells
    for (let i = 0; i < cells.length; i++) mask[cells[i]] = 1
  }
  rememberGains(before.mask, mask, gained)
  return { mask, byToken, counts }
}

function rememberGains(from: Uint8Array, mask: Uint8Array, gained: readonly number[]): void {
  let derived = gains.get(from)
  if (!derived) gains.set(from, (derived = new WeakMap()))
  derived.set(mask, gained)
}

/** The squares `mask` sees that `from` did not, for sightGainedOver (a full sight after an edit). */
function keepGains(from: Uint8Array, mask: Uint8Array): void {
  const gained: number[] = []
  for (let cell = 0; cell < mask.length; cell++) if (mask[cell] && !from[cell]) gained.push(cell)
  rememberGains(from, mask, gained)
}

/** How many of the lists hold each square. */
function countsOf(map: CampaignMap, byToken: PartySight['byToken']): Uint16Array {
  const counts = new Uint16Array(map.width * map.height)
  for (const { cells } of byToken.values())
    for (let i = 0; i < cells.length; i++) counts[cells[i]]++
  return counts
}

function maskOf(map: CampaignMap, byToken: PartySight['byToken']): Uint8Array {
  const mask = new Uint8Array(map.width * map.height)
  for (const { cells } of byToken.values())
    for (let i = 0; i < cells.length; i++) mask[cells[i]] = 1
  return mask
}

/**
 * The squares around the edges and squares an edit changed (line-reach.ts), when it changed nothing
 * else sight reads (the light, a square's light, the size); null otherwise, or when a changed edge
 * is not between two neighbours on the map.
 */
function squaresAroundLayoutEdit(previous: CampaignMap, map: CampaignMap): number[] | null {
  if (
    previous.width !== map.width ||
    previous.height !== map.height ||
    previous.light !== map.light
  )
    return null
  const around: number[] = []
  if (previous.edges !== map.edges) {
    const changed = changedItems(previous.edges, map.edges)
    // Nothing changed by identity yet a new list: entries reordered, which can change the edge a
    // slot holds when two share it.
    if (changed.length === 0) return null
    for (const edge of changed) {
      const squares = squaresAroundEdge(map, edge.between[0], edge.between[1])
      if (!squares) return null
      around.push(...squares)
    }
  }
  if (previous.cells !== map.cells) {
    const changed = changedItems(previous.cells, map.cells)
    if (changed.length === 0) return null
    for (const cell of changed) {
      // A square's light is read by every viewer that sees it, lines or not.
      if (cell.light !== undefined) return null
      const squares = squaresAroundSquare(map, cell.at)
      if (!squares) return null
      around.push(...squares)
    }
  }
  return around
}

function reachesNone(reached: LineReach, squares: readonly number[]): boolean {
  return squares.every((cell) => !lineReachHas(reached, cell))
}

/** Whether the layout sight depends on (size, edges, cells, light) is not the same objects. */
function layoutChanged(previous: CampaignMap, map: CampaignMap): boolean {
  return (
    previous.width !== map.width ||
    previous.height !== map.height ||
    previous.edges !== map.edges ||
    previous.cells !== map.cells ||
    previous.light !== map.light
  )
}

/** Whether the engine reads a token the same in two battles (its sight depends on nothing else). */
function sameSpec(a: Battle, b: Battle, tokenId: string): boolean {
  const x = a.tokenById.get(tokenId)
  const y = b.tokenById.get(tokenId)
  return x !== undefined && y !== undefined && JSON.stringify(x) === JSON.stringify(y)
}
