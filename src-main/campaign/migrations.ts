// Schema versions and the load-time repair pass.
//
// `migrations` is append-only: a released step is never edited, a new schema version adds one
// step at the end. Each step works on plain JSON (not the zod types), because the types only
// describe the current version.
import { createHash } from 'node:crypto'
import { repairCampaign } from '@core/campaign/repair'
import type { RepairNote } from '@core/campaign/repair-notes'
import type { Campaign } from '@core/campaign/schema'
import { CURRENT_SCHEMA_VERSION, campaignSchema } from '@core/campaign/schema'

type Json = Record<string, unknown>

export interface Migration {
  from: number
  to: number
  /** Takes a parsed file of version `from`, returns one of version `to`. Must not mutate its input. */
  migrate(raw: Json): Json
}

/** Files written before schema versions existed carry no timestamp; this marks them as unknown. */
export const UNKNOWN_TIME = '1970-01-01T00:00:00.000Z'

export const migrations: ReadonlyArray<Migration> = [
  {
    // Version 0: pre-release files with no `schemaVersion`, no timestamps, and maps that were
    // identified by their position (no `id`, sometimes no `name`).
    from: 0,
    to: 1,
    migrate(raw) {
      const maps = Array.isArray(raw.maps) ? raw.maps : []
      return {
        ...raw,
        schemaVersion: 1,
        createdAt: typeof raw.createdAt === 'string' ? raw.createdAt : UNKNOWN_TIME,
        updatedAt: typeof raw.updatedAt === 'string' ? raw.updatedAt : UNKNOWN_TIME,
        maps: maps.map((map: unknown, index) => {
          if (!isObject(map)) return map
          return {
            ...map,
            id: typeof map.id === 'string' && map.id !== '' ? map.id : `map-${index + 1}`,
            name: typeof map.name === 'string' ? map.name : `Map ${index + 1}`,
          }
        }),
      }
    },
  },
  {
    // Version 2 adds the optional guild book (seed 004); version-1 files have none.
    from: 1,
    to: 2,
    migrate: (raw) => ({ ...raw, schemaVersion: 2 }),
  },
  {
    // Version 3 adds optional token hit points (the HP bar); version-2 files have none. The bump
    // makes an older app refuse a file with bars rather than open it and drop them on save.
    from: 2,
    to: 3,
    migrate: (raw) => ({ ...raw, schemaVersion: 3 }),
  },
  {
    // Version 4 adds optional map art (a picture in the assets folder, by hash); version-3 files
    // have none. The bump keeps an older app from opening a map with art and dropping it on save.
    from: 3,
    to: 4,
    migrate: (raw) => ({ ...raw, schemaVersion: 4 }),
  },
  {
    // Version 5 moves token pictures out of the file into the assets folder: a token's `image`
    // (a data: URL) becomes `picture` (the SHA-256 of its bytes). The bytes ride along in
    // PICTURES_KEY, which decodeCampaign takes off and whoever reads the file stores
    // (file-reader.ts) before the campaign is used. GIF pictures, which the assets folder does not
    // take, and undecodable ones are dropped, as repair would.
    from: 4,
    to: 5,
    migrate(raw) {
      const pictures: ExtractedPicture[] = []
      const maps = Array.isArray(raw.maps)
        ? raw.maps.map((map: unknown) => {
            if (!isObject(map) || !Array.isArray(map.tokens)) return map
            return {
              ...map,
              tokens: map.tokens.map((token: unknown) => movePicture(token, pictures)),
            }
          })
        : raw.maps
      return { ...raw, schemaVersion: 5, maps, [PICTURES_KEY]: pictures }
    },
  },
  {
    // Version 6 adds what the table screen needs (issue 23): a token's `known` (players may learn
    // its name), a condition's `shownToPlayers` and a fight's `hideRollLog`. Version-5 files have
    // none: their other tokens' names stay with the GM until marked known. The bump makes an older
    // app refuse such a file rather than drop the fields.
    from: 5,
    to: 6,
    migrate: (raw) => ({ ...raw, schemaVersion: 6 }),
  },
  {
    // Version 7 adds the per-map fog option revealRoomOnDoorOpen (a door that opens reveals the
    // room behind it); version-6 files have none. The bump keeps an older app from dropping it.
    from: 6,
    to: 7,
    migrate: (raw) => ({ ...raw, schemaVersion: 7 }),
  },
]

/** A token picture taken out of a version-4 file, to store in the assets folder. */
export interface ExtractedPicture {
  hash: string
  bytes: Uint8Array
}

const PICTURES_KEY = '__extractedPictures'

function movePicture(token: unknown, pictures: ExtractedPicture[]): unknown {
  if (!isObject(token) || typeof token.image !== 'string') return token
  const { image, ...rest } = token
  const match = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/=]+)$/.exec(image as string)
  if (!match) return rest
  const bytes = new Uint8Array(Buffer.from(match[2], 'base64'))
  const hash = createHash('sha256').update(bytes).digest('hex')
  if (!pictures.some((p) => p.hash === hash)) pictures.push({ hash, bytes })
  return { ...rest, picture: hash }
}

