// The command contract between the UI and main: every verb's arguments and result, and the
// pushed events. Arguments arrive from a renderer or a socket, so they are untrusted and parsed
// here before any service sees them. Result schemas document the shapes and let tests assert that
// what the handlers return is what the contract promises.
import { z } from 'zod'
import { campaignSchema, strictCommandSchema } from '../campaign/schema'
import { campaignNameSchema } from '../campaign/strict'
import { changeSchema } from '../campaign/change-schema'
import { mapOutlineSchema } from '../campaign/outline'
import { MAX_CAMPAIGN_FILE_BYTES } from '../campaign/limits'
import { JOURNAL_PROBLEMS } from '../campaign/journal-notice'
import { MAP_REPAIR_CODES, type RepairNote } from '../campaign/repair-notes'
import { rollEntrySchema } from '../campaign/fight/schema'
import { MAX_ART_TILES_PER_CALL, type GmVerb, type EventName } from './channels'
import { playerMapSchema } from '../table/player-view-schema'
import { playerViewMessageSchema } from '../table/player-view-patch-schema'
import { MAX_ZOOM, MIN_ZOOM } from '../table/frame'
import { calibrationSettingsSchema } from '../table/calibration-schema'
import { systemIdSchema } from '../rules/model'
import { anyQueryAnswerSchema } from '../rules/queries'
import { DICE_LIMITS } from '../table/dice-limits'
import { UI_LOCALES } from './ui-locales'
import { ASSET_HASH_PATTERN, MAX_ASSET_BYTES } from '../art/asset-limits'

const idSchema = z.string().min(1).max(200)
/** A page's name for one import it started (a random UUID, say). */
const importJobIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)
const noArgs = z.strictObject({}).default({})
/**
 * Import JSON is bounded so a bad client cannot make main parse gigabytes. A string over the
 * campaign size cap is answered with `campaign-too-large` before this schema sees it (handlers).
 */
export const MAX_IMPORT_CHARS = MAX_CAMPAIGN_FILE_BYTES

export const campaignSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  updatedAt: z.string(),
  mapCount: z.number().int().nonnegative(),
  unreadable: z.boolean().optional(),
  /** Saved by a newer version of the app: listed, never opened or changed. */
  newer: z.boolean().optional(),
  /** Bigger than the app parses (campaign-too-large). */
  tooLarge: z.boolean().optional(),
})

export const trashEntrySchema = z.object({
  trashId: z.string(),
  id: z.string(),
  name: z.string(),
  deletedAt: z.string(),
  mapCount: z.number().int().nonnegative(),
})

const countSchema = z.number().int().positive()

/** One repair made on open (core/campaign/repair-notes.ts), as main sends it. */
export const repairNoteSchema: z.ZodType<RepairNote> = z.discriminatedUnion('code', [
  z.strictObject({
    code: z.literal('schema-upgraded'),
    fromVersion: z.number().int().nonnegative(),
    toVersion: z.number().int().positive(),
  }),
  z.strictObject({
    code: z.literal('campaign-id-mismatch'),
    innerId: z.string(),
    fileId: z.string(),
  }),
  z.strictObject({ code: z.literal('map-id-duplicate'), mapId: z.string(), renamedTo: z.string() }),
  z.strictObject({
    code: z.enum(MAP_REPAIR_CODES),
    mapId: z.string(),
    mapName: z.string(),
    count: countSchema,
  }),
])

