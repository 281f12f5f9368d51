// Persisted campaign data (schema version 7) and the commands that change it. Maps extend the
// scenario format's map and token shapes with GM-only fields, so a map converts to a scenario for
// the rules engine without translation.
import { z } from 'zod'
import {
  cellSchema,
  cellSpecSchema,
  edgeSpecSchema,
  lightSourceSchema,
  mapSpecSchema,
  systemIdSchema,
  tokenSpecSchema,
} from '../rules/model'
import { FOG_MODES, mapFogSchema, PLAYER_TOKEN_STATS, trapSchema } from './fog'
import { guildCommandSchemas, guildSchema } from './guild/schema'
import { campaignNameSchema, recordKeySchema, strictly } from './strict'
import { conditionSchema, fightCommandSchemas, fightSchema, rollEntrySchema } from './fight/schema'
import {
  MAX_PIXELS_PER_SQUARE,
  MAX_WALL_LINE_POINTS,
  MAX_WALL_LINES,
  MIN_PIXELS_PER_SQUARE,
} from './limits'

export const CURRENT_SCHEMA_VERSION = 7

const idSchema = z.string().min(1).max(200)

export const tokenHpSchema = z.object({
  current: z.number().int().min(-99_999).max(99_999),
  max: z.number().int().min(1).max(99_999),
  shownToPlayers: z.boolean().optional(),
})
export type TokenHp = z.infer<typeof tokenHpSchema>

export const campaignTokenSchema = tokenSpecSchema.extend({
  name: z.string().max(200).default(''),
  /** A short label drawn on the token (GM screen); absent = initials made unique on the map. */
  label: z.string().max(8).optional(),
  color: z.string().max(50).optional(),
  /** Never shown to players. */
  hidden: z.boolean().optional(),
  /**
   * The players know this token's name (schema 6). Only party tokens' names reach the player view
   * unless the GM marks another token known; until then players see "Enemy 3" (table/player-view.ts).
   */
  known: z.boolean().optional(),
  /** GM-only notes about the token. */
  notes: z.string().max(100_000).optional(),
  /**
   * A picture for the token (schema 5): the SHA-256 of a PNG, JPEG or WebP in the assets folder
   * (art/assets.ts), shown instead of its colour. Version 4 kept it inline as a data: URL.
   */
  picture: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** Stats the players never see for this token (player view). */
  privateStats: z.array(z.enum(PLAYER_TOKEN_STATS)).optional(),
  /**
   * The token's bonus for the checks the path preview lists (Arianrhod 【筋力】 / 【敏捷】 判定 for
   * jumping and climbing), kept so a check's Roll button rolls with the token's own stat.
   */
  checks: z
    .strictObject({
      STR: z.number().int().min(-1000).max(1000).optional(),
      AGI: z.number().int().min(-1000).max(1000).optional(),
    })
    .optional(),
  /** Pathfinder / dnd35 senses, read by the engine's sight (systems/pathfinder/creatures.ts). */
  vision: z.enum(['normal', 'low-light', 'darkvision']).optional(),
  darkvisionRange: z.number().finite().nonnegative().optional(),
  /**
   * Hit points for the token's bar (schema 3). GM-only unless `shownToPlayers`: then the player view
   * gets the bar's length (table/player-view.ts), never the numbers.
   */
  hp: tokenHpSchema.optional(),
  /** Pathfinder / dnd35 combat fields read by the engine (systems/pathfinder/README.md). */
  armed: z.boolean().optional(),
  combatReflexes: z.boolean().optional(),
  dexModifier: z.number().int().min(-10).max(100).optional(),
  preciseShot: z.boolean().optional(),
  constitution: z.number().int().min(0).max(100).optional(),
  climbSpeed: z.number().finite().nonnegative().optional(),
  swimSpeed: z.number().finite().nonnegative().optional(),
  cmd: z.number().int().min(0).max(1000).optional(),
})
export type CampaignToken = z.infer<typeof campaignTokenSchema>

