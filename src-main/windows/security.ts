// Hardening shared by every window: locked-down webPreferences, pages from app:// (not file://),
// no navigation in any frame, no pop-ups, no permissions, and the CSP header on every response.
// The decisions live in desktop/app-protocol.ts, which the tests import without Electron.
import {
  app,
  BrowserWindow,
  protocol,
  session,
  type BrowserWindowConstructorOptions,
  type WebContents,
} from 'electron'
import { fileURLToPath } from 'node:url'
import { contentSecurityPolicy } from '../ipc/csp'
import {
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  appProtocolResponse,
  isOwnPageUrl,
  pageUrl as pageUrlFor,
  rendererDevServer,
  type PageKind,
} from '../desktop/app-protocol'

export type WindowKind = PageKind

/**
 * Every window of the app is made here, so its webPreferences are written out literally in one
 * place (which also lets static auditors such as Electronegativity see them).
 */
export function createSecureWindow(
  kind: WindowKind,
  options: Omit<BrowserWindowConstructorOptions, 'webPreferences'>,
): BrowserWindow {
  return new BrowserWindow({
    ...options,
    webPreferences: {
      // Reviewed: the preloads (src-main/preload/) expose only fixed verbs on fixed channels.
      preload: fileURLToPath(new URL(`../preload/${kind}.cjs`, import.meta.url)), // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      // Middle-click could otherwise open links in new windows.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  })
}

/** `electron-vite dev` serves the renderer over HTTP; every other run loads app://. */
function devServerUrl(): string | undefined {
  return rendererDevServer(import.meta.env.DEV, process.env.ELECTRON_RENDERER_URL)
}

export function pageUrl(kind: WindowKind): string {
  return pageUrlFor(kind, devServerUrl())
}

/** True when an IPC message comes from one of our own pages, not some frame that got loaded. */
export function isOwnPage(url: string | undefined): boolean {
  return isOwnPageUrl(url, devServerUrl())
}

/** Must run before the app is ready: app:// becomes a standard, secure origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }])
}

/** Serves app:// from the built renderer (out/renderer, inside app.asar when packaged). */
export function installAppProtocol(): void {
  const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url))
  protocol.handle(APP_SCHEME, (request) =>
    appProtocolResponse(request.url, request.method, rendererDir),
  )
}

export function installSessionPolicies(): void {
  const ses = session.defaultSession
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [contentSecurityPolicy(devServerUrl() ? 'dev' : 'electron')],
      },
    })
  })
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  ses.setPermissionCheckHandler(() => false)
}

export function hardenAllWebContents(): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
    // will-navigate covers the top frame only; will-frame-navigate every frame, iframes too.
    contents.on('will-navigate', (event) => event.preventDefault())
    contents.on('will-frame-navigate', (event) => event.preventDefault())
    contents.on('will-redirect', (event) => event.preventDefault())
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
}
