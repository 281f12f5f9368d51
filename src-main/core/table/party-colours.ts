// Colours that tell the party's tokens apart from across the room (issue 23). A party token the GM
// gave a colour keeps it; the others take the first palette colour no other party token on the map
// wears, in map order, so two PCs never share a colour while the palette lasts. The GM board, the
// player view and the 3D view all ask this one function. Pure: plain data in, plain data out.
import { partyFactionsOf, type MapFog } from '../campaign/fog'

/**
 * Eight colours far apart in hue and lightness, none of them the enemy red, each dark or light
 * enough for its label colour (labelInk) to read at 40 % of a square.
 */
export const PARTY_PALETTE: readonly string[] = [
  '#2563eb', // blue
  '#16a34a', // green
  '#9333ea', // purple
  '#f59e0b', // amber
  '#0891b2', // teal
  '#db2777', // pink
  '#a16207', // ochre
  '#64748b', // slate
]

interface ColouredToken {
  id: string
  faction: string
  color?: string
}

/** Each party token's colour: its own, else a palette colour no other party token wears. */
export function partyColours(map: {
  fog?: MapFog
  tokens: readonly ColouredToken[]
}): Map<string, string> {
  const party = new Set(partyFactionsOf(map))
  const members = map.tokens.filter((t) => party.has(t.faction))
  const worn = new Set(members.map((t) => t.color?.toLowerCase()).filter(Boolean))
  const out = new Map<string, string>()
  let overflow = 0
  for (const token of members) {
    if (token.color) {
      out.set(token.id, token.color)
      continue
    }
    // More PCs than colours: go round the palette again rather than give every one the same blue.
    const colour =
      PARTY_PALETTE.find((c) => !worn.has(c)) ?? PARTY_PALETTE[overflow++ % PARTY_PALETTE.length]
    worn.add(colour)
    out.set(token.id, colour)
  }
  return out
}

/** Black or white, whichever reads better on a disc of this colour (#rrggbb); white otherwise. */
export function labelInk(fill: string): '#000' | '#fff' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill)
  if (!match) return '#fff'
  const [r, g, b] = match.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#fff' : '#000'
}
