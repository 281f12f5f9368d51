// Size limits shared by main and the renderer (no imports, so the page bundle can use them).

/**
 * The largest campaign file the app parses, and the largest import (64 MiB). Parsing is not free
 * even off the main thread (the parsed campaign is copied back to it), and a bigger file is almost
 * certainly not one this app wrote: it is listed, but refused with a clear message.
 */
export const MAX_CAMPAIGN_FILE_BYTES = 64 * 1024 * 1024

/**
 * The largest WebSocket message the host reads. An import carries the file as a JSON string,
 * where escaping can double its size: anything up to the cap still arrives and is answered (with
 * an error if too big). A page never sends more (lib/api.ts refuses it before sending).
 */
export const MAX_MESSAGE_BYTES = 2 * MAX_CAMPAIGN_FILE_BYTES + 1024 * 1024

/** An imported battle map keeps the file's wall lines (GM-only drawing): this many, of this many points. */
export const MAX_WALL_LINES = 100_000
export const MAX_WALL_LINE_POINTS = 10_000

/** A map picture's scale, in its pixels per square. */
export const MIN_PIXELS_PER_SQUARE = 1
export const MAX_PIXELS_PER_SQUARE = 10_000

/**
 * Bounds of the numbers the GM types (issue 25). Main's schemas hold the guild's; the page's
 * number fields (src-renderer/gm/fields/NumberField.svelte) refuse anything outside any of them
 * with a message, so an absurd value is caught where it is typed.
 */
export const ENTRY_LIMITS = {
  /** Money, guild funds, sale prices and loans, in G. */
  gold: { min: 0, max: 1_000_000_000_000 },
  cl: { min: 1, max: 99 },
  guildLevel: { min: 1, max: 99 },
  itemQuantity: { min: 1, max: 9999 },
  supportUses: { min: 1, max: 99 },
  /** The initiative modifier / 【行動値】. */
  initiative: { min: -1000, max: 1000 },
  /** HP bar numbers (current may be negative: a dying character). */
  hp: { min: -99_999, max: 99_999 },
  /** A token's move or reach, and a light's radius, in the system's unit. */
  distance: { min: 0, max: 10_000 },
  /** Square heights, in the system's unit. */
  elevation: { min: -10_000, max: 10_000 },
  /** A light level where the system has no named categories (Arianrhod 明度). */
  lightLevel: { min: 0, max: 100 },
  /** Rounds a condition lasts. */
  rounds: { min: 1, max: 9999 },
  /** A check's bonus. */
  bonus: { min: -999, max: 999 },
} as const
