// The players' view: fullscreen on an external display when there is one (and moved there when
// one is plugged in), else an ordinary window the GM can drag to a projector. The choices are
// made by display-choice.ts; this file only applies them.
import { screen, type BrowserWindow, type Display } from 'electron'
import type { DisplayInfo } from '../table/calibration'
import { displayKey } from '../table/calibration'
import { displayOfWindow, displayToMoveTo, pickProjectorDisplay } from './display-choice'
import { createSecureWindow, pageUrl } from './security'

export function createProjectorWindow(icon?: string): BrowserWindow {
  const target = pickProjectorDisplay(screen.getAllDisplays(), screen.getPrimaryDisplay().id)
  const win = createSecureWindow('player', {
    ...(target
      ? { ...target.bounds, fullscreen: true, frame: false }
      : { width: 960, height: 640 }),
    title: 'Grid GM — Player view',
    ...(icon ? { icon } : {}),
    backgroundColor: '#000000',
    show: false,
  })
  win.setMenuBarVisibility(false)
  win.once('ready-to-show', () => win.show())
  void win.loadURL(pageUrl('player'))
  return win
}

/** The display the projector window is on (or would open on), as the calibration sees it. */
export function projectorDisplay(win: BrowserWindow | null): DisplayInfo {
  const displays = screen.getAllDisplays()
  const primary = screen.getPrimaryDisplay()
  const display: Display =
    (win && !win.isDestroyed()
      ? displayOfWindow(displays, win.getBounds(), primary.id)
      : pickProjectorDisplay(displays, primary.id)) ?? primary
  return {
    key: displayKey(display),
    label: display.label || `Display ${display.id}`,
    widthPx: display.size.width,
    heightPx: display.size.height,
    scaleFactor: display.scaleFactor,
  }
}

/** A display was plugged in: move the projector there unless it already is on an external one. */
export function followNewDisplay(win: BrowserWindow): void {
  if (win.isDestroyed()) return
  const displays = screen.getAllDisplays()
  const primaryId = screen.getPrimaryDisplay().id
  const current = displayOfWindow(displays, win.getBounds(), primaryId)
  const target = displayToMoveTo(displays, primaryId, current?.id ?? null)
  if (!target) return
  win.setFullScreen(false)
  win.setBounds(target.bounds)
  win.setFullScreen(true)
}
