// Electron entry: app lifecycle, menu and wiring only. Everything it wires lives in modules that do
// not import electron (campaign/, rules/, ipc/), which the Node host and the tests use as well.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  screen,
  type IpcMainInvokeEvent,
} from 'electron'
import { dirname, join } from 'node:path'
import { createCampaignService } from './campaign/service'
import { acquireDataFolderLock, DataFolderLockedError } from './campaign/data-lock'
import { channelFor, GM_VERBS, type EventName } from '@core/contract/channels'
import type { HandlerResult } from '@core/contract/contract'
import { createHandlers, type Handlers } from './ipc/handlers'
import { AssetStore, cleanUpAssets } from './art/assets'
import { runPrepared } from '@core/rules/scenario/run'
import { createGmWindow } from './windows/gm-window'
import {
  createProjectorWindow,
  followNewDisplay,
  projectorDisplay,
} from './windows/projector-window'
import { openCalibrationStore } from './table/calibration'
import { createLanServer } from './host/lan'
import { fileURLToPath } from 'node:url'
import {
  hardenAllWebContents,
  installAppProtocol,
  installSessionPolicies,
  isOwnPage,
  registerAppScheme,
  type WindowKind,
} from './windows/security'
import { resourceFile, type ResourceLayout } from './desktop/resources'
import { applicationMenuTemplate } from './desktop/menu'
import { menuLocaleFor, type MenuLocale } from './desktop/menu-messages'
import { WindowSet } from './desktop/window-set'
import { createOrderedSender, isLargeEvent, largeEventKey, textPartsOnce } from './ipc/outgoing'
import type { EventAsJson } from '@core/contract/event-json'

// Same folder as `npm run web` uses, whatever the product name says. GRID_GM_USER_DATA lets the
// end-to-end tests run the app on a throwaway folder.
app.setPath('userData', process.env.GRID_GM_USER_DATA || join(app.getPath('appData'), 'grid-gm'))
hardenAllWebContents()
registerAppScheme()

/** Resources resolve the same from `npm start`, `electron out/main/index.js` and a packaged app. */
const resources: ResourceLayout = {
  isPackaged: app.isPackaged,
  resourcesPath: process.resourcesPath,
  mainDir: dirname(fileURLToPath(import.meta.url)),
}

const windows = new WindowSet<BrowserWindow>()
let gmWindow: BrowserWindow | null = null
let projectorWindow: BrowserWindow | null = null
let appHandlers: Handlers | null = null
let menuLocale: MenuLocale = 'en'

function track(win: BrowserWindow, kind: WindowKind): BrowserWindow {
  const id = win.webContents.id
  windows.add(id, kind, win)
  // Closing the GM window closes the projector too (desktop/window-set.ts).
  win.on('closed', () => windows.closed(id))
  return win
}

interface WindowMessage {
  event: EventName
  data: unknown
}

/** Each window's sender: its messages in order, a large event as JSON text (ipc/outgoing.ts). */
const senders = new Map<number, (message: WindowMessage) => void>()

function senderFor(win: BrowserWindow): (message: WindowMessage) => void {
  const id = win.webContents.id
  let sender = senders.get(id)
  if (!sender) {
    sender = createOrderedSender<WindowMessage, WindowMessage>(
      (message) =>
        isLargeEvent(message.event, message.data)
          ? textPartsOnce(largeEventKey(message.data), message).then((parts) => ({
              event: message.event,
              data: { eventJson: parts.join('') } satisfies EventAsJson,
            }))
          : message,
      ({ event, data }) => {
        if (!win.isDestroyed()) win.webContents.send(channelFor(event), data)
      },
    )
    senders.set(id, sender)
    win.once('closed', () => senders.delete(id))
  }
  return sender
}

function send(event: EventName, data: unknown, kinds: readonly WindowKind[]): void {
  for (const win of BrowserWindow.getAllWindows()) {
    const kind = windows.kindOf(win.webContents.id)
    if (kind && kinds.includes(kind)) senderFor(win)({ event, data })
  }
}

