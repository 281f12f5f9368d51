// `ui.setLocale`: the GM page tells main its UI language so the desktop menu follows it (issue
// 11.13). The argument is validated like every other one; a player connection may not send it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCampaignService, type CampaignService } from '../campaign/service'
import { GM_VERBS, PLAYER_VERBS } from '@core/contract/channels'
import { createHandlers, type RulesApi } from './handlers'

const SAMPLE = fileURLToPath(new URL('../../resources/sample-campaign.json', import.meta.url))
const rulesNotUsed: RulesApi = {
  runPrepared() {
    throw new Error('rules engine not expected in this test')
  },
}

let dataDir: string
let service: CampaignService

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'grid-gm-locale-'))
  service = await createCampaignService({
    dataDir,
    autosaveDelayMs: 10_000,
    sampleCampaignFile: SAMPLE,
  })
})

afterEach(async () => {
  await service.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

describe('ui.setLocale', () => {
  it('is a GM verb, not a player one', () => {
    expect(GM_VERBS).toContain('ui.setLocale')
    expect(PLAYER_VERBS as readonly string[]).not.toContain('ui.setLocale')
  })

  it('hands a valid locale to main and answers null', async () => {
    const seen: string[] = []
    const handlers = createHandlers(service, rulesNotUsed, {
      uiLocale: (locale) => seen.push(locale),
      logError: () => {},
    })
    expect(await handlers.handle('ui.setLocale', { locale: 'ja' })).toEqual({
      ok: true,
      value: null,
    })
    expect(await handlers.handle('ui.setLocale', { locale: 'en' })).toEqual({
      ok: true,
      value: null,
    })
    expect(seen).toEqual(['ja', 'en'])
    handlers.dispose()
  })

  it('refuses anything but a known locale, and extra keys, without calling main', async () => {
    const seen: string[] = []
    const handlers = createHandlers(service, rulesNotUsed, {
      uiLocale: (locale) => seen.push(locale),
      logError: () => {},
    })
    for (const bad of [
      undefined,
      {},
      { locale: 'fr' },
      { locale: 'JA' },
      { locale: 1 },
      { locale: 'ja', menu: [] },
      'ja',
    ]) {
      const result = await handlers.handle('ui.setLocale', bad)
      expect(result.ok, JSON.stringify(bad)).toBe(false)
      if (!result.ok) expect(result.error.code).toBe('bad-argument')
    }
    expect((await handlers.handle('ui.setLocale', { locale: 'ja' }, 'player')).ok).toBe(false)
    expect(seen).toEqual([])
    handlers.dispose()
  })

  it('is accepted where there is no menu (the browser host), with nothing to do', async () => {
    const handlers = createHandlers(service, rulesNotUsed, { logError: () => {} })
    expect(await handlers.handle('ui.setLocale', { locale: 'ja' })).toEqual({
      ok: true,
      value: null,
    })
    handlers.dispose()
  })
})
