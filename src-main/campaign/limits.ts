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
