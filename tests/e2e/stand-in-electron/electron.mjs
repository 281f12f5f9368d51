// A stand-in for the `electron` module, for running the built main process (out/main/index.js) in
// plain Node where the Electron binary cannot be downloaded. It implements the part of Electron's
// main-process API that src-main uses and records what the app does with it; the test drives it
// (drive.mjs) through `standIn`. It decides nothing for the app: every answer it gives is
// Electron's documented default (not packaged, one 1920×1080 display, English locale).
import { EventEmitter } from 'node:events'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export const standIn = {
  /** What happened, in order: ['registerSchemes', 'ready', 'protocol.handle', …]. */
  calls: [],
  schemes: [],
  protocolHandlers: new Map(),
  ipcHandlers: new Map(),
  menus: [],
  windows: [],
  events: new EventEmitter(),
  paths: { appData: join(tmpdir(), 'stand-in-electron-appdata') },
}

let ready = false
let nextContentsId = 1

class StandInApp extends EventEmitter {
  isPackaged = false
  name = 'Grid GM'
  setPath(name, value) {
    standIn.paths[name] = value
  }
  getPath(name) {
    if (!(name in standIn.paths)) throw new Error(`stand-in electron: no path ${name}`)
    return standIn.paths[name]
  }
  /** Started on a script (`electron out/main/index.js`), Electron's app path is the script's folder. */
  getAppPath() {
    return dirname(process.argv[1])
  }
  getLocale() {
    return 'en-US'
  }
  requestSingleInstanceLock() {
    return true
  }
  whenReady() {
    return new Promise((resolve) =>
      setImmediate(() => {
        ready = true
        standIn.calls.push('ready')
        this.emit('ready')
        resolve()
      }),
    )
  }
  isReady() {
    return ready
  }
  quit() {
    standIn.calls.push('app.quit')
    this.emit('before-quit', { preventDefault() {} })
  }
  /** As in Electron: quits at once with that code (the app calls it when it cannot start). */
  exit(code = 0) {
    process.exit(code)
  }
}

export const app = new StandInApp()

class WebContents extends EventEmitter {
  id = nextContentsId++
  sent = []
  windowOpenHandler = null
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler
  }
  send(channel, data) {
    this.sent.push({ channel, data })
  }
}

const DISPLAY = {
  id: 1,
  label: 'Stand-in display',
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
  size: { width: 1920, height: 1080 },
  scaleFactor: 1,
}

export class BrowserWindow extends EventEmitter {
  static getAllWindows() {
    return standIn.windows.filter((win) => !win.destroyed)
  }
  constructor(options) {
    super()
    if (!ready) throw new Error('stand-in electron: BrowserWindow before the app is ready')
    this.options = options
    this.destroyed = false
    this.url = null
    this.bounds = { x: 0, y: 0, width: options.width ?? 800, height: options.height ?? 600 }
    this.webContents = new WebContents()
    standIn.windows.push(this)
    app.emit('web-contents-created', {}, this.webContents)
    standIn.events.emit('window', this)
  }
  loadURL(url) {
    this.url = url
    standIn.events.emit('load', this)
    return Promise.resolve()
  }
  show() {}
  setMenuBarVisibility() {}
  getBounds() {
    return this.bounds
  }
  setBounds(bounds) {
    this.bounds = bounds
  }
  setFullScreen() {}
  isDestroyed() {
    return this.destroyed
  }
  close() {
    if (this.destroyed) return
    this.destroyed = true
    standIn.calls.push(`close ${this.url}`)
    this.emit('closed')
    if (BrowserWindow.getAllWindows().length === 0) app.emit('window-all-closed')
  }
}

export const dialog = {
  /** Electron shows a modal box; the stand-in records it so a test can read what the app said. */
  showErrorBox(title, content) {
    standIn.calls.push(`dialog.showErrorBox ${title}: ${content}`)
  },
}

export const ipcMain = {
  handle(channel, handler) {
    if (standIn.ipcHandlers.has(channel))
      throw new Error(`stand-in electron: second handler for ${channel}`)
    standIn.ipcHandlers.set(channel, handler)
  },
}

export const Menu = {
  buildFromTemplate(template) {
    return { template }
  },
  setApplicationMenu(menu) {
    standIn.menus.push(menu.template)
    standIn.events.emit('menu', menu.template)
  },
}

export const screen = Object.assign(new EventEmitter(), {
  getAllDisplays: () => [DISPLAY],
  getPrimaryDisplay: () => DISPLAY,
})

export const protocol = {
  registerSchemesAsPrivileged(schemes) {
    // Electron: "This method can only be used before the ready event of the app module gets emitted".
    if (ready) throw new Error('stand-in electron: registerSchemesAsPrivileged after ready')
    standIn.calls.push('registerSchemes')
    standIn.schemes.push(...schemes)
  },
  handle(scheme, handler) {
    if (!ready) throw new Error('stand-in electron: protocol.handle before ready')
    standIn.calls.push(`protocol.handle ${scheme}`)
    standIn.protocolHandlers.set(scheme, handler)
  },
}

export const session = {
  defaultSession: {
    webRequest: {
      onHeadersReceived(listener) {
        standIn.headersListener = listener
      },
    },
    setPermissionRequestHandler(handler) {
      standIn.permissionRequestHandler = handler
    },
    setPermissionCheckHandler(handler) {
      standIn.permissionCheckHandler = handler
    },
  },
}

export default { app, BrowserWindow, ipcMain, Menu, screen, protocol, session }
