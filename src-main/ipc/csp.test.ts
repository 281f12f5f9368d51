import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, metaContentSecurityPolicy, withWebCspMeta } from './csp'

const page = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../src-renderer/${name}`, import.meta.url)), 'utf8')

describe('content security policy', () => {
  it('allows only this origin, no eval and no inline code', () => {
    for (const target of ['electron', 'web'] as const) {
      const policy = contentSecurityPolicy(target)
      expect(policy).toContain("default-src 'self'")
      expect(policy).toContain("script-src 'self'")
      expect(policy).not.toMatch(/unsafe-(eval|inline)/)
      expect(policy).toContain("frame-ancestors 'none'")
    }
  })
  it('allows inline styles for the Vite dev server only', () => {
    expect(contentSecurityPolicy('dev')).toContain("style-src 'self' 'unsafe-inline'")
    expect(contentSecurityPolicy('dev')).not.toContain('unsafe-eval')
    expect(contentSecurityPolicy('electron')).toContain("style-src 'self';")
  })
  it('opens WebSockets to the loopback host for the web build only', () => {
    expect(contentSecurityPolicy('electron')).toContain("connect-src 'self'")
    expect(contentSecurityPolicy('electron')).not.toContain('ws:')
    expect(contentSecurityPolicy('web', '127.0.0.1:4567')).toContain(
      "connect-src 'self' ws://127.0.0.1:4567",
    )
    expect(contentSecurityPolicy('web')).not.toContain('ws:')
    // A forged Host header cannot widen the policy.
    expect(contentSecurityPolicy('web', 'x; connect-src *')).not.toContain('*')
  })
  it('is written into both pages, and the host rewrites it for the web', () => {
    for (const name of ['gm.html', 'player.html']) {
      const html = page(name)
      expect(html).toContain(`content="${metaContentSecurityPolicy('electron')}"`)
      expect(withWebCspMeta(html)).toContain(`content="${metaContentSecurityPolicy('web')}"`)
    }
    expect(() => withWebCspMeta('<html><head></head></html>')).toThrow(/no Content-Security-Policy/)
  })
})
