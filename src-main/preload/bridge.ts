// Builds a narrow bridge: a fixed list of verbs, each on its own fixed channel, and a fixed list
// of events. The page never sees ipcRenderer itself.
import { ipcRenderer, type IpcRendererEvent } from 'electron'
import { channelFor, type EventName, type GmVerb } from '@core/contract/channels'
import type { BridgeApi } from '@core/contract/bridge'
import type { HandlerResult } from '@core/contract/contract'
import { eventDataOf } from '@core/contract/event-json'

export function makeBridge<Verb extends GmVerb, Event extends EventName>(
  verbs: readonly Verb[],
  events: readonly Event[],
): BridgeApi<Verb, Event> {
  return {
    invoke(verb, args) {
      if (!verbs.includes(verb)) {
        const result: HandlerResult = {
          ok: false,
          error: {
            code: 'unknown-verb',
            message: `Not available here: ${String(verb).slice(0, 100)}`,
          },
        }
        return Promise.resolve(result)
      }
      return ipcRenderer.invoke(channelFor(verb), args) as Promise<HandlerResult>
    },
    on(event, listener) {
      if (!events.includes(event))
        throw new Error(`Not available here: ${String(event).slice(0, 100)}`)
      // A large event comes as its JSON text (event-json.ts), parsed here in the page's process.
      const forward = (_event: IpcRendererEvent, data: unknown): void => listener(eventDataOf(data))
      ipcRenderer.on(channelFor(event), forward)
      return () => {
        ipcRenderer.removeListener(channelFor(event), forward)
      }
    },
  }
}
