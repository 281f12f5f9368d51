import { describe, expect, it } from 'vitest'
import { initialLocale, translate } from './i18n'

describe('translate', () => {
  it('fills parameters in both languages', () => {
    expect(translate('en', 'status.opened', { name: 'Crypt' })).toBe('Opened “Crypt”.')
    expect(translate('ja', 'status.opened', { name: 'Crypt' })).toBe('「Crypt」を開きました。')
  })
  it('leaves a missing parameter visible instead of inventing one', () => {
    expect(translate('en', 'campaigns.maps')).toBe('{count} maps')
  })
})

describe('initialLocale', () => {
  it('prefers a saved choice, then the browser language', () => {
    expect(initialLocale('ja', 'en-US')).toBe('ja')
    expect(initialLocale(null, 'ja-JP')).toBe('ja')
    expect(initialLocale('xx', 'de-DE')).toBe('en')
    expect(initialLocale(null, undefined)).toBe('en')
  })
})
