// The app's main-process services in plain Node: serves the built renderer over HTTP and the
// command contract over a WebSocket, on the loopback interface only. End-to-end tests drive it in
// Chromium; `npm run web` runs it for people without Electron.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { WebSocketServer, type WebSocket } from 'ws'
import { createCampaignService } from '../campaign/service'
import { acquireDataFolderLock } from '../campaign/data-lock'
import { MAX_MESSAGE_BYTES } from '@core/campaign/limits'
import { createHandlers, type Handlers, type Role } from '../ipc/handlers'
import { AssetStore, cleanUpAssets } from '../art/assets'
import type { DiceRoller } from '../table/dice'
import { runPrepared } from '@core/rules/scenario/run'
import { contentSecurityPolicy } from '../ipc/csp'
import { parseClientMessage, type ServerMessage } from './messages'
import { LongRequests } from './long-messages'
import {
  createOrderedSender,
  isLargeEvent,
  largeEventKey,
  textPartsOnce,
  writeInFragments,
} from '../ipc/outgoing'
import { serveStatic } from './static-files'
import { createLanServer, type LanServer } from './lan'
import { openCalibrationStore, type DisplayInfo } from '../table/calibration'

export const HOST_ADDRESS = '127.0.0.1'

export interface HostOptions {
  dataDir: string
  /** 0 picks a free port. */
  port?: number
  /** The built renderer (out/renderer). */
  staticDir?: string
  sampleCampaignFile?: string
  autosaveDelayMs?: number
  /** The opt-in LAN view's listen address (default all interfaces, only once the GM starts it). */
  lanBindAddress?: string
  /** Scripted dice for tests (table/dice.ts); default dice from a fresh seed (core/random.ts). */
  dice?: DiceRoller
}

/** In a browser the projector is whatever screen shows player.html; the GM enters its size. */
const BROWSER_DISPLAY: DisplayInfo = {
  key: 'browser',
  label: 'Browser',
  widthPx: 1920,
  heightPx: 1080,
  scaleFactor: 1,
}

export interface RunningHost {
  url: string
  port: number
  /** Writes every pending autosave now. */
  flush(): Promise<void>
  /** Stops serving, then writes pending saves and shuts the campaign service down. */
  close(): Promise<void>
}

export const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url))
export const DEFAULT_SAMPLE_CAMPAIGN = fileURLToPath(
  new URL('../../resources/sample-campaign.json', import.meta.url),
)

export async function startHost(options: HostOptions): Promise<RunningHost> {
  // One app per data folder (issue 11.4): a second host, or the desktop app, is refused here.
  const lock = await acquireDataFolderLock(options.dataDir, 'web')
  try {
    return await startOnLockedFolder(options, () => lock.release())
  } catch (error) {
    await lock.release()
    throw error
  }
}

async function startOnLockedFolder(
  options: HostOptions,
  releaseLock: () => Promise<void>,
): Promise<RunningHost> {
  const service = await createCampaignService({
    dataDir: options.dataDir,
    // The service's documented 5 s unless told otherwise: every acknowledged change is already in
    // the journal, so a short delay only re-saves a big campaign at the GM's click rate (issue 29).
    autosaveDelayMs: options.autosaveDelayMs,
    sampleCampaignFile: options.sampleCampaignFile ?? DEFAULT_SAMPLE_CAMPAIGN,
  })
  const staticDir = options.staticDir ?? DEFAULT_STATIC_DIR
  const calibrationStore = await openCalibrationStore(options.dataDir)
  const assets = new AssetStore(options.dataDir)
  void cleanUpAssets(assets)
  // The LAN server and the handlers need each other; each reads the other lazily.
  const handlers: Handlers = createHandlers(
    service,
    { runPrepared },
    {
      calibration: { store: calibrationStore, display: () => BROWSER_DISPLAY },
      lan: () => lan,
      dice: options.dice,
      assets,
    },
  )
  const lan: LanServer = createLanServer({
    handlers: () => handlers,
    staticDir,
    bindAddress: options.lanBindAddress,
  })
  let port = options.port ?? 0

  const server = createServer((req, res) => {
    if (!isOwnHost(req.headers.host, port)) return refuse(res, 421, 'Misdirected request')
    serveStatic(staticDir, req, res).catch((error: unknown) => {
      console.error('[host] static', error)
      if (!res.headersSent) refuse(res, 500, 'Internal error')
      else res.destroy()
    })
  })
  // One message per turn of the event loop: the parts of a long request that arrived together
  // are read one at a time, with other connections' requests between them.
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    allowSynchronousEvents: false,
  })
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://host')
    if (
      url.pathname !== '/ws' ||
      !isOwnHost(req.headers.host, port) ||
      !isOwnOrigin(req.headers.origin, port)
    ) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
      return
    }
    const role: Role = url.searchParams.get('role') === 'player' ? 'player' : 'gm'
    sockets.handleUpgrade(req, socket, head, (ws) => attachClient(ws, role, handlers))
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, HOST_ADDRESS, () => {
      server.off('error', reject)
      resolve()
    })
  })
  port = (server.address() as AddressInfo).port

  let closing: Promise<void> | undefined
  return {
    url: `http://${HOST_ADDRESS}:${port}/`,
    port,
    flush: () => service.flush(),
    close() {
      closing ??= (async () => {
        await lan.close()
        for (const client of sockets.clients) client.close(1001, 'host shutting down')
        sockets.close()
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
        handlers.dispose()
        try {
          await service.dispose()
        } finally {
          await releaseLock()
        }
      })()
      return closing
    },
  }
}

