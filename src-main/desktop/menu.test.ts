// The application menu (issue 11.13): an Edit menu with the roles that make Cmd+Z, Cmd+C … work in
// text fields on macOS, every label in the UI's language, and each platform's conventions.
import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { applicationMenuTemplate, PLAYER_VIEW_ACCELERATOR, type MenuOptions } from './menu'
import { MENU_LOCALES, menuLabel, menuLocaleFor } from './menu-messages'

function template(overrides: Partial<MenuOptions> = {}): MenuItemConstructorOptions[] {
  return applicationMenuTemplate({
    locale: 'en',
    platform: 'linux',
    appName: 'Grid GM',
    isPackaged: true,
    togglePlayerView: () => {},
    ...overrides,
  })
}

function items(menu: MenuItemConstructorOptions): MenuItemConstructorOptions[] {
  return Array.isArray(menu.submenu) ? menu.submenu : []
}

function everyItem(menus: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return menus.flatMap((menu) => [menu, ...everyItem(items(menu))])
}

const PLATFORMS = ['darwin', 'win32', 'linux'] as const

describe('the Edit menu', () => {
  it.each(PLATFORMS)('has undo, redo, cut, copy and paste roles on %s', (platform) => {
    const edit = template({ platform }).find((menu) => menu.label === 'Edit')!
    const roles = items(edit).map((item) => item.role)
    expect(roles).toEqual(
      expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']),
    )
    expect(roles.indexOf('undo')).toBeLessThan(roles.indexOf('redo'))
  })

  it('lets the roles keep their own accelerators (Cmd+Z is the undo role’s)', () => {
    const edit = everyItem(template({ platform: 'darwin' })).filter(
      (item) => item.role && item.role !== 'window',
    )
    for (const item of edit) expect(item.accelerator, item.role).toBeUndefined()
  })
})

describe('the menu follows the UI language', () => {
  it.each(MENU_LOCALES)('labels every item in %s, roles included', (locale) => {
    for (const platform of PLATFORMS) {
      for (const item of everyItem(template({ locale, platform }))) {
        if (item.type === 'separator') continue
        expect(item.label, `${platform} ${item.role ?? ''}`).toMatch(/\S/)
      }
    }
  })

  it('uses the Japanese words in Japanese', () => {
    const menus = template({ locale: 'ja', platform: 'win32' })
    expect(menus.map((menu) => menu.label)).toEqual(['ファイル', '編集', '表示'])
    const edit = items(menus[1])
    expect(edit.find((item) => item.role === 'undo')?.label).toBe('元に戻す')
    expect(edit.find((item) => item.role === 'paste')?.label).toBe('貼り付け')
    expect(items(menus[2])[0].label).toBe('プレイヤー画面のウインドウ')
  })

  it('has a Japanese word for every English one (no English left in the Japanese menu)', () => {
    const english = new Set(
      everyItem(template({ locale: 'en', platform: 'darwin' })).map((item) => item.label),
    )
    const japanese = everyItem(template({ locale: 'ja', platform: 'darwin' })).map(
      (item) => item.label,
    )
    const untranslated = japanese.filter(
      (label) => label && label !== 'Grid GM' && english.has(label),
    )
    expect(untranslated).toEqual([])
  })

  it('puts the app name where the label wants it', () => {
    expect(menuLabel('en', 'quit', 'Grid GM')).toBe('Quit Grid GM')
    expect(menuLabel('ja', 'quit', 'Grid GM')).toBe('Grid GM を終了')
  })

  it('starts in the system language until the page says which it uses', () => {
    expect(menuLocaleFor('ja')).toBe('ja')
    expect(menuLocaleFor('ja-JP')).toBe('ja')
    expect(menuLocaleFor('en-US')).toBe('en')
    expect(menuLocaleFor('de')).toBe('en')
    expect(menuLocaleFor(undefined)).toBe('en')
  })
})

describe('platform conventions', () => {
  it('macOS: an app menu first (quit there), Close Window in File, a Window menu', () => {
    const menus = template({ platform: 'darwin' })
    expect(menus.map((menu) => menu.label)).toEqual(['Grid GM', 'File', 'Edit', 'View', 'Window'])
    expect(
      items(menus[0])
        .map((item) => item.role)
        .filter(Boolean),
    ).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit'])
    expect(items(menus[1]).map((item) => item.role)).toEqual(['close'])
    expect(menus[4].role).toBe('window')
  })

  it.each(['win32', 'linux'] as const)('%s: File quits, no app or Window menu', (platform) => {
    const menus = template({ platform })
    expect(menus.map((menu) => menu.label)).toEqual(['File', 'Edit', 'View'])
    expect(items(menus[0]).map((item) => item.role)).toEqual(['quit'])
  })

  it('opens the player view window from View, with Ctrl/Cmd+Shift+P', () => {
    const togglePlayerView = vi.fn()
    const view = template({ togglePlayerView }).find((menu) => menu.label === 'View')!
    const item = items(view).find((entry) => entry.accelerator === PLAYER_VIEW_ACCELERATOR)!
    expect(item.label).toBe('Player View Window')
    ;(item.click as () => void)()
    expect(togglePlayerView).toHaveBeenCalledOnce()
  })

  it('offers the developer tools only in an unpackaged run', () => {
    const roles = (isPackaged: boolean) =>
      everyItem(template({ isPackaged })).map((item) => item.role)
    expect(roles(true)).not.toContain('toggleDevTools')
    expect(roles(false)).toContain('toggleDevTools')
  })
})
