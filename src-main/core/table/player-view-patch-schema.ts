// The shapes of player view patches (table/player-view-patch.ts), for the `player.view` event.
// Items of lists and replaced fields are parts of a view toPlayerView built, so they are typed by
// the view, not here.
import { z } from 'zod'

/** Replaces `deleteCount` items at `start` (an index into the list as earlier splices left it). */
export type Splice = [start: number, deleteCount: number, items: unknown[]]

const spliceSchema = z.tuple([
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
  z.array(z.unknown()),
])

export const playerViewPatchSchema = z.strictObject({
  /** Fields of the map view replaced whole (small ones: name, turn, fight, frame, …). */
  set: z.record(z.string(), z.unknown()).optional(),
  /** Optional fields of the map view that are gone. */
  unset: z.array(z.string()).optional(),
  /** List fields of the map view changed by splices, in order. */
  lists: z.record(z.string(), z.array(spliceSchema)).optional(),
  /** A new map (another map shown, none, or a blackout): the whole map view (null: none). */
  map: z.unknown().optional(),
  projector: z.unknown().optional(),
})

export interface PlayerViewPatch {
  set?: Record<string, unknown>
  unset?: string[]
  lists?: Record<string, Splice[]>
  map?: unknown
  projector?: unknown
}

/** A `player.view` event: the whole view, or a patch of the view numbered `base`. */
export function playerViewMessageSchema<T extends z.ZodType>(view: T) {
  return z.union([
    z.strictObject({ seq: z.number().int().nonnegative(), view }),
    z.strictObject({
      seq: z.number().int().nonnegative(),
      base: z.number().int().nonnegative(),
      patch: playerViewPatchSchema,
    }),
  ])
}

export type PlayerViewMessage<View = unknown> =
  { seq: number; view: View } | { seq: number; base: number; patch: PlayerViewPatch }
