// The GM's main window.
import type { BrowserWindow } from 'electron'
import { createSecureWindow, pageUrl } from './security'

export function createGmWindow(icon?: string): BrowserWindow {
  const win = createSecureWindow('gm', {
    ...(icon ? { icon } : {}),
    width: 1280,
    height: 860,
    minWidth: 800,
    minHeight: 560,
    title: 'Grid GM',
    show: false,
  })
  win.once('ready-to-show', () => win.show())
  // The page opens the campaign the GM last changed (the sample on a first start).
  void win.loadURL(`${pageUrl('gm')}#open=latest`)
  return win
}
