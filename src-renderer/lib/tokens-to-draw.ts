// What each screen draws of a token (lib/token-drawing.ts draws it): the GM's from the campaign
// map (the board and "Export PNG (GM)"), the table's from the player view payload (the player
// view and "Export PNG (player-safe)"), which carries nothing GM-only.
import type { CampaignMap, CampaignToken } from '@core/campaign/schema'
import { footprintSide } from '@core/campaign/geometry'
import { systemFacts } from '@core/rules/facts'
import { partyColours } from '@core/table/party-colours'
import type { PlayerToken } from '@core/table/player-view-schema'
import { factionColour } from './grid-geometry'
import { hpFraction } from './hp-bar'
import { tokenLabels } from './token-labels'
import type { TokenSlot } from './token-layout'
import type { TokenToDraw } from './token-drawing'
import { tokenSide } from '../player/spans'
import type { TableName } from '../player/table-names'

/** The GM's marks for movement states, beside the disc. */
const STATE_MARKS: Readonly<Record<string, string>> = {
  flying: '↑',
  swimming: '≈',
  stealth: '◌',
  climbing: '⇡',
  helpless: '✕',
  prone: '_',
  mounted: '♞',
}

/** A unit's place among the units sharing its square (0–3 …), from its slot. */
function chipOf(slot: TokenSlot, at: readonly [number, number]): number {
  if (!slot.shared) return -1
  const across = Math.round(1 / slot.width)
  const column = Math.round((slot.x - at[0]) / slot.width)
  const row = Math.round((slot.y - at[1]) / slot.width)
  return row * across + column
}

export interface GmDrawState {
  selectedId: string | null
  /** A token picture's URL, when it is at hand. */
  pictureOf: (hash: string | undefined) => string | undefined
}

/** What the GM's token drawing reads of a map (the board redraws tokens only when it changes). */
export type TokenSource = Pick<CampaignMap, 'system' | 'tokens' | 'fight' | 'fog'>

/** The map's tokens as the GM sees them: hidden ones too, selection, turn, flat-footed, states. */
export function gmTokensToDraw(map: TokenSource, state: GmDrawState): TokenToDraw[] {
  const facts = systemFacts(map.system)
  const labels = tokenLabels(map.tokens)
  const colours = partyColours(map)
  const turnId = map.fight?.order[map.fight.turn]?.tokenId
  const fillOf = (token: CampaignToken) =>
    token.color ?? colours.get(token.id) ?? factionColour(token.faction)
  return map.tokens.map((token) => {
    const selected = token.id === state.selectedId
    const turn = token.id === turnId
    const picture = state.pictureOf(token.picture)
    const flatFooted =
      facts.flatFootedBeforeFirstTurn &&
      !!map.fight?.order.some((c) => c.tokenId === token.id) &&
      !map.fight?.acted.includes(token.id)
    return {
      id: token.id,
      at: token.at,
      side: footprintSide(token.size),
      fill: fillOf(token),
      label: labels.get(token.id) ?? '?',
      name: token.name,
      rank: selected ? 0 : turn ? 1 : 2,
      ...(picture ? { picture } : {}),
      hidden: token.hidden === true,
      selected,
      turn,
      flatFooted,
      ...(token.states?.length
        ? { marks: token.states.map((s) => STATE_MARKS[s] ?? '').join('') }
        : {}),
      ...(token.hp
        ? {
            hp: { fraction: hpFraction(token.hp), shown: token.hp.shownToPlayers === true },
            hpAttrs: {
              'data-testid': 'token-hp-bar',
              'data-hp': `${token.hp.current}/${token.hp.max}`,
              'data-shown': token.hp.shownToPlayers ? 'true' : 'false',
            },
          }
        : {}),
      attrs: (slot) => {
        const chip = chipOf(slot, token.at)
        return {
          class: 'token',
          'data-token': token.id,
          'data-at': `${token.at[0]},${token.at[1]}`,
          'data-faction': token.faction,
          'data-hidden': token.hidden ? 'true' : undefined,
          'data-selected': selected ? 'true' : undefined,
          'data-turn': turn ? 'true' : undefined,
          'data-chip': chip >= 0 ? chip : undefined,
          'data-slot': `${slot.x},${slot.y},${slot.width}`,
        }
      },
      nameAttrs: {
        class: 'token-name',
        'data-testid': 'token-name-label',
        'data-name-of': token.id,
      },
    }
  })
}

export interface TableDrawState {
  /** Whose turn it is (the highlighted token), if anyone's. */
  turn: string | null
  names: ReadonlyMap<string, TableName>
  /** A token state's word in the page's language ("Prone"). */
  stateName: (state: string) => string
}

const PARTY_COLOUR = '#2563eb'
const OTHER_COLOUR = '#dc2626'

/** The payload's tokens as the players see them: names, conditions, bars main chose to send. */
export function tableTokensToDraw(
  tokens: readonly PlayerToken[],
  state: TableDrawState,
): TokenToDraw[] {
  return tokens.map((token) => {
    const isTurn = state.turn === token.id
    const name = state.names.get(token.id)?.name ?? ''
    return {
      id: token.id,
      at: token.at,
      side: tokenSide(token.size),
      fill: token.color ?? (token.side === 'party' ? PARTY_COLOUR : OTHER_COLOUR),
      label: state.names.get(token.id)?.label ?? '?',
      name,
      // Whose turn it is first, then the party, then the rest: they get the best spots.
      rank: isTurn ? 0 : token.side === 'party' ? 1 : 2,
      ...(token.image ? { picture: token.image } : {}),
      turn: isTurn,
      badges: [...(token.conditions ?? []), ...(token.states ?? []).map(state.stateName)],
      ...(token.hpBar !== undefined
        ? {
            hp: { fraction: token.hpBar, shown: true },
            hpAttrs: { 'data-testid': 'player-hp-bar', 'data-length': token.hpBar },
          }
        : {}),
      attrs: (slot) => ({
        'data-testid': 'player-token',
        'data-token-id': token.id,
        'data-name': name,
        'data-side': token.side,
        'data-turn': String(isTurn),
        'data-x': token.at[0],
        'data-y': token.at[1],
        'data-slot': `${slot.x},${slot.y},${slot.width}`,
      }),
      nameAttrs: { class: 'name', 'data-testid': 'player-name', 'data-token-id': token.id },
    }
  })
}
