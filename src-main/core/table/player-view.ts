// toPlayerView: exactly what the players may see of one map, and nothing more. It is the only
// source of what reaches a player transport (projector window, LAN browsers): everything GM-only
// (notes, hidden tokens, private stats, traps, secret doors, unexplored layout, elevation, light
// sources out of sight, faction names, hit points and every HP bar the GM keeps to themself) is left out by construction — the payload is built field
// by field from what is visible, never by copying and deleting.
//
// Cells: visible = the party's sight (table/vision.ts) in the "vision" and "both" fog modes, plus
// the GM's revealed cells in "manual" and "both"; explored = remembered cells not visible now.
// Tokens: on a visible cell, not hidden, and not in stealth unless they belong to the party (a
// stealthy enemy shows once the GM drops its stealth state, i.e. when someone could see it).
// Names: the party's, and another token's only once the GM marked it known; the rest get a
// number on their side ("Enemy 3"), in the order the players first saw them.
import type { Campaign, CampaignMap, CampaignToken } from '../campaign/schema'
import { fogOf, spansToMask, usesManualReveal, usesVision } from '../campaign/fog'
import { spansReusingRows } from './fog-spans'
import { mapCacheKey } from './map-caches'
import { knownEdges } from './player-edges'
import type { Cell } from '../rules/model'
import { systemFacts } from '../rules/facts'
import { upcomingCombatants } from '../campaign/fight/commands'
import type { Fight } from '../campaign/fight/schema'
import type { PlayerMapView, PlayerTemplate, PlayerToken } from './player-view-schema'
import { footprint, isPartyToken, partyVisionMask } from './vision'
import { TokenAliases } from './token-aliases'
import { partyColours } from './party-colours'
import { DEFAULT_FRAME, DEFAULT_SCREEN, resolveFrame, type FramePlan } from './frame'

export interface TemplateInput {
  id: string
  cells: readonly (readonly [number, number])[]
  label?: string
}

export interface PlayerViewOptions {
  /** Black screen: the map's id and name only. */
  blackout?: boolean
  /** The table screen's frame: the projector, the GM's setting for this map, following the turn. */
  frame?: FramePlan
  /** Area templates the GM chose to show. */
  templates?: readonly TemplateInput[]
  /**
   * The ids players get for tokens (issue 11.9): pass the session's aliases so a token keeps its
   * alias from one payload to the next; without them every call makes new ones. A stored token id
   * never reaches the players either way.
   */
  aliases?: TokenAliases
  /**
   * The map's picture as tiles the players may have (art/player-art-service.ts); absent = no art.
   * The campaign's id tells its fog from the same map's in a copy of the campaign.
   */
  art?: (map: CampaignMap, known: Uint8Array, campaignId: string) => PlayerMapView['art']
  /** A token picture's data: URL by hash, once main has read it (undefined until then). */
  tokenPicture?: (hash: string) => string | undefined
}

export interface FogMasks {
  /** 1 = the players see this cell now. */
  visible: Uint8Array
  /** 1 = remembered from before, not visible now. */
  explored: Uint8Array
}

/** Which cells the players see now and remember, for one map (also used by the GM's fog overlay). */
export function fogMasks(map: CampaignMap): FogMasks {
  const fog = fogOf(map)
  const size = map.width * map.height
  const visible = usesVision(fog) ? partyVisionMask(map).slice() : new Uint8Array(size)
  if (usesManualReveal(fog)) {
    const revealed = spansToMask(fog.revealed, map.width, map.height)
    for (let i = 0; i < size; i++) if (revealed[i]) visible[i] = 1
  }
  const explored = usesVision(fog)
    ? spansToMask(fog.explored, map.width, map.height)
    : new Uint8Array(size)
  for (let i = 0; i < size; i++) if (visible[i]) explored[i] = 0
  return { visible, explored }
}