export const openResultSchema = z.object({
  campaign: campaignSchema,
  recovered: z
    .object({
      damage: z.string(),
      badFile: z.string(),
      backupFile: z.string(),
      backupSavedAt: z.string().nullable(),
    })
    .optional(),
  /** Repairs made while loading (an upgrade, dropped bad entries), as codes the page words. */
  repaired: z.array(repairNoteSchema).optional(),
  /** Journal files set aside on open instead of replayed (campaign/journal-replay.ts). */
  journal: z
    .array(
      z.object({
        problem: z.enum(JOURNAL_PROBLEMS),
        file: z.string(),
        keptAs: z.string(),
        line: z.number().int().optional(),
        replayed: z.number().int().nonnegative(),
        setAside: z.number().int().nonnegative(),
        reason: z.string().optional(),
      }),
    )
    .optional(),
  /**
   * With campaign.open `outlineExcept`: every map of the campaign, in order, as an outline (id,
   * name, system, size); `campaign.maps` then holds only the map sent in full. Fetch another in
   * full by opening again.
   */
  outlines: z.array(mapOutlineSchema).optional(),
  /** The campaign's revision in main; campaign.changed events carry the next ones. */
  revision: z.number().int().nonnegative(),
  /** Undo history of this campaign in main, which outlives a page reload. */
  canUndo: z.boolean(),
  canRedo: z.boolean(),
})

/** What the players' screen may learn (table/player-view-schema.ts); never GM-only data. */
export const playerViewSchema = z.strictObject({
  map: playerMapSchema.nullable(),
  /** The projector's calibrated scale; LAN browsers ignore it and fit their screen. */
  projector: z.strictObject({ squarePx: z.number().positive().nullable(), ruler: z.boolean() }),
  /**
   * Which view of the session this is (`player.current`): `player.view` events patch the view with
   * the number they name (table/player-view-patch.ts).
   */
  seq: z.number().int().nonnegative().optional(),
})
export type PlayerView = z.infer<typeof playerViewSchema>

const cellArg = z.tuple([z.number().int().min(0).max(999), z.number().int().min(0).max(999)])

export const playerControlsSchema = z.strictObject({
  blackout: z.boolean(),
  frozen: z.boolean(),
  /** The table screen never moves on its own; moving its frame is refused until unlocked. */
  locked: z.boolean(),
  /** The frame pans to bring the current combatant in. */
  followTurn: z.boolean(),
  templates: z
    .array(
      z.strictObject({
        id: idSchema,
        cells: z.array(cellArg).max(10_000),
        label: z.string().max(100).optional(),
      }),
    )
    .max(50),
})

/** A point on the map in squares (the frame's centre), fractions allowed. */
const framePoint = z.tuple([
  z.number().finite().min(0).max(1000),
  z.number().finite().min(0).max(1000),
])

/** The shown map's frame: a centre (null follows the party) and a zoom (1 = calibrated or fit). */
export const framePatchSchema = z.strictObject({
  centre: framePoint.nullable().optional(),
  zoom: z.number().finite().min(MIN_ZOOM).max(MAX_ZOOM).optional(),
})

/** GM-only: what the player view is set to. */
export const playerStateSchema = z.strictObject({
  target: z.strictObject({ campaignId: z.string(), mapId: z.string() }).nullable(),
  controls: playerControlsSchema,
  projector: playerViewSchema.shape.projector,
  /** The shown map's frame (remembered per map for the session) and the box shown now. */
  frame: z
    .strictObject({
      centre: framePoint.nullable(),
      zoom: z.number(),
      box: playerMapSchema.shape.frame,
    })
    .nullable(),
})

export const calibrationStateSchema = z.strictObject({
  display: z.strictObject({
    key: z.string(),
    label: z.string(),
    widthPx: z.number(),
    heightPx: z.number(),
    scaleFactor: z.number(),
  }),
  settings: calibrationSettingsSchema,
  /** False until the GM saves settings for this display. */
  saved: z.boolean(),
  squarePx: z.number().nullable(),
  ruler: z.boolean(),
})

export const lanStatusSchema = z.strictObject({
  running: z.boolean(),
  port: z.number().int().nullable(),
  /** Addresses of this machine's LAN interfaces, for the join URL. */
  addresses: z.array(z.string()),
  joinCode: z.string().nullable(),
  /** The page players open: http://<address>:<port>/join?code=… (first address). */
  joinUrl: z.string().nullable(),
  connections: z.number().int().nonnegative(),
})
export type LanStatus = z.infer<typeof lanStatusSchema>

/** One BCDice roll, as table/dice.ts answers it: a roll-log entry without who and when. */
export const diceRollSchema = rollEntrySchema.omit({ id: true, at: true, who: true, tokenId: true })

