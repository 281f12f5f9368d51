// The app:// protocol (issue 11.14): only files under the built renderer folder, however the path
// is spelled; the right MIME types; the CSP header on every response; the dev server only in a
// development build of main.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../ipc/csp'
import {
  APP_ORIGIN,
  appProtocolResponse,
  isOwnPageUrl,
  pageUrl,
  rendererDevServer,
} from './app-protocol'

let root: string
let rendererDir: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'grid-gm-protocol-'))
  rendererDir = join(root, 'renderer')
  await mkdir(join(rendererDir, 'assets'), { recursive: true })
  await writeFile(join(rendererDir, 'gm.html'), '<!doctype html><title>GM</title>')
  await writeFile(join(rendererDir, 'player.html'), '<!doctype html><title>Players</title>')
  await writeFile(join(rendererDir, 'assets', 'gm-1234.js'), 'console.log(1)')
  await writeFile(join(rendererDir, 'assets', 'gm-1234.css'), 'body{}')
  await writeFile(join(rendererDir, 'assets', 'font.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]))
  await writeFile(
    join(rendererDir, 'assets', 'icon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  )
  await writeFile(join(rendererDir, 'assets', 'blob.xyz'), 'x')
  await writeFile(join(root, 'secret.txt'), 'outside')
  await mkdir(join(root, 'renderer-evil'))
  await writeFile(join(root, 'renderer-evil', 'x.js'), 'outside')
  await symlink(join(root, 'secret.txt'), join(rendererDir, 'assets', 'link.txt'))
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const get = (path: string, method = 'GET') =>
  appProtocolResponse(`${APP_ORIGIN}${path}`, method, rendererDir)

describe('appProtocolResponse', () => {
  it('serves the pages and their assets with the right MIME types', async () => {
    const cases: [string, string][] = [
      ['/gm.html', 'text/html; charset=utf-8'],
      ['/player.html', 'text/html; charset=utf-8'],
      ['/assets/gm-1234.js', 'text/javascript; charset=utf-8'],
      ['/assets/gm-1234.css', 'text/css; charset=utf-8'],
      ['/assets/font.woff2', 'font/woff2'],
      ['/assets/icon.svg', 'image/svg+xml'],
      ['/assets/blob.xyz', 'application/octet-stream'],
    ]
    for (const [path, type] of cases) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toBe(type)
    }
    expect(await (await get('/gm.html')).text()).toBe('<!doctype html><title>GM</title>')
  })

  it('puts the Electron Content-Security-Policy and nosniff on every response, errors too', async () => {
    for (const response of [
      await get('/gm.html'),
      await get('/missing.js'),
      await get('/gm.html', 'POST'),
    ]) {
      expect(response.headers.get('content-security-policy')).toBe(
        contentSecurityPolicy('electron'),
      )
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  it('never reaches a file outside the renderer folder', async () => {
    const escapes = [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/%2F..%2Fsecret.txt',
      '/..%5csecret.txt',
      '/..%255csecret.txt',
      '/../renderer-evil/x.js',
      '/%2e%2e/renderer-evil/x.js',
      '/assets/link.txt',
      '/gm.html%00.js',
      '/%E0%A4%A',
    ]
    for (const path of escapes) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).not.toContain('outside')
    }
  })

  it('serves files only: no folder, no index, no other host or scheme', async () => {
    expect((await get('/')).status).toBe(404)
    expect((await get('/assets')).status).toBe(404)
    expect((await get('/assets/')).status).toBe(404)
    expect((await appProtocolResponse('app://elsewhere/gm.html', 'GET', rendererDir)).status).toBe(
      404,
    )
    expect((await appProtocolResponse('file:///gm.html', 'GET', rendererDir)).status).toBe(404)
    expect((await appProtocolResponse('not a url', 'GET', rendererDir)).status).toBe(400)
  })

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('/gm.html', 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const post = await get('/gm.html', 'POST')
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })
})

describe('which URL the windows load', () => {
  it('loads app:// pages in every build', () => {
    expect(pageUrl('gm', undefined)).toBe('app://grid-gm/gm.html')
    expect(pageUrl('player', undefined)).toBe('app://grid-gm/player.html')
  })

  it('honours ELECTRON_RENDERER_URL only in a development build of main, and only on loopback', () => {
    expect(rendererDevServer(false, 'http://localhost:5173')).toBeUndefined()
    expect(rendererDevServer(true, undefined)).toBeUndefined()
    expect(rendererDevServer(true, 'http://localhost:5173')).toBe('http://localhost:5173/')
    expect(rendererDevServer(true, 'http://127.0.0.1:5173/')).toBe('http://127.0.0.1:5173/')
    expect(rendererDevServer(true, 'http://[::1]:5173')).toBe('http://[::1]:5173/')
    expect(rendererDevServer(true, 'http://example.com:5173')).toBeUndefined()
    expect(rendererDevServer(true, 'file:///tmp/gm.html')).toBeUndefined()
    expect(rendererDevServer(true, 'localhost:5173')).toBeUndefined()
    expect(pageUrl('gm', rendererDevServer(true, 'http://localhost:5173'))).toBe(
      'http://localhost:5173/gm.html',
    )
  })

  it('accepts IPC only from our own pages', () => {
    expect(isOwnPageUrl('app://grid-gm/gm.html#open=latest', undefined)).toBe(true)
    expect(isOwnPageUrl('app://grid-gm/player.html', undefined)).toBe(true)
    expect(isOwnPageUrl('app://grid-gm/assets/gm.js', undefined)).toBe(false)
    expect(isOwnPageUrl('app://elsewhere/gm.html', undefined)).toBe(false)
    expect(isOwnPageUrl('file:///app/out/renderer/gm.html', undefined)).toBe(false)
    expect(isOwnPageUrl('http://localhost:5173/gm.html', undefined)).toBe(false)
    expect(isOwnPageUrl('http://localhost:5173/gm.html', 'http://localhost:5173/')).toBe(true)
    expect(isOwnPageUrl('http://localhost:5174/gm.html', 'http://localhost:5173/')).toBe(false)
    expect(isOwnPageUrl(undefined, undefined)).toBe(false)
    expect(isOwnPageUrl('', undefined)).toBe(false)
  })
})