/**
 * A message's text: at once, or (an event putting a whole map, such as an imported map of a
 * hundred thousand edges: issue 26) in parts written in slices, once for every window.
 */
function textOf(message: ServerMessage): string | Promise<string[]> {
  if ('event' in message && isLargeEvent(message.event, message.data))
    return textPartsOnce(largeEventKey(message.data), message)
  return JSON.stringify(message)
}

function attachClient(ws: WebSocket, role: Role, handlers: Handlers): void {
  // Messages leave in the order they were sent, a large one's text built first and sent as the
  // fragments of one message, a fragment a turn (ipc/outgoing.ts): a change's event still
  // reaches the page before the answer that acknowledges it.
  const write = (text: string, last: boolean): boolean => {
    if (ws.readyState !== ws.OPEN) return false
    ws.send(text, { fin: last })
    return true
  }
  const send = createOrderedSender<ServerMessage, string | string[]>(textOf, (text) =>
    typeof text === 'string' ? void write(text, true) : writeInFragments(text, write),
  )
  const unsubscribers = [
    handlers.subscribe('player.view', (data) => send({ event: 'player.view', data })),
  ]
  if (role === 'gm') {
    unsubscribers.push(
      handlers.subscribe('campaign.changed', (data) => send({ event: 'campaign.changed', data })),
      handlers.subscribe('uvtt.progress', (data) => send({ event: 'uvtt.progress', data })),
      handlers.subscribe('player.state', (data) => send({ event: 'player.state', data })),
      handlers.subscribe('campaign.notice', (data) => send({ event: 'campaign.notice', data })),
    )
  }
  // A picture or a pack arrives in parts (ipc/long-message.ts), so other requests are answered
  // between them instead of after one message of several MB.
  const longRequests = new LongRequests()
  ws.on('message', (raw, isBinary) => {
    const parsed = parseClientMessage(isBinary ? null : raw.toString())
    if (!parsed.ok) {
      send({ id: parsed.id, result: { ok: false, error: parsed.error } })
      return
    }
    const request =
      parsed.kind === 'request'
        ? { ok: true as const, message: parsed.message }
        : parsed.kind === 'head'
          ? longRequests.begin(parsed.head)
          : longRequests.add(parsed.part)
    if (!request) return
    if (!request.ok) {
      send({ id: request.id, result: { ok: false, error: request.error } })
      return
    }
    const { id, verb, args } = request.message
    void handlers.handle(verb, args, role).then((result) => send({ id, result }))
  })
  ws.on('close', () => unsubscribers.forEach((off) => off()))
  ws.on('error', () => ws.terminate())
}

function refuse(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Security-Policy': contentSecurityPolicy('web'),
    'X-Content-Type-Options': 'nosniff',
  })
  res.end(text)
}

// DNS rebinding defence: a page on some other name that resolves to 127.0.0.1 must not reach us.
function isOwnHost(host: string | undefined, port: number): boolean {
  return host === `${HOST_ADDRESS}:${port}` || host === `localhost:${port}`
}

function isOwnOrigin(origin: string | undefined, port: number): boolean {
  return origin === `http://${HOST_ADDRESS}:${port}` || origin === `http://localhost:${port}`
}
