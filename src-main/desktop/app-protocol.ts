// The app:// protocol the windows load their pages from (instead of file://, which would give the
// pages the file scheme's extra reach and an opaque origin). Electron's protocol.handle calls
// `appProtocolResponse`; everything it decides is here, without Electron, so tests cover it:
// only files under the built renderer folder, nothing outside it however the path is spelled,
// the right MIME type, and the Content-Security-Policy header on every response.
import { readFile } from 'node:fs/promises'
import { contentSecurityPolicy } from '../ipc/csp'
import { existingFileInside, mimeTypeFor } from '../host/static-files'

export const APP_SCHEME = 'app'
/** One fixed host, so the pages share one origin (app://grid-gm) that CSP 'self' names. */
export const APP_HOST = 'grid-gm'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

export type PageKind = 'gm' | 'player'
const PAGES: Record<PageKind, string> = { gm: 'gm.html', player: 'player.html' }

/** Privileges for protocol.registerSchemesAsPrivileged: a standard, secure origin; no CORS or service workers. */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
} as const

/** Headers on every app:// response. */
export function appResponseHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy('electron'),
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  }
}

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { ...appResponseHeaders(), 'Content-Type': 'text/plain; charset=utf-8', ...extra },
  })
}

/** Answers one app:// request from the files under `rendererDir` (out/renderer). */
export async function appProtocolResponse(
  requestUrl: string,
  method: string,
  rendererDir: string,
): Promise<Response> {
  if (method !== 'GET' && method !== 'HEAD')
    return plain(405, 'Method not allowed', { Allow: 'GET, HEAD' })
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return plain(400, 'Bad request')
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return plain(404, 'Not found')
  // url.pathname keeps percent-escapes (%2e%2e, %2f): existingFileInside decodes them and refuses
  // any path (or symlink) that ends up outside the folder.
  const file = url.pathname === '/' ? null : await existingFileInside(rendererDir, url.pathname)
  if (!file) return plain(404, 'Not found')
  const body = await readFile(file)
  const headers = {
    ...appResponseHeaders(),
    'Content-Type': mimeTypeFor(file),
    'Content-Length': String(body.length),
  }
  return new Response(method === 'HEAD' ? null : body, { status: 200, headers })
}

/**
 * `electron-vite dev` serves the renderer over HTTP and says where in ELECTRON_RENDERER_URL. Only
 * a development build of main (`dev`: import.meta.env.DEV, false in every `electron-vite build`)
 * listens to it, and only for a loopback address: a stray variable must not make a built or
 * packaged app load its pages from elsewhere.
 */
export function rendererDevServer(dev: boolean, value: string | undefined): string | undefined {
  if (!dev || !value) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (!loopback || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined
  return url.origin + '/'
}

/** The URL a window of this kind loads: from the dev server if there is one, else app://. */
export function pageUrl(kind: PageKind, devServer: string | undefined): string {
  return new URL(PAGES[kind], devServer ?? `${APP_ORIGIN}/`).href
}

/** True when a URL (an IPC sender's frame) is one of our own pages. */
export function isOwnPageUrl(url: string | undefined, devServer: string | undefined): boolean {
  if (!url) return false
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  const base = new URL(devServer ?? `${APP_ORIGIN}/`)
  return (
    parsed.protocol === base.protocol &&
    parsed.host === base.host &&
    Object.values(PAGES).some((page) => parsed.pathname === `/${page}`)
  )
}
