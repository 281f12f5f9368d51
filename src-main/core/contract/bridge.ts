// The shape of what the preloads expose on `window` (types only). The renderer's lib/api.ts
// consumes it; the preloads implement it with fixed ipcRenderer channels.
import type { EventName, GmVerb, PlayerVerb } from './channels'
import type { HandlerResult } from './contract'

export interface BridgeApi<Verb extends string, Event extends EventName> {
  invoke(verb: Verb, args?: unknown): Promise<HandlerResult>
  /** Subscribes to a pushed event; returns the unsubscribe function. */
  on(event: Event, listener: (data: unknown) => void): () => void
}

export type GmBridge = BridgeApi<GmVerb, EventName>
export type PlayerBridge = BridgeApi<PlayerVerb, 'player.view'>

/** Names on `window` under which the preloads expose the bridges. */
export const GM_BRIDGE_KEY = 'gmApi'
export const PLAYER_BRIDGE_KEY = 'playerApi'
