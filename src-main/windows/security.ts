// Hardening shared by every window: locked-down webPreferences, no navigation, no pop-ups, no
// permissions, and the CSP header on every response.
import { app, BrowserWindow, session, type BrowserWindowConstructorOptions, type WebContents } from 'electron'
import { fileURLToPath } from 'node:url'
import { contentSecurityPolicy } from '../ipc/csp'

export type WindowKind = 'gm' | 'player'

const PAGES: Record<WindowKind, string> = { gm: 'gm.html', player: 'player.html' }

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

/** electron-vite dev serves the renderer over HTTP; a build loads the files. */
function devServerUrl(): string | undefined {
  return app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL
}

export function pageUrl(kind: WindowKind): string {
  const devServer = devServerUrl()
  if (devServer) return new URL(PAGES[kind], devServer.endsWith('/') ? devServer : devServer + '/').href
  return new URL(`../renderer/${PAGES[kind]}`, import.meta.url).href
}

/** True when an IPC message comes from one of our own pages, not some frame that got loaded. */
export function isOwnPage(url: string | undefined): boolean {
  if (!url) return false
  const base = new URL('.', pageUrl('gm')).href
  return url.startsWith(base)
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
    contents.on('will-navigate', (event) => event.preventDefault())
    contents.on('will-redirect', (event) => event.preventDefault())
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
}
