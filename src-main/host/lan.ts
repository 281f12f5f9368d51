// The opt-in LAN view: a second, read-only listener that serves the player page to browsers on
// the local network. Off until the GM starts it; each start draws a new join code, and stopping
// closes every connection and the port. It serves only the player page and the built assets,
// and its sockets may only ask for the player view (the same toPlayerView payloads the projector
// gets) and hear player.view events. Limits: join code on the page and the socket, a failed-code
// limit per address, a message rate limit per connection, a connection cap, small messages.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { LanStatus } from '@core/contract/contract'
import type { Handlers, LanControl } from '../ipc/handlers'
import { isPlayerVerb } from '@core/contract/channels'
import { codeMatches, newJoinCode } from './join-code'
import { incomingId, parseClientMessage, type ServerMessage } from './messages'
import { KeyedLimiter, tokenBucket } from './rate-limit'
import { securityHeaders, serveStatic } from './static-files'
import { cookieValue, JOIN_COOKIE, joinPage, lanRequestPath, playerBundleFiles } from './lan-files'

export const LAN_BIND_ADDRESS = '0.0.0.0'
const MAX_MESSAGE_BYTES = 4 * 1024
const MAX_CONNECTIONS = 64
/** Per connection: a burst of 10 messages, then 2 a second (the page needs one per reconnect). */
const MESSAGE_BURST = 10
const MESSAGES_PER_SECOND = 2
/** Per remote address: 10 wrong codes, then one more every 6 s. */
const FAILED_CODE_BURST = 10
const FAILED_CODES_PER_SECOND = 1 / 6

export interface LanServerOptions {
  handlers: () => Handlers
  staticDir: string
  /** Where to listen; the GM's opt-in means all interfaces. Tests pass 127.0.0.1 or keep the default. */
  bindAddress?: string
  /** This machine's LAN addresses, shown in the join URL. */
  addresses?: () => string[]
  joinCode?: () => string
  now?: () => number
}

export interface LanServer extends LanControl {
  /** Same as stop; for shutting the app down. */
  close(): Promise<void>
}

export function lanAddresses(): string[] {
  const out: string[] = []
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? [])
      if (info.family === 'IPv4' && !info.internal) out.push(info.address)
  }
  return out
}

