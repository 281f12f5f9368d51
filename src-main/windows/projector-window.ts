// The players' view: fullscreen on a second display when there is one, else an ordinary window
// the GM can drag to a projector.
import { BrowserWindow, screen } from 'electron'
import { pickProjectorDisplay } from './display-choice'
import { pageUrl, secureWebPreferences } from './security'

export function createProjectorWindow(): BrowserWindow {
  const target = pickProjectorDisplay(screen.getAllDisplays(), screen.getPrimaryDisplay().id)
  const win = new BrowserWindow({
    ...(target
      ? { ...target.bounds, fullscreen: true, frame: false }
      : { width: 960, height: 640 }),
    title: 'Grid GM — Player view',
    backgroundColor: '#000000',
    show: false,
    webPreferences: secureWebPreferences('player'),
  })
  win.setMenuBarVisibility(false)
  win.once('ready-to-show', () => win.show())
  void win.loadURL(pageUrl('player'))
  return win
}