/** What made a change: a command's type, or undo / redo (the command itself is not sent again). */
const causeSchema = z.strictObject({
  type: z.string().min(1).max(100),
})

/**
 * A change as every GM window receives it, once, as the campaign.changed event (issue 28): the
 * revision it makes and its record changes (core/campaign/changes.ts) from the revision before.
 * A page applies them with applyChanges, as main does. Never the whole campaign (issue 13).
 */
export const changeEventSchema = z.strictObject({
  campaignId: z.string(),
  revision: z.number().int().nonnegative(),
  changes: z.array(changeSchema),
  cause: causeSchema,
  canUndo: z.boolean(),
  canRedo: z.boolean(),
})

/**
 * The answer to dispatch, undo and redo: an acknowledgement, not the change again (that comes
 * as campaign.changed). `revision` is main's revision after it (unchanged if nothing changed).
 */
export const editAckSchema = z.strictObject({
  campaignId: z.string(),
  revision: z.number().int().nonnegative(),
  canUndo: z.boolean(),
  canRedo: z.boolean(),
})

/** campaign/api.ts CampaignNotice: an autosave that failed, for the GM pages' notice list. */
export const campaignNoticeSchema = z.strictObject({
  campaignId: z.string(),
  kind: z.literal('save-failed'),
  errno: z.string().max(40),
  at: z.string().max(40),
})