export class MigrationError extends Error {
  readonly code: 'newer-version' | 'campaign-invalid'
  constructor(
    message: string,
    /** True when the file comes from a newer app: not damage, so it must not be "recovered". */
    readonly newerVersion = false,
  ) {
    super(message)
    this.code = newerVersion ? 'newer-version' : 'campaign-invalid'
    this.name = 'MigrationError'
  }
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function schemaVersionOf(raw: Json): number {
  return raw.schemaVersion === undefined ? 0 : Number(raw.schemaVersion)
}

/** Runs every step from the file's version up to CURRENT_SCHEMA_VERSION. */
export function migrateToCurrent(raw: unknown, steps: ReadonlyArray<Migration> = migrations): Json {
  if (!isObject(raw)) throw new MigrationError('The campaign file does not hold a JSON object.')
  let version = schemaVersionOf(raw)
  if (!Number.isInteger(version) || version < 0) {
    throw new MigrationError(
      `The campaign file has an invalid schemaVersion (${String(raw.schemaVersion)}).`,
    )
  }
  if (version > CURRENT_SCHEMA_VERSION) {
    throw new MigrationError(
      `This campaign was saved by a newer version of the app (schema ${version}; this app reads up to ${CURRENT_SCHEMA_VERSION}). ` +
        'Update the app to open it.',
      true,
    )
  }
  let data = raw
  while (version < CURRENT_SCHEMA_VERSION) {
    const step = steps.find((m) => m.from === version)
    if (!step) throw new MigrationError(`No migration from schema version ${version}.`)
    data = step.migrate(data)
    version = step.to
  }
  return data
}

export { repairCampaign }
export type { RepairResult } from '@core/campaign/repair'

export class CampaignDataError extends Error {
  readonly code = 'campaign-invalid'
  constructor(message: string) {
    super(message)
    this.name = 'CampaignDataError'
  }
}

export interface DecodedCampaign {
  campaign: Campaign
  fromVersion: number
  /** What the repair pass (and storage.ts's identity check) changed, as codes the page words. */
  repairs: RepairNote[]
  /** Token pictures an upgrade took out of the file: store them before using the campaign. */
  pictures?: ExtractedPicture[]
}

/**
 * Parsed JSON → current Campaign: migrate, validate with the schema (which also fills
 * defaults), then repair. Throws MigrationError or CampaignDataError with a readable reason.
 *
 * `known` holds map objects of `raw` (a current-version file) parsed from bytes the app itself
 * wrote for a map after its checks (known-maps.ts): the schema and the repair pass would give
 * each back as it is, so they skip it. The verdict, the first problem's path and the count are
 * those of the full walk, since a known map has no problem to report (known-maps.test.ts).
 */
export function decodeCampaign(raw: unknown, known?: ReadonlySet<unknown>): DecodedCampaign {
  const fromVersion = isObject(raw) ? schemaVersionOf(raw) : 0
  const { [PICTURES_KEY]: extracted, ...migrated } = migrateToCurrent(raw)
  const pictures = Array.isArray(extracted) ? (extracted as ExtractedPicture[]) : []
  const maps = migrated.maps
  // Indexes in `maps` of the maps the schema walks (all of them unless some are known).
  const walked =
    known && known.size > 0 && fromVersion === CURRENT_SCHEMA_VERSION && Array.isArray(maps)
      ? maps.flatMap((map: unknown, index) => (known.has(map) ? [] : [index]))
      : undefined
  const skipping = walked !== undefined && walked.length < (maps as unknown[]).length
  const parsed = campaignSchema.safeParse(
    skipping ? { ...migrated, maps: walked.map((index) => (maps as unknown[])[index]) } : migrated,
  )
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const path = skipping ? pathInFile(issue.path, walked) : issue.path
    const where = path.length > 0 ? path.join('.') : '(top level)'
    const more =
      parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more problems)` : ''
    throw new CampaignDataError(
      `The campaign does not match the schema at ${where}: ${issue.message}${more}.`,
    )
  }
  if (!skipping) {
    const { campaign, repairs } = repairCampaign(parsed.data)
    return { campaign, fromVersion, repairs, ...(pictures.length > 0 ? { pictures } : {}) }
  }
  // Known maps back in their places, as the parsed JSON holds them.
  const allMaps = (maps as Campaign['maps']).slice()
  walked.forEach((index, i) => (allMaps[index] = parsed.data.maps[i]))
  const checked = new Set(allMaps.filter((map) => known?.has(map)))
  const { campaign, repairs } = repairCampaign({ ...parsed.data, maps: allMaps }, checked)
  return { campaign, fromVersion, repairs, ...(pictures.length > 0 ? { pictures } : {}) }
}

/** An issue's path in the campaign the schema walked (known maps left out) as a path in the file. */
function pathInFile(path: readonly PropertyKey[], walked: readonly number[]): PropertyKey[] {
  if (path[0] !== 'maps' || typeof path[1] !== 'number') return [...path]
  return ['maps', walked[path[1]], ...path.slice(2)]
}
