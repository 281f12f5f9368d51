// `ui.setLocale`: the GM page tells main its UI language so the desktop menu follows it (issue
// 11.13). The argument is validated like every other one; a player connection may not send it.
import { describe, expect, it } from 'vitest'
import { GM_VERBS, PLAYER_VERBS } from '@core/contract/channels'
import { createHandlers } from './handlers'
import { rulesNotUsed, service, useHandlerTestbed } from './handlers.testing'

useHandlerTestbed({ rules: rulesNotUsed })

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