export const campaignEdgeSchema = edgeSpecSchema.extend({
  /** A secret door looks like a wall to players until revealed. */
  secret: z.boolean().optional(),
  /** The players found this secret door: it is shown as a door (player view). */
  revealed: z.boolean().optional(),
})
export type CampaignEdge = z.infer<typeof campaignEdgeSchema>

export const campaignLightSourceSchema = lightSourceSchema.extend({ id: idSchema.optional() })

/**
 * A picture under the map's grid (schema 4): an image in the assets folder (art/assets.ts), by
 * hash, and where the grid lies on it. The grid never moves: the picture is scaled and shifted
 * so that `pixelsPerSquare` of its pixels span one square and its pixel (offsetX, offsetY) is the
 * top-left corner of square [0, 0]. GM-only: players get only masked tiles (art/player-art.ts).
 */
export const mapArtSchema = z.strictObject({
  asset: z.string().regex(/^[0-9a-f]{64}$/),
  type: z.enum(['png', 'jpeg', 'webp']),
  width: z.number().int().positive().max(100_000),
  height: z.number().int().positive().max(100_000),
  pixelsPerSquare: z.number().finite().min(MIN_PIXELS_PER_SQUARE).max(MAX_PIXELS_PER_SQUARE),
  offsetX: z.number().finite().min(-1_000_000).max(1_000_000),
  offsetY: z.number().finite().min(-1_000_000).max(1_000_000),
})
export type MapArt = z.infer<typeof mapArtSchema>

export const campaignMapSchema = mapSpecSchema.extend({
  id: idSchema,
  name: z.string().max(200),
  system: systemIdSchema,
  cells: z.array(cellSpecSchema).default([]),
  edges: z.array(campaignEdgeSchema).default([]),
  light: z
    .object({
      ambient: z.number().int().optional(),
      sources: z.array(campaignLightSourceSchema).default([]),
    })
    .default({ sources: [] }),
  tokens: z.array(campaignTokenSchema).default([]),
  /** GM-only notes. */
  notes: z.string().max(1_000_000).default(''),
  /** DysTopiA 初期配置: the squares each faction may deploy on (scenario field dystopia.deploy). */
  deploy: z.record(recordKeySchema, z.array(cellSchema).max(1_000_000)).optional(),
  /** Fog of war for the player view (campaign/fog.ts); absent = automatic vision, nothing explored. */
  fog: mapFogSchema.optional(),
  /** GM-only trap markers; never sent to players. */
  traps: z.array(trapSchema).optional(),
  /** The fight in progress: turn order, round, whose turn (campaign/fight/). */
  fight: fightSchema.optional(),
  /** Conditions on tokens, with optional durations in rounds. */
  conditions: z.array(conditionSchema).max(10_000).optional(),
  /** The battle-map picture under the grid. */
  art: mapArtSchema.optional(),
  /**
   * The wall polylines of an imported Universal VTT file, in squares (GM-only, drawn over the
   * picture): the edges above are what the rules use, these show where the walls really run.
   */
  wallLines: z
    .array(z.array(z.tuple([z.number().finite(), z.number().finite()])).max(MAX_WALL_LINE_POINTS))
    .max(MAX_WALL_LINES)
    .optional(),
})
export type CampaignMap = z.infer<typeof campaignMapSchema>

export const campaignSchema = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  id: idSchema,
  name: z.string().max(200),
  createdAt: z.string(),
  updatedAt: z.string(),
  maps: z.array(campaignMapSchema),
  notes: z.string().max(1_000_000).default(''),
  /** The Arianrhod guild book (seed 004), for campaigns with Arianrhod maps. */
  guild: guildSchema.optional(),
  /** Every roll made in this campaign (time, who, command, dice, result, secret or public). */
  rollLog: z.array(rollEntrySchema).max(5000).optional(),
})
export type Campaign = z.infer<typeof campaignSchema>

export interface CampaignSummary {
  id: string
  name: string
  updatedAt: string
  mapCount: number
  /** Set when the file could not be read; opening it recovers from the newest good backup. */
  unreadable?: boolean
  /** Saved by a newer version of the app: it is listed but never opened or changed. */
  newer?: boolean
  /** Bigger than the app parses (MAX_CAMPAIGN_FILE_BYTES): listed without being read. */
  tooLarge?: boolean
}

