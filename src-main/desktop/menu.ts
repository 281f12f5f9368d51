// The application menu as plain data, so its content (labels in the UI language, roles, the
// platform's conventions) is tested without Electron; index.ts only builds it into a Menu.
import type { MenuItemConstructorOptions } from 'electron'
import { menuLabel, type MenuLocale, type MenuMessageKey } from './menu-messages'

export interface MenuOptions {
  locale: MenuLocale
  platform: NodeJS.Platform
  appName: string
  /** Developer tools are offered only in an unpackaged (development) run. */
  isPackaged: boolean
  togglePlayerView(): void
}

type Role = NonNullable<MenuItemConstructorOptions['role']>

export const PLAYER_VIEW_ACCELERATOR = 'CmdOrCtrl+Shift+P'

export function applicationMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const label = (key: MenuMessageKey): string => menuLabel(options.locale, key, options.appName)
  const item = (role: Role, key: MenuMessageKey): MenuItemConstructorOptions => ({
    role,
    label: label(key),
  })
  const separator: MenuItemConstructorOptions = { type: 'separator' }
  const mac = options.platform === 'darwin'

  const appMenu: MenuItemConstructorOptions = {
    label: options.appName,
    submenu: [
      item('about', 'about'),
      separator,
      item('services', 'services'),
      separator,
      item('hide', 'hide'),
      item('hideOthers', 'hideOthers'),
      item('unhide', 'showAll'),
      separator,
      item('quit', 'quit'),
    ],
  }
  // macOS quits from the app menu and closes windows from File; elsewhere File quits.
  const fileMenu: MenuItemConstructorOptions = {
    label: label('file'),
    submenu: [mac ? item('close', 'closeWindow') : item('quit', 'quit')],
  }
  // The roles make Cmd+Z / Cmd+C … work in text fields on macOS, where only the menu binds them.
  // Outside a text field the page handles Ctrl/Cmd+Z itself (campaign undo) and prevents the
  // default, and a prevented key never reaches the menu, so the two undos never both run.
  const editMenu: MenuItemConstructorOptions = {
    label: label('edit'),
    submenu: [
      item('undo', 'undo'),
      item('redo', 'redo'),
      separator,
      item('cut', 'cut'),
      item('copy', 'copy'),
      item('paste', 'paste'),
      item('selectAll', 'selectAll'),
    ],
  }
  const viewMenu: MenuItemConstructorOptions = {
    label: label('view'),
    submenu: [
      {
        label: label('playerView'),
        accelerator: PLAYER_VIEW_ACCELERATOR,
        click: () => options.togglePlayerView(),
      },
      separator,
      item('reload', 'reload'),
      ...(options.isPackaged ? [] : [item('toggleDevTools', 'devTools')]),
      item('togglefullscreen', 'fullScreen'),
    ],
  }
  const windowMenu: MenuItemConstructorOptions = {
    label: label('window'),
    role: 'window',
    submenu: [
      item('minimize', 'minimize'),
      item('zoom', 'zoom'),
      separator,
      item('front', 'front'),
    ],
  }
  return mac ? [appMenu, fileMenu, editMenu, viewMenu, windowMenu] : [fileMenu, editMenu, viewMenu]
}
