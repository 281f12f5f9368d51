// The player view payload: everything a projector window or LAN browser may ever learn about a
// map. Strict objects: a field not listed here cannot slip through (the channel parses every
// payload against this before it leaves main).
import { z } from 'zod'

const cell = z.tuple([z.number().int(), z.number().int()])
const spans = z.array(z.tuple([z.number().int(), z.number().int(), z.number().int()]))

export const playerTokenSchema = z.strictObject({
  id: z.string(),
  at: cell,
  /** party: one of the party's factions; other: anyone else (factions' names are the GM's). */
  side: z.enum(['party', 'other']),
  size: z.string().optional(),
  /** Its name: a party token's, or another's once the GM marked it known (and never privately). */
  name: z.string().optional(),
  /** The GM's short label for the disc, sent only with the name. */
  label: z.string().optional(),
  /**
   * Without a name: the token's number on its side, in the order players first saw it ("Enemy 3"
   * / 「敵3」 in the page's language). Never both a name and a number.
   */
  number: z.number().int().positive().optional(),
  /** The token's colour; a party token without one gets its own from the party palette. */
  color: z.string().optional(),
  image: z.string().optional(),
  states: z.array(z.string()).optional(),
  elevation: z.number().optional(),
  /**
   * The HP bar's length (0–1), only for a token whose bar the GM shows to players; never the hit
   * points themselves.
   */
  hpBar: z.number().min(0).max(1).optional(),
  /** Conditions the GM lets the players know (badges on the token); never the others. */
  conditions: z.array(z.string()).optional(),
})
export type PlayerToken = z.infer<typeof playerTokenSchema>

export const playerEdgeSchema = z.strictObject({
  between: z.tuple([cell, cell]),
  kind: z.enum(['wall', 'door', 'low-wall', 'window', 'arrow-slit']),
  /** Never 'locked': players cannot tell a locked door from a closed one. */
  state: z.enum(['open', 'closed']).optional(),
})

export const playerTemplateSchema = z.strictObject({
  id: z.string(),
  cells: z.array(cell),
  label: z.string().optional(),
})
export type PlayerTemplate = z.infer<typeof playerTemplateSchema>

export const playerMapSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** blackout: the GM darkened the players' screen; every list below is empty. */
  screen: z.enum(['live', 'blackout']),
  /** Cells seen now (or revealed by the GM), as row spans [y, x0, x1]. */
  visible: spans,
  /** Cells seen before but not now: drawn dimmed, without tokens. */
  explored: spans,
  /** Non-floor terrain among the visible and explored cells. */
  terrain: z.array(z.strictObject({ at: cell, terrain: z.enum(['difficult', 'pit', 'solid']) })),
  /** Partitions bounding a visible or explored cell; secret doors appear as walls until found. */
  edges: z.array(playerEdgeSchema),
  /** Tokens on visible cells that are not hidden (nor in stealth unless of the party). */
  tokens: z.array(playerTokenSchema),
  /** Light sources standing on visible cells (position only). */
  lights: z.array(z.strictObject({ at: cell })),
  /** The token whose turn it is, when the players can see it. */
  turn: z.string().nullable(),
  /** Area templates the GM chose to show, cut to the cells the players know. */
  templates: z.array(playerTemplateSchema),
  /**
   * The table screen's frame in squares (table/frame.ts): the projector shows exactly this box.
   * null on a blacked-out screen.
   */
  frame: z
    .strictObject({
      x: z.number().finite(),
      y: z.number().finite(),
      width: z.number().finite().positive(),
      height: z.number().finite().positive(),
    })
    .nullable(),
  /** The turn order of the tokens the players can see, when the GM shows it. */
  order: z.array(z.string()).optional(),
  /**
   * The fight on this map, for the turn banner: the round, whose turn it is and who comes next,
   * each null unless the players can see that combatant (the next one is the next they can see).
   */
  fight: z
    .strictObject({
      round: z.number().int().min(0),
      now: z.string().nullable(),
      next: z.string().nullable(),
    })
    .optional(),
  /** Up to four tokens share a square (DysTopiA): they are drawn in its quarters. */
  sharedSquares: z.literal(true).optional(),
  /**
   * The last public rolls, newest first, when the GM shows them; never secret ones or those of
   * unseen tokens. `id` is random per roll (to toast each new one once); `by` is the roller's token
   * id when a token rolled, absent for the GM.
   */
  rolls: z
    .array(z.strictObject({ id: z.string(), by: z.string().optional(), text: z.string() }))
    .max(5)
    .optional(),
  /** The GM closed the roll log panel (new rolls still appear as a toast). */
  rollLogHidden: z.literal(true).optional(),
  /**
   * The map's picture, as tiles of squares the players know (art/player-art-service.ts): each tile
   * by a random id to fetch with player.artTile, never the picture's hash or a URL that serves it.
   */
  art: z
    .strictObject({
      squarePx: z.number().int().positive(),
      tiles: z.array(
        z.strictObject({
          id: z.string().regex(/^[0-9a-f]{32}$/),
          x: z.number().int(),
          y: z.number().int(),
          w: z.number().int(),
          h: z.number().int(),
        }),
      ),
    })
    .optional(),
})
export type PlayerMapView = z.infer<typeof playerMapSchema>