export function toPlayerView(
  campaign: Campaign,
  mapId: string,
  options: PlayerViewOptions = {},
): PlayerMapView | null {
  const map = campaign.maps.find((m) => m.id === mapId)
  if (!map) return null
  const base = { id: map.id, name: map.name, width: map.width, height: map.height }
  if (options.blackout) {
    return {
      ...base,
      screen: 'blackout',
      visible: [],
      explored: [],
      terrain: [],
      edges: [],
      tokens: [],
      lights: [],
      turn: null,
      templates: [],
      frame: null,
    }
  }
  const { visible, explored } = fogMasks(map)
  const w = map.width
  const knownCells = knownMask(visible, explored)
  const index = ([x, y]: readonly [number, number]): number => y * w + x
  const inside = ([x, y]: readonly [number, number]): boolean =>
    x >= 0 && y >= 0 && x < w && y < map.height
  const known = (at: readonly [number, number]): boolean =>
    inside(at) && knownCells[index(at)] === 1
  const seen = (at: readonly [number, number]): boolean => inside(at) && visible[index(at)] === 1

  const terrain: PlayerMapView['terrain'] = []
  for (const cell of map.cells) {
    if (cell.terrain && cell.terrain !== 'floor' && known(cell.at))
      terrain.push(playerTerrain(cell))
  }

  const edges = knownEdges(map.edges, w, map.height, knownCells, mapCacheKey(campaign.id, map.id))

  // Every token id in the payload goes through the same alias, so turn and order still match.
  const aliases = options.aliases ?? new TokenAliases()
  const alias = (tokenId: string): string => aliases.aliasOf(campaign.id, map.id, tokenId)
  const colours = partyColours(map)
  const shownConditions = conditionsShown(map)
  const tokens: PlayerToken[] = []
  for (const token of map.tokens) {
    if (!playersSeeToken(map, token, seen)) continue
    const out = playerToken(map, token, colours, options.tokenPicture)
    if (out.name === undefined)
      out.number = aliases.numberOf(campaign.id, map.id, out.side, token.id)
    const conditions = shownConditions.get(token.id)
    if (conditions) out.conditions = conditions
    tokens.push(out)
  }

  const lights = map.light.sources
    .filter((s) => seen(s.at))
    .map((s) => ({ at: [s.at[0], s.at[1]] as Cell }))

  const templates: PlayerTemplate[] = []
  for (const template of options.templates ?? []) {
    const cells = template.cells.filter(known).map(([x, y]) => [x, y] as Cell)
    if (cells.length === 0) continue
    // The GM's template ids are free text (a token's id, a spell's name): players get a number.
    templates.push({
      id: `template-${templates.length + 1}`,
      cells,
      ...(template.label ? { label: template.label } : {}),
    })
  }

  // Whose turn: the fight's current combatant, when the players can see it (the host's own
  // state, whatever map the GM is looking at).
  const current = map.fight?.order[map.fight.turn]?.tokenId
  const turn = current !== undefined && tokens.some((t) => t.id === current) ? current : null

  const art = options.art && map.art ? options.art(map, knownCells, campaign.id) : undefined

  const seenIds = new Set(tokens.map((t) => t.id))
  const fight = map.fight
  const order = fight?.showOrder
    ? fight.order.map((c) => c.tokenId).filter((id) => seenIds.has(id))
    : undefined
  const rolls = fight?.showRolls
    ? publicRolls(campaign, seenIds).map(({ id, by, text }) => ({
        id: aliases.rollAlias(campaign.id, id),
        ...(by !== undefined ? { by: alias(by) } : {}),
        text,
      }))
    : undefined
  const banner = fight ? turnBanner(fight, seenIds) : undefined

  const view = {
    ...base,
    screen: 'live' as const,
    ...(order ? { order: order.map(alias) } : {}),
    ...(banner
      ? {
          fight: {
            round: banner.round,
            now: banner.now === null ? null : alias(banner.now),
            next: banner.next === null ? null : alias(banner.next),
          },
        }
      : {}),
    ...(systemFacts(map.system).chips ? { sharedSquares: true as const } : {}),
    ...(rolls ? { rolls } : {}),
    ...(rolls && fight?.hideRollLog ? { rollLogHidden: true as const } : {}),
    ...(art && art.tiles.length > 0 ? { art } : {}),
    visible: spansReusingRows(visible, w, mapCacheKey(campaign.id, map.id, 'visible')),
    explored: spansReusingRows(explored, w, mapCacheKey(campaign.id, map.id, 'explored')),
    terrain,
    edges,
    tokens: tokens.map((token) => ({ ...token, id: alias(token.id) })),
    lights,
    turn: turn === null ? null : alias(turn),
    templates,
  }
  // Computed from the payload itself: nothing the players do not get can move the frame.
  const frame = resolveFrame(
    view,
    options.frame ?? { screen: DEFAULT_SCREEN, setting: DEFAULT_FRAME, followTurn: false },
  )
  return { ...view, frame }
}

