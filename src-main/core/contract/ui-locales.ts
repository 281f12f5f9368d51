// The languages the app speaks: the pages' words and the desktop menu's come in these, and the
// page tells main which one the GM picked (`ui.setLocale`).
export const UI_LOCALES = ['en', 'ja'] as const
export type UiLocale = (typeof UI_LOCALES)[number]
