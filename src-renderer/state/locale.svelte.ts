// The UI language, remembered across sessions.
import {
  initialLocale,
  translate,
  type Locale,
  type MessageKey,
  type MessageParams,
} from '../lib/i18n'

const STORAGE_KEY = 'grid-gm.locale'

function readSaved(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null
  } catch {
    return null
  }
}

export class LocaleState {
  current = $state<Locale>('en')

  /**
   * `announce` hears the language at start and on every change: the GM page passes it on to main
   * (`ui.setLocale`) so the desktop app's menu speaks the same language as the page.
   */
  constructor(private readonly announce: (locale: Locale) => void = () => {}) {
    this.current = initialLocale(readSaved(), globalThis.navigator?.language)
    this.applyToDocument()
    this.announce(this.current)
  }

  set(locale: Locale): void {
    this.current = locale
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, locale)
    } catch {
      // Storage can be unavailable (private mode); the choice then lasts for this page only.
    }
    this.applyToDocument()
    this.announce(locale)
  }

  t = (key: MessageKey, params?: MessageParams): string => translate(this.current, key, params)

  private applyToDocument(): void {
    if (globalThis.document) document.documentElement.lang = this.current
  }
}