/** The optional fields of a stored cell, each of which has a default (see commands.ts). */
export const CELL_FIELDS = ['terrain', 'elevation', 'light', 'blockade'] as const
export type CellField = (typeof CELL_FIELDS)[number]

// Commands are plain data. Each is applied by one function (commands.ts) and recorded for undo.
export const commandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('campaign.rename'), name: campaignNameSchema }),
  z.object({
    type: z.literal('map.add'),
    map: campaignMapSchema,
  }),
  z.object({ type: z.literal('map.remove'), mapId: idSchema }),
  z.object({
    type: z.literal('edge.set'),
    mapId: idSchema,
    between: z.tuple([cellSchema, cellSchema]),
    /** null removes whatever partition is on that edge. */
    edge: campaignEdgeSchema.omit({ between: true }).nullable(),
  }),
  z.object({
    type: z.literal('cell.set'),
    mapId: idSchema,
    /** Merged into the cell's stored fields; a field set to its default is removed. */
    cell: cellSpecSchema,
    /** Fields to reset to their default (e.g. drop a light override), applied before merging. */
    clear: z.array(z.enum(CELL_FIELDS)).optional(),
  }),
  z.object({ type: z.literal('token.add'), mapId: idSchema, token: campaignTokenSchema }),
  z.object({ type: z.literal('token.move'), mapId: idSchema, tokenId: idSchema, to: cellSchema }),
  z.object({ type: z.literal('token.remove'), mapId: idSchema, tokenId: idSchema }),
  z.object({ type: z.literal('map.notes'), mapId: idSchema, notes: z.string().max(1_000_000) }),
  // Map editor (campaign/editor-commands.ts): batches so one brush stroke is one undo step.
  z.object({
    type: z.literal('cells.set'),
    mapId: idSchema,
    /** Each merged like `cell.set`; later entries for the same square win. */
    cells: z.array(cellSpecSchema).max(1_000_000),
    clear: z.array(z.enum(CELL_FIELDS)).optional(),
  }),
  z.object({
    type: z.literal('edges.set'),
    mapId: idSchema,
    edges: z
      .array(
        z.object({
          between: z.tuple([cellSchema, cellSchema]),
          edge: campaignEdgeSchema.omit({ between: true }).nullable(),
        }),
      )
      .max(1_000_000),
  }),
  /** Rename, resize (refused while a token would fall off) or change the rule system of a map. */
  z.object({
    type: z.literal('map.update'),
    mapId: idSchema,
    name: z.string().max(200).optional(),
    system: systemIdSchema.optional(),
    width: mapSpecSchema.shape.width.optional(),
    height: mapSpecSchema.shape.height.optional(),
  }),
  /** Changes a token's fields (not its id or square); `clear` drops optional fields. */
  z.object({
    type: z.literal('token.update'),
    mapId: idSchema,
    tokenId: idSchema,
    // name's default ('') must not apply to a patch that leaves the name alone.
    patch: campaignTokenSchema
      .omit({ id: true, at: true })
      .partial()
      .extend({ name: z.string().max(200).optional() }),
    clear: z
      .array(
        z.enum([
          'move',
          'size',
          'reach',
          'states',
          'elevation',
          'color',
          'picture',
          'notes',
          'hidden',
          'initiative',
          'label',
          'hp',
          'known',
        ]),
      )
      .optional(),
  }),
  // Light, one change at a time so two pages never overwrite each other's lights (issue 11.3).
  /** The map's ambient level; absent = the system's default. */
  z.object({
    type: z.literal('light.ambient'),
    mapId: idSchema,
    ambient: z.number().int().optional(),
  }),
  z.object({
    type: z.literal('light.add'),
    mapId: idSchema,
    source: campaignLightSourceSchema.extend({ id: idSchema }),
  }),
  z.object({
    type: z.literal('light.update'),
    mapId: idSchema,
    lightId: idSchema,
    patch: z.object({
      at: cellSchema.optional(),
      level: z.number().int().optional(),
      radius: z.number().finite().nonnegative().optional(),
    }),
  }),
  z.object({ type: z.literal('light.remove'), mapId: idSchema, lightId: idSchema }),
  /** Puts a picture under the map's grid (art: null removes it). */
  z.object({ type: z.literal('map.art'), mapId: idSchema, art: mapArtSchema.nullable() }),
  /** Moves or scales the picture against the grid, one field at a time (concurrent nudges merge). */
  z.object({
    type: z.literal('map.artAlign'),
    mapId: idSchema,
    pixelsPerSquare: mapArtSchema.shape.pixelsPerSquare.optional(),
    offsetX: mapArtSchema.shape.offsetX.optional(),
    offsetY: mapArtSchema.shape.offsetY.optional(),
  }),
  /** DysTopiA deploy squares of one faction: squares added and removed (not the whole list). */
  z.object({
    type: z.literal('deploy.cells'),
    mapId: idSchema,
    faction: recordKeySchema,
    add: z.array(cellSchema).max(1_000_000).default([]),
    remove: z.array(cellSchema).max(1_000_000).default([]),
  }),
  // Player view / fog of war (campaign/fog.ts, applied in commands.ts).
  z.object({
    type: z.literal('fog.settings'),
    mapId: idSchema,
    mode: z.enum(FOG_MODES).optional(),
    partyFactions: z.array(z.string().min(1).max(200)).min(1).max(50).optional(),
    revealRoomOnDoorOpen: z.boolean().optional(),
  }),
  /** Reveal brush (reveal: true) or hide brush (false: also forgets those explored cells). */
  z.object({
    type: z.literal('fog.reveal'),
    mapId: idSchema,
    cells: z.array(cellSchema).max(1_000_000),
    reveal: z.boolean(),
  }),
  /** Reveals (or hides) the squares of a rectangle, corners included, snapped to squares. */
  z.object({
    type: z.literal('fog.rect'),
    mapId: idSchema,
    from: cellSchema,
    to: cellSchema,
    reveal: z.boolean(),
  }),
  /** Reveals (or hides) the room around a square (campaign/fog-rooms.ts). */
  z.object({ type: z.literal('fog.room'), mapId: idSchema, at: cellSchema, reveal: z.boolean() }),
  z.object({ type: z.literal('fog.reset'), mapId: idSchema, revealed: z.boolean().optional() }),
  z.object({
    type: z.literal('token.visibility'),
    mapId: idSchema,
    tokenId: idSchema,
    hidden: z.boolean().optional(),
    privateStats: z.array(z.enum(PLAYER_TOKEN_STATS)).optional(),
  }),
  /** Adds a GM-only trap marker, or replaces the one with the same id (fog-commands.ts). */
  z.object({ type: z.literal('trap.set'), mapId: idSchema, trap: trapSchema }),
  z.object({ type: z.literal('trap.remove'), mapId: idSchema, trapId: idSchema }),
  // The guild book (campaign/guild/commands.ts).
  ...guildCommandSchemas,
  // Turn order, conditions and the roll log (campaign/fight/commands.ts).
  ...fightCommandSchemas,
])
export type Command = z.infer<typeof commandSchema>

// Every command strictCommandSchema has let through. The IPC contract parses campaign.dispatch's
// arguments with it, and the edit pipeline then takes that very object without walking it a
// second time (issue 29: every dispatch parsed its command twice). Nothing mutates a command (an
// edit makes new objects), so an object that passed once still passes; one made or changed
// afterwards is a different object, and is parsed.
const strictlyPassed = new WeakSet<object>()

/** Commands as they arrive from a page or socket: unknown keys anywhere are refused. */
export const strictCommandSchema = strictly(commandSchema, strictlyPassed)

/** `command` itself came out of strictCommandSchema, so it needs no check again. */
export function passedStrictCommandSchema(command: unknown): command is Command {
  return typeof command === 'object' && command !== null && strictlyPassed.has(command)
}
