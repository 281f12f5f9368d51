// The handlers' test bed: the real campaign service on a fresh temp data folder (seeded with the
// bundled sample campaign) and the handlers over it, made anew for each test of the file that
// calls useHandlerTestbed; the handler test files share it instead of each writing its own.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach } from 'vitest'
import { createCampaignService, type CampaignService } from '../campaign/service'
import { runPrepared } from '@core/rules/scenario/run'
import type { HandlerResult } from '@core/contract/contract'
import { createHandlers, type HandlerOptions, type Handlers, type RulesApi } from './handlers'

export const SAMPLE = fileURLToPath(
  new URL('../../resources/sample-campaign.json', import.meta.url),
)

/** For tests that never reach rules.query: if one does, it fails loudly rather than pass. */
export const rulesNotUsed: RulesApi = {
  runPrepared() {
    throw new Error('rules engine not expected in this test')
  },
}

export interface TestbedOptions {
  /** The rules engine; default the real one. */
  rules?: RulesApi
  /** More handler options, made for the test's data folder (an assets folder, a calibration store). */
  options?: (dataDir: string) => HandlerOptions | Promise<HandlerOptions>
}

// Live bindings: a test file reads the current test's folder, service and handlers.
export let dataDir: string
export let service: CampaignService
export let handlers: Handlers
let made: { rules: RulesApi; options: HandlerOptions }

/** Handlers over `on`, quiet about the failures tests provoke. */
export function handlersOver(
  on: CampaignService,
  rules: RulesApi = { runPrepared },
  options: HandlerOptions = {},
): Handlers {
  return createHandlers(on, rules, { logError: () => {}, ...options })
}

/** Gives every test of the calling file a fresh data folder, service and handlers. */
export function useHandlerTestbed(testbed: TestbedOptions = {}): void {
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'grid-gm-handlers-'))
    service = await createCampaignService({
      dataDir,
      autosaveDelayMs: 10_000,
      sampleCampaignFile: SAMPLE,
    })
    made = {
      rules: testbed.rules ?? { runPrepared },
      options: (await testbed.options?.(dataDir)) ?? {},
    }
    handlers = handlersOver(service, made.rules, made.options)
  })

  afterEach(async () => {
    handlers.dispose()
    await service.dispose()
    await rm(dataDir, { recursive: true, force: true })
  })
}

/** The current test's handlers made again, with more options (a pack reader whose worker it holds). */
export function restartHandlers(options: HandlerOptions = {}): void {
  handlers.dispose()
  handlers = handlersOver(service, made.rules, { ...made.options, ...options })
}

export function value<T = unknown>(result: HandlerResult): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`)
  return result.value as T
}
