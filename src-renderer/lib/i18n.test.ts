import { describe, expect, it } from 'vitest'
import { initialLocale, translate, type MessageKey } from './i18n'
import * as core from './messages/core'
import * as editor from './messages/editor'
import * as fight from './messages/fight'
import * as guild from './messages/guild'
import * as turns from './messages/turns'

describe('translate', () => {
  it('fills parameters in both languages', () => {
    expect(translate('en', 'status.opened', { name: 'Crypt' })).toBe('Opened “Crypt”.')
    expect(translate('ja', 'status.opened', { name: 'Crypt' })).toBe('「Crypt」を開きました。')
  })
  it('leaves a missing parameter visible instead of inventing one', () => {
    expect(translate('en', 'campaigns.maps')).toBe('{count} maps')
  })
})

describe('plurals (issue 12.11: no "1 maps")', () => {
  it('uses the singular form for a count of 1', () => {
    expect(translate('en', 'campaigns.maps', { count: 1 })).toBe('1 map')
    expect(translate('en', 'campaigns.maps', { count: 2 })).toBe('2 maps')
    expect(translate('en', 'condition.left', { count: 1 })).toBe('1 round')
    expect(translate('en', 'fight.unit.squares', { count: 1 })).toBe('square')
    expect(translate('ja', 'campaigns.maps', { count: 1 })).toBe('マップ 1 枚')
  })

  it('every English "{count} …s" message has a singular form', () => {
    const english: Record<string, string> = {
      ...core.en,
      ...editor.en,
      ...fight.en,
      ...guild.en,
      ...turns.en,
    }
    const missing = Object.entries(english)
      .filter(([key, text]) => !key.endsWith('.one') && /\{count\}\s+(\w+\s+)?\w+s\b/.test(text))
      .filter(([key]) => !(`${key}.one` in english))
      .map(([key]) => key as MessageKey)
    expect(missing).toEqual([])
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