export const contract = {
  'campaign.list': { args: noArgs, result: z.array(campaignSummarySchema) },
  'campaign.create': {
    args: z.strictObject({ name: campaignNameSchema }),
    result: campaignSchema,
  },
  'campaign.open': {
    /**
     * `outlineExcept`: the page shows one map; every other map comes as an outline (its id, name,
     * system and size, no squares, walls or tokens) and is listed in the answer's `outlines`
     * (issue 13: opening a 50-map campaign sent every map). Without it, every map in full.
     */
    args: z.strictObject({ id: idSchema, outlineExcept: idSchema.nullable().optional() }),
    result: openResultSchema,
  },
  'campaign.close': { args: z.strictObject({ id: idSchema }), result: z.null() },
  'campaign.dispatch': {
    args: z.strictObject({ id: idSchema, command: strictCommandSchema }),
    result: editAckSchema,
  },
  'campaign.undo': { args: z.strictObject({ id: idSchema }), result: editAckSchema },
  'campaign.redo': { args: z.strictObject({ id: idSchema }), result: editAckSchema },
  /** Writes the pending autosave now; the UI's "Save" and shutdown use it. */
  'campaign.save': {
    args: z.strictObject({ id: idSchema }),
    result: z.strictObject({ savedAt: z.string() }),
  },
  'campaign.export': { args: z.strictObject({ id: idSchema }), result: z.string() },
  /**
   * A campaign whose id is already in the list is refused with `import-conflict`; the page asks,
   * then sends `onConflict`: replace (the old one goes to the trash) or keep both (new id and name).
   */
  'campaign.import': {
    args: z.strictObject({
      json: z.string().min(1).max(MAX_IMPORT_CHARS),
      onConflict: z.enum(['replace', 'keep-both']).optional(),
    }),
    result: campaignSchema,
  },
  /**
   * The campaign as one file: with pictures, a zip (base64) holding it and every picture it names
   * (art/campaign-pack.ts); without, its JSON export as campaign.export gives it.
   */
  'campaign.exportPack': {
    args: z.strictObject({ id: idSchema }),
    result: z.union([z.strictObject({ zip: z.string() }), z.strictObject({ json: z.string() })]),
  },
  /**
   * Imports a campaign pack (base64 zip); conflicts as campaign.import. Checks it all before
   * writing; keeps only what the campaign uses and says how many entries it left unread.
   */
  'campaign.importPack': {
    args: z.strictObject({
      base64: z.string().min(1).max(MAX_IMPORT_CHARS),
      onConflict: z.enum(['replace', 'keep-both']).optional(),
    }),
    result: z.strictObject({
      campaign: campaignSchema,
      report: z.strictObject({ pictures: z.number().int(), ignored: z.number().int() }),
    }),
  },
  /** Renames with the one campaign-name rule (campaign.rename command: undoable). */
  'campaign.rename': {
    args: z.strictObject({ id: idSchema, name: campaignNameSchema }),
    result: campaignSchema,
  },
  /** Moves a campaign with its backups to the trash in the data folder. */
  'campaign.delete': { args: z.strictObject({ id: idSchema }), result: trashEntrySchema },
  'campaign.trash': { args: noArgs, result: z.array(trashEntrySchema) },
  'campaign.restore': {
    args: z.strictObject({ trashId: z.string().min(1).max(100) }),
    result: z.object({ id: z.string(), name: z.string() }),
  },
  'rules.query': {
    args: z.strictObject({
      campaignId: idSchema,
      mapId: idSchema,
      query: z.looseObject({ type: z.string().min(1).max(100) }),
    }),
    // The query's own arguments are checked by its declaration (core/rules/queries.ts), and the
    // answer is the one `ask` returns for it, of the answer schema declared with it: one of these
    // (the page reads it with that query's type: src-renderer/lib/rules-query.ts);
    // shared/spec/scenario-format.md defines the shapes.
    result: anyQueryAnswerSchema,
  },
  /** The GM chooses which map the projector and player clients show (null: none). */
  'player.show': {
    args: z.strictObject({
      target: z.strictObject({ campaignId: idSchema, mapId: idSchema }).nullable(),
    }),
    result: playerViewSchema,
  },
  'player.current': { args: noArgs, result: playerViewSchema },
  /**
   * Blackout, freeze, lock, following the turn, shown templates and the shown map's frame; absent
   * fields stay. Moving the frame while locked is refused (`frame-locked`).
   */
  'player.control': {
    args: playerControlsSchema.partial().extend({ frame: framePatchSchema.optional() }),
    result: playerStateSchema,
  },
  'player.state': { args: noArgs, result: playerStateSchema },
  /**
   * What the players would see of one map right now (the same projection, fog included), whether
   * or not it is shown: the source of the player-safe PNG export. GM only.
   */
  'player.viewOf': {
    args: z.strictObject({ campaignId: idSchema, mapId: idSchema }),
    result: playerViewSchema,
  },
  /** The projector display's physical scale (saved per display). */
  'calibration.get': { args: noArgs, result: calibrationStateSchema },
  'calibration.set': {
    args: z.strictObject({ settings: calibrationSettingsSchema, ruler: z.boolean().optional() }),
    result: calibrationStateSchema,
  },
  /** The opt-in LAN view: listen on every interface with a fresh join code. */
  'lan.start': {
    args: z.strictObject({ port: z.number().int().min(0).max(65535).optional() }).default({}),
    result: lanStatusSchema,
  },
  'lan.stop': { args: noArgs, result: lanStatusSchema },
  'lan.status': { args: noArgs, result: lanStatusSchema },
  /** Rolls one BCDice command in main with the rule system's dice bot. */
  'dice.roll': {
    args: z.strictObject({
      system: systemIdSchema,
      command: z.string().trim().min(1).max(DICE_LIMITS.length),
      secret: z.boolean().optional(),
      /** Records the roll in this campaign's roll log, as rolled by `who`. */
      campaignId: idSchema.optional(),
      who: z.string().max(200).optional(),
      tokenId: idSchema.optional(),
    }),
    result: diceRollSchema,
  },
  /**
   * Imports a Universal VTT map (uvtt/import.ts) as a new map of the campaign; with `dryRun` it
   * only answers what the import would make, for the dialog. It runs on a worker thread: with a
   * `jobId`, `uvtt.progress` events report how far it is and `map.cancelImport` stops it.
   */
  'map.importUvtt': {
    args: z.strictObject({
      campaignId: idSchema,
      json: z.string().min(1).max(MAX_IMPORT_CHARS),
      name: z.string().trim().min(1).max(200),
      system: systemIdSchema,
      ambient: z.number().int().min(0).max(20).optional(),
      dryRun: z.boolean().optional(),
      jobId: importJobIdSchema.optional(),
    }),
    result: z.strictObject({
      mapId: z.string().nullable(),
      width: z.number().int(),
      height: z.number().int(),
      ambient: z.number().int().nullable(),
      report: z.strictObject({
        walls: z.number().int(),
        doors: z.number().int(),
        windows: z.number().int(),
        lights: z.number().int(),
        segmentsClipped: z.number().int(),
        imageWidth: z.number().int().nullable(),
        imageHeight: z.number().int().nullable(),
      }),
    }),
  },
  /** Stops a running Universal VTT import (its call answers `import-cancelled`); false if none. */
  'map.cancelImport': {
    args: z.strictObject({ jobId: importJobIdSchema }),
    result: z.strictObject({ cancelled: z.boolean() }),
  },
  /** The GM page's UI language, so the desktop menu speaks it too (the browser has no menu). */
  'ui.setLocale': { args: z.strictObject({ locale: z.enum(UI_LOCALES) }), result: z.null() },
  /**
   * Stores a picture (PNG, JPEG, WebP; base64) in the assets folder, once, if it is within the
   * picture budget for its use (map art by default) and decodes; answers its hash and size.
   */
  'asset.put': {
    args: z.strictObject({
      base64: z
        .string()
        .min(1)
        .max(Math.ceil((MAX_ASSET_BYTES * 4) / 3) + 16),
      use: z.enum(['map', 'token']).optional(),
    }),
    result: z.strictObject({
      hash: z.string(),
      type: z.enum(['png', 'jpeg', 'webp']),
      width: z.number().int(),
      height: z.number().int(),
      bytes: z.number().int(),
    }),
  },
  /** A stored picture for the GM page, as a data URL. */
  'asset.get': {
    args: z.strictObject({ hash: z.string().regex(ASSET_HASH_PATTERN) }),
    result: z.strictObject({ dataUrl: z.string() }),
  },
  /**
   * Tiles of map art a player view payload named (art.tiles[].id), as PNG data URLs; ids it does not
   * know (no longer current) are left out. Batched: a LAN page may send only a few messages a second.
   */
  'player.artTiles': {
    args: z.strictObject({
      ids: z
        .array(z.string().regex(/^[0-9a-f]{32}$/))
        .min(1)
        .max(MAX_ART_TILES_PER_CALL),
    }),
    result: z.strictObject({
      tiles: z.array(z.strictObject({ id: z.string(), dataUrl: z.string() })),
    }),
  },
} as const satisfies Record<GmVerb, { args: z.ZodType; result: z.ZodType }>