export function createLanServer(options: LanServerOptions): LanServer {
  const addresses = options.addresses ?? lanAddresses
  const now = options.now ?? Date.now
  let running: {
    server: Server
    sockets: WebSocketServer
    port: number
    code: string
    off: () => void
  } | null = null
  let transition: Promise<unknown> = Promise.resolve()

  const status = (): LanStatus => {
    if (!running)
      return {
        running: false,
        port: null,
        addresses: [],
        joinCode: null,
        joinUrl: null,
        connections: 0,
      }
    const list = addresses()
    const host = list[0] ?? '127.0.0.1'
    return {
      running: true,
      port: running.port,
      addresses: list,
      joinCode: running.code,
      joinUrl: `http://${host}:${running.port}/player.html?code=${running.code}`,
      connections: running.sockets.clients.size,
    }
  }

  async function start(port = 0): Promise<LanStatus> {
    if (running) return status()
    const code = (options.joinCode ?? newJoinCode)()
    const failures = new KeyedLimiter(FAILED_CODE_BURST, FAILED_CODES_PER_SECOND, now)
    const refuse = (res: ServerResponse, status: number, text: string): void => {
      res.writeHead(status, { ...securityHeaders(), 'Content-Type': 'text/plain; charset=utf-8' })
      res.end(text)
    }
    const codeAllowed = (req: IncomingMessage, given: string | null): 'ok' | 'bad' | 'limited' => {
      const remote = req.socket.remoteAddress ?? 'unknown'
      if (codeMatches(code, given)) return 'ok'
      return failures.take(remote) ? 'bad' : 'limited'
    }

    const bundle = await playerBundleFiles(options.staticDir)
    const serveJoinPage = (res: ServerResponse, status: number, wrong: boolean): void => {
      // The join page's one form submits to this server; everything else stays as strict as the app.
      const headers = securityHeaders()
      headers['Content-Security-Policy'] = headers['Content-Security-Policy'].replace(
        "form-action 'none'",
        "form-action 'self'",
      )
      res.writeHead(status, { ...headers, 'Content-Type': 'text/html; charset=utf-8' })
      res.end(joinPage(wrong))
    }
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://lan')
      const path = lanRequestPath(url.pathname)
      if (path === null) return refuse(res, 404, 'Not found')
      if (path === '/' || path === '/join') {
        const query = url.searchParams.get('code')
        if (!query) return serveJoinPage(res, 200, false)
        res.writeHead(302, {
          ...securityHeaders(),
          Location: `/player.html?code=${encodeURIComponent(query)}`,
        })
        res.end()
        return
      }
      if (path === '/player.html') {
        const verdict = codeAllowed(req, url.searchParams.get('code'))
        if (verdict === 'limited')
          return refuse(
            res,
            429,
            'Too many attempts. Wait a minute. / 試行が多すぎます。しばらく待ってください。',
          )
        if (verdict === 'bad') return serveJoinPage(res, 403, url.searchParams.has('code'))
        // The bundle's files are fetched without the code in their URL: a cookie carries it.
        res.setHeader(
          'Set-Cookie',
          `${JOIN_COOKIE}=${encodeURIComponent(code)}; HttpOnly; SameSite=Strict; Path=/`,
        )
      } else if (!bundle.has(path)) {
        return refuse(res, 404, 'Not found')
      } else if (!codeMatches(code, cookieValue(req.headers.cookie, JOIN_COOKIE))) {
        return refuse(res, 403, 'Join first: /join')
      }
      serveStatic(options.staticDir, req, res, path).catch(() => {
        if (!res.headersSent) refuse(res, 500, 'Internal error')
        else res.destroy()
      })
    })
    const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://lan')
      const host = req.headers.host
      const sameOrigin = host !== undefined && req.headers.origin === `http://${host}`
      const verdict =
        url.pathname === '/ws' && sameOrigin
          ? codeAllowed(req, url.searchParams.get('code'))
          : 'bad'
      if (verdict !== 'ok' || sockets.clients.size >= MAX_CONNECTIONS) {
        const line =
          verdict === 'limited'
            ? '429 Too Many Requests'
            : verdict === 'ok'
              ? '503 Service Unavailable'
              : '403 Forbidden'
        socket.end(`HTTP/1.1 ${line}\r\nConnection: close\r\n\r\n`)
        return
      }
      sockets.handleUpgrade(req, socket, head, (ws) => attach(ws))
    })

    const send = (ws: WebSocket, message: ServerMessage): void => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
    }
    function attach(ws: WebSocket): void {
      const bucket = tokenBucket(MESSAGE_BURST, MESSAGES_PER_SECOND, now)
      ws.on('message', (raw, isBinary) => {
        const parsed = parseClientMessage(isBinary ? null : raw.toString())
        if (!bucket.take()) {
          // Too fast: every message still gets an answer (an error), and the connection stays.
          const id = parsed.ok ? incomingId(parsed) : parsed.id
          return send(ws, {
            id,
            result: {
              ok: false,
              error: { code: 'rate-limited', message: 'Too many requests; try again in a moment.' },
            },
          })
        }
        if (!parsed.ok)
          return send(ws, { id: parsed.id, result: { ok: false, error: parsed.error } })
        // A player's requests are a few bytes (the socket reads at most 4 KB): none come in parts.
        if (parsed.kind !== 'request')
          return send(ws, {
            id: incomingId(parsed),
            result: {
              ok: false,
              error: { code: 'bad-message', message: 'The LAN view takes no requests in parts.' },
            },
          })
        const { id, verb, args } = parsed.message
        if (!isPlayerVerb(verb)) {
          return send(ws, {
            id,
            result: {
              ok: false,
              error: { code: 'forbidden', message: 'The LAN view is read-only.' },
            },
          })
        }
        void options
          .handlers()
          .handle(verb, args, 'player')
          .then((result) => send(ws, { id, result }))
      })
      ws.on('error', () => ws.terminate())
    }
    const off = options.handlers().subscribe('player.view', (data) => {
      for (const ws of sockets.clients) send(ws, { event: 'player.view', data })
    })

    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, options.bindAddress ?? LAN_BIND_ADDRESS, () => {
        server.off('error', reject)
        resolve()
      })
    }).catch((error: unknown) => {
      off()
      throw error
    })
    running = { server, sockets, port: (server.address() as AddressInfo).port, code, off }
    return status()
  }

  async function stop(): Promise<LanStatus> {
    const current = running
    if (!current) return status()
    running = null
    current.off()
    for (const ws of current.sockets.clients) ws.terminate()
    current.sockets.close()
    current.server.closeAllConnections()
    await new Promise<void>((resolve) => current.server.close(() => resolve()))
    return status()
  }

  // Start and stop one at a time, so a quick on-off-on cannot leave a listener behind.
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = transition.then(work, work)
    transition = next.catch(() => {})
    return next
  }

  return {
    start: (port) => serial(() => start(port)),
    stop: () => serial(stop),
    status,
    close: async () => {
      await serial(stop)
    },
  }
}
