// The application menu's words in the UI's two languages. The menu follows the language the GM
// picked in the page (the renderer reports it with `ui.setLocale`), not the operating system's,
// so every item has its own label, roles included (a role's built-in label is the OS language's).
import { UI_LOCALES, type UiLocale } from '@core/contract/ui-locales'

export const MENU_LOCALES = UI_LOCALES
export type MenuLocale = UiLocale

const en = {
  file: 'File',
  edit: 'Edit',
  view: 'View',
  window: 'Window',
  about: 'About {app}',
  services: 'Services',
  hide: 'Hide {app}',
  hideOthers: 'Hide Others',
  showAll: 'Show All',
  quit: 'Quit {app}',
  closeWindow: 'Close Window',
  undo: 'Undo',
  redo: 'Redo',
  cut: 'Cut',
  copy: 'Copy',
  paste: 'Paste',
  selectAll: 'Select All',
  playerView: 'Player View Window',
  reload: 'Reload',
  devTools: 'Toggle Developer Tools',
  fullScreen: 'Toggle Full Screen',
  minimize: 'Minimize',
  zoom: 'Zoom',
  front: 'Bring All to Front',
}

export type MenuMessageKey = keyof typeof en

const ja: Record<MenuMessageKey, string> = {
  file: 'ファイル',
  edit: '編集',
  view: '表示',
  window: 'ウインドウ',
  about: '{app} について',
  services: 'サービス',
  hide: '{app} を隠す',
  hideOthers: 'ほかを隠す',
  showAll: 'すべてを表示',
  quit: '{app} を終了',
  closeWindow: 'ウインドウを閉じる',
  undo: '元に戻す',
  redo: 'やり直し',
  cut: '切り取り',
  copy: 'コピー',
  paste: '貼り付け',
  selectAll: 'すべて選択',
  playerView: 'プレイヤー画面のウインドウ',
  reload: '再読み込み',
  devTools: '開発者ツールの表示切り替え',
  fullScreen: 'フルスクリーン表示の切り替え',
  minimize: 'しまう',
  zoom: '拡大/縮小',
  front: 'すべてを手前に移動',
}

const dictionaries: Record<MenuLocale, Record<MenuMessageKey, string>> = { en, ja }

export function menuLabel(locale: MenuLocale, key: MenuMessageKey, appName = ''): string {
  return dictionaries[locale][key].replace('{app}', appName)
}

/** The menu's language before the page says which it uses: the page starts from the same guess. */
export function menuLocaleFor(systemLocale: string | undefined): MenuLocale {
  return systemLocale?.toLowerCase().startsWith('ja') ? 'ja' : 'en'
}
