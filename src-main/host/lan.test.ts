// The LAN view through the real host: off by default, join code required, read-only, rate
// limited, and stopping closes the port. Every connection goes to 127.0.0.1 (the listener binds
// all interfaces, which includes loopback); nothing is sent to any other address.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { metaContentSecurityPolicy } from '../ipc/csp'
import type { LanStatus } from '@core/contract/contract'
import { startHost, type RunningHost } from './server'

const PAGE = `<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="${metaContentSecurityPolicy('electron')}" />
<script type="module" src="./assets/app.js"></script>
</head><body>player</body></html>`

let root: string
let host: RunningHost
const open: WebSocket[] = []

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'grid-gm-lan-'))
  const staticDir = join(root, 'static')
  await mkdir(join(staticDir, 'assets'), { recursive: true })
  await writeFile(join(staticDir, 'player.html'), PAGE)
  await writeFile(join(staticDir, 'gm.html'), PAGE.replace('player', 'gm'))
  await writeFile(join(staticDir, 'assets', 'app.js'), 'import "./chunk.js"')
  await writeFile(join(staticDir, 'assets', 'chunk.js'), 'console.log(1)')
  // Part of the GM bundle: never served on the LAN.
  await writeFile(join(staticDir, 'assets', 'gm-only.js'), 'console.log("gm")')
  host = await startHost({
    dataDir: join(root, 'data'),
    port: 0,
    staticDir,
    autosaveDelayMs: 10_000,
  })
})

afterEach(async () => {
  for (const ws of open.splice(0)) ws.terminate()
  await host.close()
  await rm(root, { recursive: true, force: true })
})

interface Client {
  ws: WebSocket
  messages: unknown[]
  call(
    verb: string,
    args?: unknown,
  ): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>
  next(match: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>
}

function connect(port: number, path: string, origin = `http://127.0.0.1:${port}`): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { origin })
    open.push(ws)
    const messages: Record<string, unknown>[] = []
    const waiters: {
      match: (m: Record<string, unknown>) => boolean
      resolve: (m: Record<string, unknown>) => void
    }[] = []
    let nextId = 1
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString()) as Record<string, unknown>
      messages.push(m)
      for (const w of waiters.splice(0)) {
        if (w.match(m)) w.resolve(m)
        else waiters.push(w)
      }
    })
    const next = (match: (m: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((res) => {
        const found = messages.find(match)
        if (found) res(found)
        else waiters.push({ match, resolve: res })
      })
    ws.once('open', () =>
      resolve({
        ws,
        messages,
        next,
        async call(verb, args) {
          const id = nextId++
          ws.send(JSON.stringify({ id, verb, args }))
          return (await next((m) => m.id === id)).result as never
        },
      }),
    )
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.once('error', reject)
  })
}

function fetchPage(
  port: number,
  path: string,
  cookie?: string,
): Promise<{ status: number; body: string; cookie: string | null }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: cookie ? { cookie } : {} },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0] ?? null,
          }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

async function get(port: number, path: string, cookie?: string): Promise<number> {
  return (await fetchPage(port, path, cookie)).status
}

