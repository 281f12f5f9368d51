// The art verbs' test bed: a real campaign service on a temp data folder with its assets folder
// and art worker, made anew for each test; the art handler tests share it (issue 16, 26, 27).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach } from 'vitest'
import { AssetStore } from '../art/assets'
import { createCampaignService, type CampaignService } from '../campaign/service'
import { runPrepared } from '@core/rules/scenario/run'
import type { HandlerResult } from '@core/contract/contract'
import { createHandlers, type Handlers } from './handlers'

export const SAMPLE = fileURLToPath(
  new URL('../../resources/sample-campaign.json', import.meta.url),
)
export const CAMPAIGN = 'sample-campaign'
export const MAP = 'arianrhod-sample'

// Live bindings: a test file reads the current test's folder, service and handlers.
export let dataDir: string
export let service: CampaignService
export let handlers: Handlers

/** Gives every test of the calling file a fresh data folder, service and handlers. */
export function useArtTestbed(): void {
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'grid-gm-art-'))
    service = await createCampaignService({
      dataDir,
      autosaveDelayMs: 10_000,
      sampleCampaignFile: SAMPLE,
    })
    handlers = createHandlers(
      service,
      { runPrepared },
      { logError: () => {}, assets: new AssetStore(dataDir) },
    )
  })

  afterEach(async () => {
    handlers.dispose()
    await service.dispose()
    await rm(dataDir, { recursive: true, force: true })
  })
}

export function value<T = unknown>(result: HandlerResult): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`)
  return result.value as T
}

/** A second data folder with its own service and handlers, for moving campaigns between them. */
export async function withOtherFolder(
  prefix: string,
  body: (other: Handlers, otherService: CampaignService) => Promise<void>,
): Promise<void> {
  const otherDir = await mkdtemp(join(tmpdir(), prefix))
  const otherService = await createCampaignService({
    dataDir: otherDir,
    autosaveDelayMs: 10_000,
    sampleCampaignFile: SAMPLE,
  })
  const other = createHandlers(
    otherService,
    { runPrepared },
    { logError: () => {}, assets: new AssetStore(otherDir) },
  )
  try {
    await body(other, otherService)
  } finally {
    other.dispose()
    await otherService.dispose()
    await rm(otherDir, { recursive: true, force: true })
  }
}

export async function until<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const got = read()
    if (got !== undefined) return got
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('timed out')
}
