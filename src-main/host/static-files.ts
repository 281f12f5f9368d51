// Serves the built renderer read-only. Every path is resolved inside the static folder (after
// decoding and following symlinks) so `..`, encoded separators or links cannot reach other files.
import { readFile, realpath, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, resolve, sep } from 'node:path'
import { contentSecurityPolicy, withWebCspMeta } from '../ipc/csp'

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}

export function mimeTypeFor(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

export function securityHeaders(socketHost?: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy('web', socketHost),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'no-cache',
  }
}

/** The file a request path names inside `root`, or null when it would leave it. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const base = resolve(root)
  const target = resolve(base, '.' + (decoded.startsWith('/') ? decoded : '/' + decoded))
  return target.startsWith(base + sep) ? target : null
}

/** Serves a file of `root`; `checkedPath` is a path the caller already decoded and allowed. */
export async function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  checkedPath?: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...securityHeaders(), Allow: 'GET, HEAD', 'Content-Type': 'text/plain' })
    res.end('Method not allowed')
    return
  }
  const pathname = checkedPath ?? new URL(req.url ?? '/', 'http://host').pathname
  if (pathname === '/') {
    res.writeHead(302, { ...securityHeaders(), Location: '/gm.html' })
    res.end()
    return
  }
  const file = await existingFileInside(root, pathname)
  if (!file) {
    res.writeHead(404, { ...securityHeaders(), 'Content-Type': 'text/plain; charset=utf-8' })
    res.end('Not found')
    return
  }
  const type = mimeTypeFor(file)
  // Callers have checked the Host header against their own address and port.
  const socketHost = req.headers.host
  let body: Buffer = await readFile(file)
  if (type.startsWith('text/html'))
    body = Buffer.from(withWebCspMeta(body.toString('utf8'), socketHost))
  res.writeHead(200, {
    ...securityHeaders(socketHost),
    'Content-Type': type,
    'Content-Length': body.length,
  })
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** The real path of a regular file `pathname` names inside `root` (symlinks followed), or null. */
export async function existingFileInside(root: string, pathname: string): Promise<string | null> {
  const candidate = resolveInside(root, pathname)
  if (!candidate) return null
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(candidate)])
    if (!realFile.startsWith(realRoot + sep)) return null
    return (await stat(realFile)).isFile() ? realFile : null
  } catch {
    return null
  }
}
