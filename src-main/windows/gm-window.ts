// The GM's main window.
import { BrowserWindow } from 'electron'
import { pageUrl, secureWebPreferences } from './security'

export function createGmWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 800,
    minHeight: 560,
    title: 'Grid GM',
    show: false,
    webPreferences: secureWebPreferences('gm'),
  })
  win.once('ready-to-show', () => win.show())
  void win.loadURL(pageUrl('gm'))
  return win
}
