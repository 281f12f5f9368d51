import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { metaContentSecurityPolicy } from '../ipc/csp'
import { MAX_CAMPAIGN_FILE_BYTES } from '@core/campaign/limits'
import { startHost, type RunningHost } from './server'
import { OUTGOING_PART_CHARS } from '../ipc/outgoing'
import { longDiagonalWalls, uvttFile } from '../uvtt/hostile-files.testing'

const PAGE = `<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="${metaContentSecurityPolicy('electron')}" />
</head><body>page</body></html>`

let root: string
let staticDir: string
let dataDir: string
let host: RunningHost

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'grid-gm-host-'))
  staticDir = join(root, 'static')
  dataDir = join(root, 'data')
  await mkdir(join(staticDir, 'assets'), { recursive: true })
  await writeFile(join(staticDir, 'gm.html'), PAGE)
  await writeFile(join(staticDir, 'assets', 'app.js'), 'console.log(1)')
  await writeFile(join(staticDir, 'assets', 'app.css'), 'body{}')
  await writeFile(join(root, 'secret.txt'), 'do not serve')
  await symlink(join(root, 'secret.txt'), join(staticDir, 'link.txt'))
  host = await startHost({ dataDir, port: 0, staticDir, autosaveDelayMs: 10_000 })
})

afterEach(async () => {
  await host.close()
  await rm(root, { recursive: true, force: true })
})

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A raw request, so paths like /../x reach the server unnormalised. */
function get(path: string, options: { method?: string; host?: string } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method: options.method ?? 'GET',
        headers: { host: options.host ?? `127.0.0.1:${host.port}` },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('static files', () => {
  it('listens on the loopback address only', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/`)
  })

  it('redirects / to the GM page', async () => {
    const res = await get('/')
    expect(res.status).toBe(302)
    expect(res.headers.location).toBe('/gm.html')
  })

  it('serves pages with the web CSP in the header and the <meta>', async () => {
    const res = await get('/gm.html')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    const header = String(res.headers['content-security-policy'])
    expect(header).toContain("default-src 'self'")
    // Issue 11.11: the page's socket may reach the host's own port, not any loopback port.
    expect(header).toContain(`connect-src 'self' ws://127.0.0.1:${host.port}`)
    expect(header).not.toContain('ws://127.0.0.1:*')
    expect(header).not.toContain('unsafe-eval')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.body).toContain(
      `content="${metaContentSecurityPolicy('web', `127.0.0.1:${host.port}`)}"`,
    )
    expect(res.body).not.toContain('ws://127.0.0.1:*')
    expect(res.body).not.toContain(`content="${metaContentSecurityPolicy('electron')}"`)
  })

  it('sends the right MIME types', async () => {
    expect((await get('/assets/app.js')).headers['content-type']).toBe(
      'text/javascript; charset=utf-8',
    )
    expect((await get('/assets/app.css')).headers['content-type']).toBe('text/css; charset=utf-8')
  })

  it('never leaves the static folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00gm.html',
      '/link.txt',
      '/assets',
      '/%E0%A4%A',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(res.body).not.toContain('do not serve')
    }
  })

  it('refuses other methods and foreign Host headers', async () => {
    expect((await get('/gm.html', { method: 'POST' })).status).toBe(405)
    expect((await get('/gm.html', { host: 'evil.example:80' })).status).toBe(421)
    expect((await get('/gm.html', { host: `localhost:${host.port}` })).status).toBe(200)
  })
})

interface Client {
  ws: WebSocket
  messages: unknown[]
  call(
    verb: string,
    args?: unknown,
  ): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>
  next(predicate: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>
}

async function connect(path = '/ws', origin = `http://127.0.0.1:${host.port}`): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}${path}`, { origin })
  const messages: Record<string, unknown>[] = []
  const waiters: {
    predicate: (m: Record<string, unknown>) => boolean
    resolve: (m: Record<string, unknown>) => void
  }[] = []
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>
    messages.push(message)
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(message)
      }
    }
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  let nextId = 1
  const next = (predicate: (m: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const seen = messages.find(predicate)
      if (seen) resolve(seen)
      else waiters.push({ predicate, resolve })
    })
  return {
    ws,
    messages,
    next,
    async call(verb, args) {
      const id = nextId++
      ws.send(JSON.stringify({ id, verb, args }))
      const reply = await next((m) => m.id === id)
      return reply.result as { ok: boolean; value?: unknown; error?: { code: string } }
    },
  }
}

function rejection(path: string, origin: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}${path}`, { origin })
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    ws.on('open', () => {
      ws.close()
      resolve(101)
    })
    ws.on('error', () => resolve(-1))
  })
}