function knownMask(visible: Uint8Array, explored: Uint8Array): Uint8Array {
  const known = new Uint8Array(visible.length)
  for (let i = 0; i < known.length; i++) known[i] = visible[i] | explored[i]
  return known
}

/** Public rolls of the GM or of tokens the players can see, newest first (stored ids). */
function publicRolls(
  campaign: Campaign,
  seenIds: ReadonlySet<string>,
): Array<{ id: string; by?: string; text: string }> {
  const shown: Array<{ id: string; by?: string; text: string }> = []
  for (const entry of [...(campaign.rollLog ?? [])].reverse()) {
    if (shown.length === 5) break
    if (entry.secret) continue
    if (entry.tokenId === undefined) shown.push({ id: entry.id, text: entry.text })
    else if (seenIds.has(entry.tokenId))
      shown.push({ id: entry.id, by: entry.tokenId, text: entry.text })
  }
  return shown
}

/** The round, the current combatant and the next one, each only if the players see it. */
function turnBanner(
  fight: Fight,
  seenIds: ReadonlySet<string>,
): { round: number; now: string | null; next: string | null } {
  const current = fight.order[fight.turn]?.tokenId
  const now = current !== undefined && seenIds.has(current) ? current : null
  const next = upcomingCombatants(fight).find((id) => id !== current && seenIds.has(id)) ?? null
  return { round: fight.round, now, next }
}

/** The names of the conditions the GM lets players know, per token. */
function conditionsShown(map: CampaignMap): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const condition of map.conditions ?? []) {
    if (!condition.shownToPlayers) continue
    const list = out.get(condition.tokenId) ?? []
    if (!list.includes(condition.name)) list.push(condition.name)
    out.set(condition.tokenId, list)
  }
  return out
}

// What players get of a square's terrain depends on that stored cell alone, and commands keep
// untouched cells as the same objects: each is built once and shared by every view after (frozen),
// so a view patch finds the unchanged ones by identity (player-view-patch.ts).
const playerTerrains = new WeakMap<CampaignMap['cells'][number], PlayerMapView['terrain'][number]>()

function playerTerrain(cell: CampaignMap['cells'][number]): PlayerMapView['terrain'][number] {
  let out = playerTerrains.get(cell)
  if (!out) {
    const terrain = cell.terrain as PlayerMapView['terrain'][number]['terrain']
    const at = Object.freeze([cell.at[0], cell.at[1]]) as Cell
    out = Object.freeze({ at, terrain })
    playerTerrains.set(cell, out)
  }
  return out
}

function playersSeeToken(
  map: CampaignMap,
  token: CampaignToken,
  seen: (at: readonly [number, number]) => boolean,
): boolean {
  if (token.hidden) return false
  const party = isPartyToken(map, token)
  if (!party && token.states?.includes('stealth')) return false
  return footprint(map, token).some(seen)
}

function playerToken(
  map: CampaignMap,
  token: CampaignToken,
  partyColour: ReadonlyMap<string, string>,
  tokenPicture?: (hash: string) => string | undefined,
): PlayerToken {
  const hiddenStats = new Set(token.privateStats ?? [])
  const party = isPartyToken(map, token)
  const out: PlayerToken = {
    id: token.id,
    at: [token.at[0], token.at[1]],
    side: party ? 'party' : 'other',
  }
  if (token.size && token.size !== 'medium') out.size = token.size
  // A name the GM typed for another side's token is theirs until they mark the token known.
  const nameKnown = (party || token.known === true) && !hiddenStats.has('name')
  if (nameKnown && token.name.trim()) {
    out.name = token.name
    if (token.label?.trim()) out.label = token.label.trim()
  }
  const colour = token.color ?? partyColour.get(token.id)
  if (colour) out.color = colour
  const image = token.picture ? tokenPicture?.(token.picture) : undefined
  if (image) out.image = image
  if (token.states?.length && !hiddenStats.has('states'))
    out.states = token.states.filter((s) => s !== 'stealth' || out.side === 'party')
  if (token.elevation !== undefined && !hiddenStats.has('elevation'))
    out.elevation = token.elevation
  if (token.hp?.shownToPlayers) out.hpBar = hpBarLength(token.hp)
  return out
}

/** How full a bar is: 0 at or below 0 HP, 1 at or above the maximum, in twentieths so it carries no exact count. */
export function hpBarLength(hp: { current: number; max: number }): number {
  const fraction = Math.min(1, Math.max(0, hp.current / hp.max))
  return Math.round(fraction * 20) / 20
}
