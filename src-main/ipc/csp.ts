// The Content Security Policy for every page, in one place so the Electron windows, the HTML
// <meta> tags and the Node host agree. No inline script, no eval, nothing from elsewhere.
// style-src has no 'unsafe-inline' either: components set styles through the CSSOM or SVG
// attributes, never through style="" strings.

const BASE_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
]

/**
 * 'dev' is `electron-vite dev` only: Vite's dev server injects component CSS as <style>
 * elements, so inline styles are allowed there and nowhere else.
 */
export type CspTarget = 'electron' | 'web' | 'dev'

/**
 * Header form; frame-ancestors only works as a header, not in a <meta>. `socketHost` is the
 * host:port the page was served from (web only): its WebSocket may connect there and nowhere else.
 */
export function contentSecurityPolicy(target: CspTarget, socketHost?: string): string {
  return [...metaDirectives(target, socketHost), "frame-ancestors 'none'"].join('; ')
}

/** The policy as written into the pages' <meta http-equiv="Content-Security-Policy">. */
export function metaContentSecurityPolicy(target: CspTarget, socketHost?: string): string {
  return metaDirectives(target, socketHost).join('; ')
}

const HOST_PORT = /^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9A-Fa-f:.]+\]:\d{1,5}$/

function metaDirectives(target: CspTarget, socketHost?: string): string[] {
  // Only the browser build talks to main over a WebSocket, and only to the host that served it
  // (its own port: never any other loopback service).
  const own =
    target === 'web' && socketHost && HOST_PORT.test(socketHost) ? ` ws://${socketHost}` : ''
  const base = target === 'dev' ? BASE_DIRECTIVES.map(allowInlineStyles) : BASE_DIRECTIVES
  return [...base, `connect-src 'self'${own}`]
}

export function allowInlineStyles(directive: string): string {
  return directive === "style-src 'self'" ? "style-src 'self' 'unsafe-inline'" : directive
}

const META_CSP = /<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*"\s*\/?>/i

/**
 * The built pages carry the Electron policy; the host serves them with the web one instead.
 * Throws if a page lacks the tag, so a page can never be served with no policy in it.
 */
export function withWebCspMeta(html: string, socketHost?: string): string {
  if (!META_CSP.test(html)) throw new Error('Page has no Content-Security-Policy <meta> tag.')
  return html.replace(
    META_CSP,
    `<meta http-equiv="Content-Security-Policy" content="${metaContentSecurityPolicy('web', socketHost)}" />`,
  )
}
