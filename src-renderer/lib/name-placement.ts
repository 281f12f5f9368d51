// Full names beside tokens, placed so that no two name boxes ever intersect (issue 23), on the GM
// board and the player view alike. Each name tries the spots around its token (below, above,
// right, left, then each side slid along), first leaving the spots straight above and below every
// other token to that token's own name, then anywhere; if none is free it is shortened with "…"
// and tried again; failing that it is dropped, and the label inside the disc still names the token. A spot
// is free when it crosses no placed name, no HP bar and no token, and stays inside the bounds; a
// spot slid off its token's middle must also keep a margin from the other tokens, so that a name
// never reads as its neighbour's.
// Greedy, in the order given (callers put the turn's token and the party first). Pure: the caller
// measures text.
import { intersects, type Box } from './token-layout'

export interface NameRequest {
  id: string
  name: string
  /** The token's slot: the name goes around it. */
  slot: Box
}

export interface PlacedName {
  id: string
  /** The whole name, or its start and "…". */
  text: string
  /** Where the text's box is (its centre line is x + width / 2). */
  box: Box
}

export interface PlacementOptions {
  /** Type size, in the same units as the boxes. */
  fontSize: number
  /** Width of a text at type size 1 (the page measures it with the font it draws in). */
  measure: (text: string) => number
  /** Boxes no name may cross besides the slots: HP bars, badges. */
  obstacles?: readonly Box[]
  /** Names stay inside this box (the map, or the screen). */
  bounds?: Box
  /** The widths, in squares, a name is cut down to when it fits nowhere whole. */
  shorterWidths?: readonly number[]
}

const ELLIPSIS = '…'
/** How far a slid name stays from a token that is not its own, in squares. */
const GAP = 0.12
/** Room around the glyphs: the outline drawn around text and a hair between two names. */
const PAD = 0.05

export function placeNames(
  requests: readonly NameRequest[],
  options: PlacementOptions,
): PlacedName[] {
  const { fontSize, measure } = options
  // A line of text is about 1.45 em high in the CJK fonts the pages use (ascent plus descent).
  const height = fontSize * 1.5 + 2 * PAD
  const slots = requests.map((r) => r.slot)
  // A name slid off its token's middle keeps clear of the other tokens around, so it never reads
  // as a neighbour's name; one straight below, above or beside its token may run close to them.
  const margins = requests.map((r) => grow(r.slot, GAP))
  // Where each token's own name would go straight above or below it. A first pass leaves these to
  // their owners until they are named (a wide name goes beside its token instead), so that in a
  // block of tokens the middle ones still get a name; a second pass places the rest wherever they
  // fit.
  const reserved = requests.map((r) => [
    { x: r.slot.x, y: r.slot.y - height, width: r.slot.width, height },
    { x: r.slot.x, y: r.slot.y + r.slot.height, width: r.slot.width, height },
  ])
  const blocked: Box[] = [...(options.obstacles ?? [])]
  const placed = new Map<number, PlacedName>()
  const shorter = options.shorterWidths ?? [3, 2, 1.4]
  const width = (text: string) => measure(text) * fontSize + 2 * PAD
  for (const pass of ['polite', 'any'] as const) {
    for (const [index, request] of requests.entries()) {
      const name = request.name.trim()
      if (!name || placed.has(index)) continue
      const texts = [name, ...shortened(name, shorter, width)]
      const others = (i: number) => i !== index && !sameBox(slots[i], request.slot)
      const hard = [...slots, ...blocked]
      if (pass === 'polite')
        hard.push(...reserved.filter((_, i) => others(i) && !placed.has(i)).flat())
      const near = margins.filter((_, i) => others(i))
      for (const text of pass === 'polite' ? [name] : texts) {
        const box = firstFreeSpot(request.slot, width(text), height, hard, near, options.bounds)
        if (!box) continue
        placed.set(index, { id: request.id, text, box })
        blocked.push(box)
        break
      }
    }
  }
  return [...placed.entries()].sort(([a], [b]) => a - b).map(([, name]) => name)
}

/** The name cut to each width in turn (longest first), with "…"; each cut differs from the last. */
function shortened(
  name: string,
  widths: readonly number[],
  width: (text: string) => number,
): string[] {
  const letters = [...name]
  const out: string[] = []
  for (const limit of widths) {
    if (width(name) <= limit) continue
    let keep = letters.length - 1
    while (keep > 0 && width(letters.slice(0, keep).join('').trimEnd() + ELLIPSIS) > limit) keep--
    if (keep === 0) break
    const text = letters.slice(0, keep).join('').trimEnd() + ELLIPSIS
    if (out.at(-1) !== text) out.push(text)
  }
  return out
}

function firstFreeSpot(
  slot: Box,
  width: number,
  height: number,
  blocked: readonly Box[],
  near: readonly Box[],
  bounds: Box | undefined,
): Box | null {
  const midX = slot.x + slot.width / 2 - width / 2
  const midY = slot.y + slot.height / 2 - height / 2
  const below = slot.y + slot.height
  const above = slot.y - height
  const right = slot.x + slot.width
  const left = slot.x - width
  const straight: Box[] = [
    { x: midX, y: below, width, height },
    { x: midX, y: above, width, height },
    { x: right, y: midY, width, height },
    { x: left, y: midY, width, height },
  ]
  // The same sides slid along, so a crowd (four units in one square, a row of neighbours) still
  // finds room.
  const alongX = [slot.x, slot.x + slot.width - width, slot.x - width / 2, right - width / 2]
  const alongY = [slot.y, slot.y + slot.height - height, slot.y - height / 2, below - height / 2]
  const slid: Box[] = [
    ...alongX.map((x) => ({ x, y: below, width, height })),
    ...alongX.map((x) => ({ x, y: above, width, height })),
    ...alongY.map((y) => ({ x: right, y, width, height })),
    ...alongY.map((y) => ({ x: left, y, width, height })),
  ]
  const free = (spot: Box, avoid: readonly Box[]) =>
    (!bounds || inside(spot, bounds)) && !avoid.some((box) => intersects(spot, box))
  return (
    straight.find((spot) => free(spot, blocked)) ??
    slid.find((spot) => free(spot, blocked) && free(spot, near)) ??
    null
  )
}

function grow(box: Box, by: number): Box {
  return { x: box.x - by, y: box.y - by, width: box.width + 2 * by, height: box.height + 2 * by }
}

function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height
}

function inside(box: Box, bounds: Box): boolean {
  return (
    box.x >= bounds.x &&
    box.y >= bounds.y &&
    box.x + box.width <= bounds.x + bounds.width &&
    box.y + box.height <= bounds.y + bounds.height
  )
}
