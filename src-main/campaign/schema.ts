// Persisted campaign data (schema version 1) and the commands that change it. Maps extend the
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

export const CURRENT_SCHEMA_VERSION = 1

const idSchema = z.string().min(1).max(200)

export const campaignTokenSchema = tokenSpecSchema.extend({
  name: z.string().max(200).default(''),
  color: z.string().max(50).optional(),
  /** Never shown to players. */
  hidden: z.boolean().optional(),
  /** GM-only notes about the token. */
  notes: z.string().max(100_000).optional(),
})
export type CampaignToken = z.infer<typeof campaignTokenSchema>

export const campaignEdgeSchema = edgeSpecSchema.extend({
  /** A secret door looks like a wall to players until revealed. */
  secret: z.boolean().optional(),
})
export type CampaignEdge = z.infer<typeof campaignEdgeSchema>

export const campaignLightSourceSchema = lightSourceSchema.extend({ id: idSchema.optional() })

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
})
export type Campaign = z.infer<typeof campaignSchema>

export interface CampaignSummary {
  id: string
  name: string
  updatedAt: string
  mapCount: number
  /** Set when the file could not be read; opening it recovers from the newest good backup. */
  unreadable?: boolean
}

/** The optional fields of a stored cell, each of which has a default (see commands.ts). */
export const CELL_FIELDS = ['terrain', 'elevation', 'light', 'blockade'] as const
export type CellField = (typeof CELL_FIELDS)[number]

// Commands are plain data. Each is applied by one function (commands.ts) and recorded for undo.
export const commandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('campaign.rename'), name: z.string().min(1).max(200) }),
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
])
export type Command = z.infer<typeof commandSchema>
