import { describe, expect, it } from 'vitest'
import { initialLocale, translate, type MessageKey } from './i18n'
import * as core from './messages/core'
import * as editor from './messages/editor'
import * as engine from './messages/engine'
import * as fight from './messages/fight'
import * as guild from './messages/guild'
import * as repairs from './messages/repairs'
import * as turns from './messages/turns'

/** Every Japanese message, from every message file. */
const japanese = Object.values(
  import.meta.glob<{ ja?: Record<string, string> }>(['./messages/*.ts', '!./messages/*.test.ts'], {
    eager: true,
  }),
).flatMap((module) => Object.entries(module.ja ?? {}))

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
      ...engine.en,
      ...fight.en,
      ...guild.en,
      ...repairs.en,
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

describe('Japanese wording (issue 25)', () => {
  it('reads every message file', () => {
    expect(japanese.length).toBeGreaterThan(1000)
  })

  it('says コマ for a token throughout, never トークン', () => {
    expect(japanese.filter(([, text]) => text.includes('トークン'))).toEqual([])
  })

  it('tells the size words apart (two were 超小型)', () => {
    const sizes = japanese.filter(([key]) => key.startsWith('size.'))
    expect(sizes.length).toBeGreaterThanOrEqual(9)
    // Not only different strings: no size reads as another with something added (超小型（Tiny）).
    for (const [key, text] of sizes)
      for (const [other, shorter] of sizes)
        if (other !== key) expect(text.startsWith(shorter), `${key} ${text}`).toBe(false)
  })

  it('words the browser display in Japanese', () => {
    expect(translate('ja', 'pv.display', { name: translate('ja', 'pv.display.browser') })).toBe(
      'ディスプレイ：ブラウザーでプレイヤー画面を映している画面',
    )
  })
})
