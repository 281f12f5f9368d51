// What a Universal VTT file may hold, in one place. The importer (import.ts) checks every one of
// these, and the command-line tool, the import dialog's preview and the import itself all run it,
// so anything the preview accepts the import accepts. Each refusal has its own code (errors.ts),
// which the GM page words in English and Japanese.
import {
  MAX_CAMPAIGN_FILE_BYTES,
  MAX_PIXELS_PER_SQUARE,
  MAX_WALL_LINE_POINTS,
  MAX_WALL_LINES,
  MIN_PIXELS_PER_SQUARE,
} from '../campaign/limits'
import { MAX_MAP_SIDE } from '../rules/model'

export const UVTT_LIMITS = {
  /** Squares a side (the rules engine's limit). */
  mapSide: MAX_MAP_SIDE,
  /** Wall polylines (line_of_sight and objects_line_of_sight together): the map keeps them all. */
  wallLines: MAX_WALL_LINES,
  /** Points in one wall polyline. */
  wallLinePoints: MAX_WALL_LINE_POINTS,
  /** Any coordinate, in squares either side of 0: far beyond any map, yet far from overflowing. */
  coordinate: 1_000_000,
  /** A light's range, in squares (a 1000-square map's diagonal is about 1,414). */
  lightRange: 10_000,
  /** The picture's pixels per square, when the file has a picture (the map picture's own range). */
  pixelsPerGrid: { min: MIN_PIXELS_PER_SQUARE, max: MAX_PIXELS_PER_SQUARE },
  /**
   * An imported map as the campaign file writes it (edges, wall lines, lights): half the largest
   * campaign file the app opens, so the campaign stays openable with room for everything else.
   */
  savedMapBytes: MAX_CAMPAIGN_FILE_BYTES / 2,
  /**
   * The import worker's heap (import-jobs.ts), in MB: far above what the largest file an import
   * takes (64 MB of text) needs, far below what would make the system kill the app. Past it the
   * worker stops and the import is refused.
   */
  workerMemoryMb: 1536,
} as const
