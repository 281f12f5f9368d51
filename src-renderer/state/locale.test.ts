// The GM page tells main its UI language at start and on every change, so the desktop menu
// follows it (issue 11.13); App.svelte sends what LocaleState announces as `ui.setLocale`.
import { afterEach, describe, expect, it } from 'vitest'
import { LocaleState } from './locale.svelte'

afterEach(() => localStorage.clear())

describe('LocaleState', () => {
  it('announces the starting language, then every change', () => {
    localStorage.setItem('grid-gm.locale', 'ja')
    const heard: string[] = []
    const locale = new LocaleState((code) => heard.push(code))
    expect(heard).toEqual(['ja'])
    locale.set('en')
    locale.set('ja')
    expect(heard).toEqual(['ja', 'en', 'ja'])
    expect(document.documentElement.lang).toBe('ja')
  })

  it('works without a listener (the player page has no menu to tell)', () => {
    const locale = new LocaleState()
    locale.set('ja')
    expect(locale.current).toBe('ja')
  })
})
