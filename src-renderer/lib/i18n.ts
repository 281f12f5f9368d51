// UI text in English and Japanese. Keys are checked at compile time: a key missing from one
// language is a type error, so neither language can fall behind silently.

import * as actions from './messages/actions'
import * as attack from './messages/attack'
import * as conditions from './messages/conditions'
import * as core from './messages/core'
import * as editor from './messages/editor'
import * as engine from './messages/engine'
import * as entry from './messages/entry'
import * as fight from './messages/fight'
import * as guild from './messages/guild'
import * as height from './messages/height'
import * as hints from './messages/hints'
import * as layout from './messages/layout'
import * as library from './messages/library'
import * as pictures from './messages/pictures'
import * as player from './messages/player'
import * as reliability from './messages/reliability'
import * as table from './messages/table'
import * as refusals from './messages/refusals'
import * as repairs from './messages/repairs'
import * as turns from './messages/turns'
import * as uvtt from './messages/uvtt'
import * as art from './messages/art'

export const LOCALES = ['en', 'ja'] as const
export type Locale = (typeof LOCALES)[number]

const en = {
  ...actions.en,
  ...art.en,
  ...attack.en,
  ...conditions.en,
  ...core.en,
  ...editor.en,
  ...engine.en,
  ...entry.en,
  ...fight.en,
  ...guild.en,
  ...height.en,
  ...hints.en,
  ...layout.en,
  ...library.en,
  ...pictures.en,
  ...player.en,
  ...reliability.en,
  ...table.en,
  ...refusals.en,
  ...repairs.en,
  ...turns.en,
  ...uvtt.en,
}

export type MessageKey = keyof typeof en

const ja: Record<MessageKey, string> = {
  ...actions.ja,
  ...art.ja,
  ...attack.ja,
  ...conditions.ja,
  ...core.ja,
  ...editor.ja,
  ...engine.ja,
  ...entry.ja,
  ...fight.ja,
  ...guild.ja,
  ...height.ja,
  ...hints.ja,
  ...layout.ja,
  ...library.ja,
  ...pictures.ja,
  ...player.ja,
  ...reliability.ja,
  ...table.ja,
  ...refusals.ja,
  ...repairs.ja,
  ...turns.ja,
  ...uvtt.ja,
}

const dictionaries: Record<Locale, Record<MessageKey, string>> = { en, ja }

export type MessageParams = Record<string, string | number>

/** A message and its parameters, worded when shown (so a language switch rewords it). */
export interface Sentence {
  key: MessageKey
  params?: MessageParams
}

/**
 * Plurals: a message may have a `<key>.one` form, used when the `count` parameter is 1 ("1 map",
 * "1 square reachable"); Japanese repeats the plain form.
 */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const dictionary = dictionaries[locale]
  const one = `${key}.one`
  const template =
    params.count === 1 && one in dictionary ? dictionary[one as MessageKey] : dictionary[key]
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The UI language to start with: a saved choice, else the browser's, else English. */
export function initialLocale(saved: string | null, browserLanguage: string | undefined): Locale {
  if (isLocale(saved)) return saved
  return browserLanguage?.toLowerCase().startsWith('ja') ? 'ja' : 'en'
}

export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', ja: '日本語' }
