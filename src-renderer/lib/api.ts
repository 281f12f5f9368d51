// THE only file that talks to main. In Electron it uses the preload bridge (window.gmApi /
// window.playerApi); in a browser it speaks the same contract over a WebSocket to the Node host.
// Everything else in the renderer calls the typed `call` / `on` below and never knows which.
import type { GmBridge, PlayerBridge } from '@core/contract/bridge'
import type { EventName, GmVerb, PlayerVerb } from '@core/contract/channels'
import type {
  EventData,
  HandlerError,
  HandlerResult,
  VerbArgs,
  VerbResult,
} from '@core/contract/contract'
import { MAX_MESSAGE_BYTES } from '@core/campaign/limits'
import { requestTexts } from '@core/contract/long-message'

declare global {
  interface Window {
    gmApi?: GmBridge
    playerApi?: PlayerBridge
  }
}

export class ApiError extends Error {
  readonly code: string
  readonly path?: string
  readonly limit?: number
  /** The cause within the code (lib/error-messages.ts words it). */
  readonly reason?: string
  readonly params?: Record<string, string | number>
  constructor(error: HandlerError) {
    super(error.message)
    this.name = 'ApiError'
    this.code = error.code
    this.path = error.path
    this.limit = error.limit
    this.reason = error.reason
    this.params = error.params
  }
}

export type ConnectionState = 'connecting' | 'open' | 'closed'

interface Transport {
  invoke(verb: string, args: unknown): Promise<HandlerResult>
  on(event: EventName, listener: (data: unknown) => void): () => void
  onConnection(listener: (state: ConnectionState) => void): () => void
}

export interface Api<Verb extends GmVerb, Event extends EventName> {
  /** Resolves with the verb's result, or rejects with an ApiError carrying the contract's code. */
  call<V extends Verb>(verb: V, ...args: OptionalArgs<V>): Promise<VerbResult<V>>
  on<E extends Event>(event: E, listener: (data: EventData<E>) => void): () => void
  /** Reports the current state at once, then every change (WebSocket only; the bridge is always open). */
  onConnection(listener: (state: ConnectionState) => void): () => void
}

type OptionalArgs<V extends GmVerb> =
  undefined extends VerbArgs<V> ? [args?: VerbArgs<V>] : [args: VerbArgs<V>]

export type GmApi = Api<GmVerb, EventName>
export type PlayerApi = Api<PlayerVerb, 'player.view'>

let sharedGm: GmApi | undefined

/** One connection per GM page: every caller (session, panels, player controls) shares it. */
export function connectGm(): GmApi {
  sharedGm ??= wrap(window.gmApi ? fromBridge(window.gmApi) : new SocketTransport('gm'))
  return sharedGm
}

export function connectPlayer(): PlayerApi {
  return wrap(window.playerApi ? fromBridge(window.playerApi) : new SocketTransport('player'))
}

function wrap<Verb extends GmVerb, Event extends EventName>(
  transport: Transport,
): Api<Verb, Event> {
  return {
    async call(verb, ...args) {
      const result = await transport.invoke(verb, args[0])
      if (!result.ok) throw new ApiError(result.error)
      return result.value as VerbResult<typeof verb>
    },
    on(event, listener) {
      return transport.on(event, (data) => listener(data as EventData<typeof event>))
    },
    onConnection: (listener) => transport.onConnection(listener),
  }
}

/** The preload bridge is always connected; its verb list is enforced by the preload itself. */
function fromBridge(bridge: GmBridge | PlayerBridge): Transport {
  const loose = bridge as unknown as {
    invoke(verb: string, args: unknown): Promise<HandlerResult>
    on(event: string, listener: (data: unknown) => void): () => void
  }
  return {
    invoke: (verb, args) => loose.invoke(verb, args),
    on: (event, listener) => loose.on(event, listener),
    onConnection(listener) {
      listener('open')
      return () => {}
    },
  }
}

const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000]