export type VerbArgs<V extends GmVerb> = z.input<(typeof contract)[V]['args']>
export type VerbResult<V extends GmVerb> = z.output<(typeof contract)[V]['result']>

export const eventSchemas = {
  'campaign.changed': changeEventSchema,
  'campaign.notice': campaignNoticeSchema,
  'player.view': playerViewMessageSchema(playerViewSchema),
  /** A running Universal VTT import: wall and portal segments done of the total (0 of 0 while reading). */
  'uvtt.progress': z.strictObject({
    jobId: importJobIdSchema,
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
  'player.state': playerStateSchema,
} as const satisfies Record<EventName, z.ZodType>

export type EventData<E extends EventName> = z.output<(typeof eventSchemas)[E]>

export interface HandlerError {
  code: string
  /** An English sentence for logs; the page words `code` (and `reason`) in the GM's language. */
  message: string
  /**
   * A JSON pointer into the arguments (or, for rules.query, into the scenario; for
   * campaign-limit, into the campaign: '' is the whole file) where one applies.
   */
  path?: string
  /** campaign-limit: the limit the change would pass (entries, gold, or bytes for the file). */
  limit?: number
  /** The cause within the code: why a command was refused, which check an argument failed. */
  reason?: string
  /** The values the page's sentence for `reason` names. */
  params?: Record<string, string | number>
}

export type HandlerResult<T = unknown> = { ok: true; value: T } | { ok: false; error: HandlerError }
