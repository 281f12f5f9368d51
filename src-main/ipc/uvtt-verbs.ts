// The Universal VTT verbs (map.importUvtt, map.cancelImport and the uvtt.progress event), kept
// apart from handlers.ts, which dispatches to them. The import runs on a worker thread
// (uvtt/import-jobs.ts), which also makes every check of the new map the campaign needs (its
// schema, its consistency, its bytes in the file); main only gives it an id and its picture and
// adds it as one record (service.addCheckedMap), so the host keeps answering other requests while
// a map of a hundred thousand edges is taken in (issue 26).
import type { CampaignServiceApi } from '@core/contract/campaign-service'
import type { EventData, VerbArgs, VerbResult } from '@core/contract/contract'
import { createUvttImports, type UvttImports } from '../uvtt/import-jobs'
import type { ArtVerbs } from './art-verbs'

/** A refusal from the import (the worker's code, and where in the file). */
export class UvttVerbError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly path?: string,
  ) {
    super(message)
    this.name = 'UvttVerbError'
  }
}

export interface UvttVerbs {
  importMap(args: VerbArgs<'map.importUvtt'>): Promise<VerbResult<'map.importUvtt'>>
  /** Ends the import with that job id; false if none runs. */
  cancel(jobId: string): boolean
  subscribeProgress(listener: (data: EventData<'uvtt.progress'>) => void): () => void
  dispose(): void
}

/** A map id from its name, unique in the campaign. */
export function uniqueMapId(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'map'
  let id = base
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
  return id
}

export function createUvttVerbs(
  service: Pick<CampaignServiceApi, 'open' | 'addCheckedMap'>,
  art: Pick<ArtVerbs, 'checkUvttPicture' | 'storeUvttPicture'>,
  imports: UvttImports = createUvttImports(),
): UvttVerbs {
  const progressListeners = new Set<(data: EventData<'uvtt.progress'>) => void>()
  return {
    async importMap(args) {
      const { jobId } = args
      const result = await imports.run(
        {
          json: args.json,
          system: args.system,
          dryRun: args.dryRun === true,
          name: args.name,
          ...(args.ambient !== undefined ? { ambient: args.ambient } : {}),
        },
        {
          jobId,
          onProgress: jobId
            ? (done, total) => {
                for (const listener of progressListeners) listener({ jobId, done, total })
              }
            : undefined,
        },
      )
      if (!result.ok)
        throw new UvttVerbError(result.error.code, result.error.message, result.error.path)
      const { summary, map, image, pixelsPerGrid, savedBytes } = result.answer
      if (image) await art.checkUvttPicture(image)
      const ambient = args.ambient ?? summary.ambient
      const answer = {
        width: summary.width,
        height: summary.height,
        ambient,
        report: summary.report,
      }
      if (args.dryRun || !map) return { ...answer, mapId: null }
      const { campaign } = await service.open(args.campaignId)
      // The picture goes to the assets folder first: a refused picture leaves the campaign untouched.
      const picture = image ? await art.storeUvttPicture(image, pixelsPerGrid) : undefined
      const mapId = uniqueMapId(args.name, new Set(campaign.maps.map((m) => m.id)))
      await service.addCheckedMap(
        args.campaignId,
        { ...map, id: mapId, ...(picture ? { art: picture } : {}) },
        savedBytes,
      )
      return { ...answer, mapId }
    },
    cancel: (jobId) => imports.cancel(jobId),
    subscribeProgress(listener) {
      progressListeners.add(listener)
      return () => progressListeners.delete(listener)
    },
    dispose: () => imports.dispose(),
  }
}
