// The players' view: fullscreen on a second display when there is one, else an ordinary window
// the GM can drag to a projector.
import { screen, type BrowserWindow } from 'electron'
import { pickProjectorDisplay } from './display-choice'
import { createSecureWindow, pageUrl } from './security'

export function createProjectorWindow(): BrowserWindow {
  const target = pickProjectorDisplay(screen.getAllDisplays(), screen.getPrimaryDisplay().id)
  const win = createSecureWindow('player', {
    ...(target ? { ...target.bounds, fullscreen: true, frame: false } : { width: 960, height: 640 }),
    title: 'Grid GM — Player view',
    backgroundColor: '#000000',
    show: false,
  })
  win.setMenuBarVisibility(false)
  win.once('ready-to-show', () => win.show())
  void win.loadURL(pageUrl('player'))
  return win
}