describe('LAN view', () => {
  it('serves only the player bundle, never through encoded paths, and the join page asks for the code', async () => {
    const gm = await connect(host.port, '/ws')
    const { port, joinCode } = (await gm.call('lan.start')).value as LanStatus
    const lan = port as number
    const join = await fetchPage(lan, '/join')
    expect(join.status).toBe(200)
    expect(join.body).toContain('name="code"')
    const wrong = await fetchPage(lan, '/player.html?code=AAAAAAAA')
    expect(wrong.status).toBe(403)
    expect(wrong.body).toContain('not right')
    const page = await fetchPage(lan, `/player.html?code=${joinCode}`)
    expect(page.status).toBe(200)
    const cookie = page.cookie!
    expect(await get(lan, '/assets/app.js', cookie)).toBe(200)
    expect(await get(lan, '/assets/chunk.js', cookie)).toBe(200)
    for (const path of [
      '/assets/gm-only.js',
      '/assets/..%2fgm.html',
      '/assets/%2e%2e%2fplayer.html',
      '/assets/%2e%2e/gm.html',
      '/%2e%2e/gm.html',
      '/assets/..%5cgm.html',
      '/gm.html',
    ]) {
      const answer = await fetchPage(lan, path, cookie)
      expect([answer.status, path]).toEqual([404, path])
      expect(answer.body).not.toContain('gm')
    }
    await gm.call('lan.stop')
  })

  it('is off by default, needs the join code, is read-only, and closes its port when stopped', async () => {
    const gm = await connect(host.port, '/ws')
    expect((await gm.call('lan.status')).value).toMatchObject({
      running: false,
      port: null,
      joinCode: null,
    })
    const started = (await gm.call('lan.start')).value as LanStatus
    expect(started.running).toBe(true)
    expect(started.joinCode).toMatch(/^[A-Z2-9]{8}$/)
    const port = started.port as number
    expect(port).not.toBe(host.port)

    // pages: only the player page, and only with the code
    expect(await get(port, '/player.html')).toBe(403)
    expect(await get(port, '/player.html?code=WRONGCDE')).toBe(403)
    expect(await get(port, `/player.html?code=${started.joinCode}`)).toBe(200)
    expect(await get(port, '/gm.html')).toBe(404)
    // the bundle's files need the code too (a cookie set by the player page)
    expect(await get(port, '/assets/app.js')).toBe(403)

    // sockets: refused without the code or from another origin
    await expect(connect(port, '/ws')).rejects.toThrow('HTTP 403')
    await expect(connect(port, '/ws?code=AAAAAAAA')).rejects.toThrow('HTTP 403')
    await expect(
      connect(port, `/ws?code=${started.joinCode}`, 'http://evil.example'),
    ).rejects.toThrow('HTTP 403')

    const player = await connect(port, `/ws?code=${started.joinCode?.toLowerCase()}`)
    expect((await player.call('player.current')).value).toMatchObject({ map: null })
    expect((await player.call('campaign.list')).error?.code).toBe('forbidden')
    expect((await player.call('lan.stop')).error?.code).toBe('forbidden')
    expect((await gm.call('lan.status')).value).toMatchObject({ connections: 1 })

    // the same toPlayerView payloads as the projector, pushed
    await gm.call('campaign.open', { id: 'sample-campaign' })
    expect(
      (
        await gm.call('player.show', {
          target: { campaignId: 'sample-campaign', mapId: 'arianrhod-sample' },
        })
      ).ok,
    ).toBe(true)
    // The LAN feed's first message is the whole view (then patches of it), numbered as
    // player.current numbers the view it answers.
    const pushed = await player.next(
      (m) =>
        m.event === 'player.view' &&
        (m.data as { view?: { map: unknown } }).view?.map !== null &&
        (m.data as { view?: unknown }).view !== undefined,
    )
    const { seq, view } = pushed.data as { seq: number; view: object }
    expect({ ...view, seq }).toEqual((await gm.call('player.current')).value)

    const closed = new Promise<number>((resolve) =>
      player.ws.once('close', (code) => resolve(code)),
    )
    expect((await gm.call('lan.stop')).value).toMatchObject({ running: false })
    await closed
    await expect(get(port, `/player.html?code=${started.joinCode}`)).rejects.toThrow(/ECONNREFUSED/)

    // a new start draws a new code
    const again = (await gm.call('lan.start')).value as LanStatus
    expect(again.joinCode).not.toBe(started.joinCode)
    await gm.call('lan.stop')
  })

  it('answers every message of a client that sends too fast, with an error, and limits wrong codes per address', async () => {
    const gm = await connect(host.port, '/ws')
    const { port, joinCode } = (await gm.call('lan.start')).value as LanStatus
    const player = await connect(port as number, `/ws?code=${joinCode}`)
    // Issue 11.10: 15 messages at once all get an answer, and the connection stays open.
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => player.call('player.current')),
    )
    expect(answers.filter((a) => a.ok).length).toBeGreaterThan(0)
    expect(answers.filter((a) => !a.ok).every((a) => a.error?.code === 'rate-limited')).toBe(true)
    expect(player.ws.readyState).toBe(WebSocket.OPEN)

    const statuses: number[] = []
    for (let i = 0; i < 12; i++)
      statuses.push(await get(port as number, '/player.html?code=AAAAAAAA'))
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    // the right code still works: a limit on guesses must not lock out the table
    expect(await get(port as number, `/player.html?code=${joinCode}`)).toBe(200)
  })
})