describe('WebSocket endpoint', () => {
  it('rejects upgrades from other origins and other paths', async () => {
    expect(await rejection('/ws', 'http://evil.example')).toBe(403)
    expect(await rejection('/ws', `http://127.0.0.1:${host.port + 1}`)).toBe(403)
    expect(await rejection('/ws', 'null')).toBe(403)
    expect(await rejection('/other', `http://127.0.0.1:${host.port}`)).toBe(403)
  })

  it('answers verbs, and bad messages with errors while staying connected', async () => {
    const client = await connect()
    const list = await client.call('campaign.list')
    expect(list.ok).toBe(true)
    expect((list.value as { id: string }[]).map((c) => c.id)).toEqual(['sample-campaign'])

    client.ws.send('this is not json')
    expect(
      await client.next(
        (m) => (m.result as { error?: { code: string } })?.error?.code === 'bad-message',
      ),
    ).toMatchObject({ id: null })
    client.ws.send(JSON.stringify({ id: 77, verb: 5 }))
    expect(await client.next((m) => m.id === 77)).toMatchObject({
      result: { ok: false, error: { code: 'bad-message' } },
    })
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true })
    expect(await client.call('campaign.open', { id: 7 })).toMatchObject({
      ok: false,
      error: { code: 'bad-argument' },
    })
    expect(await client.call('no.such.verb')).toMatchObject({
      ok: false,
      error: { code: 'unknown-verb' },
    })
    expect((await client.call('campaign.list')).ok).toBe(true)
    client.ws.close()
  })

  it('answers an import over the size cap with an error, and the connection stays up', async () => {
    const client = await connect()
    const closed = new Promise<number>((resolve) =>
      client.ws.once('close', (code) => resolve(code)),
    )
    // One byte over the 64 MiB cap: bigger than the old 64 MiB message limit, which closed the socket.
    const json = `{"name":"${'x'.repeat(MAX_CAMPAIGN_FILE_BYTES - 10)}"}`
    expect(json.length).toBe(MAX_CAMPAIGN_FILE_BYTES + 1)
    const answer = await Promise.race([
      client.call('campaign.import', { json }),
      closed.then((code) => ({ ok: false, error: { code: `socket closed (${code})` } })),
    ])
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'campaign-too-large', message: expect.stringContaining('64 MB') },
    })
    expect((await client.call('campaign.list')).ok).toBe(true)
    client.ws.close()
    expect(await closed).toBe(1005)
  })

  it('pushes campaign.changed to GM clients but not to player clients', async () => {
    const gm = await connect()
    const other = await connect()
    const player = await connect('/ws?role=player')
    expect(await player.call('campaign.list')).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    })

    await gm.call('campaign.open', { id: 'sample-campaign' })
    const command = {
      type: 'edge.set',
      mapId: 'arianrhod-sample',
      between: [
        [0, 0],
        [1, 0],
      ],
      edge: { kind: 'wall' },
    }
    expect((await gm.call('campaign.dispatch', { id: 'sample-campaign', command })).ok).toBe(true)
    const pushed = await other.next((m) => m.event === 'campaign.changed')
    expect(pushed).toMatchObject({ data: { campaignId: 'sample-campaign', canUndo: true } })

    expect(
      (
        await gm.call('player.show', {
          target: { campaignId: 'sample-campaign', mapId: 'arianrhod-sample' },
        })
      ).ok,
    ).toBe(true)
    // A connection's first player.view message is the whole view; patches follow.
    const view = await player.next((m) => m.event === 'player.view')
    expect((view.data as { view: unknown }).view).toMatchObject({
      map: { id: 'arianrhod-sample', name: expect.stringContaining('Arianrhod'), screen: 'live' },
    })
    expect(
      player.messages.some((m) => (m as { event?: string }).event === 'campaign.changed'),
    ).toBe(false)
    for (const c of [gm, other, player]) c.ws.close()
  })

  it("sends an imported map's event in fragments of bounded size, whole and before the answer (issue 26)", async () => {
    const sends = vi.spyOn(WebSocket.prototype, 'send')
    const gm = await connect()
    const other = await connect()
    await gm.call('campaign.open', { id: 'sample-campaign' })
    // About 20,000 edges: a million characters of event, several parts.
    const json = JSON.stringify(uvttFile(400, longDiagonalWalls(400, 60)))
    const answer = await gm.call('map.importUvtt', {
      campaignId: 'sample-campaign',
      json,
      name: 'Imported',
      system: 'arianrhod',
    })
    expect(answer.ok).toBe(true)
    const { mapId } = answer.value as { mapId: string }
    const event = (await other.next(
      (m) => m.event === 'campaign.changed' && JSON.stringify(m).includes(mapId),
    )) as { data: { changes: Array<{ op: string; kind: string; record?: { edges: unknown[] } }> } }
    const put = event.data.changes.find((change) => change.op === 'put' && change.kind === 'map')
    expect(put?.record?.edges.length).toBeGreaterThan(15_000)
    // The importing page heard of the change before the answer that acknowledges it.
    const heardByGm = gm.messages as Record<string, unknown>[]
    const heard = heardByGm.findIndex(
      (m) => m.event === 'campaign.changed' && JSON.stringify(m).includes(mapId),
    )
    expect(heard).toBeGreaterThanOrEqual(0)
    expect(heard).toBeLessThan(heardByGm.findIndex((m) => m.id === 2))
    const texts = sends.mock.calls.map(([data]) => String(data))
    expect(Math.max(...texts.map((text) => text.length))).toBeLessThan(
      OUTGOING_PART_CHARS + 100_000,
    )
    expect(
      sends.mock.calls.filter(([, options]) => (options as { fin?: boolean })?.fin === false)
        .length,
    ).toBeGreaterThanOrEqual(2 * 2)
    sends.mockRestore()
    for (const c of [gm, other]) c.ws.close()
  }, 60_000)

  it('writes pending changes to disk when closed', async () => {
    const gm = await connect()
    await gm.call('campaign.open', { id: 'sample-campaign' })
    const command = {
      type: 'edge.set',
      mapId: 'dnd35-sample',
      between: [
        [0, 4],
        [0, 5],
      ],
      edge: { kind: 'low-wall' },
    }
    expect((await gm.call('campaign.dispatch', { id: 'sample-campaign', command })).ok).toBe(true)
    await host.close()
    const onDisk = JSON.parse(
      await readFile(join(dataDir, 'campaigns', 'sample-campaign.json'), 'utf8'),
    ) as {
      maps: { id: string; edges: unknown[] }[]
    }
    expect(onDisk.maps.find((m) => m.id === 'dnd35-sample')!.edges).toContainEqual({
      kind: 'low-wall',
      between: [
        [0, 4],
        [0, 5],
      ],
    })
  })
})