function registerIpc(handlers: Handlers): void {
  for (const verb of GM_VERBS) {
    ipcMain.handle(
      channelFor(verb),
      (event: IpcMainInvokeEvent, args: unknown): Promise<HandlerResult> => {
        const kind = windows.kindOf(event.sender.id)
        if (!kind || !isOwnPage(event.senderFrame?.url)) {
          return Promise.resolve({
            ok: false,
            error: { code: 'forbidden', message: 'Unknown sender.' },
          })
        }
        return handlers.handle(verb, args, kind === 'gm' ? 'gm' : 'player')
      },
    )
  }
  handlers.subscribe('campaign.changed', (data) => send('campaign.changed', data, ['gm']))
  handlers.subscribe('uvtt.progress', (data) => send('uvtt.progress', data, ['gm']))
  handlers.subscribe('campaign.notice', (data) => send('campaign.notice', data, ['gm']))
  handlers.subscribe('player.view', (data) => send('player.view', data, ['gm', 'player']))
  handlers.subscribe('player.state', (data) => send('player.state', data, ['gm']))
}

/** Linux and Windows show the window's own icon in the task bar; macOS uses the bundle's. */
function windowIcon(): string | undefined {
  return process.platform === 'darwin' ? undefined : resourceFile(resources, 'icon.png')
}

function toggleProjector(): void {
  if (projectorWindow && !projectorWindow.isDestroyed()) {
    projectorWindow.close()
    return
  }
  projectorWindow = track(createProjectorWindow(windowIcon()), 'player')
  projectorWindow.on('closed', () => (projectorWindow = null))
  // The calibration is per display: re-apply it whenever the window lands on another one.
  projectorWindow.on('moved', () => appHandlers?.projectorDisplayChanged())
  appHandlers?.projectorDisplayChanged()
}

function openGmWindow(): void {
  gmWindow = track(createGmWindow(windowIcon()), 'gm')
  gmWindow.on('closed', () => (gmWindow = null))
}

/** The menu in the UI's language (the page reports it with `ui.setLocale`). */
function buildMenu(): void {
  const template = applicationMenuTemplate({
    locale: menuLocale,
    platform: process.platform,
    appName: app.name,
    isPackaged: app.isPackaged,
    togglePlayerView: toggleProjector,
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

/** One app per data folder (issue 11.4): `npm run web` on the same folder is told apart here. */
async function lockDataFolder(): Promise<boolean> {
  try {
    const lock = await acquireDataFolderLock(app.getPath('userData'), 'desktop')
    app.on('will-quit', () => lock.releaseSync())
    return true
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error
    dialog.showErrorBox('Grid GM', error.message)
    app.exit(1)
    return false
  }
}

function setMenuLocale(locale: MenuLocale): void {
  if (locale === menuLocale) return
  menuLocale = locale
  buildMenu()
}

async function start(): Promise<void> {
  await app.whenReady()
  if (!(await lockDataFolder())) return
  installAppProtocol()
  installSessionPolicies()
  menuLocale = menuLocaleFor(app.getLocale())
  const service = await createCampaignService({
    dataDir: app.getPath('userData'),
    sampleCampaignFile: resourceFile(resources, 'sample-campaign.json'),
  })
  const calibrationStore = await openCalibrationStore(app.getPath('userData'))
  const assets = new AssetStore(app.getPath('userData'))
  void cleanUpAssets(assets)
  // The opt-in LAN view serves the built player page; it listens only once the GM starts it.
  const lan = createLanServer({
    handlers: () => appHandlers as Handlers,
    staticDir: fileURLToPath(new URL('../renderer', import.meta.url)),
  })
  appHandlers = createHandlers(
    service,
    { runPrepared },
    {
      calibration: { store: calibrationStore, display: () => projectorDisplay(projectorWindow) },
      lan: () => lan,
      uiLocale: setMenuLocale,
      assets,
    },
  )
  app.on('will-quit', () => void lan.close())
  registerIpc(appHandlers)
  screen.on('display-added', () => {
    if (projectorWindow) followNewDisplay(projectorWindow)
    appHandlers?.projectorDisplayChanged()
  })
  screen.on('display-removed', () => appHandlers?.projectorDisplayChanged())
  buildMenu()
  openGmWindow()

  app.on('activate', () => {
    if (!gmWindow) openGmWindow()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  // Quitting waits for pending autosaves once, then quits for real.
  let flushed = false
  app.on('before-quit', (event) => {
    if (flushed) return
    event.preventDefault()
    service
      .dispose()
      .catch((error: unknown) => console.error('Could not save before quitting:', error))
      .finally(() => {
        flushed = true
        app.quit()
      })
  })
}

// A second launch hands over to the first (its window comes forward) and quits.
if (!app.requestSingleInstanceLock()) app.quit()
else {
  app.on('second-instance', () => {
    if (!gmWindow) return
    if (gmWindow.isMinimized()) gmWindow.restore()
    gmWindow.focus()
  })
  start().catch((error: unknown) => {
    console.error(error)
    app.exit(1)
  })
}
