// The Electron glue of windows/security.ts, with Electron replaced by a stand-in (the binary
// cannot be downloaded here, and nothing may import the real module): every web contents refuses
// navigation in any frame, and app:// is registered as a secure standard scheme served by
// desktop/app-protocol.ts.
import { EventEmitter } from 'node:events'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => ({
  app: null as unknown as import('node:events').EventEmitter,
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  session: { defaultSession: {} },
  BrowserWindow: class {},
}))

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events')
  electron.app = new Emitter()
  return electron
})

const { hardenAllWebContents, installAppProtocol, registerAppScheme } = await import('./security')

class FakeContents extends EventEmitter {
  windowOpenHandler: (() => { action: string }) | null = null
  setWindowOpenHandler(handler: () => { action: string }): void {
    this.windowOpenHandler = handler
  }
}

function attempt(contents: FakeContents, event: string): boolean {
  const preventDefault = vi.fn()
  contents.emit(event, { preventDefault }, 'https://example.com/')
  return preventDefault.mock.calls.length > 0
}

describe('hardenAllWebContents', () => {
  beforeEach(() => electron.app.removeAllListeners())

  it('refuses navigation in the top frame and in every subframe, redirects, webviews and pop-ups', () => {
    hardenAllWebContents()
    const contents = new FakeContents()
    electron.app.emit('web-contents-created', {}, contents)
    expect(attempt(contents, 'will-navigate')).toBe(true)
    expect(attempt(contents, 'will-frame-navigate')).toBe(true)
    expect(attempt(contents, 'will-redirect')).toBe(true)
    expect(attempt(contents, 'will-attach-webview')).toBe(true)
    expect(contents.windowOpenHandler?.()).toEqual({ action: 'deny' })
  })
})

describe('the app:// scheme', () => {
  it('is registered as a standard, secure scheme before the app is ready', () => {
    registerAppScheme()
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ])
  })

  it('is served by appProtocolResponse, with the CSP header', async () => {
    installAppProtocol()
    const [scheme, handler] = electron.protocol.handle.mock.calls[0] as [
      string,
      (request: Request) => Promise<Response>,
    ]
    expect(scheme).toBe('app')
    const response = await handler(new Request('app://grid-gm/no-such-file.js'))
    expect(response.status).toBe(404)
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
  })
})