/** A LAN player page is opened with ?code=…; its socket must carry the same join code. */
function joinCodeParam(): string {
  const code = new URLSearchParams(location.search).get('code')
  return code ? `&code=${encodeURIComponent(code)}` : ''
}

/** True on a LAN browser (joined with a code) rather than the projector. */
export function isLanPlayerPage(): boolean {
  return new URLSearchParams(location.search).has('code')
}

/** JSON over ws://<this host>/ws with request ids, pushed events and automatic reconnection. */
class SocketTransport implements Transport {
  private socket: WebSocket | null = null
  private state: ConnectionState = 'connecting'
  private nextId = 1
  private attempts = 0
  private readonly pending = new Map<number, (result: HandlerResult) => void>()
  private readonly queued: string[] = []
  private readonly eventListeners = new Map<EventName, Set<(data: unknown) => void>>()
  private readonly connectionListeners = new Set<(state: ConnectionState) => void>()

  constructor(private readonly role: 'gm' | 'player') {
    this.connect()
  }

  invoke(verb: string, args: unknown): Promise<HandlerResult> {
    const id = this.nextId++
    // A picture, a pack or a campaign file goes in parts, so the host answers others meanwhile.
    const texts = requestTexts(id, verb, args)
    // The host refuses a request bigger than it reads; answer here instead (an import).
    const length = texts.reduce((sum, text) => sum + text.length, 0)
    if (length > MAX_MESSAGE_BYTES / 3 && new Blob(texts).size > MAX_MESSAGE_BYTES) {
      return Promise.resolve({
        ok: false,
        error: {
          code: 'message-too-large',
          message: 'This is more than the app accepts in one request.',
        },
      })
    }
    return new Promise((resolve) => {
      this.pending.set(id, resolve)
      // Sent (or queued) one after another: a long request's parts are never interleaved.
      if (this.socket?.readyState === WebSocket.OPEN)
        for (const text of texts) this.socket.send(text)
      else this.queued.push(...texts)
    })
  }

  on(event: EventName, listener: (data: unknown) => void): () => void {
    let set = this.eventListeners.get(event)
    if (!set) this.eventListeners.set(event, (set = new Set()))
    set.add(listener)
    return () => set.delete(listener)
  }

  onConnection(listener: (state: ConnectionState) => void): () => void {
    this.connectionListeners.add(listener)
    listener(this.state)
    return () => this.connectionListeners.delete(listener)
  }

  private setState(state: ConnectionState): void {
    this.state = state
    for (const listener of this.connectionListeners) listener(state)
  }

  private connect(): void {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws${
      this.role === 'player' ? `?role=player${joinCodeParam()}` : ''
    }`
    const socket = new WebSocket(url)
    this.socket = socket
    socket.addEventListener('open', () => {
      this.attempts = 0
      this.setState('open')
      for (const text of this.queued.splice(0)) socket.send(text)
    })
    socket.addEventListener('message', (event) => this.receive(event.data))
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return
      this.socket = null
      // Requests in flight are lost with the connection; fail them rather than hang.
      for (const [id, resolve] of this.pending) {
        if (!this.queued.some((text) => text.startsWith(`{"id":${id},`))) {
          resolve({
            ok: false,
            error: { code: 'disconnected', message: 'Connection to the host was lost.' },
          })
          this.pending.delete(id)
        }
      }
      this.setState('closed')
      const delay = RECONNECT_DELAYS_MS[Math.min(this.attempts++, RECONNECT_DELAYS_MS.length - 1)]
      setTimeout(() => this.connect(), delay)
    })
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return
    let message: unknown
    try {
      message = JSON.parse(raw)
    } catch {
      return
    }
    if (!message || typeof message !== 'object') return
    const m = message as { id?: unknown; result?: HandlerResult; event?: EventName; data?: unknown }
    if (typeof m.id === 'number' && m.result) {
      const resolve = this.pending.get(m.id)
      this.pending.delete(m.id)
      resolve?.(m.result)
    } else if (typeof m.event === 'string') {
      for (const listener of this.eventListeners.get(m.event) ?? []) listener(m.data)
    }
  }
}
