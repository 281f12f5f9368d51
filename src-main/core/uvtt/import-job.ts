// One Universal VTT import as the app runs it, on a worker (import-worker.ts): parse the file,
// import it within the limits, check that the map fits in a campaign, and answer what the dialog
// shows (the dry run) or the new map (the import). The dry run and the import run exactly
// this, so the preview accepts what the import accepts.
import type { CampaignMap } from '../campaign/schema'
import type { SystemId } from '../rules/model'
import { campaignMapOf, checkFitsCampaign } from './campaign-map'
import { UvttError } from './errors'
import { importUvtt, type ImportProgress, type ImportReport } from './import'

export interface UvttJobRequest {
  json: string
  system: SystemId
  /** Only what the dialog shows: no map. */
  dryRun: boolean
  /** The new map's name, and the ambient light the GM confirmed (else the file's). */
  name: string
  ambient?: number
}

export interface UvttSummary {
  width: number
  height: number
  /** The file's ambient light on the system's scale, if it says. */
  ambient: number | null
  report: ImportReport
}

export interface UvttJobAnswer {
  summary: UvttSummary
  /**
   * The new map (its id a placeholder), checked by the campaign's schema and the reducer's
   * consistency check; absent in a dry run.
   */
  map?: CampaignMap
  /** The bytes the map's edges, wall lines and lights take in the campaign file. */
  savedBytes: number
  image: string | null
  pixelsPerGrid: number
}

export interface UvttJobFailure {
  code: string
  message: string
  path?: string
}

export type UvttJobResult =
  { ok: true; answer: UvttJobAnswer } | { ok: false; error: UvttJobFailure }

export function runUvttJob(request: UvttJobRequest, onProgress?: ImportProgress): UvttJobResult {
  try {
    const { json } = request
    let raw: unknown
    try {
      raw = JSON.parse(json.charCodeAt(0) === 0xfeff ? json.slice(1) : json)
    } catch (error) {
      throw new UvttError('bad-json', `The file is not valid JSON: ${(error as Error).message}`)
    }
    const imported = importUvtt(raw, request.system, onProgress)
    raw = undefined
    const savedBytes = checkFitsCampaign(imported)
    const summary: UvttSummary = {
      width: imported.width,
      height: imported.height,
      ambient: imported.light.ambient ?? null,
      report: imported.report,
    }
    return {
      ok: true,
      answer: {
        summary,
        ...(request.dryRun
          ? {}
          : {
              map: campaignMapOf(imported, {
                name: request.name,
                system: request.system,
                ambient: request.ambient,
              }),
            }),
        image: imported.image,
        pixelsPerGrid: imported.pixelsPerGrid,
        savedBytes,
      },
    }
  } catch (error) {
    if (error instanceof UvttError)
      return {
        ok: false,
        error: {
          code: error.code,
          message: error.message,
          ...(error.path ? { path: error.path } : {}),
        },
      }
    throw error
  }
}
