// What the players have seen of a map, persisted with it: the fog mode, which factions count as
// the party, the cells explored so far and the cells the GM revealed by hand. Cell sets are
// stored as row spans `[y, x0, x1]` (inclusive, sorted, non-overlapping): explored areas are
// mostly contiguous, so this stays small, and unlike flat indices it survives a change of width.
import { z } from 'zod'
import { MAX_MAP_SIDE } from '../rules/model'

export const FOG_MODES = ['vision', 'manual', 'both'] as const
export type FogMode = (typeof FOG_MODES)[number]

export const DEFAULT_PARTY_FACTIONS: readonly string[] = ['party']

const MAX_COORDINATE = MAX_MAP_SIDE - 1
const coordinate = z.number().int().min(0).max(MAX_COORDINATE)
/** Enough for a checkerboard over the largest map the spec allows. */
const MAX_SPANS = (MAX_MAP_SIDE * MAX_MAP_SIDE) / 2

export const cellSpansSchema = z.array(z.tuple([coordinate, coordinate, coordinate])).max(MAX_SPANS)
export type CellSpans = [number, number, number][]

/**
 * True exactly when cellSpansSchema accepts `value` (fog.property.test.ts holds the two to the
 * same verdict), without zod: the loader check of every edit that changes the explored cells
 * (loadable.ts) ran zod over thousands of spans, 5–12 ms a time on a 200×200 map (issue 29).
 * The schema asks for integers in range only; order and overlap are not part of it.
 */
export function areCellSpans(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > MAX_SPANS) return false
  for (let i = 0; i < value.length; i++) {
    const span: unknown = value[i]
    if (!Array.isArray(span) || span.length !== 3) return false
    if (!isCoordinate(span[0]) || !isCoordinate(span[1]) || !isCoordinate(span[2])) return false
  }
  return true
}

function isCoordinate(value: unknown): boolean {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_COORDINATE
  )
}

export const mapFogSchema = z.object({
  /** vision: the party's sight plus what it explored; manual: only what the GM revealed; both. */
  mode: z.enum(FOG_MODES).default('vision'),
  /** Factions whose tokens are the party's eyes. Default: ["party"]. */
  partyFactions: z.array(z.string().min(1).max(200)).max(50).optional(),
  explored: cellSpansSchema.default([]),
  revealed: cellSpansSchema.default([]),
  /**
   * A door that opens reveals the room behind it (campaign/fog-rooms.ts), for tables that play
   * with physical minis and no party tokens (schema 7).
   */
  revealRoomOnDoorOpen: z.boolean().optional(),
})
export type MapFog = z.infer<typeof mapFogSchema>

/** A GM-only trap marker: never part of the player view. */
export const trapSchema = z.object({
  id: z.string().min(1).max(200),
  at: z.tuple([z.number().int(), z.number().int()]),
  name: z.string().max(200).default(''),
  notes: z.string().max(100_000).optional(),
})
export type Trap = z.infer<typeof trapSchema>

/** Token fields a player may see, each of which the GM can keep private per token. */
export const PLAYER_TOKEN_STATS = ['name', 'states', 'elevation'] as const
export type PlayerTokenStat = (typeof PLAYER_TOKEN_STATS)[number]

export function fogOf(map: { fog?: MapFog }): MapFog {
  return map.fog ?? { mode: 'vision', explored: [], revealed: [] }
}

export function partyFactionsOf(map: { fog?: MapFog }): readonly string[] {
  return map.fog?.partyFactions ?? DEFAULT_PARTY_FACTIONS
}

export function usesVision(fog: MapFog): boolean {
  return fog.mode !== 'manual'
}

export function usesManualReveal(fog: MapFog): boolean {
  return fog.mode !== 'vision'
}

/** A width × height mask (1 = in the set) from spans; spans outside the map are clipped. */
export function spansToMask(
  spans: readonly (readonly [number, number, number])[],
  width: number,
  height: number,
): Uint8Array {
  const mask = new Uint8Array(width * height)
  // Indexed, not destructured: a 200×200 map's thousands of spans made an iterator result per
  // number on every wall click (issue 29).
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i]
    const y = span[0]
    const x0 = span[1]
    const x1 = span[2]
    if (y < 0 || y >= height) continue
    const from = Math.max(0, x0)
    const to = Math.min(width - 1, x1)
    for (let x = from; x <= to; x++) mask[y * width + x] = 1
  }
  return mask
}

/**
 * The row spans of `mask`. A span equal to one of `kept` (a sorted list, the one the mask was
 * grown from) is that span itself, not a copy: a wall click that explores a few squares made
 * ~5,000 new spans that the campaign and its undo keep, which every collection of the host's
 * young heap then copied (issue 29).
 */
export function maskToSpans(mask: Uint8Array, width: number, kept?: CellSpans): CellSpans {
  const spans: CellSpans = []
  const height = width === 0 ? 0 : mask.length / width
  let k = 0
  for (let y = 0; y < height; y++) {
    let x = 0
    while (x < width) {
      if (!mask[y * width + x]) {
        x++
        continue
      }
      const start = x
      while (x + 1 < width && mask[y * width + x + 1]) x++
      if (kept) {
        while (k < kept.length && (kept[k][0] < y || (kept[k][0] === y && kept[k][1] < start))) k++
        const old = k < kept.length ? kept[k] : undefined
        spans.push(old && old[0] === y && old[1] === start && old[2] === x ? old : [y, start, x])
      } else spans.push([y, start, x])
      x++
    }
  }
  return spans
}

export function sameSpans(
  a: readonly (readonly number[])[],
  b: readonly (readonly number[])[],
): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    if (a[i][0] !== b[i][0] || a[i][1] !== b[i][1] || a[i][2] !== b[i][2]) return false
  }
  return true
}

export function countSpanCells(spans: readonly (readonly [number, number, number])[]): number {
  let n = 0
  for (const [, x0, x1] of spans) n += x1 - x0 + 1
  return n
}
