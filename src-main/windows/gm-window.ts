// The GM's main window.
import type { BrowserWindow } from 'electron'
import { createSecureWindow, pageUrl } from './security'

export function createGmWindow(): BrowserWindow {
  const win = createSecureWindow('gm', {
    width: 1280,
    height: 860,
    minWidth: 800,
    minHeight: 560,
    title: 'Grid GM',
    show: false,
  })
  win.once('ready-to-show', () => win.show())
  void win.loadURL(pageUrl('gm'))
  return win
}
